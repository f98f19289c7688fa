import PodiumKit
@testable import PodiumCore
@testable import PodiumSDL
import XCTest

/// A tick drawn from the console's timer strip alone (issue 19, idle CPU; SDL's offscreen
/// driver, software renderer): the window neither walks its whole tree nor compares the whole
/// frame, repaints only around the timers, and shows exactly what a whole frame shows.
@MainActor
final class TimerIslandFrameTests: OffscreenSDLTestCase {
    func readout(_ elapsed: Double) -> TimerReadout {
        TimerReadout(elapsed: elapsed, running: true, paused: false, remaining: 240 - elapsed, pace: .onTime,
                     sceneElapsed: elapsed, scenePlanned: 60, clock: "09:41")
    }

    func makeConsole() throws -> (PlatformWindow, WindowRoot, TimersView, Label) {
        let root = WindowRoot(metrics: text)
        root.backgroundColor = Color(20, 20, 30)
        let bar = View(background: Color(40, 40, 55)).pinned(Pins(leading: 0, trailing: 0, top: 0, height: 50))
        let notes = Label("Notes", font: .system(18), color: .white)
        notes.pins = Pins(leading: 20, top: 70, width: 300, height: 30)
        let timers = TimersView()
        timers.pins = Pins(trailing: 10, top: 5, width: 420, height: 40)
        bar.addSubview(timers)
        root.content.addSubviews(bar, notes)
        let w = try PlatformWindow(title: "timer island test", root: root, size: Size(640, 400), text: text)
        XCTAssertEqual(w.renderer.driverName, "software")
        timers.show(readout(9))
        return (w, root, timers, notes)
    }

    func testATickIsDrawnFromTheStripAloneAndEqualsAWholeFrame() async throws {
        let (w, root, timers, _) = try makeConsole()
        defer { w.close() }
        XCTAssertTrue(w.renderIfNeeded())
        for second in 10...12 {
            XCTAssertTrue(timers.show(readout(Double(second))), "the same lengths: the strip alone changed")
            root.markIslandOnly(timers.island)
            XCTAssertTrue(w.renderIfNeeded())
            XCTAssertEqual(w.islandFrames, second - 9, "drawn from the strip's commands alone")
            let d = try XCTUnwrap(w.lastDamage)
            XCTAssertTrue(timers.convertToWindow(timers.bounds).insetBy(dx: -2, dy: -2).contains(d), "damage \(d) inside the strip")
            try assertPartialEqualsWhole(w, root)
            XCTAssertTrue(w.renderIfNeeded(), "whole again after the check")
        }
    }

    func testAnotherChangeAfterTheTickIsDrawnTooInAWholeFrame() async throws {
        let (w, root, timers, notes) = try makeConsole()
        defer { w.close() }
        XCTAssertTrue(w.renderIfNeeded())
        timers.show(readout(10))
        root.markIslandOnly(timers.island)
        notes.text = "Other notes"
        XCTAssertTrue(w.renderIfNeeded())
        XCTAssertEqual(w.islandFrames, 0, "not the strip alone")
        XCTAssertTrue(w.lastDamageRects.contains { $0.intersects(notes.frame) }, "the notes repainted")
        try assertPartialEqualsWhole(w, root)
    }

    func testAListThatNoLongerHoldsTheStripsOldCommandsIsDrawnWhole() async throws {
        let (w, root, timers, _) = try makeConsole()
        defer { w.close() }
        XCTAssertTrue(w.renderIfNeeded())
        // The strip rendered into another list since (a preview of this window): its recorded
        // place is that list's; the window's last frame does not hold its commands there.
        var other = DrawList()
        other.fill(Rect(0, 0, 10, 10), .black)
        other.offset = timers.superview!.convertToWindow(.zero)
        timers.render(into: &other)
        XCTAssertEqual(timers.island.range?.lowerBound, 1)
        timers.show(readout(10))
        root.markIslandOnly(timers.island)
        XCTAssertTrue(w.renderIfNeeded())
        XCTAssertEqual(w.islandFrames, 0, "refused: drawn whole")
        try assertPartialEqualsWhole(w, root)
    }
}
