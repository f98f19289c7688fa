import Foundation
import PodiumCore
import PodiumKit
import XCTest

/// The console's timer strip drawn again alone on a tick (issue 19, idle CPU): a tick that
/// changes nothing else marks the strip as the window's only change, its commands made alone
/// put in place of the old ones give exactly the whole frame, and anything else asking for a
/// redraw (before or after the tick), a label changing length or a popover up means a whole
/// frame as before.
extension ConsolePresentationTests {
    func testATickMarksTheTimerStripAloneAndItsCommandsSplicedInAreTheWholeFrame() throws {
        let p = makePresentation(duration: 4)
        p.startConsoleClock()
        p.press(Key("Right"))   // the first advance starts the timer
        var last = p.presenter.renderFrame()
        for _ in 0..<3 {
            now += 1
            p.refreshTimers()
            XCTAssertTrue(p.presenter.pendingIsland === p.console.timers.island, "only the strip changed")
            let redraw = try XCTUnwrap(p.presenter.renderIsland())
            XCTAssertFalse(p.presenter.needsDisplay, "the island's frame is the frame")
            XCTAssertEqual(Array(last.commands[redraw.range]), redraw.old, "recorded where the whole frame had them")
            XCTAssertNotEqual(redraw.old, redraw.new, "the elapsed time changed")
            var spliced = last.commands
            spliced.replaceSubrange(redraw.range, with: redraw.new)
            let whole = p.presenter.drawList()
            XCTAssertEqual(spliced, whole.commands, "the splice is what a whole frame draws")
            last = whole
        }
    }

    func testAnythingElseAskingForARedrawMeansAWholeFrame() throws {
        let p = makePresentation(duration: 4)
        p.startConsoleClock()
        p.press(Key("Right"))
        _ = p.presenter.renderFrame()
        // Something else changed before the tick.
        p.presenter.requestRedraw()
        now += 1; p.refreshTimers()
        XCTAssertNil(p.presenter.pendingIsland, "a redraw was pending before the tick")
        _ = p.presenter.renderFrame()
        // Something else changed after it.
        now += 1; p.refreshTimers()
        XCTAssertNotNil(p.presenter.pendingIsland)
        p.console.timers.superview?.setNeedsDisplay()
        XCTAssertNil(p.presenter.pendingIsland, "cleared by the next request")
        XCTAssertNil(p.presenter.renderIsland())
        XCTAssertTrue(p.presenter.needsDisplay, "left for a whole frame")
        _ = p.presenter.renderFrame()
        // A timer growing a digit: the toolbar may have to make room.
        now += 600; p.refreshTimers()
        XCTAssertEqual(p.console.timerLabel.text, "10:02")
        XCTAssertNil(p.presenter.pendingIsland, "a label changed length")
        _ = p.presenter.renderFrame()
        // A popover up (it may follow an anchor that moved): whole frames.
        p.presenter.overlay.addSubview(View())
        _ = p.presenter.renderFrame()
        now += 1; p.refreshTimers()
        XCTAssertNotNil(p.presenter.pendingIsland)
        XCTAssertNil(p.presenter.renderIsland(), "a popover is up")
        XCTAssertTrue(p.presenter.needsDisplay)
    }
}
