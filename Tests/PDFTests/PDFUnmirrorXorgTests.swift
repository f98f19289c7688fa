import Foundation
import PodiumKit
import PodiumSDL
import PodiumTestSupport
import XCTest

/// Leaving mirrored displays by MOVING the projector's output (`xrandr --pos`, a desktop's
/// "Extend", Super+P), not by switching it off and on. A fresh-user trial (trial 10 F2) saw the
/// console — notes, timers, the remote's QR code — fullscreen on the projector over the room
/// after a different-size overlap (the 1920×1080 projector at 0,0 with the 1280×800 laptop inside
/// it, as when a lid opens while the projector kept the origin) was moved apart: openbox had put
/// the fullscreen presenter window on the larger output and carried it along. Under openbox, with
/// the X server's own window geometry (xwininfo) and its pixels, grabbed again and again while the
/// displays change: the console never shows on the projector, and ends up on the laptop.
final class PDFUnmirrorXorgTests: XorgPDFTestCase {
    /// Grabs the projector's rectangle for `seconds`; fails on any grab that shows the console
    /// (more than a few points of its background). `fromFirstClean`: grabs before the first one
    /// without the console are counted apart (printed, not failed): the X server shows whatever
    /// lies where an output moved to until podium hears of the change.
    func assertNoConsole(on rect: (Int, Int, Int, Int), for seconds: Double, _ what: String, _ app: PodiumProcess,
                         fromFirstClean: Bool = false, line: UInt = #line) {
        var grabs = 0, console = 0, most = 0, before = 0
        let end = Date().addingTimeInterval(seconds)
        while Date() < end {
            guard let n = consolePoints(rect.0, rect.1, rect.2, rect.3) else { continue }
            if fromFirstClean, grabs == 0, n > 20 { before += 1; continue }
            grabs += 1; most = max(most, n)
            if n > 20 { console += 1 }
        }
        if fromFirstClean { print("\(what): \(before) grabs showed the console before podium covered it (the X server's own change)") }
        XCTAssertGreaterThan(grabs, 3, line: line)
        XCTAssertEqual(console, 0, "\(what): the console showed on the projector in \(console) of \(grabs) grabs (up to \(most) points)\n\(app.log)", line: line)
    }

    /// A 4-page PDF under openbox, the laptop (DUMMY0, 1280×800) left of the projector (DUMMY1,
    /// 1920×1080), advanced to slide 2.
    func launch() throws -> PodiumProcess {
        try startOpenbox()
        TestPDF.write(path("talk.pdf"), .init(pages: 4))
        let env = rig.environment.merging(["SDL_RENDER_DRIVER": "software"]) { $1 }
        let app = try PodiumProcess(args: [path("talk.pdf")], environment: env, dir: dir)
        do {
            let c = try XCTUnwrap(app.client)
            let s = try c.waitForState { self.window($0, "audience")?["visible"]?.bool == true && self.window($0, "audience")?["bounds"]?["x"]?.number == 1280 }
            XCTAssertEqual(s["driver"]?.string, "x11")
            XCTAssertEqual(try c.send(["cmd": "next"])["ok"]?.bool, true)
        } catch { app.stop(); throw error }
        return app
    }

    /// Mirrored: the presenter window is not mapped at all, the audience window covers the
    /// projector (`room`: x, y, w, h) and the room sees no console.
    func assertMirrored(_ app: PodiumProcess, room: (Int, Int, Int, Int), line: UInt = #line) throws {
        let c = try XCTUnwrap(app.client)
        let s = try c.waitForState { $0["roles"]?["audiencePlacement"]?.string == "mirror" && self.window($0, "audience")?["bounds"]?["x"]?.number == Double(room.0) }
        XCTAssertEqual(s["roles"]?["audiencePlacement"]?.string, "mirror", "\(s["roles"] ?? .null)\n\(app.log)", line: line)
        XCTAssertEqual(window(s, "presenter")?["visible"]?.bool, false, line: line)
        let audience = poll(5) { () -> [Int]? in let w = try? self.xWindow("Podium Audience"); return w?.frame == [room.0, room.1, room.2, room.3] && w?.viewable == true ? w?.frame : nil }
        XCTAssertNotNil(audience, "the audience window covers the projector: \(String(describing: try? xWindow("Podium Audience")))", line: line)
        XCTAssertEqual(try xWindow("Podium Presenter").viewable, false, "the console is not mapped while mirrored", line: line)
    }

    /// Apart again: the X server has the console on the laptop (0,0 1280×800, mapped) and the
    /// audience window on the projector (`room`), whose pixels show slide 2 and never the console;
    /// for a few seconds more too (the window manager's later moves, the settle check).
    func assertApart(_ app: PodiumProcess, room: (Int, Int, Int, Int), line: UInt = #line) throws {
        let c = try XCTUnwrap(app.client)
        let s = try c.waitForState { $0["roles"]?["audiencePlacement"]?.string == "display" && self.window($0, "presenter")?["visible"]?.bool == true }
        XCTAssertEqual(s["roles"]?["presenterDisplay"]?.string, "DUMMY0", line: line)
        XCTAssertEqual(s["roles"]?["audienceDisplay"]?.string, "DUMMY1", line: line)
        XCTAssertEqual(window(s, "presenter")?["display"]?.string, "DUMMY0", "where the presenter window really is: \(window(s, "presenter") ?? .null)\n\(app.log)", line: line)
        assertNoConsole(on: room, for: 2.5, "after moving apart", app, line: line)
        let p = try xWindow("Podium Presenter"), a = try xWindow("Podium Audience")
        XCTAssertEqual(p.frame, [0, 0, 1280, 800], "the console on the laptop\n\(app.log)", line: line)
        XCTAssertTrue(p.viewable, line: line)
        XCTAssertEqual(a.frame, [room.0, room.1, room.2, room.3], "the audience on the projector", line: line)
        XCTAssertGreaterThan(consolePoints(0, 0, 1280, 800) ?? 0, 200, "the laptop shows the console", line: line)
        if room.2 == 1920 {
            XCTAssertEqual(poll(10) { self.roomWrong(page: 1, x0: room.0) == nil ? true : nil }, true, roomWrong(page: 1, x0: room.0) ?? "", line: line)
        }
    }

    /// The projector (DUMMY1) moved right of the laptop (`room`: its rectangle there): the
    /// console never shows on it meanwhile, and ends up on the laptop (`assertApart`).
    func moveTheProjectorRight(_ app: PodiumProcess, room: (Int, Int, Int, Int), line: UInt = #line) throws {
        try rig.move(1, x: room.0, y: room.1)
        assertNoConsole(on: room, for: 2, "moving the projector right", app, line: line)
        try assertApart(app, room: room, line: line)
    }

    /// A display-settings drag a few pixels off: the projector 10 px into the laptop (trial 12
    /// F7). Not a mirror (`DisplayInfo.mirrors`): the console stays on the laptop, mapped, and the
    /// audience view fills the projector. (The 10 px both outputs show are the laptop's: which
    /// window the X server stacks there is the window manager's choice: the console paints its
    /// part there black (`RoomStrip`), checked with the console raised over the audience window.)
    func testASliverOfOverlapIsNoMirror() throws {
        let app = try launch()
        defer { app.stop() }
        try rig.move(1, x: 1270, y: 0)
        let c = try XCTUnwrap(app.client)
        let s = try c.waitForState { self.window($0, "audience")?["bounds"]?["x"]?.number == 1270 && self.window($0, "presenter")?["visible"]?.bool == true }
        XCTAssertEqual(s["roles"]?["audiencePlacement"]?.string, "display", "\(s["roles"] ?? .null)\n\(app.log)")
        XCTAssertEqual(s["roles"]?["presenterDisplay"]?.string, "DUMMY0")
        XCTAssertEqual(s["roles"]?["audienceDisplay"]?.string, "DUMMY1")
        assertNoConsole(on: (1280, 0, 1910, 1080), for: 2.5, "the projector beyond the sliver", app)   // past the settle check too
        let p = try xWindow("Podium Presenter"), a = try xWindow("Podium Audience")
        XCTAssertEqual(p.frame, [0, 0, 1280, 800], "the console on the laptop\n\(app.log)")
        XCTAssertTrue(p.viewable, "the console is mapped: extended, not mirrored\n\(app.log)")
        XCTAssertEqual(a.frame, [1270, 0, 1920, 1080], "the audience on the projector")
        XCTAssertGreaterThan(consolePoints(0, 0, 1260, 800) ?? 0, 200, "the laptop shows the console")
        XCTAssertFalse(app.log.contains("which mirrors it"), app.log)
        // The strip both outputs show: with the console on top there, all black (before the fix:
        // the console's right edge, which the room saw); then never the console.
        try xdotool("search", "--name", "^Podium Presenter", "windowraise")
        let strip = (1270, 0, 10, 800)
        XCTAssertEqual(poll(10) { self.notBlack(strip)?.count == 0 ? true : nil }, true,
                       "the strip shows the console: \(notBlack(strip).map { "\($0.count) pixels not black, e.g. \($0.example)" } ?? "unreadable")\n\(app.log)")
        // Past the settle check and a periodic check: no grab shows the console's background.
        let end = Date().addingTimeInterval(3)
        var grabs = 0, shown = 0
        while Date() < end {
            guard let px = X11Screen.pixels(display: rig.display, x: strip.0, y: strip.1, width: strip.2, height: strip.3) else { continue }
            grabs += 1
            if stride(from: 0, to: px.count, by: 4).contains(where: { px[$0] == 28 && px[$0 + 1] == 31 && px[$0 + 2] == 38 }) { shown += 1 }
        }
        XCTAssertGreaterThan(grabs, 3)
        XCTAssertEqual(shown, 0, "the console showed in the strip in \(shown) of \(grabs) grabs\n\(app.log)")
        // Laid out beside the strip, so no control lies under it.
        XCTAssertEqual(window(try c.send(["cmd": "state"]), "presenter")?["size"]?["width"]?.number, 1270)
        // Moved apart: no strip, the console whole again on the laptop.
        try rig.move(1, x: 1280, y: 0)
        _ = try c.waitForState { self.window($0, "audience")?["bounds"]?["x"]?.number == 1280 && self.window($0, "presenter")?["size"]?["width"]?.number == 1280 }
        XCTAssertEqual(poll(10) { (self.notBlack(strip)?.count ?? 0) > 4000 ? true : nil }, true,
                       "the laptop's right edge shows the console again: \(notBlack(strip)?.count ?? -1) of 8000 pixels not black")
    }

    /// How many pixels of the screen's rectangle (x, y, w, h) are not black, with one of them;
    /// nil when the screen cannot be read.
    func notBlack(_ r: (Int, Int, Int, Int)) -> (count: Int, example: String)? {
        guard let px = X11Screen.pixels(display: rig.display, x: r.0, y: r.1, width: r.2, height: r.3) else { return nil }
        var n = 0, example = ""
        for y in 0..<r.3 { for x in 0..<r.2 {
            let i = (y * r.2 + x) * 4
            guard px[i] != 0 || px[i + 1] != 0 || px[i + 2] != 0 else { continue }
            n += 1
            if example.isEmpty { example = "(\(r.0 + x), \(r.1 + y)) is \([px[i], px[i + 1], px[i + 2]])" }
        } }
        return (n, example)
    }

    /// `xrandr --same-as` (both 1280×800 at 0,0), then the projector moved right.
    func testASameSizeMirrorLeftByMovingTheProjector() throws {
        let app = try launch()
        defer { app.stop() }
        try rig.mirror(1)
        try assertMirrored(app, room: (0, 0, 1280, 800))
        try moveTheProjectorRight(app, room: (1280, 0, 1280, 800))
    }

    /// The trial's r4: the projector moved onto the laptop (1920×1080 over 1280×800, both at
    /// 0,0), then back right.
    func testADifferentSizeOverlapThenMovingApart() throws {
        let app = try launch()
        defer { app.stop() }
        try rig.move(1, x: 0, y: 0)
        assertNoConsole(on: (0, 0, 1920, 1080), for: 2, "overlapping", app, fromFirstClean: true)
        try assertMirrored(app, room: (0, 0, 1920, 1080))
        assertNoConsole(on: (0, 0, 1920, 1080), for: 2, "overlapping, settled", app)
        try moveTheProjectorRight(app, room: (1280, 0, 1920, 1080))
    }

    /// The lid opened in two steps: the laptop's output off (xrandr moves the projector to 0,0),
    /// back on at 0,0 inside the projector, then the projector moved right.
    func testALidReopenedInTwoSteps() throws {
        let app = try launch()
        defer { app.stop() }
        let c = try XCTUnwrap(app.client)
        try rig.unplug(0)
        _ = try c.waitForState { $0["roles"]?["audiencePlacement"]?.string == "mirror" && $0["displays"]?.array?.count == 1 }
        try rig.place(0, "1280x800", x: 0, y: 0)
        _ = try c.waitForState { $0["displays"]?.array?.count == 2 }
        assertNoConsole(on: (0, 0, 1920, 1080), for: 2, "the laptop back inside the projector", app)
        try assertMirrored(app, room: (0, 0, 1920, 1080))
        try moveTheProjectorRight(app, room: (1280, 0, 1920, 1080))
    }
}
