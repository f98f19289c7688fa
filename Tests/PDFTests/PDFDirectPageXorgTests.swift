import Foundation
import PodiumKit
import PodiumTestSupport
import XCTest

/// The room holds one copy of each page it keeps, not two (issue 19, memory): pages the X server
/// presents from pixmaps have no texture beside them, and pages SDL draws (no pixmap: a 4K room,
/// `PODIUM_SERVER_PIXMAPS=0`, another display server) are unpacked straight into the window
/// surface, so no full-window page texture is held at all. Same rig and checks as
/// `PDFServerPixmapsXorgTests`: the room's pixels read back from the X server.
extension PDFServerPixmapsXorgTests {
    func textureBytes(_ s: JSONValue) -> Int { audience(s)?["bitmapTextureBytes"]?.int ?? -1 }
    func directPages(_ s: JSONValue) -> Int { audience(s)?["directPages"]?.int ?? -1 }

    func testPagesDrawnBySDLAreUnpackedIntoTheWindowSurfaceAndNoPageTextureIsHeld() throws {
        let app = try start(env: ["PODIUM_SERVER_PIXMAPS": "0"])
        defer { app.stop() }
        let c = app.client!
        let box = (x: 1920 * 3 / 8, y: 1080 / 2)
        _ = try c.waitForState { $0["slide"]?["position"]?.string == "1 / 6" }
        for (key, page, position) in [("Right", 1, "2 / 6"), ("Right", 2, "3 / 6"), ("Left", 1, "2 / 6")] {
            let before = directPages(try c.send(["cmd": "state"]))
            try xdotool("key", key)
            let s = try c.waitForState(timeout: 5) { $0["slide"]?["position"]?.string == position && self.directPages($0) > before }
            XCTAssertEqual(textureBytes(s), 0, "\(key) to page \(page + 1): no page texture held beside the window surface")
            try assertRoomShows(c, page: page, box: box, "\(key) to page \(page + 1), unpacked into the window surface")
        }
        XCTAssertEqual(app.stop(), 0)
    }

    func testPagesPresentedFromPixmapsKeepNoTextureBesideThem() throws {
        let app = try start()
        defer { app.stop() }
        let c = app.client!
        _ = try c.waitForState { self.server($0, "uploads") >= 1 }
        for (key, position) in [("Right", "2 / 6"), ("Right", "3 / 6"), ("Right", "4 / 6"), ("Left", "3 / 6"), ("Left", "2 / 6")] {
            try xdotool("key", key)
            _ = try c.waitForState(timeout: 5) { $0["slide"]?["position"]?.string == position }
        }
        // Settled: the page ahead is in its pixmap.
        let s = try c.waitForState(timeout: 5) { self.server($0, "ahead") >= 1 }
        XCTAssertLessThanOrEqual(server(s, "pixmaps"), 1, "the page ahead only (PagePixmapPolicy)")
        XCTAssertEqual(textureBytes(s), 0, "the room's full-window buffers are its pixmaps and its window surface: no page texture")
        try assertRoomShows(c, page: 1, box: (x: 1920 * 3 / 8, y: 1080 / 2), "page 2")
        XCTAssertEqual(app.stop(), 0)
    }

    func presenter(_ s: JSONValue) -> JSONValue? { s["windows"]?.array?.first { $0["role"]?.string == "presenter" } }

    /// The console's page views (current page, next preview) at their own sizes are unpacked into
    /// the presenter's window surface too: after a pass it holds no page texture, where it held
    /// the page, the next slide and the pages either side (4.4 MB on the bench deck).
    func testTheConsolesPageViewsHoldNoTexture() throws {
        let app = try start()
        defer { app.stop() }
        let c = app.client!
        _ = try c.waitForState { $0["slide"]?["position"]?.string == "1 / 6" }
        for (key, position) in [("Right", "2 / 6"), ("Right", "3 / 6"), ("Right", "4 / 6"), ("Left", "3 / 6")] {
            let before = presenter(try c.send(["cmd": "state"]))?["directPages"]?.int ?? -1
            try xdotool("key", key)
            _ = try c.waitForState(timeout: 20) { $0["slide"]?["position"]?.string == position && (self.presenter($0)?["directPages"]?.int ?? -1) > before }
        }
        // Settled: the previews rendered at their sizes are drawn, the pages ahead named.
        let s = try c.waitForState(timeout: 20) { self.presenter($0)?["bitmapTextureBytes"]?.int == 0 }
        XCTAssertEqual(presenter(s)?["bitmapTextureBytes"]?.int, 0, "no page texture in the console: \(String(describing: presenter(s)))")
        XCTAssertEqual(app.stop(), 0)
    }
}
