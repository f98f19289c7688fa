import XCTest
import PodiumKit
import PodiumTestSupport

/// The overview's thumbnails of pages never shown yet: each is rendered by the PDF worker at the
/// thumbnail's own size and appears once ready (they stayed blank when pages were only kept at
/// the windows' sizes). End to end on the offscreen driver, checked in the presenter's pixels.
final class PDFOverviewThumbnailTests: PDFTestCase {
    func testThumbnailsOfPagesNotVisitedAppearWhenRendered() throws {
        let pdf = TestPDF.write(path("talk.pdf"), .init(pages: 12))
        let app = try PodiumProcess(args: [pdf, "--windowed"], environment: ["SDL_VIDEODRIVER": "offscreen", "SDL_RENDER_DRIVER": "software"], dir: dir)
        defer { app.stop() }
        let c = app.client!
        XCTAssertEqual(try c.send(["cmd": "state"])["driver"]?.string, "offscreen")
        XCTAssertEqual(try c.send(["cmd": "overview"])["ok"]?.bool, true)
        let s = try c.send(["cmd": "state"])
        let cells = (s["windows"]?.array?.first?["controls"]?.array ?? []).filter { $0["id"]?.string?.hasPrefix("overview.scene.") == true }
        // Cells past the first page and its neighbour: pages not rendered for any window yet.
        let far = cells.filter { ($0["id"]?.string).flatMap { Int($0.dropFirst("overview.scene.".count)) }.map { $0 >= 2 } ?? false }
        XCTAssertGreaterThanOrEqual(far.count, 2, "cells of pages not visited are on screen: \(cells.count) cells")

        /// Pixels of page `i`'s box colour inside its cell.
        func boxPixels(_ shot: PNGImage, _ cell: JSONValue) -> Int {
            let i = Int((cell["id"]?.string ?? "").dropFirst("overview.scene.".count)) ?? 0
            let f = cell["frame"]!, colour = TestPDF.colour(i)
            return shot.count(x: Int(f["x"]!.number!), y: Int(f["y"]!.number!), w: Int(f["width"]!.number!), h: Int(f["height"]!.number!)) {
                abs(Int($0.r) - colour.0) <= 8 && abs(Int($0.g) - colour.1) <= 8 && abs(Int($0.b) - colour.2) <= 8
            }
        }
        var missing = far
        for attempt in 0..<60 where !missing.isEmpty {
            if attempt > 0 { Thread.sleep(forTimeInterval: 0.2) }
            let f = path("overview-\(attempt).png")
            XCTAssertEqual(try c.send(["cmd": "screenshot", "window": "presenter", "path": .string(f)])["ok"]?.bool, true)
            let shot = try PNGImage(path: f)
            missing = missing.filter { boxPixels(shot, $0) < 30 }
        }
        XCTAssertEqual(missing.compactMap { $0["id"]?.string }, [], "every thumbnail shows its page")
        XCTAssertEqual(app.stop(), 0)
        XCTAssertFalse(app.log.contains("error"), app.log)
    }
}
