import Foundation
import PodiumCore
import PodiumKit
import PodiumTestSupport
import XCTest

/// While the displays mirror each other the console is hidden under the audience view, so a
/// question a key raises (q: "Quit the talk?") must show where the speaker can see it, at the
/// foot of the audience view, and go when answered or when the console is back. A fresh-user
/// trial pressed q then Return with a mirrored projector: the talk quit on a question no one saw.
@MainActor
final class MirroredQuestionTests: XCTestCase {
    func presentation() -> Presentation {
        let r = PluginRegistry()
        r.register(PluginDescriptor(id: "t", name: "T", version: "1", sceneKinds: [SceneKind(name: "a", summary: "") { _, _ in RecordingScene("A") }]))
        let p = Presentation(deck: Deck(title: "T", scenes: (0..<4).map { DeckScene(kind: "a", title: "S\($0)") }, path: "/talks/t.json"),
                             registry: r, metrics: FixedMetrics(), clock: { [unowned self] in self.now })
        p.audience.resize(to: Size(1280, 800))
        return p
    }
    var now = 1000.0

    /// The question as the audience window's control tree shows it (nil: the room sees none).
    func audienceQuestion(_ p: Presentation) -> ControlNode? {
        _ = p.audience.renderFrame()
        return p.audience.controlTree().first { $0.id == "audience.question" }
    }

    func testAQuestionShowsOnTheAudienceViewOnlyWhileTheConsoleIsHidden() async throws {
        let p = presentation()
        var quits = 0
        p.onQuit = { quits += 1 }
        p.next()   // the talk runs: q asks
        // Displays side by side: the question is the console's alone.
        p.press(Key("q"))
        XCTAssertNotNil(p.question)
        XCTAssertNil(audienceQuestion(p), "the room never sees the console's question")
        p.press(Key("Escape"))

        // Mirrored: the same key's question is on the audience view, the one the speaker sees.
        p.consoleHidden = true
        p.press(Key("q"))
        let q = try XCTUnwrap(audienceQuestion(p), "the question shows where the speaker can see it")
        XCTAssertEqual(q.label, p.question)
        XCTAssertTrue(q.label.hasPrefix("Quit the talk?"), q.label)
        // At the foot, inside the view, small: the slide stays visible above it.
        XCTAssertGreaterThan(q.frame.minY, 800 / 2)
        XCTAssertLessThanOrEqual(q.frame.maxY, 800)
        XCTAssertLessThan(q.frame.height, 800 / 8)
        XCTAssertEqual(quits, 0)
        // Esc: the question and its bar go; nothing quit.
        p.press(Key("Escape"))
        XCTAssertNil(audienceQuestion(p))
        XCTAssertEqual(quits, 0)

        // A question open when the displays start mirroring shows at once, and goes with the mirror.
        p.consoleHidden = false
        p.press(Key("q"))
        XCTAssertNil(audienceQuestion(p))
        p.consoleHidden = true
        XCTAssertEqual(audienceQuestion(p)?.label, p.question)
        p.consoleHidden = false
        XCTAssertNil(audienceQuestion(p), "the console is back: the question is its own again")
        XCTAssertNotNil(p.question)
        // Confirmed: the bar goes and the talk quits as asked.
        p.consoleHidden = true
        now += 0.5
        p.press(Key("q"))
        XCTAssertEqual(quits, 1)
        XCTAssertNil(audienceQuestion(p))
    }

    /// Over a blacked-out room the question still shows (the speaker must see what Return does).
    func testTheQuestionShowsOverABlackout() async throws {
        let p = presentation()
        p.next()
        p.consoleHidden = true
        p.audienceMode = .black
        p.onQuit = {}
        p.press(Key("q"))
        let list = p.audience.renderFrame()
        XCTAssertNotNil(audienceQuestion(p))
        // Drawn after (over) the black cover.
        let fills = list.commands.enumerated().compactMap { i, c -> (Int, Color)? in if case let .fill(_, col, _) = c { return (i, col) }; return nil }
        let black = try XCTUnwrap(fills.last { $0.1 == .black }?.0)
        let blue = try XCTUnwrap(fills.last { $0.1 == Color(0x0A, 0x5A, 0xC8) }?.0)
        XCTAssertGreaterThan(blue, black)
    }

    /// Digits start the go-to-slide prompt, which Return answers (instead of "next"): while
    /// mirrored it shows in the bar too, so a stray digit never turns Return into a blind jump.
    func testTheGoToSlidePromptShowsWhileMirrored() async throws {
        let p = presentation()
        p.consoleHidden = true
        p.press(Key("3"))
        let q = try XCTUnwrap(audienceQuestion(p))
        XCTAssertTrue(q.label.hasPrefix("Go to slide: 3"), q.label)
        p.press(Key("Escape"))
        XCTAssertNil(audienceQuestion(p))
        XCTAssertEqual(p.currentIndex, 0)
    }
}
