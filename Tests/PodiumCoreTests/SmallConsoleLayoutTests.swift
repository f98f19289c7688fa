import Foundation
@testable import PodiumCore
import PodiumKit
import PodiumTestSupport
import XCTest

/// Trial 21 m1: a small presenter window (windowed, resized to 480×640 or 640×480) cut the time
/// left and the elapsed time off the toolbar's right edge, and at 640×480 the remote's pairing
/// code took the notes' place. Notes and timers keep priority.
@MainActor
final class SmallConsoleLayoutTests: XCTestCase {
    func makePresentation() -> Presentation {
        let r = PluginRegistry()
        r.register(PluginDescriptor(id: "test", name: "Test", version: "1", sceneKinds: [SceneKind(name: "a", summary: "") { _, _ in RecordingScene("A") }]))
        let deck = Deck(title: "T", scenes: [DeckScene(kind: "a", title: "The Bands", notes: "SECRET-NOTES-1")], path: "/tmp/t.json")
        return Presentation(deck: deck, registry: r, metrics: FixedMetrics(), clock: { 100 })
    }

    /// The right edge of `v` in the console's points.
    func maxX(_ v: View, in console: ConsoleView) -> Double {
        var x = v.frame.maxX, s = v.superview
        while let view = s, view !== console { x += view.frame.minX; s = view.superview }
        return x
    }

    func testTheTimeLeftAndTheElapsedTimeShowInANarrowWindow() async {
        for width in [480.0, 400, 360] {
            let p = makePresentation()
            p.console.timers.show(TimerReadout(elapsed: 602, running: true, paused: false, remaining: 1198, pace: nil,
                                               sceneElapsed: 65, scenePlanned: 120, clock: "15:47"))
            p.presenter.resize(to: Size(width, 640)); p.presenter.layoutIfNeeded()
            let c = p.console
            for label in [c.timers.countdownLabel, c.timers.elapsedLabel, c.statusLabel, c.positionLabel] {
                XCTAssertFalse(label.isHidden, "\(label.text) at \(width) pt")
                XCTAssertLessThanOrEqual(maxX(label, in: c), width + 0.5, "\(label.text) inside the window at \(width) pt")
                XCTAssertGreaterThanOrEqual(label.frame.width, label.sizeThatFits(Size(100_000, 48)).width - 0.5, "\(label.text) whole at \(width) pt")
            }
            XCTAssertLessThanOrEqual(maxX(c.nextButton, in: c), width + 0.5)
        }
        // A wide window keeps everything.
        let p = makePresentation()
        p.console.timers.show(TimerReadout(elapsed: 602, running: true, paused: false, remaining: 1198, pace: nil,
                                           sceneElapsed: 65, scenePlanned: 120, clock: "15:47"))
        p.presenter.resize(to: Size(1280, 800)); p.presenter.layoutIfNeeded()
        XCTAssertFalse(p.console.timers.clockLabel.isHidden)
        XCTAssertFalse(p.console.timers.sceneLabel.isHidden)
        XCTAssertEqual(p.console.previousButton.title, "‹ Previous")
    }
}
