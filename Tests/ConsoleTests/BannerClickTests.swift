import Foundation
import PodiumCore
import PodiumKit
import PodiumTestSupport
import XCTest

/// The presenter's banner covers no control, and a click on it is the banner's. Trial 12 F2: with
/// the banner over the scene's toolbar and clicks let through, a click on "Reloaded demo.json" ran
/// a half-typed web search for the room and one on the quit question opened a new band; with
/// clicks kept, a notice that appeared as the speaker clicked "Search" (a slow first draw's "took
/// N ms to draw") took the click. The console keeps the banner's line above the scene area, so a
/// click aimed at a control reaches it whatever the banner shows, and a click on the banner
/// presses nothing: a passing message goes with it, a question stays.
@MainActor
final class BannerClickTests: XCTestCase {
    var now = 1000.0

    /// The presentation on `ControlsScene`, whose button is at the top of the scene area, where
    /// scenes keep their toolbars.
    func scene(size: Size = Size(1280, 800)) throws -> (Presentation, ControlsScene) {
        let p = ControlsScene.presentation(clock: { [unowned self] in self.now })
        p.presenter.resize(to: size)
        return (p, try XCTUnwrap(p.currentScene as? ControlsScene))
    }

    func banner(_ p: Presentation) -> ControlNode? {
        p.presenter.layoutIfNeeded()
        return p.presenter.controlTree().first { $0.id == "console.banner" }
    }

    /// A banner shows, and none of the scene's controls lies under it.
    func assertNothingUnder(_ p: Presentation, _ s: ControlsScene, file: StaticString = #filePath, line: UInt = #line) throws {
        let b = try XCTUnwrap(banner(p), "a banner shows", file: file, line: line)
        for v in [s.list, s.button, s.toggle, s.slider, s.segments, s.field] as [View] {
            let f = v.convertToWindow(v.bounds)
            XCTAssertFalse(b.frame.intersects(f), "the banner \(b.frame) covers \(v.id ?? "?") \(f)", file: file, line: line)
        }
    }

    /// A click on the banner's middle, as the speaker's on the message.
    func clickBanner(_ p: Presentation) throws {
        let c = try XCTUnwrap(banner(p)).frame.center
        p.presenter.dispatch(.mouseDown(c, button: 1, clicks: 1)); p.presenter.dispatch(.mouseUp(c, button: 1))
    }

    func testAClickOnTheButtonReachesItWhileTheTypingHintShows() async throws {
        let (p, s) = try scene()
        ControlsScene.click(p, s.field)
        p.press(Key("x")); p.presenter.dispatch(.text("x"))   // typed into the field
        p.presenter.focus(nil)
        now += 0.2
        p.press(Key("a"))   // no field has it: held, and the hint shows
        XCTAssertEqual(banner(p)?.label, Presentation.typingHint)
        try assertNothingUnder(p, s)
        ControlsScene.click(p, s.button)
        XCTAssertEqual(s.pressed, 1, "the click aimed at the button reached it")
        try clickBanner(p)
        XCTAssertEqual(s.pressed, 1, "a click on the hint presses nothing")
        XCTAssertNil(banner(p), "the hint went with the click")
    }

    /// The slow first draw's notice appears as the speaker clicks the scene's button: the click
    /// is the button's, at every window size (a narrow window wraps the notice).
    func testAClickOnTheButtonReachesItWhileANoticeShows() async throws {
        for size in [Size(1280, 800), Size(1024, 768), Size(640, 480)] {
            let (p, s) = try scene(size: size)
            p.showPassingNotice("Scene 1 “Controls” took 140 ms to draw (the machine is busy?)", seconds: 8)
            try assertNothingUnder(p, s)
            ControlsScene.click(p, s.button)
            XCTAssertEqual(s.pressed, 1, "\(size): the click aimed at the button reached it")
            XCTAssertNotNil(banner(p), "\(size): the notice stays for its time")
            try clickBanner(p)
            XCTAssertEqual(s.pressed, 1, "\(size): a click on the notice presses nothing")
            XCTAssertNil(banner(p), "\(size): the notice went with the click")
        }
    }

    /// Nothing moves under the pointer when a one-line notice comes or goes: the button is where
    /// the speaker aimed.
    func testANoticeMovesNoControl() async throws {
        let (p, s) = try scene()
        p.presenter.layoutIfNeeded()
        let before = s.button.convertToWindow(s.button.bounds)
        p.showPassingNotice("Reloaded talk.json", seconds: 8)
        p.presenter.layoutIfNeeded()
        XCTAssertEqual(s.button.convertToWindow(s.button.bounds), before)
    }

    func testAClickOnAQuestionLeavesItOpenAndPressesNothing() async throws {
        let (p, _) = try scene()
        p.next(); p.previous()   // the talk has started: quitting asks
        let s = try XCTUnwrap(p.currentScene as? ControlsScene)
        XCTAssertTrue(p.request(.quit))
        let question = try XCTUnwrap(banner(p)?.label)
        XCTAssertTrue(question.hasPrefix("Quit the talk?"), question)
        try assertNothingUnder(p, s)
        try clickBanner(p)
        XCTAssertEqual(s.pressed, 0, "the click was the banner's")
        XCTAssertEqual(banner(p)?.label, question, "a question is answered by keys, not dismissed by a click")
    }
}
