import Foundation
import PodiumKit
import PodiumTestSupport
import XCTest

/// pdfpc's navigation extras on a real X server with two monitors (1280×800 primary, 1920×1080),
/// keys and clicks through XTEST (xdotool): digits then Return jump to a slide, `g` opens the
/// prompt, a number out of range is refused on the presenter only; a click on the audience window
/// or on the presenter's audience preview advances, a right click goes back, the wheel steps, and
/// a key map can move those mouse entries; `--switch-screens` and `--windowed MODE` place the
/// windows on the monitors.
final class PDFNavigationXorgTests: XorgPDFTestCase {
    var env: [String: String] { rig.environment.merging(["SDL_RENDER_DRIVER": "software"]) { $1 } }

    /// A Beamer-like talk: pages labelled 1, 2, 2, 2, 3 (three slides, the second with three overlays).
    func talk() -> String { TestPDF.write(path("talk.pdf"), .init(pages: 5, beamerLabels: ["1", "2", "2", "2", "3"])) }

    func start(_ args: [String]) throws -> PodiumProcess {
        let app = try PodiumProcess(args: args, environment: env, dir: dir)
        let s = try app.client!.waitForState { $0["windows"]?.array?.last?["visible"]?.bool == true }
        XCTAssertEqual(s["driver"]?.string, "x11", "SDL used the X server")
        return app
    }
    func position(_ c: ControlClient) throws -> String? { try c.send(["cmd": "state"])["slide"]?["position"]?.string }
    @discardableResult
    func waitFor(_ c: ControlClient, _ p: String) throws -> String? {
        try c.waitForState(timeout: 5) { $0["slide"]?["position"]?.string == p }["slide"]?["position"]?.string
    }
    func labels(_ s: JSONValue, window: Int) -> [String] {
        (s["windows"]?.array?[window]["controls"]?.array ?? []).compactMap { $0["label"]?.string }
    }
    /// Screen pixel at the centre of `rect` (window points) in window `w` of the state.
    func screenPoint(_ s: JSONValue, window: Int, _ rect: JSONValue? = nil) throws -> (Int, Int) {
        let w = try XCTUnwrap(s["windows"]?.array?[window])
        let b = try XCTUnwrap(w["bounds"]), scale = w["scale"]?.number ?? 1
        guard let f = rect else { return (Int(b["x"]!.number! + b["width"]!.number! / 2), Int(b["y"]!.number! + b["height"]!.number! / 2)) }
        return (Int(b["x"]!.number! + (f["x"]!.number! + f["width"]!.number! / 2) * scale),
                Int(b["y"]!.number! + (f["y"]!.number! + f["height"]!.number! / 2) * scale))
    }
    func click(_ at: (Int, Int), button: Int) throws {
        try xdotool("mousemove", String(at.0), String(at.1), "click", String(button))
        Thread.sleep(forTimeInterval: 0.25)   // more than the wheel's step interval (0.15 s)
    }

    func testDigitsReturnAndThePromptThroughTheXServer() throws {
        let app = try start([talk()])
        defer { app.stop() }
        let c = app.client!
        XCTAssertEqual(try position(c), "slide 1/3")
        func shot(_ window: String, _ name: String) throws -> PNGImage {
            XCTAssertEqual(try c.send(["cmd": "screenshot", "window": .string(window), "path": .string(path(name))])["ok"]?.bool, true)
            return try PNGImage(path: path(name))
        }
        let roomBefore = try shot("audience", "before.png")
        try xdotool("key", "3")
        var s = try c.waitForState(timeout: 5) { $0["pageJump"]?.string == "3" }
        // By pixels: the banner's blue is on the presenter screen, and the room's frame is unchanged.
        let banner = (0x0A, 0x5A, 0xC8)
        XCTAssertGreaterThan(try shot("presenter", "prompt-presenter.png").fraction(near: banner, tolerance: 6), 0.005, "the prompt on the presenter")
        let roomDuring = try shot("audience", "prompt-audience.png")
        XCTAssertEqual(roomDuring.width, 1920)
        XCTAssertTrue(roomDuring.rgba == roomBefore.rgba, "the audience's pixels did not change while the number was typed")
        XCTAssertTrue(labels(s, window: 0).contains { $0.hasPrefix("Go to slide: 3") }, "the presenter's banner shows the number: \(labels(s, window: 0))")
        XCTAssertFalse(labels(s, window: 1).contains { $0.contains("Go to slide") }, "the audience never sees it")
        XCTAssertEqual(s["slide"]?["position"]?.string, "slide 1/3", "nothing moved while typing")
        try xdotool("key", "Return")
        XCTAssertEqual(try waitFor(c, "slide 3/3"), "slide 3/3", "3 then Return: slide 3")

        try xdotool("key", "g")
        XCTAssertEqual(try c.waitForState(timeout: 5) { $0["pageJump"]?.string == "" }["pageJump"]?.string, "", "g opens the prompt")
        try xdotool("key", "2"); try xdotool("key", "Return")
        XCTAssertEqual(try waitFor(c, "slide 2/3 (1/3)"), "slide 2/3 (1/3)", "g 2 Return: slide 2's first overlay")

        try xdotool("key", "g"); try xdotool("key", "1"); try xdotool("key", "Escape")
        Thread.sleep(forTimeInterval: 0.3)
        s = try c.send(["cmd": "state"])
        XCTAssertEqual(s["pageJump"], .null, "Esc cancels")
        XCTAssertEqual(s["slide"]?["position"]?.string, "slide 2/3 (1/3)")
        XCTAssertEqual(s["audienceMode"]?.string, "normal")

        try xdotool("key", "9"); try xdotool("key", "Return")
        s = try c.waitForState(timeout: 5) { self.labels($0, window: 0).contains("No slide 9: this talk has slides 1–3") }
        XCTAssertEqual(s["slide"]?["position"]?.string, "slide 2/3 (1/3)", "out of range: the room's slide stays")
        XCTAssertFalse(labels(s, window: 1).contains { $0.contains("No slide") })
        XCTAssertEqual(s["console"]?["banner"]?.string, "No slide 9: this talk has slides 1–3", "state says what the banner shows (trial 25 m2)")
        XCTAssertEqual(app.stop(), 0)
    }

    /// Under a stacking window manager a click on the audience window first focuses it; SDL drops
    /// a click within 10 ms of a focus change unless told not to (SDL_HINT_MOUSE_FOCUS_CLICKTHROUGH),
    /// and the talk hands the focus back to the presenter, so every click on the room's window did
    /// nothing (trial 9). pdfpc users click the projector's picture with a wireless mouse.
    func testClicksOnTheAudienceWindowUnderAWindowManager() throws {
        try startOpenbox()
        let app = try start([talk()])
        defer { app.stop() }
        let c = app.client!
        let audience = try screenPoint(try c.send(["cmd": "state"]), window: 1)
        try click(audience, button: 1)
        XCTAssertEqual(try waitFor(c, "slide 2/3 (1/3)"), "slide 2/3 (1/3)", "a click on the audience window advances")
        try click(audience, button: 1)
        XCTAssertEqual(try waitFor(c, "slide 2/3 (2/3)"), "slide 2/3 (2/3)", "and the next one too")
        try click(audience, button: 3)
        XCTAssertEqual(try waitFor(c, "slide 2/3 (1/3)"), "slide 2/3 (1/3)", "a right click goes back")
        XCTAssertEqual(app.stop(), 0)
    }

    func testClicksAndTheWheelOnTheAudienceWindowAndThePreview() throws {
        let app = try start([talk()])
        defer { app.stop() }
        let c = app.client!
        var s = try c.send(["cmd": "state"])
        let audience = try screenPoint(s, window: 1)
        try click(audience, button: 1)
        XCTAssertEqual(try waitFor(c, "slide 2/3 (1/3)"), "slide 2/3 (1/3)", "a click on the audience window advances")
        try click(audience, button: 1)
        XCTAssertEqual(try waitFor(c, "slide 2/3 (2/3)"), "slide 2/3 (2/3)")
        try click(audience, button: 3)
        XCTAssertEqual(try waitFor(c, "slide 2/3 (1/3)"), "slide 2/3 (1/3)", "a right click goes back")
        try click(audience, button: 5)
        XCTAssertEqual(try waitFor(c, "slide 2/3 (2/3)"), "slide 2/3 (2/3)", "wheel down: next")
        try click(audience, button: 4)
        XCTAssertEqual(try waitFor(c, "slide 2/3 (1/3)"), "slide 2/3 (1/3)", "wheel up: previous")

        s = try c.send(["cmd": "state"])
        let preview = try XCTUnwrap(s["windows"]?.array?[0]["controls"]?.array?.first { $0["id"]?.string == "console.preview" }?["frame"])
        try click(try screenPoint(s, window: 0, preview), button: 1)
        XCTAssertEqual(try waitFor(c, "slide 2/3 (2/3)"), "slide 2/3 (2/3)", "a click on the presenter's audience preview advances")
        try click(try screenPoint(s, window: 0, preview), button: 3)
        XCTAssertEqual(try waitFor(c, "slide 2/3 (1/3)"), "slide 2/3 (1/3)", "a right click there goes back")
        // The toolbar's buttons keep their one step each.
        s = try c.send(["cmd": "state"])
        let next = try XCTUnwrap(s["windows"]?.array?[0]["controls"]?.array?.first { $0["id"]?.string == "console.next" }?["frame"])
        try click(try screenPoint(s, window: 0, next), button: 1)
        XCTAssertEqual(try waitFor(c, "slide 2/3 (2/3)"), "slide 2/3 (2/3)", "the Next button still steps once")
        XCTAssertEqual(app.stop(), 0)
    }

    func testKeyMapMouseEntriesMoveTheButtons() throws {
        try #"{"next": ["Page Down", "MouseRight"], "previous": ["Page Up", "MouseMiddle"], "blackout": ["b", "MouseLeft"]}"#
            .write(toFile: path("keys.json"), atomically: true, encoding: .utf8)
        let app = try start([talk(), "--keymap", path("keys.json")])
        defer { app.stop() }
        let c = app.client!
        let audience = try screenPoint(try c.send(["cmd": "state"]), window: 1)
        try click(audience, button: 3)
        XCTAssertEqual(try waitFor(c, "slide 2/3 (1/3)"), "slide 2/3 (1/3)", "MouseRight is next now")
        try click(audience, button: 2)
        XCTAssertEqual(try waitFor(c, "slide 1/3"), "slide 1/3", "MouseMiddle is previous")
        try click(audience, button: 1)
        XCTAssertEqual(try c.waitForState(timeout: 5) { $0["audienceMode"]?.string == "black" }["audienceMode"]?.string, "black", "MouseLeft blacks out")
        XCTAssertEqual(try position(c), "slide 1/3", "and no longer advances")
        // The file's lists replace next's and previous's: the wheel entries went with them.
        try click(audience, button: 5)
        XCTAssertEqual(try position(c), "slide 1/3", "WheelDown is unbound now")
        XCTAssertEqual(app.stop(), 0)

        // A mouse entry with a typo is refused before any window opens, naming the entry.
        try #"{"next": ["MouseLfet"]}"#.write(toFile: path("bad.json"), atomically: true, encoding: .utf8)
        let r = try runProcess(TestPaths.podium, ["present", talk(), "--keymap", path("bad.json")], environment: env.merging(TestPaths.privateHome(in: dir)) { a, _ in a })
        XCTAssertEqual(r.status, 2)
        XCTAssertTrue(r.stderr.contains("bad.json: next[0]: \"MouseLfet\" is not a key"), r.stderr)
    }

    func testSwitchScreensPutsTheAudienceOnThePrimaryMonitor() throws {
        var app = try start([talk()])
        var s = try app.client!.send(["cmd": "state"])
        let names = (s["displays"]?.array ?? []).compactMap { $0["name"]?.string }
        XCTAssertEqual(names.count, 2)
        XCTAssertEqual(s["roles"]?["presenter"]?.int, 0, "by default the presenter is on the primary monitor")
        XCTAssertEqual(s["windows"]?.array?[1]["display"]?.string, names.last)
        XCTAssertEqual(app.stop(), 0)

        app = try start([talk(), "-s"])   // pdfpc's spelling of --switch-screens
        defer { app.stop() }
        s = try app.client!.waitForState(timeout: 10) { $0["windows"]?.array?[1]["display"]?.string == names.first && $0["windows"]?.array?[1]["fullscreen"]?.bool == true }
        XCTAssertEqual(s["roles"]?["presenter"]?.int, 1, "switched: the presenter on the second monitor")
        XCTAssertEqual(s["roles"]?["audience"]?.int, 0)
        XCTAssertEqual(s["windows"]?.array?[0]["display"]?.string, names.last, "the presenter window is on the 1920×1080 monitor")
        XCTAssertEqual(s["windows"]?.array?[1]["display"]?.string, names.first, "the audience window is on the 1280×800 monitor")
        XCTAssertEqual(s["windows"]?.array?[1]["bounds"]?["width"]?.number, 1280, "filling it")
        XCTAssertEqual(app.stop(), 0)

        // For that run only (pdfpc's -s): the next launch without it is not switched.
        app = try start([talk()])
        s = try app.client!.send(["cmd": "state"])
        XCTAssertEqual(s["roles"]?["presenter"]?.int, 0, "not remembered")
        XCTAssertEqual(app.stop(), 0)
    }

    /// Without a window manager on the rig a filled display is a borderless window covering it
    /// (SDL's fullscreen flag is not used there); a windowed view is 80 % of its display, at most
    /// 1280×800. So: presenter 1280 px wide on its 1280×800 monitor when filling it, else 1024;
    /// audience 1920 on the 1920×1080 monitor, else 1280.
    func testWindowedModes() throws {
        let pdf = talk()
        for (args, presenterFull, audienceFull) in [([String](), true, true), (["--windowed"], false, false), (["--windowed=both"], false, false),
                                                     (["--windowed", "presenter"], false, true), (["-w", "audience"], true, false),
                                                     (["--windowed=presentation"], true, false)] {
            let app = try start([pdf] + args)
            func width(_ s: JSONValue, _ w: Int) -> Double? { s["windows"]?.array?[w]["bounds"]?["width"]?.number }
            let want = (presenterFull ? 1280.0 : 1024.0, audienceFull ? 1920.0 : 1280.0)
            let s = try app.client!.waitForState(timeout: 5) { width($0, 0) == want.0 && width($0, 1) == want.1 }
            XCTAssertEqual(width(s, 0), want.0, "\(args): presenter \(presenterFull ? "fills its display" : "in a window")")
            XCTAssertEqual(width(s, 1), want.1, "\(args): audience \(audienceFull ? "fills its display" : "in a window")")
            XCTAssertEqual(s["windows"]?.array?[1]["display"], s["displays"]?.array?.last?["name"], "\(args): the audience on the second monitor")
            XCTAssertEqual(app.stop(), 0, "\(args)")
        }
    }
}
