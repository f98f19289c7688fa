import Foundation
import PodiumKit
import PodiumTestSupport
import XCTest

/// `podium present` with page 3 held in its render (`PODIUM_PDF_HOLD_PAGE`, released by a file
/// the test writes): while it renders, the presenter view says so, the talk's timer label keeps
/// changing, keys (a second advance) are taken, and the control socket answers.
final class PDFSlowPageEndToEndTests: PDFTestCase {
    func control(_ s: JSONValue, _ id: String) -> JSONValue? {
        s["windows"]?.array?.first?["controls"]?.array?.first { $0["id"]?.string == id }
    }
    func presenterValue(_ s: JSONValue, _ id: String) -> String? { control(s, id)?["value"]?.string }
    /// The console's timer label as shown, and the presenter window's frames drawn so far.
    func timer(_ s: JSONValue) -> String? { s["timers"]?["shown"]?.string }
    func presenterFrames(_ s: JSONValue) -> Int { s["windows"]?.array?.first { $0["role"]?.string == "presenter" }?["framesDrawn"]?.int ?? -1 }

    func testTheConsoleStaysLiveWhileAPageRenders() throws {
        let pdf = TestPDF.write(path("talk.pdf"), .init(pages: 5))
        let release = path("release")
        let app = try PodiumProcess(args: [pdf, "--windowed"], environment: [
            "SDL_VIDEODRIVER": "offscreen", "SDL_RENDER_DRIVER": "software", "PODIUM_PDF_HOLD_PAGE": "3:\(release)"], dir: dir)
        defer { FileManager.default.createFile(atPath: release, contents: Data()); app.stop() }
        let c = app.client!
        XCTAssertEqual(try c.waitForState { $0["windows"]?.array?.count == 2 }["driver"]?.string, "offscreen")
        _ = try c.send(["cmd": "next"])
        try c.waitForState { self.presenterValue($0, "pdf.page") == "page 2" }
        _ = try c.send(["cmd": "next"])
        let pending = try c.waitForState { self.presenterValue($0, "pdf.page") == "page 3, rendering" }
        let shown = try XCTUnwrap(timer(pending), "the talk's timer label"), frames = presenterFrames(pending)
        XCTAssertGreaterThan(frames, 0)
        // The timer moves on and the presenter window keeps drawing while page 3 is still held.
        let ticked = try c.waitForState { s in self.timer(s) != shown && self.presenterFrames(s) > frames }
        XCTAssertEqual(presenterValue(ticked, "pdf.page"), "page 3, rendering", "the timer changed while the page still rendered")
        // A second advance is taken while page 3 is held.
        _ = try c.send(["cmd": "next"])
        let four = try c.waitForState { $0["slide"]?["position"]?.string == "4 / 5" }
        XCTAssertFalse(FileManager.default.fileExists(atPath: release))
        XCTAssertNotNil(presenterValue(four, "pdf.page"))
        // Released: page 3 renders, and going back shows it without the badge.
        FileManager.default.createFile(atPath: release, contents: Data())
        _ = try c.send(["cmd": "previous"])
        try c.waitForState { self.presenterValue($0, "pdf.page") == "page 3" }
    }
}
