import Foundation
import PodiumKit
import PodiumTestSupport
import XCTest

/// A Beamer-like talk (overlays, notes on the right) on a real X server with two monitors, keys
/// pressed through the X server (xdotool/XTEST): Page Down steps an overlay, Shift+Page Down and
/// Shift+Left jump slides, and the audience monitor never shows the notes half.
final class PDFTalkXorgTests: XorgPDFTestCase {

    func testOverlayKeysAndNotesHalfThroughTheXServer() throws {
        let pdf = TestPDF.write(path("talk.pdf"), .init(pages: 5, width: 1600, height: 450, beamerLabels: ["1", "2", "2", "2", "3"], notesRight: true))
        let app = try PodiumProcess(args: [pdf], environment: rig.environment.merging(["SDL_RENDER_DRIVER": "software"]) { $1 }, dir: dir)
        defer { app.stop() }
        let c = app.client!
        var s = try c.waitForState { $0["windows"]?.array?.last?["visible"]?.bool == true }
        XCTAssertEqual(s["driver"]?.string, "x11", "SDL used the X server")
        XCTAssertNotEqual(s["windows"]?.array?.last?["display"], s["windows"]?.array?.first?["display"], "the audience on the other monitor")
        func position() throws -> String? { try c.send(["cmd": "state"])["slide"]?["position"]?.string }
        func waitFor(_ p: String) throws -> String? {
            try c.waitForState(timeout: 5) { $0["slide"]?["position"]?.string == p }["slide"]?["position"]?.string
        }
        XCTAssertEqual(try position(), "slide 1/3")
        try xdotool("key", "Next")
        XCTAssertEqual(try waitFor("slide 2/3 (1/3)"), "slide 2/3 (1/3)")
        try xdotool("key", "Right")
        XCTAssertEqual(try waitFor("slide 2/3 (2/3)"), "slide 2/3 (2/3)")
        try xdotool("key", "shift+Next")
        XCTAssertEqual(try waitFor("slide 3/3"), "slide 3/3", "Shift+Page Down through the X server")
        try xdotool("key", "shift+Left")
        XCTAssertEqual(try waitFor("slide 2/3 (1/3)"), "slide 2/3 (1/3)", "Shift+Left through the X server")

        // The audience monitor shows page 2's slide half, never its notes.
        s = try c.send(["cmd": "state"])
        XCTAssertEqual(try c.send(["cmd": "screenshot", "window": "audience", "path": .string(path("audience.png"))])["ok"]?.bool, true)
        let img = try PNGImage(path: path("audience.png"))
        XCTAssertEqual(img.width, 1920)
        XCTAssertEqual(img.fraction(near: (255, 230, 0), tolerance: 12), 0, "no notes for the room")
        XCTAssertGreaterThan(img.fraction(near: TestPDF.colour(1), tolerance: 8), 0.05, "page 2's slide")
        XCTAssertEqual(app.stop(), 0)
    }
}
