import Foundation
import PodiumKit
import PodiumTestSupport
import XCTest

/// `podium present` driven through its control socket: clicker keys, blackout, freeze, the
/// pointer, the overview, the timer and key maps; on the offscreen driver (one display, the
/// audience in the preview) and on the Xorg rig (a real audience window).
final class ConsoleEndToEndTests: XCTestCase {
    var dir: URL!
    override func setUp() { dir = TestPaths.tempDir("console") }
    override func tearDown() { try? FileManager.default.removeItem(at: dir) }

    static let backgrounds = ["#b00000", "#00a000", "#0000b0", "#a0a000", "#00a0a0", "#a000a0"]
    static let offscreen = ["SDL_VIDEODRIVER": "offscreen", "SDL_RENDER_DRIVER": "software"]

    /// Six title scenes, each with its own background colour; 3 minutes planned.
    func writeDeck() throws -> String {
        let scenes = Self.backgrounds.enumerated().map { i, bg in
            #"{"kind":"title","title":"Scene \#(i)","notes":"Point **\#(i)**:\n\n- one\n- two","time":30,"parameters":{"heading":"Scene \#(i)","background":"\#(bg)"}}"#
        }
        let path = dir.appendingPathComponent("deck.json").path
        try #"{"title":"Console test","duration":3,"scenes":[\#(scenes.joined(separator: ","))]}"#.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    func press(_ c: ControlClient, _ key: String) throws {
        let r = try c.send(["cmd": "key", "key": .string(key)])
        XCTAssertEqual(r["ok"]?.bool, true, "\(key): \(r)")
    }
    func index(_ c: ControlClient) throws -> Int? { try c.send(["cmd": "state"])["scene"]?["index"]?.int }
    func screenshot(_ c: ControlClient, _ window: String, _ name: String) throws -> PNGImage {
        let path = dir.appendingPathComponent("\(name).png").path
        let r = try c.send(["cmd": "screenshot", "window": .string(window), "path": .string(path)])
        XCTAssertEqual(r["ok"]?.bool, true, "\(r)")
        return try PNGImage(path: path)
    }
    /// The frame (pixels) of a control in the presenter window.
    func frame(_ c: ControlClient, _ id: String) throws -> Rect {
        let s = try c.send(["cmd": "state"])
        let scale = s["windows"]?.array?.first?["scale"]?.number ?? 1
        let f = try XCTUnwrap(s["windows"]?.array?.first?["controls"]?.array?.first { $0["id"]?.string == id }?["frame"], "no control \(id)")
        return Rect(f["x"]!.number!, f["y"]!.number!, f["width"]!.number!, f["height"]!.number!).scaled(by: scale)
    }
    func rgb(_ hex: String) -> (Int, Int, Int) { let c = Color(hex: hex)!; return (Int(c.r), Int(c.g), Int(c.b)) }

    func testEveryClickerKeyNavigates() throws {
        let app = try PodiumProcess(args: [try writeDeck()], environment: Self.offscreen, dir: dir)
        defer { app.stop() }
        let c = app.client!
        XCTAssertEqual(try c.send(["cmd": "state"])["driver"]?.string, "offscreen")
        for (i, key) in ["Page Down", "Right", "Down", "Space", "Return"].enumerated() {
            try press(c, key)
            XCTAssertEqual(try index(c), i + 1, "\(key) advances")
        }
        for (i, key) in ["Page Up", "Left", "Up", "Backspace"].enumerated() {
            try press(c, key)
            XCTAssertEqual(try index(c), 4 - i, "\(key) goes back")
        }
        try press(c, "End"); XCTAssertEqual(try index(c), 5)
        try press(c, "F5")
        var s = try c.send(["cmd": "state"])
        XCTAssertEqual(s["scene"]?["index"]?.int, 5, "F5 while the talk runs only asks")
        XCTAssertEqual(s["windows"]?.array?.first?["controls"]?.array?.first { $0["id"]?.string == "console.banner" }?["value"]?.string, "question")
        usleep(300_000)   // a deliberate second press, not a bounce
        try press(c, "F5")
        s = try c.send(["cmd": "state"])
        XCTAssertEqual(s["scene"]?["index"]?.int, 0, "F5 confirmed starts from the beginning")
        XCTAssertEqual(s["timers"]?["running"]?.bool, true)
        try press(c, "Right")
        try press(c, "t")
        s = try c.send(["cmd": "state"])
        XCTAssertEqual(s["timers"]?["paused"]?.bool, true, "t pauses the timer")
        try press(c, "Shift+F5")
        s = try c.send(["cmd": "state"])
        XCTAssertEqual(s["scene"]?["index"]?.int, 1, "Shift+F5 starts from the current scene")
        XCTAssertEqual(s["timers"]?["paused"]?.bool, false)
        for key in ["b", "."] {
            try press(c, key)
            XCTAssertEqual(try c.send(["cmd": "state"])["audienceMode"]?.string, "black", key)
            try press(c, "Escape")
            XCTAssertEqual(try c.send(["cmd": "state"])["audienceMode"]?.string, "normal", "Esc after \(key)")
        }
        XCTAssertEqual(app.stop(), 0)
    }

    /// One display: the presenter's preview is what the room would see.
    func testBlackoutBlacksThePreviewAndTheBadgeSaysSo() throws {
        let app = try PodiumProcess(args: [try writeDeck()], environment: Self.offscreen, dir: dir)
        defer { app.stop() }
        let c = app.client!
        let pf = try frame(c, "console.preview")
        XCTAssertEqual(pf.width / pf.height, 1024.0 / 768, accuracy: 0.02, "the preview has the audience's aspect (the offscreen display)")
        // The picture's top band, clear of the frame and the centred badge.
        let band = (x: Int(pf.minX) + 8, y: Int(pf.minY) + 8, w: Int(pf.width) - 16, h: Int(pf.height / 4))
        let live = try screenshot(c, "presenter", "live")
        let red = rgb(Self.backgrounds[0])
        XCTAssertGreaterThan(live.count(x: band.x, y: band.y, w: band.w, h: band.h) { abs(Int($0.r) - red.0) < 10 && $0.g < 10 }, band.w * band.h * 9 / 10)
        try press(c, "b")
        let black = try screenshot(c, "presenter", "black")
        XCTAssertEqual(black.count(x: band.x, y: band.y, w: band.w, h: band.h) { $0.r < 3 && $0.g < 3 && $0.b < 3 }, band.w * band.h, "the preview is black")
        let s = try c.send(["cmd": "state"])
        XCTAssertEqual(s["windows"]?.array?.first?["controls"]?.array?.first { $0["id"]?.string == "console.preview" }?["value"]?.string, "AUDIENCE BLACK")
        try press(c, "w")
        let white = try screenshot(c, "presenter", "white")
        XCTAssertEqual(white.count(x: band.x, y: band.y, w: band.w, h: band.h) { $0.r > 252 && $0.g > 252 && $0.b > 252 }, band.w * band.h, "whiteout")
    }

    /// The Xorg rig gives a real audience window on a second monitor.
    func testBlackoutFreezeAndPointerOnTheAudienceWindow() throws {
        let rig = try XorgRig(monitors: ["1280x800", "1920x1080"])
        defer { rig.stop() }
        let app = try PodiumProcess(args: [try writeDeck()], environment: rig.environment.merging(["SDL_RENDER_DRIVER": "software"]) { $1 }, dir: dir)
        defer { app.stop() }
        let c = app.client!
        let s = try c.waitForState { $0["windows"]?.array?.last?["visible"]?.bool == true }
        XCTAssertEqual(s["driver"]?.string, "x11")
        XCTAssertEqual(s["windows"]?.array?.last?["display"]?.string, "DUMMY1")

        let first = try screenshot(c, "audience", "a0")
        XCTAssertGreaterThan(first.fraction(near: rgb(Self.backgrounds[0])), 0.8)
        try press(c, "b")
        XCTAssertEqual(try screenshot(c, "audience", "a-black").fraction(near: (0, 0, 0), tolerance: 0), 1, "blackout: every pixel black")
        try press(c, "b")
        XCTAssertEqual(try screenshot(c, "audience", "a-back").rgba, first.rgba, "back to the same picture")

        try press(c, "f")
        try press(c, "Page Down")
        var st = try c.send(["cmd": "state"])
        XCTAssertEqual(st["frozen"]?.bool, true)
        XCTAssertEqual(st["scene"]?["index"]?.int, 1, "the presenter moved on")
        XCTAssertEqual(try screenshot(c, "audience", "a-frozen").rgba, first.rgba, "the room still sees scene 0")
        let pf = try frame(c, "console.preview")
        let presenter = try screenshot(c, "presenter", "p-frozen")
        let (px, py) = (Int(pf.minX) + 10, Int(pf.minY) + 10)
        XCTAssertEqual(presenter.rgb(px, py).0, rgb(Self.backgrounds[0]).0, accuracy: 8, "the preview shows the frozen frame")
        try press(c, "f")
        XCTAssertGreaterThan(try screenshot(c, "audience", "a-thawed").fraction(near: rgb(Self.backgrounds[1])), 0.8, "thawed: scene 1 reaches the room")

        // Pointer: Ctrl + mouse over the preview's centre puts a dot at the audience's centre.
        let scale = st["windows"]?.array?.first?["scale"]?.number ?? 1
        let centre = Point(pf.midX / scale, pf.midY / scale)
        XCTAssertEqual(try c.send(["cmd": "pointer", "x": .number(centre.x), "y": .number(centre.y), "ctrl": true])["shown"]?.bool, true)
        st = try c.send(["cmd": "state"])
        XCTAssertEqual(st["pointer"]?["x"]?.number ?? 0, 960, accuracy: 4)
        let dot = try screenshot(c, "audience", "a-pointer")
        XCTAssertEqual(dot.pixel(960, 540).r, 255, "the dot is drawn at the centre")
        XCTAssertLessThan(Int(dot.pixel(960, 540).g), 60)
        XCTAssertEqual(try c.send(["cmd": "pointer", "x": .number(centre.x), "y": .number(centre.y), "ctrl": false])["shown"]?.bool, false)
        XCTAssertEqual(app.stop(), 0)
    }

    func testTimerAdvancesOnItsOwn() throws {
        let app = try PodiumProcess(args: [try writeDeck()], environment: Self.offscreen, dir: dir)
        defer { app.stop() }
        let c = app.client!
        try press(c, "Right")
        let start = try c.send(["cmd": "state"])
        XCTAssertEqual(start["timers"]?["remaining"]?.number.map { $0 <= 180 && $0 >= 170 }, true)
        XCTAssertEqual(start["timers"]?["pace"]?.string, "ahead", "scene 2 planned from 36 s")
        let frames0 = start["windows"]?.array?.first?["framesDrawn"]?.number ?? 0
        // No input for a while: the once-a-second tick updates the console by itself.
        let later = try c.waitForState(timeout: 10) { ($0["timers"]?["elapsed"]?.number ?? 0) >= 2 && $0["timers"]?["shown"]?.string != start["timers"]?["shown"]?.string }
        XCTAssertGreaterThanOrEqual(later["timers"]?["elapsed"]?.number ?? 0, 2)
        XCTAssertNotEqual(later["timers"]?["shown"]?.string, start["timers"]?["shown"]?.string, "the elapsed label moved")
        XCTAssertGreaterThan(later["windows"]?.array?.first?["framesDrawn"]?.number ?? 0, frames0, "and the presenter was redrawn")
    }

    /// Trial 9 F3 on the real renderer: a 300-scene deck's overview scrolled forty rows down
    /// keeps its header line as it was before scrolling (no thumbnail painted over it), and the
    /// header says where the selection is.
    func testTheOverviewHeaderIsNotPaintedOverOnceTheGridScrolls() throws {
        let scenes = (0..<300).map { i in #"{"kind":"title","title":"S\#(i)","parameters":{"heading":"S\#(i)","background":"\#(Self.backgrounds[i % 6])"}}"# }
        let path = dir.appendingPathComponent("big.json").path
        try #"{"title":"Big","scenes":[\#(scenes.joined(separator: ","))]}"#.write(toFile: path, atomically: true, encoding: .utf8)
        let app = try PodiumProcess(args: [path], environment: Self.offscreen, dir: dir)
        defer { app.stop() }
        let c = app.client!
        XCTAssertEqual(try c.send(["cmd": "state"])["driver"]?.string, "offscreen")
        try press(c, "o")
        let ov = try frame(c, "console.overview")
        let header = try frame(c, "overview.position")   // the header's band, the whole width
        let before = try screenshot(c, "presenter", "ov-top")
        for _ in 0..<40 { try press(c, "Down") }
        let s = try c.send(["cmd": "state"])
        let selected = try XCTUnwrap(s["overview"]?["selected"]?.int)
        XCTAssertGreaterThanOrEqual(selected, 40, "forty rows down")
        let after = try screenshot(c, "presenter", "ov-scrolled")
        // The header's left 60 % (the title line; the position at the right changes).
        let x0 = Int(ov.minX), y0 = Int(header.minY), w = Int(header.width * 0.6), h = Int(header.height)
        var changed = 0
        for y in y0..<(y0 + h) { for x in x0..<(x0 + w) where before.rgb(x, y) != after.rgb(x, y) { changed += 1 } }
        XCTAssertEqual(changed, 0, "header pixels changed by the scrolled grid")
        for bg in Self.backgrounds {
            XCTAssertEqual(after.count(x: x0, y: y0, w: Int(header.width), h: h) { abs(Int($0.r) - rgb(bg).0) < 6 && abs(Int($0.g) - rgb(bg).1) < 6 && abs(Int($0.b) - rgb(bg).2) < 6 }, 0, "thumbnail \(bg) in the header")
        }
        let position = s["windows"]?.array?.first?["controls"]?.array?.first { $0["id"]?.string == "overview.position" }?["label"]?.string
        XCTAssertEqual(position, "\(selected + 1) / 300")
    }

    func testOverviewAndHelpThroughKeys() throws {
        let app = try PodiumProcess(args: [try writeDeck()], environment: Self.offscreen, dir: dir)
        defer { app.stop() }
        let c = app.client!
        try press(c, "Tab")
        var s = try c.send(["cmd": "state"])
        XCTAssertEqual(s["overview"]?["open"]?.bool, true, "Tab with nothing focused opens the overview")
        let shot = try screenshot(c, "presenter", "overview")
        for bg in Self.backgrounds.prefix(4) { XCTAssertGreaterThan(shot.fraction(near: rgb(bg), tolerance: 4), 0.01, "thumbnail of \(bg)") }
        try press(c, "Right"); try press(c, "Right"); try press(c, "Down")
        s = try c.send(["cmd": "state"])
        XCTAssertEqual(s["scene"]?["index"]?.int, 0, "arrows move the selection only")
        try press(c, "Return")
        s = try c.send(["cmd": "state"])
        XCTAssertEqual(s["overview"]?["open"]?.bool, false)
        XCTAssertGreaterThan(s["scene"]?["index"]?.int ?? 0, 2, "Return goes to the selected scene")
        try press(c, "o")
        s = try c.send(["cmd": "state"])
        let cells = s["windows"]?.array?.first?["controls"]?.array?.compactMap { $0["id"]?.string }.filter { $0.hasPrefix("overview.scene.") } ?? []
        let other = try XCTUnwrap(cells.last { $0 != "overview.scene.\(s["scene"]?["index"]?.int ?? -1)" }, "\(cells)")
        XCTAssertEqual(try c.send(["cmd": "click", "id": .string(other)])["ok"]?.bool, true)
        XCTAssertEqual(try index(c), Int(other.split(separator: ".").last!), "a click on a thumbnail goes there")
        try press(c, "o"); try press(c, "Escape")
        XCTAssertEqual(try c.send(["cmd": "state"])["overview"]?["open"]?.bool, false)
        try press(c, "Shift+/")
        XCTAssertEqual(try c.send(["cmd": "state"])["help"]?.bool, true)
        try press(c, "Escape")
        XCTAssertEqual(try c.send(["cmd": "state"])["help"]?.bool, false)
        let size = try c.send(["cmd": "state"])["notesSize"]?.number ?? 0
        try press(c, "Ctrl+=")
        XCTAssertEqual(try c.send(["cmd": "state"])["notesSize"]?.number, size + 2)
    }

    func testKeyMapFileRebindsAndBadFilesAreNamed() throws {
        let deck = try writeDeck()
        let bad = dir.appendingPathComponent("bad-keys.json").path
        try #"{"next": ["x"], "freez": ["f"]}"#.write(toFile: bad, atomically: true, encoding: .utf8)
        let r = try runProcess(TestPaths.podium, ["present", deck, "--keymap", bad], environment: Self.offscreen)
        XCTAssertEqual(r.status, 2)
        XCTAssertTrue(r.stderr.contains("\(bad): \"freez\": unknown action"), r.stderr)

        let good = dir.appendingPathComponent("keys.json").path
        try #"{"next": ["x"], "blackout": ["k"]}"#.write(toFile: good, atomically: true, encoding: .utf8)
        let app = try PodiumProcess(args: [deck, "--keymap", good], environment: Self.offscreen, dir: dir)
        defer { app.stop() }
        let c = app.client!
        try press(c, "Page Down")
        XCTAssertEqual(try index(c), 0, "Page Down no longer bound")
        try press(c, "x")
        XCTAssertEqual(try index(c), 1)
        try press(c, "k")
        XCTAssertEqual(try c.send(["cmd": "state"])["audienceMode"]?.string, "black")
    }
}
