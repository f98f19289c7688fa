import Foundation
import PodiumKit
import PodiumSDL
import PodiumTestSupport
import XCTest

/// The console's "Next" preview after a display change: mirrored (the room 1280×800, 16:10),
/// then the projector beside the laptop again (1920×1080, 16:9). A trial saw the next preview
/// still drawn for the old shape, with black bars, until the next advance. Read back from the X
/// server: the next scene's background reaches the preview's top and bottom edges.
final class NextPreviewShapeXorgTests: XorgPDFTestCase {

    /// The width ÷ height of the picture drawn in the console's next preview, read from the X
    /// server: the run of the next scene's background colour across a row near its top, and
    /// down the column just inside that run's left end. Nil when it cannot be read.
    func nextPreviewAspect(_ s: JSONValue) -> Double? {
        guard let p = window(s, "presenter"), let c = p["controls"]?.array?.first(where: { $0["id"]?.string == "console.nextPreview" }),
              let f = c["frame"], let bx = p["bounds"]?["x"]?.number, let by = p["bounds"]?["y"]?.number else { return nil }
        let scale = p["scale"]?.number ?? 1
        let x0 = Int(bx + f["x"]!.number! * scale), y0 = Int(by + f["y"]!.number! * scale)
        let w = Int(f["width"]!.number! * scale), h = Int(f["height"]!.number! * scale)
        guard w > 40, h > 40, let px = X11Screen.pixels(display: rig.display, x: x0, y: y0, width: w, height: h) else { return nil }
        func rgb(_ x: Int, _ y: Int) -> [Int] { let i = (y * w + x) * 4; return [Int(px[i]), Int(px[i + 1]), Int(px[i + 2])] }
        let row = h / 5, bg = rgb(w / 2, row)
        func isBG(_ x: Int, _ y: Int) -> Bool { zip(rgb(x, y), bg).allSatisfy { abs($0 - $1) <= 2 } }
        var left = w / 2, right = w / 2
        while left > 0, isBG(left - 1, row) { left -= 1 }
        while right < w - 1, isBG(right + 1, row) { right += 1 }
        let col = left + 3
        var top = row, bottom = row
        while top > 0, isBG(col, top - 1) { top -= 1 }
        while bottom < h - 1, isBG(col, bottom + 1) { bottom += 1 }
        return Double(right - left + 1) / Double(bottom - top + 1)
    }

    func testTheNextPreviewTakesTheRoomsNewShapeAtTheDisplayChange() throws {
        let deck = """
        {"title": "Shapes", "scenes": [
          {"kind": "title", "title": "One", "parameters": {"heading": "One"}},
          {"kind": "title", "title": "Two", "parameters": {"heading": "Two"}},
          {"kind": "title", "title": "Three", "parameters": {"heading": "Three"}}]}
        """
        var (app, c, s) = try presentOnTheRig(deck: deck)
        defer { app.stop() }
        func aspect() -> Double? { (try? c.send(["cmd": "state"])).flatMap(self.nextPreviewAspect) }
        func near(_ a: Double?, _ b: Double) -> Bool { a.map { abs($0 - b) < 0.04 } ?? false }
        var last: Double?
        // 16:9 at launch.
        XCTAssertEqual(poll(10) { () -> Bool? in last = aspect(); return near(last, 16.0 / 9) ? true : nil }, true, "launch: next preview \(last ?? -1)")

        // Mirrored (the room 16:10) and an advance there: the next preview is made at 16:10.
        try rig.mirror(1)
        s = try c.waitForState { $0["roles"]?["audiencePlacement"]?.string == "mirror" && self.window($0, "audience")?["size"]?["height"]?.number == 800 }
        XCTAssertEqual(s["roles"]?["audiencePlacement"]?.string, "mirror")
        XCTAssertEqual(try c.send(["cmd": "next"])["ok"]?.bool, true)
        usleep(500_000)   // the next preview is made 50 ms after an advance (hidden under the room's view here)

        // The projector beside the laptop again (16:9): so is the next preview, before any advance.
        try rig.plug(1, "1920x1080")
        s = try c.waitForState { $0["roles"]?["audiencePlacement"]?.string == "display" && self.window($0, "audience")?["size"]?["height"]?.number == 1080
            && self.window($0, "presenter")?["visible"]?.bool == true }
        XCTAssertEqual(window(s, "audience")?["size"]?["width"]?.number, 1920)
        let ok = poll(5) { () -> Bool? in last = aspect(); return near(last, 16.0 / 9) ? true : nil }
        XCTAssertEqual(ok, true, "the next preview is \(last ?? -1) wide per high, not the room's 16:9 (drawn for the old 16:10 shape)\n\(app.log)")
        XCTAssertEqual(try c.send(["cmd": "state"])["scene"]?["index"]?.int, 1, "no advance happened")
    }
}
