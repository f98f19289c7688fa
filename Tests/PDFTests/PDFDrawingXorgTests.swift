import Foundation
import PodiumKit
import PodiumTestSupport
import XCTest

/// The pen and the spotlight with the real pointer and keys on a real X server (xdotool through
/// XTEST; SDL's mouse events): presenter on the 1280×800 monitor, audience fullscreen on 1920×1080.
final class PDFDrawingXorgTests: XorgPDFTestCase {

    func testPenAndSpotlightWithTheRealPointer() throws {
        TestPDF.write(path("talk.pdf"), .init(pages: 3))
        let app = try PodiumProcess(args: [path("talk.pdf")], environment: rig.environment.merging(["SDL_RENDER_DRIVER": "software"]) { $1 }, dir: dir)
        defer { app.stop() }
        let c = app.client!
        let s = try c.waitForState { $0["windows"]?.array?.last?["visible"]?.bool == true }
        XCTAssertEqual(s["driver"]?.string, "x11", "SDL used the X server")
        let w = try XCTUnwrap(s["windows"]?.array?.first)
        let scale = w["scale"]?.number ?? 1
        let f = try XCTUnwrap(w["controls"]?.array?.first { $0["id"]?.string == "pdf.page" }?["frame"])
        // The 800×450 page's fit in the presenter's page view, in screen pixels.
        let fx = f["x"]!.number!, fy = f["y"]!.number!, fw = f["width"]!.number!, fh = f["height"]!.number!
        let k = min(fw / 800, fh / 450)
        func screen(_ u: Double, _ v: Double) -> [String] {
            let x = (w["bounds"]?["x"]?.number ?? 0) + (fx + ((fw - 800 * k) / 2).rounded(.down) + u * 800 * k) * scale
            let y = (w["bounds"]?["y"]?.number ?? 0) + (fy + ((fh - 450 * k) / 2).rounded(.down) + v * 450 * k) * scale
            return [String(Int(x)), String(Int(y))]
        }
        func shot(_ name: String) throws -> PNGImage {
            XCTAssertEqual(try c.send(["cmd": "screenshot", "window": "audience", "path": .string(path(name))])["ok"]?.bool, true)
            return try PNGImage(path: path(name))
        }
        func xdo(_ args: [String]) throws {
            let r = try runProcess("/usr/bin/env", ["xdotool"] + args, environment: rig.environment)
            XCTAssertEqual(r.status, 0, "xdotool \(args): \(r.stderr)")
        }
        try xdotool("key", "d")
        usleep(300_000)   // the key travels through the X server
        try xdo(["mousemove"] + screen(0.1, 0.15) + ["mousedown", "1"])
        for i in 1...20 { try xdo(["mousemove"] + screen(0.1 + 0.8 * Double(i) / 20, 0.15)) }
        try xdo(["mouseup", "1"])
        // The stroke reaches the audience monitor, 0.4 % of its 1920-pixel page thick.
        var img = try shot("pen.png")
        for _ in 0..<50 where !(0..<img.height).contains(where: { PDFDrawingEndToEndTests.isPen(img.pixel(960, $0)) }) {
            usleep(100_000); img = try shot("pen.png")
        }
        XCTAssertEqual(img.width, 1920)
        let rows = (0..<img.height).filter { PDFDrawingEndToEndTests.isPen(img.pixel(960, $0)) }
        XCTAssertEqual(Double(rows.count), 1920 * 0.004, accuracy: 2.5, "drawn at the audience's resolution")
        let mid = Double((rows.first ?? 0) + (rows.last ?? 0)) / 2
        let ph = 1920.0 * 450 / 800, top = (Double(img.height) - ph) / 2
        XCTAssertEqual(mid, top + 0.15 * ph, accuracy: 4, "at 15 % of the page's height")
        XCTAssertEqual(try c.send(["cmd": "state"])["scene"]?["index"]?.int, 0, "the press drew; it did not advance")

        // The spotlight follows the real pointer.
        try xdotool("key", "l")
        try xdo(["mousemove"] + screen(0.8, 0.8))
        usleep(300_000)
        img = try shot("spot.png")
        let lit = img.rgb(Int(1920 * 0.8), Int(top + 0.8 * ph)), dim = img.rgb(Int(1920 * 0.15), Int(top + 0.85 * ph))
        XCTAssertGreaterThan(lit.0, 240, "lit round the pointer: \(lit)")
        XCTAssertLessThan(dim.0, 110, "dimmed elsewhere: \(dim)")
        XCTAssertEqual(app.stop(), 0)
    }
}
