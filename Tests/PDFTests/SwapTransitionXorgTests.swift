import Foundation
import PodiumKit
import PodiumSDL
import PodiumTestSupport
import XCTest

/// Trial 31 F2: under openbox, swapping the views back (the console had been swapped onto the
/// projector) showed the room the desktop for 70–125 ms: the console left the projector before
/// the audience window covered it. The audience window now covers the projector, drawn and on
/// top, before the console leaves it. The projector is grabbed again and again through the swap
/// back; the desktop is magenta, so any grab of it counts. Trial 31 F3: the first swap showed the
/// projector the console's window unpainted, white (X's default background) over half of it, for
/// up to 0.4 s; its X background is the console's own dark colour now.
final class SwapTransitionXorgTests: XorgPDFTestCase {
    func testSwappingBackNeverShowsTheRoomTheDesktop() throws {
        XCTAssertEqual(try runProcess("/usr/bin/env", ["xsetroot", "-solid", "#ff00ff"], environment: rig.environment).status, 0)
        try startOpenbox()
        // Dark slides (title scenes): white on the projector is the unpainted window alone.
        let (app, c, s) = try presentOnTheRig(deck: #"{ "title": "Swap", "scenes": [{ "kind": "title", "parameters": { "heading": "One" } }, { "kind": "title", "parameters": { "heading": "Two" } }] }"#)
        defer { app.stop() }
        let onProjector = { (s: JSONValue, role: String) in self.window(s, role)?["visible"]?.bool == true && self.window(s, role)?["bounds"]?["x"]?.number == 1280 }
        XCTAssertEqual(s["driver"]?.string, "x11")

        // The projector grabbed again and again: points of the magenta desktop and of white.
        final class Grabs: @unchecked Sendable {
            let lock = NSLock(); var done = false
            var desktop: [Int] = [], white: [Int] = []
        }
        func watchProjector(during swap: () throws -> Void) rethrows -> (desktop: [Int], white: [Int]) {
            let grabs = Grabs(), display = rig.display
            let grabber = Thread {
                while !grabs.lock.withLock({ grabs.done }) {
                    guard let d = Self.gridPoints(display: display, 1280, 0, 1920, 1080, (255, 0, 255)),
                          let w = Self.gridPoints(display: display, 1280, 0, 1920, 1080, (255, 255, 255)) else { continue }
                    grabs.lock.withLock { grabs.desktop.append(d); grabs.white.append(w) }
                }
            }
            grabber.start()
            usleep(300_000)
            try swap()
            usleep(1_000_000)
            grabs.lock.withLock { grabs.done = true }
            usleep(200_000)
            return grabs.lock.withLock { (grabs.desktop, grabs.white) }
        }
        let there = try watchProjector {
            XCTAssertEqual(try c.send(["cmd": "swap"])["ok"]?.bool, true)
            _ = try c.waitForState { onProjector($0, "presenter") }
        }
        XCTAssertGreaterThan(there.white.count, 5, "the projector was watched through the swap")
        XCTAssertEqual(there.desktop.filter { $0 > 20 }.count, 0, "the console's arrival never shows the desktop: \(there.desktop)")
        XCTAssertEqual(there.white.filter { $0 > 300 }.count, 0, "nor the console's window unpainted white: \(there.white)")
        let back = try watchProjector {
            XCTAssertEqual(try c.send(["cmd": "swap"])["ok"]?.bool, true)
            _ = try c.waitForState { onProjector($0, "audience") }
        }
        XCTAssertGreaterThan(back.desktop.count, 5, "the projector was watched through the swap back")
        XCTAssertEqual(back.desktop.filter { $0 > 20 }.count, 0, "the room never saw the desktop: \(back.desktop)")
        XCTAssertTrue(app.log.contains("swap: no display change; now: presenter on DUMMY0, audience fullscreen on DUMMY1"), app.log)
    }
}
