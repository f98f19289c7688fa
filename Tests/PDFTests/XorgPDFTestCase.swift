import Foundation
import PodiumKit
import PodiumTestSupport
import PodiumSDL
import XCTest

/// A PDF test on a real X server with two monitors (1280×800 and 1920×1080, Xorg dummy driver),
/// where xdotool presses keys and clicks through XTEST as a speaker would.
class XorgPDFTestCase: PDFTestCase {
    var rig: XorgRig!
    override func setUpWithError() throws { rig = try XorgRig(monitors: ["1280x800", "1920x1080"]) }
    override func tearDown() { rig?.stop(); super.tearDown() }

    /// Starts openbox on the rig (`XorgRig.startWindowManager`; the rig's `stop` ends it).
    /// Skips the test where openbox is not installed.
    /// `config`: an rc.xml (`XorgRig.startWindowManager(config:)`).
    func startOpenbox(config: String? = nil) throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/openbox") else { throw XCTSkip("openbox is not installed (make test-deps)") }
        try rig.startWindowManager(config: config)
    }

    /// Writes `deck` (a JSON deck) as deck.json and presents it on the rig (software renderer),
    /// waiting until the audience view is shown on the projector (x 1280). Returns the talk (the
    /// caller stops it), its control client and that state; fails unless SDL chose x11.
    func presentOnTheRig(deck: String) throws -> (app: PodiumProcess, client: ControlClient, state: JSONValue) {
        try deck.write(toFile: path("deck.json"), atomically: true, encoding: .utf8)
        let app = try PodiumProcess(args: [path("deck.json")], environment: rig.environment.merging(["SDL_RENDER_DRIVER": "software"]) { $1 }, dir: dir)
        let c: ControlClient = try XCTUnwrap(app.client)
        let audience = { (s: JSONValue) in s["windows"]?.array?.first { $0["role"]?.string == "audience" } }
        let s = try c.waitForState { audience($0)?["visible"]?.bool == true && audience($0)?["bounds"]?["x"]?.number == 1280 }
        XCTAssertEqual(s["driver"]?.string, "x11")
        return (app, c, s)
    }

    /// The state's window of `role` ("presenter" or "audience").
    func window(_ s: JSONValue, _ role: String) -> JSONValue? { s["windows"]?.array?.first { $0["role"]?.string == role } }

    /// The X window whose title starts with `title`: its frame in root coordinates and whether it
    /// is mapped (xwininfo's "IsViewable").
    func xWindow(_ title: String) throws -> (frame: [Int], viewable: Bool) {
        let ids = try runProcess("/usr/bin/env", ["xdotool", "search", "--name", "^" + title], environment: rig.environment).stdout
        let id = try XCTUnwrap(ids.split(separator: "\n").first, "no X window titled \(title)")
        let info = try runProcess("/usr/bin/env", ["xwininfo", "-id", String(id)], environment: rig.environment).stdout
        func field(_ name: String) -> String {
            info.split(separator: "\n").first { $0.contains(name) }.map { String($0.split(separator: ":", maxSplits: 1)[1]).trimmingCharacters(in: .whitespaces) } ?? ""
        }
        let frame = ["Absolute upper-left X", "Absolute upper-left Y", "Width", "Height"].map { Int(field($0)) ?? -1 }
        return (frame, field("Map State") == "IsViewable")
    }

    /// How many points of a 40-pixel grid over the screen's rectangle (x, y, w, h) have the
    /// console's background colour; nil when the screen cannot be read.
    func consolePoints(_ x0: Int, _ y0: Int, _ w: Int, _ h: Int) -> Int? {
        Self.gridPoints(display: rig.display, x0, y0, w, h, (28, 31, 38))
    }

    /// How many points of a 40-pixel grid over the screen's rectangle (x, y, w, h) of `display`
    /// have the colour `rgb` (the first three bytes of a pixel as `X11Screen` reads it); nil when
    /// the screen cannot be read. Static, for a thread grabbing again and again.
    static func gridPoints(display: String, _ x0: Int, _ y0: Int, _ w: Int, _ h: Int, _ rgb: (UInt8, UInt8, UInt8)) -> Int? {
        guard let px = X11Screen.pixels(display: display, x: x0, y: y0, width: w, height: h) else { return nil }
        var n = 0
        for y in stride(from: 8, to: h, by: 40) { for x in stride(from: 8, to: w, by: 40) {
            let i = (y * w + x) * 4
            if (px[i], px[i + 1], px[i + 2]) == rgb { n += 1 }
        } }
        return n
    }

    /// `body`'s first non-nil answer, asked every 50 ms for up to `seconds`.
    func poll<T>(_ seconds: Double, _ body: () -> T?) -> T? {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline { if let v = body() { return v }; usleep(50_000) }
        return nil
    }

    func xdotool(_ args: String...) throws {
        let r = try runProcess("/usr/bin/env", ["xdotool"] + args, environment: rig.environment)
        XCTAssertEqual(r.status, 0, "xdotool \(args): \(r.stderr)")
    }

    /// `roomWrong`'s answer when the display is black all over (no window content at all).
    static let allBlack = "black all over"

    /// Whether the X server's pixels of the 1920×1080 display at (x0, 0) are exactly what the
    /// room should see of page `page` (a 16:9 slide filling the display): white, the page's box in
    /// its colour, and nothing else, on a grid of points (the page number's corner left out).
    /// Returns nil when so, else what was wrong.
    func roomWrong(page: Int, x0: Int) -> String? {
        let (w, h) = (1920, 1080)
        guard let px = X11Screen.pixels(display: rig.display, x: x0, y: 0, width: w, height: h) else { return "cannot read the screen" }
        let c = TestPDF.colour(page)
        let box = (x: Int(TestPDF.box.x * 1920), y: Int(TestPDF.box.y * 1080), w: Int(TestPDF.box.w * 1920), h: Int(TestPDF.box.h * 1080))
        var wrong = 0, black = 0, checked = 0, example = ""
        for y in stride(from: 8, to: h, by: 40) {
            for x in stride(from: 8, to: w, by: 40) {
                if x >= 1100 && x < 1500 && y >= 340 && y < 620 { continue }   // the page number
                let inBox = x > box.x + 3 && x < box.x + box.w - 3 && y > box.y + 3 && y < box.y + box.h - 3
                let onEdge = !inBox && x >= box.x - 3 && x <= box.x + box.w + 3 && y >= box.y - 3 && y <= box.y + box.h + 3
                if onEdge { continue }
                let want = inBox ? [c.0, c.1, c.2] : [255, 255, 255]
                let i = (y * w + x) * 4
                let got = [Int(px[i]), Int(px[i + 1]), Int(px[i + 2])]
                checked += 1
                if got == [0, 0, 0] { black += 1 }
                if got != want { wrong += 1; if example.isEmpty { example = "(\(x), \(y)) is \(got), not \(want)" } }
            }
        }
        if wrong > 0, black == checked { return Self.allBlack }
        return wrong == 0 ? nil : "\(wrong) points differ from slide \(page + 1), e.g. \(example)"
    }
}
