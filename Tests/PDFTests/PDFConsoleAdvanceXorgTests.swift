import Foundation
import PodiumKit
import PodiumSDL
import PodiumTestSupport
import XCTest

/// What an advance costs the presenter console (issue 19), on the Xorg rig (presenter 1280×800,
/// audience 1920×1080, SDL's software renderer, keys through XTEST): the console repaints its
/// page, its previews and the labels that changed, not the whole window, and what the X server
/// shows of it afterwards is exactly the whole frame Podium means (read back from the server).
final class PDFConsoleAdvanceXorgTests: XorgPDFTestCase {
    func presenter(_ s: JSONValue) -> JSONValue? { s["windows"]?.array?.first { $0["role"]?.string == "presenter" } }
    func repainted(_ s: JSONValue) -> Int { presenter(s)?["pixelsRepainted"]?.int ?? -1 }
    func frames(_ s: JSONValue) -> Int { presenter(s)?["framesDrawn"]?.int ?? -1 }

    /// Waits until the presenter has drawn no frame but clock ticks for a while (the worker's
    /// previews arrived), returning the state.
    func settled(_ c: ControlClient, position: String) throws -> JSONValue {
        var s = try c.waitForState(timeout: 5) { $0["slide"]?["position"]?.string == position }
        XCTAssertEqual(s["slide"]?["position"]?.string, position)
        var last = frames(s), quiet = 0
        while quiet < 4 {
            usleep(100_000)
            s = try c.send(["cmd": "state"])
            quiet = frames(s) == last ? quiet + 1 : 0
            last = frames(s)
        }
        return s
    }

    /// Pages sharing their template (white, a box and a number): the console's page and
    /// previews repaint only the tiles in which the pages differ (their packed pages' hashes),
    /// fewer pixels than with `PODIUM_TILE_COPIES=0`; the test above checks the X server's pixels.
    func testTheConsolesPagesRepaintOnlyTheTilesThatDiffer() throws {
        TestPDF.write(path("talk.pdf"), .init(pages: 6))
        var sums: [Int] = []
        for tiles in [true, false] {
            let env = rig.environment.merging(["SDL_RENDER_DRIVER": "software"].merging(tiles ? [:] : ["PODIUM_TILE_COPIES": "0"]) { $1 }) { $1 }
            let app = try PodiumProcess(args: [path("talk.pdf")], environment: env, dir: dir)
            defer { app.stop() }
            let c = app.client!
            var s = try c.waitForState { $0["windows"]?.array?.last?["visible"]?.bool == true }
            s = try settled(c, position: "1 / 6")
            var sum = 0
            for (i, key) in ["Right", "Right", "Left", "Right"].enumerated() {
                let before = repainted(s)
                try xdotool("key", key)
                s = try settled(c, position: ["2 / 6", "3 / 6", "2 / 6", "3 / 6"][i])
                sum += repainted(s) - before
            }
            sums.append(sum)
            XCTAssertEqual(app.stop(), 0)
        }
        XCTAssertLessThan(sums[0], sums[1] * 8 / 10, "pixels the console repainted over four advances, tiles \(sums[0]), whole pages \(sums[1])")
    }

    func testAnAdvanceRepaintsThePagesAndLabelsNotTheConsoleAndTheServerShowsTheWholeFrame() throws {
        TestPDF.write(path("talk.pdf"), .init(pages: 6))
        let env = rig.environment.merging(["SDL_RENDER_DRIVER": "software"]) { $1 }
        let app = try PodiumProcess(args: [path("talk.pdf")], environment: env, dir: dir)
        defer { app.stop() }
        let c = app.client!
        var s = try c.waitForState { $0["windows"]?.array?.last?["visible"]?.bool == true }
        XCTAssertEqual(s["driver"]?.string, "x11", "SDL used the X server")
        s = try settled(c, position: "1 / 6")
        let window = 1280 * 800
        for (i, key) in ["Right", "Right", "Left", "Right"].enumerated() {
            let before = repainted(s)
            try xdotool("key", key)
            s = try settled(c, position: ["2 / 6", "3 / 6", "2 / 6", "3 / 6"][i])
            let n = repainted(s) - before
            XCTAssertGreaterThan(n, 0, "\(key): the console shows the new page")
            // The whole console is 1,024,000 pixels; the page (~400,000), the next previews
            // with their heading (~165,000) and the labels are about 570,000 (the clock's ticks
            // meanwhile a few thousand). Two whole frames, as before, were 2,048,000.
            XCTAssertLessThan(n, window * 6 / 10, "\(key): the console repainted \(n) pixels, not the whole window; last rects \(String(describing: presenter(s)?["lastDamageRects"]))")
        }
        // What the X server shows of the console (read with its own connection) is the whole
        // frame Podium draws for a screenshot; only the talk clock may tick in between.
        let shown = try XCTUnwrap(X11Screen.pixels(display: rig.display, x: 0, y: 0, width: 1280, height: 800), "read the screen")
        XCTAssertEqual(try c.send(["cmd": "screenshot", "window": "presenter", "source": "tree", "path": .string(path("console.png"))])["ok"]?.bool, true)
        let whole = try PNGImage(path: path("console.png"))
        XCTAssertEqual([whole.width, whole.height], [1280, 800])
        var differing = 0
        for y in 0..<800 {
            for x in 0..<1280 where !(y < 48 && x >= 900) {
                let i = (y * 1280 + x) * 4
                if shown[i] != whole.rgba[i] || shown[i + 1] != whole.rgba[i + 1] || shown[i + 2] != whole.rgba[i + 2] { differing += 1 }
            }
        }
        XCTAssertEqual(differing, 0, "the console after partial repaints equals a whole frame")
        XCTAssertEqual(app.stop(), 0)
    }
}
