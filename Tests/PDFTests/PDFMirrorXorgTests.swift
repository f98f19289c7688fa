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

    /// A 4-page PDF on the two displays side by side, advanced to slide 2 (the talk runs).
    func launchOnSlideTwo() throws -> PodiumProcess {
        TestPDF.write(path("talk.pdf"), .init(pages: 4))
        let env = rig.environment.merging(["SDL_RENDER_DRIVER": "software"]) { $1 }
        let app = try PodiumProcess(args: [path("talk.pdf")], environment: env, dir: dir)
        do {
            let c = try XCTUnwrap(app.client)
            let s = try c.waitForState { self.audience($0)?["visible"]?.bool == true && self.audience($0)?["bounds"]?["x"]?.number == 1280 }
            XCTAssertEqual(s["driver"]?.string, "x11")
            XCTAssertEqual(try c.send(["cmd": "next"])["ok"]?.bool, true)
        } catch { app.stop(); throw error }
        return app
    }

    func testAMirroredProjectorShowsTheSlideNeverTheConsole() throws {
        let app = try launchOnSlideTwo()
        defer { app.stop() }
        let c = try XCTUnwrap(app.client)
        var s: JSONValue

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

    /// With the console hidden under the mirrored audience view, q (pressed on the real keyboard,
    /// XTEST) asks where the speaker can see it: a bar at the foot of the room's view, in the X
    /// server's pixels. Esc takes it away and nothing quit; q then Return, seen, quits. (A trial
    /// pressed q then Return on a mirrored projector: the talk quit on a question no one saw.)
    func testAQuestionWhileMirroredShowsOnTheRoomsViewAndIsNeverAnsweredBlindly() throws {
        let app = try launchOnSlideTwo()   // the talk runs: q asks
        defer { app.stop() }
        let c = try XCTUnwrap(app.client)
        try rig.mirror(1)
        var s = try c.waitForState { $0["roles"]?["audiencePlacement"]?.string == "mirror" && self.audience($0)?["focused"]?.bool == true }
        XCTAssertEqual(s["driver"]?.string, "x11")

        func bar(_ s: JSONValue) -> JSONValue? { audience(s)?["controls"]?.array?.first { $0["id"]?.string == "audience.question" } }
        try xdotool("key", "q")
        s = try c.waitForState { bar($0) != nil }
        let question = try XCTUnwrap(s["question"]?["text"]?.string)
        XCTAssertTrue(question.hasPrefix("Quit the talk?"), question)
        let b = try XCTUnwrap(bar(s))
        XCTAssertEqual(b["label"]?.string, question)
        let f = try XCTUnwrap(b["frame"])
        let (x, y, w, h) = (Int(f["x"]!.number!), Int(f["y"]!.number!), Int(f["width"]!.number!), Int(f["height"]!.number!))
        XCTAssertGreaterThan(y, 400, "at the foot of the view: the slide stays visible")
        XCTAssertLessThanOrEqual(y + h, 800)
        // On the laptop's pixels (which the projector mirrors): the bar's blue at its left edge.
        func barShown() -> Bool {
            guard let px = X11Screen.pixels(display: rig.display, x: x + 3, y: y + h / 2, width: 1, height: 1) else { return false }
            return [px[0], px[1], px[2]] == [0x0A, 0x5A, 0xC8]
        }
        XCTAssertEqual(poll(10) { barShown() ? true : nil }, true, "the speaker (and the room) see the question on the mirrored display")
        XCTAssertGreaterThan(w, 200)

        // Esc: the question goes, from the pixels too, and the talk goes on.
        try xdotool("key", "Escape")
        s = try c.waitForState { bar($0) == nil && $0["question"] == .null }
        XCTAssertNil(bar(s)); XCTAssertEqual(s["question"], .null)
        XCTAssertEqual(poll(10) { barShown() ? nil : true }, true, "the bar is gone from the room's view")
        XCTAssertNil(app.exitStatus)

        // q, then q again with the question in sight, quits as asked.
        try xdotool("key", "q")
        XCTAssertNotNil(bar(try c.waitForState { bar($0) != nil }))
        usleep(400_000)
        try xdotool("key", "q")
        XCTAssertEqual(app.waitForExit(seconds: 10), 0)
    }
}
