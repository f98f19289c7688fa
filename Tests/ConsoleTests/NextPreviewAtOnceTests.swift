import Foundation
import PodiumCore
import PodiumKit
import PodiumTestSupport
import XCTest

/// The console's next preview on an advance (issue 19): a next scene made before goes into the
/// preview in the advance's own frame (one console frame, no blank preview); one never made yet
/// is made only after the room's frame, on the next timer turn.
@MainActor
final class NextPreviewAtOnceTests: XCTestCase {
    var now = 1000.0
    var made = 0

    func makePresentation() -> Presentation {
        let r = PluginRegistry()
        r.register(PluginDescriptor(id: "test", name: "Test", version: "1", sceneKinds: [
            SceneKind(name: "colour", summary: "") { [unowned self] _, _ in
                defer { made += 1 }
                return ColourScene("S\(made)", ConsolePresentationTests.colours[made % 4])
            },
        ]))
        let deck = Deck(title: "T", durationMinutes: 4, scenes: (0..<4).map { DeckScene(kind: "colour", title: "Scene \($0)") }, path: "/tmp/t.json")
        let p = Presentation(deck: deck, registry: r, metrics: FixedMetrics(), clock: { [unowned self] in now })
        p.presenter.resize(to: Size(1280, 800))
        p.audience.resize(to: Size(1920, 1080))
        return p
    }

    /// The scene colour the next preview shows, nil when it shows none.
    func nextPreviewColour(_ p: Presentation) -> Color? {
        let area = p.console.nextPreview.convertToWindow(p.console.nextPreview.bounds)
        return p.presenter.drawList().commands.compactMap { c -> Color? in
            guard case let .fill(r, col, _) = c, ConsolePresentationTests.colours.contains(col), area.insetBy(dx: -1, dy: -1).contains(r) else { return nil }
            return col
        }.last
    }

    func testAMadeNextSceneIsInTheAdvancesFrameAndANewOneWaitsForTheTimer() async {
        let p = makePresentation()
        p.timers.fire(now: now + 1)
        XCTAssertEqual(nextPreviewColour(p), ConsolePresentationTests.colours[1], "scene 2 after the first timer turn")
        XCTAssertEqual(made, 2)
        p.next()
        XCTAssertNil(nextPreviewColour(p), "scene 3 was never made: not in the advance's frame")
        XCTAssertEqual(made, 2, "nothing made before the room's frame")
        p.timers.fire(now: now + 2)
        XCTAssertEqual(made, 3)
        XCTAssertEqual(nextPreviewColour(p), ConsolePresentationTests.colours[2])
        // Back and forth over scenes made before: the preview is right in the same frame.
        p.previous()
        XCTAssertEqual(nextPreviewColour(p), ConsolePresentationTests.colours[1], "back to scene 1: scene 2 next at once")
        p.next()
        XCTAssertEqual(nextPreviewColour(p), ConsolePresentationTests.colours[2], "forward again: scene 3 next at once")
        XCTAssertEqual(made, 3)
    }
}

extension NextPreviewAtOnceTests {
    /// The platform makes the waiting next scene once the room's frame is shown: the console's
    /// next frame has it, and a pending timer does nothing more.
    func testAPendingNextPreviewIsAttachedWhenThePlatformAsks() async {
        let p = makePresentation()
        p.attachPendingNextPreview()
        XCTAssertEqual(nextPreviewColour(p), ConsolePresentationTests.colours[1])
        XCTAssertEqual(made, 2)
        p.next()
        XCTAssertNil(nextPreviewColour(p))
        p.attachPendingNextPreview()
        XCTAssertEqual(made, 3, "scene 3 made when asked, not 50 ms later")
        XCTAssertEqual(nextPreviewColour(p), ConsolePresentationTests.colours[2])
        p.timers.fire(now: now + 1)
        XCTAssertEqual(made, 3, "the timer was cancelled")
        p.attachPendingNextPreview()
        XCTAssertEqual(made, 3, "nothing pending: nothing made")
    }
}
