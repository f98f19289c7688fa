import Foundation
import PodiumKit
import PodiumSDL
import PodiumTestSupport
import XCTest

/// The laptop's own display going off while the projector stays (`xrandr --output DUMMY0 --off`:
/// what closing the lid does on most desktops with a projector attached). xrandr moves the
/// projector to the origin, where the presenter window was. A trial saw the console (clock,
/// timers, current page, notes below) on the projector for good. The room must keep the slide:
/// the audience view fullscreen there, the console hidden; the laptop back gives the normal
/// layout. What the room sees is read back from the X server, again and again during each change.
final class PDFLidCloseXorgTests: XorgPDFTestCase {

    func testTheLaptopsDisplayGoingOffLeavesTheSlideOnTheProjectorNeverTheConsole() throws {
        try checkLidClose(windowManager: false)
    }

    /// The same under openbox (the trial's desktop), which moves windows off a display that goes.
    func testTheLaptopsDisplayGoingOffUnderAWindowManager() throws {
        try checkLidClose(windowManager: true)
    }

    func checkLidClose(windowManager: Bool) throws {
        if windowManager { try startOpenbox() }
        TestPDF.write(path("talk.pdf"), .init(pages: 4))
        let env = rig.environment.merging(["SDL_RENDER_DRIVER": "software"]) { $1 }
        let app = try PodiumProcess(args: [path("talk.pdf")], environment: env, dir: dir)
        defer { app.stop() }
        let c = try XCTUnwrap(app.client)
        var s = try c.waitForState { self.window($0, "audience")?["visible"]?.bool == true && self.window($0, "audience")?["bounds"]?["x"]?.number == 1280 }
        XCTAssertEqual(s["driver"]?.string, "x11")
        XCTAssertEqual(try c.send(["cmd": "next"])["ok"]?.bool, true)   // the talk runs: slide 2
        XCTAssertEqual(poll(10) { self.roomWrong(page: 1, x0: 1280) == nil ? true : nil }, true, roomWrong(page: 1, x0: 1280) ?? "")

        // Lid closed: the projector, now at the origin, is grabbed again and again. The X server
        // shows what was at its new place (the console) until podium hears of the change; from the
        // first grab that shows the slide on, every grab must show it.
        try rig.unplug(0)
        var grabs: [String?] = []
        let end = Date().addingTimeInterval(3)
        while Date() < end { grabs.append(roomWrong(page: 1, x0: 0)) }
        let first = grabs.firstIndex { $0 == nil }
        XCTAssertNotNil(first, "the projector never showed the slide after the laptop's display went off: \(grabs.last ?? nil ?? "")\n\(app.log)")
        if let f = first {
            let later = grabs[f...].compactMap { $0 }
            XCTAssertTrue(later.isEmpty, "after showing the slide, the projector showed something else \(later.count) of \(grabs.count - f) times: \(later.first ?? "")")
            print("lid closed: \(f) of \(grabs.count) grabs before podium covered the projector (the X server's own layout change)")
        }
        s = try c.waitForState { $0["roles"]?["audiencePlacement"]?.string == "mirror" }
        XCTAssertEqual(s["roles"]?["audiencePlacement"]?.string, "mirror", "\(s["roles"] ?? .null)\n\(app.log)")
        XCTAssertEqual(window(s, "presenter")?["visible"]?.bool, false, "the console is not mapped on the room's display")
        XCTAssertTrue(app.log.contains("the console is hidden"), app.log)

        // The talk goes on by the keyboard (the audience window has it): Next, and the room follows.
        s = try c.waitForState { self.window($0, "audience")?["focused"]?.bool == true }
        XCTAssertEqual(window(s, "audience")?["focused"]?.bool, true)
        try xdotool("key", "Next")
        XCTAssertEqual(poll(10) { self.roomWrong(page: 2, x0: 0) == nil ? true : nil }, true, roomWrong(page: 2, x0: 0) ?? "")
        // A question shows on the room's view (the only screen the speaker sees), not the console.
        try xdotool("key", "q")
        s = try c.waitForState { self.window($0, "audience")?["controls"]?.array?.contains { $0["id"]?.string == "audience.question" } == true }
        XCTAssertEqual(window(s, "audience")?["controls"]?.array?.contains { $0["id"]?.string == "audience.question" }, true)
        try xdotool("key", "Escape")
        _ = try c.waitForState { $0["question"] == .null }

        // Lid open: the laptop is back (right of the projector); the projector keeps the slide at
        // every grab while the console comes back on the laptop.
        try rig.plug(0, "1280x800")
        grabs = []
        let end2 = Date().addingTimeInterval(2)
        while Date() < end2 { grabs.append(roomWrong(page: 2, x0: 0)) }
        // Under openbox, in some runs one grab of ~80 is black all over while the output comes
        // back (cause not found yet: never the console, never the desktop's content here): counted
        // and printed, not failed. Anything else than the slide or all black fails.
        let bad = grabs.compactMap { $0 }.filter { $0 != Self.allBlack }
        XCTAssertTrue(bad.isEmpty, "the projector showed something else than the slide \(bad.count) of \(grabs.count) times while the laptop came back: \(bad.first ?? "")")
        print("lid opened: \(grabs.filter { $0 == Self.allBlack }.count) of \(grabs.count) grabs black all over")
        s = try c.waitForState { $0["roles"]?["audiencePlacement"]?.string == "display" && self.window($0, "presenter")?["visible"]?.bool == true }
        XCTAssertEqual(s["roles"]?["presenterDisplay"]?.string, "DUMMY0", "\(s["roles"] ?? .null)")
        XCTAssertEqual(s["roles"]?["audienceDisplay"]?.string, "DUMMY1")
        XCTAssertEqual(window(s, "presenter")?["bounds"]?["x"]?.number, 1920, "the console on the laptop again: \(window(s, "presenter") ?? .null)")
        // The console (dark) on the laptop's pixels, not the slide (mostly white).
        let laptop = try XCTUnwrap(X11Screen.pixels(display: rig.display, x: 1920, y: 0, width: 1280, height: 800))
        let white = stride(from: 0, to: laptop.count, by: 4 * 97).filter { laptop[$0] == 255 && laptop[$0 + 1] == 255 && laptop[$0 + 2] == 255 }.count
        XCTAssertLessThan(white, laptop.count / (4 * 97) / 2, "the laptop shows the console, not the slide")
    }

    /// A crash while only the projector is on (the lid closed): the watcher's restart launches
    /// with that one display and, told which display the room was seeing, keeps the console off
    /// it (it would otherwise take the only display as the speaker's and show the console there).
    func testACrashWithTheLidClosedRestartsWithTheRoomsViewNotTheConsole() throws {
        TestPDF.write(path("talk.pdf"), .init(pages: 4))
        let env = rig.environment.merging(["SDL_RENDER_DRIVER": "software", "PODIUM_RESTART_ON_CRASH": "1", "SWIFT_BACKTRACE": "enable=no"]) { $1 }
        let app = try PodiumProcess(args: [path("talk.pdf")], environment: env, dir: dir)
        defer { app.stop() }
        // The restarted talk is not our child: ended by its command line (this test's folder).
        addTeardownBlock { [dir] in if let d = dir { endTalks(mentioning: d.path) } }   // watchers first
        let c = try XCTUnwrap(app.client)
        _ = try c.waitForState { self.window($0, "audience")?["visible"]?.bool == true && self.window($0, "audience")?["bounds"]?["x"]?.number == 1280 }
        XCTAssertEqual(try c.send(["cmd": "next"])["ok"]?.bool, true)
        try rig.unplug(0)
        _ = try c.waitForState { $0["roles"]?["audiencePlacement"]?.string == "mirror" }
        // The place is journaled (the watcher then restarts with --resume) once the talk runs.
        usleep(1_000_000)
        // The projector grabbed again and again from the crash until a second after the restart
        // placed its windows: never the console (its background colour) at any grab.
        final class Grabs: @unchecked Sendable { let lock = NSLock(); var done = false, total = 0, console = 0 }
        let grabs = Grabs(), display = rig.display
        let grabber = Thread {
            while !grabs.lock.withLock({ grabs.done }) {
                guard let n = Self.gridPoints(display: display, 0, 0, 1920, 1080, (28, 31, 38)) else { continue }
                grabs.lock.withLock { grabs.total += 1; if n > 20 { grabs.console += 1 } }
            }
        }
        grabber.start()
        kill(app.process.processIdentifier, SIGSEGV)
        XCTAssertTrue([SIGSEGV, 128 + SIGSEGV].contains(app.waitForExit()), "ended by SIGSEGV")

        let restarted = try ControlClient(path: app.socketPath, timeout: 30)
        let s = try restarted.waitForState { $0["roles"]?["audiencePlacement"]?.string == "mirror" && self.window($0, "audience")?["visible"]?.bool == true }
        usleep(1_000_000)
        grabs.lock.withLock { grabs.done = true }
        while !grabber.isFinished { usleep(10_000) }
        XCTAssertEqual(grabs.console, 0, "the console was on the projector in \(grabs.console) of \(grabs.total) grabs through the crash restart")
        XCTAssertGreaterThan(grabs.total, 5)
        XCTAssertEqual(s["roles"]?["audiencePlacement"]?.string, "mirror", "\(s["roles"] ?? .null)\n\(app.log)")
        XCTAssertEqual(window(s, "presenter")?["visible"]?.bool, false, "the console is not mapped on the room's display")
        XCTAssertEqual(poll(10) { self.roomWrong(page: 1, x0: 0) == nil ? true : nil }, true, roomWrong(page: 1, x0: 0) ?? "")
        _ = try? restarted.send(["cmd": "quit"])
    }
}
