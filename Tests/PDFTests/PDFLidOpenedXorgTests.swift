import Foundation
import PodiumKit
import PodiumSDL
import PodiumTestSupport
import XCTest

/// Trial 18 F1: a talk launched with the laptop's lid closed (`xrandr --output DUMMY0 --off`: only
/// the projector, which the console fills, as documented for one display), then the lid opened
/// (DUMMY0 on again right of the projector, still the primary output). SDL lists the laptop after
/// the projector then; the roles must be those of a launch with both: the console on the laptop,
/// the slide on the projector. The trial saw the console (notes, timers) stay on the projector and
/// the slides go to the laptop. The projector is read back from the X server all through the
/// switch: the console, then the slide, never the desktop (magenta) between, never the console after.
final class PDFLidOpenedXorgTests: XorgPDFTestCase {

    func testTheLidOpenedAfterALidClosedLaunchGivesTheConsoleToTheLaptop() throws {
        try checkLidOpened(windowManager: false)
    }

    /// The same under openbox (the trial's desktop).
    func testTheLidOpenedAfterALidClosedLaunchUnderAWindowManager() throws {
        try checkLidOpened(windowManager: true)
    }

    func checkLidOpened(windowManager: Bool) throws {
        try rig.unplug(0)   // the lid closed before the launch: DUMMY1 alone, at the origin
        XCTAssertEqual(try runProcess("/usr/bin/env", ["xsetroot", "-solid", "#ff00ff"], environment: rig.environment).status, 0)
        if windowManager { try startOpenbox() }
        TestPDF.write(path("talk.pdf"), .init(pages: 4))
        let env = rig.environment.merging(["SDL_RENDER_DRIVER": "software"]) { $1 }
        let app = try PodiumProcess(args: [path("talk.pdf")], environment: env, dir: dir)
        defer { app.stop() }
        let c = try XCTUnwrap(app.client)
        var s = try c.waitForState { $0["roles"]?["presenterDisplay"]?.string == "DUMMY1" && self.window($0, "presenter")?["visible"]?.bool == true }
        XCTAssertEqual(s["driver"]?.string, "x11")
        XCTAssertEqual(s["roles"]?["audiencePlacement"]?.string, "preview", "one display: the console fills it (documented)")
        XCTAssertEqual(try c.send(["cmd": "next"])["ok"]?.bool, true)   // the talk runs: slide 2
        XCTAssertEqual(poll(10) { (self.consolePoints(0, 0, 1920, 1080) ?? 0) > 20 ? true : nil }, true, "the console on the projector before")

        // The projector grabbed again and again from before the lid opens until 3 s after.
        final class Grabs: @unchecked Sendable {
            let lock = NSLock(); var done = false
            /// Per grab: points of the desktop's magenta, of the console's background, of white.
            var kinds: [(desktop: Int, console: Int, white: Int)] = []
        }
        let grabs = Grabs(), display = rig.display
        let grabber = Thread {
            while !grabs.lock.withLock({ grabs.done }) {
                guard let px = X11Screen.pixels(display: display, x: 0, y: 0, width: 1920, height: 1080) else { continue }
                var k = (desktop: 0, console: 0, white: 0)
                for y in stride(from: 8, to: 1080, by: 40) { for x in stride(from: 8, to: 1920, by: 40) {
                    let i = (y * 1920 + x) * 4, p = (px[i], px[i + 1], px[i + 2])
                    if p == (255, 0, 255) { k.desktop += 1 }
                    if p == (28, 31, 38) { k.console += 1 }
                    if p == (255, 255, 255) { k.white += 1 }
                } }
                grabs.lock.withLock { grabs.kinds.append(k) }
            }
        }
        grabber.start()
        usleep(300_000)
        try rig.place(0, "1280x800", x: 1920, y: 0)   // the lid opened: DUMMY0 (still primary) right of the projector
        s = try c.waitForState(timeout: 30) {
            $0["roles"]?["presenterDisplay"]?.string == "DUMMY0" && $0["roles"]?["audienceDisplay"]?.string == "DUMMY1"
                && self.window($0, "presenter")?["visible"]?.bool == true && self.window($0, "audience")?["visible"]?.bool == true
        }
        usleep(3_000_000)
        grabs.lock.withLock { grabs.done = true }
        while !grabber.isFinished { usleep(10_000) }
        s = try c.send(["cmd": "state"])
        XCTAssertEqual(s["roles"]?["presenterDisplay"]?.string, "DUMMY0", "the console on the laptop, the primary display: \(s["roles"] ?? .null)\n\(app.log)")
        XCTAssertEqual(s["roles"]?["audienceDisplay"]?.string, "DUMMY1", "the slides on the projector: \(s["roles"] ?? .null)")
        XCTAssertTrue(app.log.contains("+DUMMY0 [1920, 0, 1280×800]; now: presenter on DUMMY0, audience fullscreen on DUMMY1"), app.log)

        // Where the X server has each window: the console on the laptop, the room's view on the projector.
        let presenter = try xWindow("Podium Presenter"), audience = try xWindow("Podium Audience")
        XCTAssertEqual(presenter.frame, [1920, 0, 1280, 800], "the console fills the laptop's display")
        XCTAssertTrue(presenter.viewable)
        XCTAssertEqual(audience.frame, [0, 0, 1920, 1080], "the room's view fills the projector")
        XCTAssertTrue(audience.viewable)
        XCTAssertEqual(poll(10) { self.roomWrong(page: 1, x0: 0) == nil ? true : nil }, true, roomWrong(page: 1, x0: 0) ?? "")
        XCTAssertEqual(poll(10) { (self.consolePoints(1920, 0, 1280, 800) ?? 0) > 20 ? true : nil }, true, "the console's pixels on the laptop")

        // What the room saw: the console, then the slide; never the desktop, never the console again.
        let kinds = grabs.lock.withLock { grabs.kinds }
        XCTAssertGreaterThan(kinds.count, 5)
        let desktop = kinds.filter { $0.desktop > 0 }.count
        XCTAssertEqual(desktop, 0, "the projector showed the desktop in \(desktop) of \(kinds.count) grabs during the switch")
        let first = kinds.firstIndex { $0.white > 1000 && $0.console == 0 }
        XCTAssertNotNil(first, "the projector never showed the slide after the lid opened\n\(app.log)")
        if let f = first {
            let console = kinds[f...].filter { $0.console > 0 }.count
            XCTAssertEqual(console, 0, "after showing the slide, the projector showed the console in \(console) of \(kinds.count - f) grabs")
            print("lid opened: \(f) of \(kinds.count) grabs before the slide covered the console")
        }
    }
}
