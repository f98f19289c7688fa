import Foundation
import PodiumKit
import PodiumTestSupport
import XCTest

/// The red pointer dot with the real keyboard and mouse on a real X server (xdotool through
/// XTEST): Ctrl held and the mouse over the console's audience preview shows it on the room;
/// letting go of Ctrl alone hides it at once (Ctrl's key-up), not at the next key or mouse move.
final class PDFPointerXorgTests: XorgPDFTestCase {
    func testLettingGoOfCtrlHidesThePointerDot() throws {
        TestPDF.write(path("talk.pdf"), .init(pages: 3))
        let app = try PodiumProcess(args: [path("talk.pdf")], environment: rig.environment.merging(["SDL_RENDER_DRIVER": "software"]) { $1 }, dir: dir)
        defer { _ = try? xdotool("keyup", "ctrl"); app.stop() }
        let c = app.client!
        let s = try c.waitForState { $0["windows"]?.array?.last?["visible"]?.bool == true }
        XCTAssertEqual(s["driver"]?.string, "x11", "SDL used the X server")
        let w = try XCTUnwrap(s["windows"]?.array?.first)
        let scale = w["scale"]?.number ?? 1
        let f = try XCTUnwrap(w["controls"]?.array?.first { $0["id"]?.string == "console.preview" }?["frame"], "the audience preview")
        let x = (w["bounds"]?["x"]?.number ?? 0) + (f["x"]!.number! + f["width"]!.number! / 2) * scale
        let y = (w["bounds"]?["y"]?.number ?? 0) + (f["y"]!.number! + f["height"]!.number! / 2) * scale

        try xdotool("keydown", "ctrl")
        try xdotool("mousemove", String(Int(x)), String(Int(y)))
        try xdotool("mousemove", String(Int(x) + 4), String(Int(y) + 2))
        let shown = try c.waitForState(timeout: 5) { $0["pointer"] != .null && $0["pointer"] != nil }
        XCTAssertEqual(shown["pointer"]?["x"]?.number ?? 0, 960, accuracy: 20, "the dot near the room's centre")

        // Ctrl alone let go; no key pressed, the mouse still.
        try xdotool("keyup", "ctrl")
        let hidden = try c.waitForState(timeout: 5) { $0["pointer"] == .null }
        XCTAssertEqual(hidden["pointer"], .null, "the dot went with Ctrl")
        XCTAssertEqual(hidden["slide"]?["position"]?.string, "1 / 3", "nothing else happened")
        XCTAssertEqual(app.stop(), 0)
    }
}
