import Foundation
import PodiumKit
import PodiumSDL
import PodiumTestSupport
import XCTest

/// A projector that mirrors the laptop (`xrandr --same-as`, a desktop's "mirror displays") shows
/// the room whatever is on the laptop's display. Podium must then cover its console with the
/// audience view: the room sees the slide, never the notes and timers. (A fresh-user trial saw the
/// console, notes included, on a mirrored projector for the whole talk.) Real Xorg with two dummy
/// monitors; what the room sees is read back from the X server.
final class PDFMirrorXorgTests: XorgPDFTestCase {
    func audience(_ s: JSONValue) -> JSONValue? { s["windows"]?.array?.first { $0["role"]?.string == "audience" } }

    /// Whether the X server's pixels of `rect` (x, y, w, h) show page `page`'s box at (bx, by)
    /// of that rectangle.
    func screenShowsPage(_ page: Int, in rect: (Int, Int, Int, Int), box: (Int, Int)) -> Bool {
        guard let px = X11Screen.pixels(display: rig.display, x: rect.0, y: rect.1, width: rect.2, height: rect.3) else { return false }
        let i = (box.1 * rect.2 + box.0) * 4
        let c = TestPDF.colour(page)
        return [Int(px[i]), Int(px[i + 1]), Int(px[i + 2])] == [c.0, c.1, c.2]
    }

    func testAMirroredProjectorShowsTheSlideNeverTheConsole() throws {
        TestPDF.write(path("talk.pdf"), .init(pages: 4))
        let env = rig.environment.merging(["SDL_RENDER_DRIVER": "software"]) { $1 }
        let app = try PodiumProcess(args: [path("talk.pdf")], environment: env, dir: dir)
        defer { app.stop() }
        let c = try XCTUnwrap(app.client)
        var s = try c.waitForState { self.audience($0)?["visible"]?.bool == true && self.audience($0)?["bounds"]?["x"]?.number == 1280 }
        XCTAssertEqual(s["driver"]?.string, "x11")
        XCTAssertEqual(try c.send(["cmd": "next"])["ok"]?.bool, true)

        // Mirrored mid-talk: the audience view goes fullscreen over the console.
        try rig.mirror(1)
        s = try c.waitForState { $0["displays"]?.array?.count == 2 && self.audience($0)?["bounds"]?["x"]?.number == 0 && self.audience($0)?["visible"]?.bool == true }
        XCTAssertEqual(audience(s)?["bounds"]?["width"]?.number, 1280, "\(String(describing: audience(s)))")
        XCTAssertEqual(s["roles"]?["audiencePlacement"]?.string, "mirror")
        XCTAssertEqual(s["roles"]?["audienceDisplay"], .null, "not a display of its own")
        // The page's box (`TestPDF.box`, in page N's colour; here a point inside it of the 16:9
        // slide letterboxed on 1280×800) on the laptop's pixels, which the projector shows.
        let shown = poll(10) { self.screenShowsPage(1, in: (0, 0, 1280, 800), box: (384, 256)) ? true : nil }
        XCTAssertEqual(shown, true, "the room (the laptop's display, mirrored) shows slide 2")
        XCTAssertEqual(try c.send(["cmd": "next"])["ok"]?.bool, true)
        XCTAssertEqual(poll(10) { self.screenShowsPage(2, in: (0, 0, 1280, 800), box: (384, 256)) ? true : nil }, true, "and follows the talk")

        // Mirroring off: the projector beside the laptop again; the console is back on the laptop.
        try rig.plug(1, "1920x1080")
        s = try c.waitForState { self.audience($0)?["bounds"]?["x"]?.number == 1280 && self.audience($0)?["visible"]?.bool == true }
        XCTAssertEqual(poll(10) { self.screenShowsPage(2, in: (1280, 0, 1920, 1080), box: (576, 324)) ? true : nil }, true, "the projector shows slide 3")
        XCTAssertEqual(poll(10) { self.screenShowsPage(2, in: (0, 0, 1280, 800), box: (384, 256)) ? nil : true }, true, "the laptop shows the console again")
    }

    func poll<T>(_ seconds: Double, _ body: () -> T?) -> T? {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline { if let v = body() { return v }; usleep(50_000) }
        return nil
    }
}
