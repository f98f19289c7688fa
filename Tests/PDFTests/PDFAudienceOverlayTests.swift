import XCTest
import PodiumKit
import PodiumTestSupport
@testable import PDFScene

/// The PDF scene's overlay for follower screens (`AudienceOverlayMirroring`): what the
/// presenter's scene returns, another copy of the PDF's scene shows; it stays under the byte
/// limit; bad input changes nothing.
@MainActor
final class PDFAudienceOverlayTests: PDFTestCase {
    /// A scene of page 2 of `dir/name/talk.pdf`, current (each folder has its own drawing layer).
    func scene(_ name: String, pages: Int = 3) throws -> PDFScene {
        let d = dir.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: d, withIntermediateDirectories: true)
        TestPDF.write(d.appendingPathComponent("talk.pdf").path, .init(pages: pages))
        let s = try PDFScene(SceneParameters(["file": "talk.pdf", "page": 2]), pdfHost(d))
        s.didBecomeCurrent()
        return s
    }

    func draw(_ s: PDFScene, _ points: [Point], _ kind: InkStroke.Kind = .pen) {
        s.ink.begin(kind, page: s.page, at: points[0], pageWidth: 800)
        for p in points.dropFirst() { s.ink.extend(to: p, minStep: 0.1) }
        s.ink.end()
    }

    func testStrokesSpotlightAndZoomReachTheFollowersSceneAndNotItsSidecar() async throws {
        let presenter = try scene("presenter"), follower = try scene("follower")
        XCTAssertEqual(presenter.audienceOverlay(maxBytes: 1000), ["page": 1, "strokes": [], "spotlight": .null, "zoom": .null])
        var revision = presenter.audienceOverlayRevision
        XCTAssertEqual(presenter.audienceOverlayRevision, revision, "nothing changed, same revision")

        draw(presenter, [Point(80, 67.5), Point(400, 67.5), Point(720, 67.5)])
        XCTAssertNotEqual(presenter.audienceOverlayRevision, revision, "a stroke is a change"); revision = presenter.audienceOverlayRevision
        presenter.ink.spotlight = true; presenter.ink.pointer = (1, Point(560, 315))
        XCTAssertNotEqual(presenter.audienceOverlayRevision, revision, "the spotlight is a change"); revision = presenter.audienceOverlayRevision
        presenter.ink.pointer = (1, Point(100, 100))
        XCTAssertNotEqual(presenter.audienceOverlayRevision, revision, "the spotlight moved")
        presenter.audiencePage.zoom = Rect(0.25, 0.25, 0.5, 0.5)
        let overlay = presenter.audienceOverlay(maxBytes: 10_000)
        XCTAssertEqual(overlay["page"]?.int, 1)
        XCTAssertEqual(overlay["strokes"]?.array?.count, 1)
        XCTAssertEqual(overlay["spotlight"], [100, 100])
        XCTAssertEqual(overlay["zoom"], [0.25, 0.25, 0.5, 0.5])

        try follower.applyAudienceOverlay(overlay)
        XCTAssertEqual(follower.ink.strokes(on: 1).map(\.points), presenter.ink.strokes(on: 1).map(\.points))
        XCTAssertEqual(follower.ink.strokes(on: 1).first?.kind, .pen)
        XCTAssertEqual(follower.ink.strokes(on: 0), [], "other pages: the presenter's strokes only")
        XCTAssertTrue(follower.ink.spotlight)
        XCTAssertEqual(follower.ink.pointer?.point, Point(100, 100))
        XCTAssertEqual(follower.audiencePage.zoom, Rect(0.25, 0.25, 0.5, 0.5))
        XCTAssertEqual(follower.audienceOverlay(maxBytes: 10_000), overlay, "the follower shows what the presenter's room sees")
        XCTAssertFalse(FileManager.default.fileExists(atPath: dir.appendingPathComponent("follower/talk.drawings.json").path),
                       "the presenter's strokes are not saved into the follower's own drawings")

        // A bad message names the field and changes nothing.
        var bad = overlay.object!; bad["strokes"] = [["tool": "brush", "color": "#ff0000", "width": 2, "points": [[1, 2]]]]
        XCTAssertThrowsError(try follower.applyAudienceOverlay(.object(bad))) {
            XCTAssertEqual("\($0)", "drawings.overlay.strokes[0].tool: expected \"pen\" or \"highlighter\", found string \"brush\"")
        }
        bad = overlay.object!; bad["zoom"] = [0.1, 0.1, 0, 0.5]
        XCTAssertThrowsError(try follower.applyAudienceOverlay(.object(bad))) { XCTAssertTrue("\($0)".hasPrefix("drawings.overlay.zoom:"), "\($0)") }
        bad = overlay.object!; bad["page"] = 7
        XCTAssertThrowsError(try follower.applyAudienceOverlay(.object(bad))) { XCTAssertTrue("\($0)".hasPrefix("drawings.overlay.page:"), "\($0)") }
        XCTAssertEqual(follower.ink.strokes(on: 1).count, 1)
        XCTAssertEqual(follower.audiencePage.zoom, Rect(0.25, 0.25, 0.5, 0.5))

        // Cleared on the presenter: nothing on the follower.
        presenter.ink.clear(page: 1); presenter.ink.spotlight = false; presenter.audiencePage.zoom = nil
        try follower.applyAudienceOverlay(presenter.audienceOverlay(maxBytes: 10_000))
        XCTAssertEqual(follower.ink.strokes(on: 1), [])
        XCTAssertFalse(follower.ink.spotlight)
        XCTAssertNil(follower.audiencePage.zoom)
        try follower.applyAudienceOverlay(.null)
        XCTAssertEqual(follower.ink.strokes(on: 1), [])
    }

    /// A page of many long strokes: the overlay stays under the limit, simplified first, then
    /// without the oldest strokes, the newest kept; said once in the log, not per call.
    func testManyLongStrokesStayUnderTheByteLimitAndTheCutIsLoggedOnce() async throws {
        let presenter = try scene("presenter")
        var said: [String] = []
        presenter.ink.log = { said.append($0) }
        for i in 0..<40 {
            // A wiggle of 600 points across the page: simplification cannot make it small.
            let points = (0..<600).map { k in Point(20 + Double(k) * 1.2, 20 + Double(i) * 8 + (k % 2 == 0 ? 0 : 20)) }
            draw(presenter, points)
        }
        let all = presenter.ink.strokes(on: 1)
        let full = presenter.audienceOverlay(maxBytes: Int.max).jsonString.utf8.count
        let limit = 32 * 1024
        XCTAssertGreaterThan(full, limit * 8, "the test's strokes are big")
        let overlay = presenter.audienceOverlay(maxBytes: limit)
        XCTAssertLessThanOrEqual(overlay.jsonString.utf8.count, limit)
        let sent = overlay["strokes"]?.array ?? []
        XCTAssertGreaterThan(sent.count, 0)
        XCTAssertLessThan(sent.count, all.count, "the oldest strokes are left out")
        let newest = try InkStroke(json: sent.last!, path: "s")
        XCTAssertEqual(newest.points.first!.y, all.last!.points.first!.y, accuracy: 0.01, "the newest stroke is kept")
        _ = presenter.audienceOverlay(maxBytes: limit)
        // A stroke being drawn there: the finished strokes' cut is reused, the new stroke is sent.
        let cut = try XCTUnwrap(presenter.ink.overlayCut)
        presenter.ink.begin(.pen, page: 1, at: Point(700, 400), pageWidth: 800)
        presenter.ink.extend(to: Point(750, 420), minStep: 0.1)
        let drawing = presenter.audienceOverlay(maxBytes: limit)
        XCTAssertEqual(presenter.ink.overlayCut?.revision, cut.revision, "the finished strokes were not cut again")
        XCTAssertEqual(try InkStroke(json: drawing["strokes"]!.array!.last!, path: "s").points, [Point(700, 400), Point(750, 420)], "the live stroke is sent")
        XCTAssertLessThanOrEqual(drawing.jsonString.utf8.count, limit)
        presenter.ink.end()
        XCTAssertEqual(said.count, 1, "said once: \(said)")
        XCTAssertTrue(said.first?.contains("left out") == true && said.first?.contains("page 2") == true, "\(said)")

        // Within the limit after simplification alone: nothing is left out.
        presenter.ink.clear(page: 1)
        // A jitter of half a point along straight lines: kept when drawn, gone at the first tolerance (0.8 pt).
        for i in 0..<10 { draw(presenter, (0..<1000).map { k in Point(20 + Double(k) * 0.7, 40 + Double(i) * 10 + (k % 2 == 0 ? 0 : 0.5)) }) }
        XCTAssertGreaterThan(presenter.audienceOverlay(maxBytes: Int.max).jsonString.utf8.count, 64 * 1024, "over the limit as drawn")
        let simplified = presenter.audienceOverlay(maxBytes: 64 * 1024)
        XCTAssertLessThanOrEqual(simplified.jsonString.utf8.count, 64 * 1024)
        XCTAssertEqual(simplified["strokes"]?.array?.count, 10)
        XCTAssertTrue(said.last?.contains("simplified") == true && said.last?.contains("left out") == false, "\(said)")
    }
}
