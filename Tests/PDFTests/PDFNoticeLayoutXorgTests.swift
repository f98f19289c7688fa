import Foundation
import PodiumKit
import PodiumTestSupport
import XCTest

/// A 4:3 deck on a 1280×800 presenter (Xorg dummy; audience 1024×768): the "Reloaded" notice
/// over the top of the scene area leaves the next page's thumbnail beside the page uncovered.
final class PDFNoticeLayoutXorgTests: XorgPDFTestCase {
    override func setUpWithError() throws { rig = try XorgRig(monitors: ["1280x800", "1024x768"]) }

    func control(_ s: JSONValue, _ id: String) -> JSONValue? { s["windows"]?.array?.first?["controls"]?.array?.first { $0["id"]?.string == id } }
    func frame(_ s: JSONValue, _ id: String) -> Rect? {
        guard let f = control(s, id)?["frame"], let x = f["x"]?.number, let y = f["y"]?.number, let w = f["width"]?.number, let h = f["height"]?.number else { return nil }
        return Rect(x, y, w, h)
    }

    /// A 3-page 4:3 PDF, both windows shown.
    func launch() throws -> PodiumProcess {
        TestPDF.write(path("talk.pdf"), .init(pages: 3, width: 800, height: 600))
        let app = try PodiumProcess(args: [path("talk.pdf")], environment: rig.environment.merging(["SDL_RENDER_DRIVER": "software"]) { $1 }, dir: dir)
        XCTAssertEqual(try app.client!.waitForState { $0["windows"]?.array?.last?["visible"]?.bool == true }["driver"]?.string, "x11")
        return app
    }

    func testTheReloadedNoticeLeavesTheNextPageUncovered() throws {
        let app = try launch()
        defer { app.stop() }
        let c = app.client!
        XCTAssertEqual(try c.send(["cmd": "key", "key": "Ctrl+R"])["ok"]?.bool, true)
        let s = try c.waitForState { (self.control($0, "console.banner")?["label"]?.string ?? "").hasPrefix("Reloaded") }
        let banner = try XCTUnwrap(frame(s, "console.banner")), next = try XCTUnwrap(frame(s, "pdf.next-page"))
        XCTAssertGreaterThan(next.width, 100, "the next page is shown beside the page")
        XCTAssertFalse(banner.intersects(next), "the notice \(banner) covers none of the next page \(next)")
        XCTAssertEqual(app.stop(), 0)
    }

    /// A long reload error ("Not reloaded: …" naming the file and why) is one line cut with "…"
    /// like every notice (trial 20 m5), and covers none of the next page either.
    func testALongReloadErrorLeavesTheNextPageUncovered() throws {
        let app = try launch()
        defer { app.stop() }
        let c = app.client!
        try Data(("%PDF-1.4 cut short while being written, " + String(repeating: "x", count: 200)).utf8).write(to: URL(fileURLWithPath: path("talk.pdf")))
        XCTAssertEqual(try c.send(["cmd": "key", "key": "Ctrl+R"])["ok"]?.bool, true)
        let s = try c.waitForState { (self.control($0, "console.banner")?["label"]?.string ?? "").hasPrefix("Not reloaded") }
        let banner = try XCTUnwrap(frame(s, "console.banner")), next = try XCTUnwrap(frame(s, "pdf.next-page"))
        // One line, cut with "…" on screen (trial 20 m5: a notice moves nothing); the label keeps the whole error.
        XCTAssertEqual(banner.height, 34, "the error is one line: \(control(s, "console.banner") ?? .null)")
        // What says the room is safe first, the file by its name: the start of the line shows it.
        XCTAssertTrue((control(s, "console.banner")?["label"]?.string ?? "").hasPrefix("Not reloaded, the version on screen stays: talk.pdf: "), "the whole notice is the banner's label")
        XCTAssertGreaterThan(next.width, 100, "the next page is shown beside the page")
        XCTAssertFalse(banner.intersects(next), "the notice \(banner) covers none of the next page \(next)")
        XCTAssertEqual(app.stop(), 0)
    }
}
