import Foundation
import PodiumKit
import PodiumSDL
import PodiumTestSupport
import XCTest

/// Trial 31 F2: under openbox, swapping the views back (the console had been swapped onto the
/// projector) showed the room the desktop for 70–125 ms: the console left the projector before
/// the audience window covered it. The audience window now covers the projector, drawn and on
/// top, before the console leaves it. The projector is grabbed again and again through the swap
/// back; the desktop is magenta, so any grab of it counts.
final class SwapTransitionXorgTests: XorgPDFTestCase {
    func testSwappingBackNeverShowsTheRoomTheDesktop() throws {
        XCTAssertEqual(try runProcess("/usr/bin/env", ["xsetroot", "-solid", "#ff00ff"], environment: rig.environment).status, 0)
        try startOpenbox()
        TestPDF.write(path("talk.pdf"), .init(pages: 4))
        let env = rig.environment.merging(["SDL_RENDER_DRIVER": "software"]) { $1 }
        let app = try PodiumProcess(args: [path("talk.pdf")], environment: env, dir: dir)
        defer { app.stop() }
        let c = try XCTUnwrap(app.client)
        let onProjector = { (s: JSONValue, role: String) in self.window(s, role)?["visible"]?.bool == true && self.window(s, role)?["bounds"]?["x"]?.number == 1280 }
        let s = try c.waitForState { onProjector($0, "audience") }
        XCTAssertEqual(s["driver"]?.string, "x11")
        XCTAssertEqual(try c.send(["cmd": "swap"])["ok"]?.bool, true)
        _ = try c.waitForState { onProjector($0, "presenter") }
        usleep(800_000)   // settled: the console drawn on the projector

        final class Grabs: @unchecked Sendable {
            let lock = NSLock(); var done = false
            var desktop: [Int] = []   // per grab: points of the magenta desktop
        }
        let grabs = Grabs(), display = rig.display
        let grabber = Thread {
            while !grabs.lock.withLock({ grabs.done }) {
                guard let n = Self.gridPoints(display: display, 1280, 0, 1920, 1080, (255, 0, 255)) else { continue }
                grabs.lock.withLock { grabs.desktop.append(n) }
            }
        }
        grabber.start()
        usleep(300_000)
        XCTAssertEqual(try c.send(["cmd": "swap"])["ok"]?.bool, true)
        _ = try c.waitForState { onProjector($0, "audience") }
        usleep(1_000_000)
        grabs.lock.withLock { grabs.done = true }
        usleep(200_000)
        let desktop = grabs.lock.withLock { grabs.desktop }
        XCTAssertGreaterThan(desktop.count, 10, "the projector was watched through the swap")
        XCTAssertEqual(desktop.filter { $0 > 20 }.count, 0, "the room never saw the desktop: \(desktop)")
        XCTAssertTrue(app.log.contains("swap: no display change; now: presenter on DUMMY0, audience fullscreen on DUMMY1"), app.log)
    }
}
