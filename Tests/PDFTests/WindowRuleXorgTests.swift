import Foundation
import PodiumKit
import PodiumSDL
import PodiumTestSupport
import XCTest

/// Trial 12 F10: a window manager rule forcing the console onto the projector (openbox
/// `<applications><application title="Podium Presenter*"><position force="yes"><monitor>2`)
/// showed the room the console three times within 4 s (Podium moved it back, openbox moved it
/// again: the rule acts each time the window is mapped), then no console at all. Under openbox
/// with such a rule, the projector's pixels are grabbed again and again from before the launch to
/// the end: the console never shows there; it is held back (keys go to the talk) until the
/// displays change, and is back on the laptop, with a notice, once the rule is gone.
final class WindowRuleXorgTests: XorgPDFTestCase {
    static let rule = """
        <?xml version="1.0" encoding="UTF-8"?>
        <openbox_config xmlns="http://openbox.org/3.4/rc"><applications>
          <application title="Podium Presenter*">
            <position force="yes"><x>0</x><y>0</y><monitor>2</monitor></position>
          </application>
        </applications></openbox_config>
        """
    static let noRule = """
        <?xml version="1.0" encoding="UTF-8"?>
        <openbox_config xmlns="http://openbox.org/3.4/rc"><applications/></openbox_config>
        """

    /// Grabs a screen rectangle in a thread until stopped, counting grabs that show the console
    /// (more than a few points of its background, `consolePoints`' colour).
    final class RoomWatch: @unchecked Sendable {
        let display: String, rect: (x: Int, y: Int, w: Int, h: Int)
        private let lock = NSLock()
        private var stopped = false
        private(set) var grabs = 0, consoleGrabs = 0, most = 0
        private let done = DispatchSemaphore(value: 0)
        init(display: String, rect: (x: Int, y: Int, w: Int, h: Int)) { self.display = display; self.rect = rect }

        func start() {
            Thread.detachNewThread { [self] in
                while !lock.withLock({ stopped }) {
                    guard let px = X11Screen.pixels(display: display, x: rect.x, y: rect.y, width: rect.w, height: rect.h) else { usleep(5_000); continue }
                    var n = 0
                    for y in stride(from: 8, to: rect.h, by: 40) { for x in stride(from: 8, to: rect.w, by: 40) {
                        let i = (y * rect.w + x) * 4
                        if px[i] == 28 && px[i + 1] == 31 && px[i + 2] == 38 { n += 1 }
                    } }
                    lock.withLock { grabs += 1; most = max(most, n); if n > 20 { consoleGrabs += 1 } }
                }
                done.signal()
            }
        }
        func stop() { lock.withLock { stopped = true }; done.wait() }
        var counts: (grabs: Int, console: Int, most: Int) { lock.withLock { (grabs, consoleGrabs, most) } }
        /// Waits until `more` grabs after now were made (at most 60 s): a stretch of time seen.
        func watch(_ more: Int) {
            let target = counts.grabs + more, deadline = Date().addingTimeInterval(60)
            while counts.grabs < target, Date() < deadline { usleep(20_000) }
        }
    }

    func testAWindowRuleForcingTheConsoleOntoTheProjectorNeverShowsItToTheRoom() throws {
        try startOpenbox(config: Self.rule)
        let room = RoomWatch(display: rig.display, rect: (1280, 0, 1920, 1080))
        room.start()
        var watching = true
        defer { if watching { room.stop() } }
        TestPDF.write(path("talk.pdf"), .init(pages: 4))
        let env = rig.environment.merging(["SDL_RENDER_DRIVER": "software"]) { $1 }
        let app = try PodiumProcess(args: [path("talk.pdf")], environment: env, dir: dir)
        defer { app.stop() }
        let c = try XCTUnwrap(app.client)
        _ = try c.waitForState { self.window($0, "audience")?["visible"]?.bool == true && self.window($0, "audience")?["bounds"]?["x"]?.number == 1280 }
        XCTAssertEqual(try c.send(["cmd": "next"])["ok"]?.bool, true)

        // The rule acts when the console is mapped: mirrored (unmapped meanwhile), then apart.
        try rig.mirror(1)
        _ = try c.waitForState { $0["roles"]?["audiencePlacement"]?.string == "mirror" }
        try rig.plug(1, "1920x1080")
        let s = try c.waitForState { $0["roles"]?["audiencePlacement"]?.string == "display" && $0["console"]?["withheld"]?.bool == true }
        // openbox does not always apply its rule to the console's new map (CI, twice in 20 runs
        // on a loaded machine: the console stayed on the laptop, never on the projector). Then
        // there is nothing to hold back: what the room saw is still checked, the rest skipped.
        if s["console"]?["withheld"]?.bool != true, (try? xWindow("Podium Presenter"))?.frame == [0, 0, 1280, 800] {
            room.watch(20)
            room.stop(); watching = false
            XCTAssertEqual(room.counts.console, 0, "the console showed on the projector\n\(app.log)")
            XCTAssertFalse(app.log.contains("the presenter window was on DUMMY1"), app.log)
            throw XCTSkip("openbox did not apply its window rule when the console was mapped again (it stayed on the laptop): the hold-back was not exercised this run")
        }
        XCTAssertEqual(s["console"]?["hidden"]?.bool, true, "\(s["console"] ?? .null)")
        XCTAssertEqual(window(s, "presenter")?["visible"]?.bool, false)
        room.watch(40)   // a few seconds more: later events and checks never map it again
        XCTAssertEqual(try xWindow("Podium Presenter").viewable, false, "the console is held back\n\(app.log)")
        XCTAssertEqual(try xWindow("Podium Audience").frame, [1280, 0, 1920, 1080])
        XCTAssertEqual(poll(10) { self.roomWrong(page: 1, x0: 1280) == nil ? true : nil }, true, roomWrong(page: 1, x0: 1280) ?? "")
        // Said once each time it is held back: at launch (the console's first map is after its
        // placement, so the rule's answer is judged there too) and after the mirror; openbox may
        // leave out one of those maps (above).
        let said = app.log.components(separatedBy: "the window manager keeps putting the presenter window on DUMMY1").count - 1
        XCTAssertTrue((1...2).contains(said), "said \(said) times\n\(app.log)")
        // Keys act on the talk (the audience window has them), as with a clicker.
        try xdotool("key", "Right")
        XCTAssertEqual(try c.waitForState { $0["slide"]?["index"]?.number == 2 }["slide"]?["index"]?.number, 2)
        XCTAssertEqual(poll(10) { self.roomWrong(page: 2, x0: 1280) == nil ? true : nil }, true, roomWrong(page: 2, x0: 1280) ?? "")

        // The rule gone (openbox --reconfigure), the next display change brings the console back
        // on the laptop, where a notice says why it was away.
        try rig.reconfigureWindowManager(config: Self.noRule)
        try rig.plug(2, "1024x768")
        let back = try c.waitForState { $0["console"]?["withheld"]?.bool == false && self.window($0, "presenter")?["visible"]?.bool == true }
        XCTAssertEqual(back["console"]?["hidden"]?.bool, false)
        XCTAssertTrue(back["console"]?["notice"]?.string?.contains("the window manager kept putting it on the room's display") ?? false, "\(back["console"] ?? .null)")
        XCTAssertEqual(back["roles"]?["audienceDisplay"]?.string, "DUMMY1")
        let p = poll(10) { () -> (frame: [Int], viewable: Bool)? in let w = try? self.xWindow("Podium Presenter"); return w?.frame == [0, 0, 1280, 800] && w?.viewable == true ? w : nil }
        XCTAssertNotNil(p, "the console on the laptop: \(String(describing: try? xWindow("Podium Presenter")))\n\(app.log)")
        XCTAssertGreaterThan(poll(10) { (self.consolePoints(0, 0, 1280, 800) ?? 0) > 200 ? true : nil } ?? false ? 1 : 0, 0, "the laptop shows the console")
        room.watch(20)

        room.stop(); watching = false
        let n = room.counts
        print("projector grabs: \(n.grabs), with the console: \(n.console)")
        XCTAssertGreaterThan(n.grabs, 60)
        XCTAssertEqual(n.console, 0, "the console showed on the projector in \(n.console) of \(n.grabs) grabs (up to \(n.most) points)\n\(app.log)")
    }
}
