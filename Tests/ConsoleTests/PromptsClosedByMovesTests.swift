import Foundation
import PodiumCore
import PodiumKit
import PodiumTestSupport
import XCTest

/// Trial 11 F15: the phone remote, the control socket and a broker leader move the talk with
/// `next`/`previous`/`goTo` and cover it with the audience modes, never through a key. Each such
/// move closes the presenter's open question and go-to-slide prompt, as any other key does, so
/// `q`, a phone next, `q` never quits and a later Return (the clicker's next) is an advance.
/// Scenes keyed 1, 2, 2, 2, 3: three slides, five scenes.
@MainActor
final class PromptsClosedByMovesTests: XCTestCase {
    var now = 1000.0

    func make() -> (Presentation, quits: () -> Int) {
        let p = SlideOverlayTests.makePresentation(clock: { [unowned self] in self.now })
        var quits = 0
        p.onQuit = { quits += 1 }
        p.press(Key("Page Down"))   // the talk runs: q asks
        return (p, { quits })
    }
    /// `q` now, the answer a deliberate while later (never "too soon").
    func askQuit(_ p: Presentation) {
        p.press(Key("q"))
        XCTAssertEqual(p.question?.hasPrefix("Quit the talk?"), true, p.question ?? "no question")
        now += 0.5
    }

    func testARemoteMoveOrCoverClosesTheQuitQuestion() async {
        let (p, quits) = make()
        let moves: [(String, (Presentation) -> Void)] = [
            ("next", { $0.next() }), ("previous", { $0.previous() }), ("goto", { _ = $0.goTo(3) }),
            ("blackout", { _ = $0.perform(.blackout) }), ("blackout off", { _ = $0.perform(.blackout) }),
            ("whiteout", { _ = $0.perform(.whiteout) }), ("freeze", { _ = $0.perform(.freeze) }),
            ("a follower's mode", { $0.audienceMode = .black }),
        ]
        for (name, move) in moves {
            askQuit(p)
            move(p)
            XCTAssertNil(p.question, "\(name) closes the question")
            XCTAssertNil(p.console.banner.text, "\(name): the banner is clear")
            p.press(Key("q"))
            XCTAssertEqual(quits(), 0, "\(name) then q asks again, never quits")
            XCTAssertNotNil(p.question)
            p.press(Key("Escape"))
        }
        askQuit(p)
        p.press(Key("q"))
        XCTAssertEqual(quits(), 1, "q q still quits")
    }

    func testARemoteMoveClosesTheGoToSlidePrompt() async {
        let (p, _) = make()
        XCTAssertEqual(p.currentIndex, 1)
        p.press(Key("1"))
        XCTAssertEqual(p.pageJumpDigits, "1")
        p.next(); p.next()
        XCTAssertEqual(p.currentIndex, 3)
        XCTAssertNil(p.pageJumpDigits, "the phone's next closes the prompt")
        XCTAssertNil(p.console.banner.text)
        p.press(Key("Return"))
        XCTAssertEqual(p.currentIndex, 4, "Return is the clicker's next again, not a jump to slide 1 (scene 1)")
        p.press(Key("Page Up")); p.press(Key("Page Up"))
        XCTAssertEqual(p.currentIndex, 2)
        p.press(Key("3"))
        _ = p.perform(.blackout)
        XCTAssertNil(p.pageJumpDigits, "the phone's Black closes it too")
        p.press(Key("Return"))
        XCTAssertEqual(p.currentIndex, 3, "Return advances (slide 3 would be scene 5)")
        p.press(Key("g"))
        XCTAssertTrue(p.goTo(0))
        XCTAssertNil(p.pageJumpDigits, "a control socket goto closes it")
    }

    /// The resume question holds the talk: nothing moves, and nothing closes it.
    func testAHoldingQuestionStays() async {
        let (p, _) = make()
        var answered: Bool?
        p.ask("Resume?", timeout: nil, otherKeysCancel: false, holding: "waiting", onConfirm: { answered = true }, onCancel: { answered = false })
        p.next()
        XCTAssertFalse(p.goTo(0))
        XCTAssertEqual(p.question, "Resume?")
        XCTAssertNil(answered)
        XCTAssertEqual(p.currentIndex, 1)
    }
}
