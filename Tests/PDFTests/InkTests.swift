import XCTest
import PodiumKit
@testable import PDFScene

/// The drawing layer's pure parts: the sidecar's format and errors, stroke simplification, the
/// eraser's reach, undo, and the zoom's fit.
@MainActor
final class InkTests: PDFTestCase {

    func testSidecarRoundTripsStrokesInPagePoints() async throws {
        let pdf = path("talk.pdf")
        let side = InkSidecar(pdf: pdf)
        XCTAssertEqual(side.path, path("talk.drawings.json"))
        XCTAssertEqual(try side.load(), [:], "no file: no drawings")
        try side.save([:])
        XCTAssertFalse(FileManager.default.fileExists(atPath: side.path), "nothing drawn: no file written")
        let pen = InkStroke(kind: .pen, color: Color(0xE0, 0x1E, 0x1E), width: 3.2, points: [Point(120.5, 80), Point(131, 84.25)])
        let hi = InkStroke(kind: .highlighter, color: Color(0xFF, 0xE0, 0x00, 0x70), width: 20, points: [Point(1, 2)])
        let a = "0123456789abcdef", b = "fedcba9876543210.2"
        try side.save([a: [pen, hi], b: [], InkSidecar.version1Key(4): [pen]])
        let back = try side.load()
        XCTAssertEqual(back[a], [pen, hi])
        XCTAssertNil(back[b], "empty pages are left out")
        XCTAssertEqual(back[InkSidecar.version1Key(4)], [pen], "a version 1 page not matched to a page is kept")
        let json = try JSONValue.parse(Data(contentsOf: URL(fileURLWithPath: side.path)))
        XCTAssertEqual(json["version"]?.int, 2)
        XCTAssertEqual(json["pages"]?[a]?.array?.first?["color"]?.string, "#e01e1e", "pages by page key")
        XCTAssertEqual(json["pages"]?[a]?.array?.last?["color"]?.string, "#ffe00070")
        XCTAssertEqual(json["version1Pages"]?["4"]?.array?.count, 1, "by its 1-based number, as version 1 had it")
    }

    func testSidecarErrorsNameTheFileAndField() async throws {
        let side = InkSidecar(pdf: path("talk.pdf"))
        func problem(_ text: String) -> String {
            try? text.write(toFile: side.path, atomically: true, encoding: .utf8)
            do { _ = try side.load(); return "loaded" } catch { return "\(error)" }
        }
        XCTAssertTrue(problem("{").contains("talk.drawings.json: not valid JSON"))
        XCTAssertTrue(problem(#"{"1": []}"#).contains(#"expected an object with "podium": "drawings""#))
        XCTAssertTrue(problem(#"{"podium": "drawings", "pages": {"zero": []}}"#).contains(#"pages."zero": expected a page number"#))
        XCTAssertTrue(problem(##"{"podium": "drawings", "pages": {"1": [{"tool": "pen", "color": "#fff", "width": 2, "points": [[1, 2], [3]]}]}}"##)
            .contains(#"pages."1"[0].points[1]: expected [x, y] in page points, found array"#))
        XCTAssertTrue(problem(#"{"podium": "drawings", "pages": {"1": [{"tool": "pen", "color": "red", "width": 2, "points": [[1, 2]]}]}}"#)
            .contains(##"pages."1"[0].color: expected a colour like "#e01e1e", found string "red""##))
        XCTAssertTrue(problem(##"{"podium": "drawings", "pages": {"1": [{"tool": "pen", "color": "#fff", "width": -2, "points": [[1, 2]]}]}}"##)
            .contains(#"pages."1"[0].width: expected a width in page points"#))
        XCTAssertTrue(problem(#"{"podium": "drawings", "version": 3, "pages": {}}"#).contains("version: expected 1 or 2, found 3"))
        XCTAssertTrue(problem(#"{"podium": "drawings", "version": 2, "pages": {"4": []}}"#).contains(#"pages."4": expected a page key"#))
        XCTAssertTrue(problem(#"{"podium": "drawings", "version": 2, "pages": {}, "version1Pages": {"x": []}}"#).contains(#"version1Pages."x": expected a page number"#))
    }

    func testSimplifyKeepsTheShapeWithinTolerance() async {
        // A straight run of 100 points and one corner: three points stay.
        var pts = (0...50).map { Point(Double($0), 0) }
        pts += (1...50).map { Point(50, Double($0)) }
        let s = InkStroke(kind: .pen, color: .black, width: 1, points: pts).simplified(tolerance: 0.1)
        XCTAssertEqual(s.points, [Point(0, 0), Point(50, 0), Point(50, 50)])
        // A wave keeps every point that is further than the tolerance from the simplified line.
        let wave = InkStroke(kind: .pen, color: .black, width: 1, points: (0...200).map { Point(Double($0), 10 * sin(Double($0) / 10)) })
        let w = wave.simplified(tolerance: 0.05)
        XCTAssertLessThan(w.points.count, 200)
        for p in wave.points {
            let d = (1..<w.points.count).map { InkStroke.distance(p, w.points[$0 - 1], w.points[$0]) }.min()!
            XCTAssertLessThanOrEqual(d, 0.05 + 1e-9)
        }
    }

    /// A straight pen stroke on page 1 of an 800-point-wide slide.
    func penLine(_ ink: InkSession, from a: Point, to b: Point) {
        ink.begin(.pen, page: 0, at: a, pageWidth: 800)
        ink.extend(to: b, minStep: 1)
        ink.end()
    }

    func testEraserReachAndUndo() async throws {
        let pdf = path("talk.pdf")
        TestPDF.write(pdf, .init(pages: 2))
        let ink = InkSession(pdf: pdf, document: try PDFDocument(path: pdf))
        penLine(ink, from: Point(100, 100), to: Point(300, 100))
        penLine(ink, from: Point(100, 300), to: Point(300, 300))
        XCTAssertEqual(ink.strokes(on: 0).count, 2)
        XCTAssertEqual(ink.strokes(on: 0)[0].width, 3.2, "0.4 % of the page width")
        ink.erase(page: 0, at: Point(200, 100 + 1.6 + 12 + 0.5), radius: 12)
        XCTAssertEqual(ink.strokes(on: 0).count, 2, "just out of reach (radius + half the width)")
        ink.erase(page: 0, at: Point(200, 100 + 1.6 + 12 - 0.5), radius: 12)
        XCTAssertEqual(ink.strokes(on: 0).map { $0.points[0].y }, [300], "the touched stroke goes, whole")
        ink.clear(page: 0)
        XCTAssertEqual(ink.strokes(on: 0).count, 0)
        XCTAssertTrue(ink.undo(page: 0)); XCTAssertEqual(ink.strokes(on: 0).map { $0.points[0].y }, [300], "undo the clear")
        XCTAssertTrue(ink.undo(page: 0)); XCTAssertEqual(ink.strokes(on: 0).map { $0.points[0].y }, [100, 300], "undo the erasure, in place")
        XCTAssertTrue(ink.undo(page: 0)); XCTAssertEqual(ink.strokes(on: 0).map { $0.points[0].y }, [100])
        XCTAssertFalse(ink.undo(page: 1), "nothing to undo on another page")
        XCTAssertEqual(try InkSidecar(pdf: pdf).load()[try XCTUnwrap(ink.key(0))]?.count, 1, "saved after every change")
    }

    /// Trial 9 F10: drawings that cannot be saved say so in one short line naming the file and
    /// the reason (here a folder where the sidecar should be written), not an NSError dump; the
    /// strokes stay for the session.
    func testDrawingsThatCannotBeSavedSayWhyInOneShortLine() async throws {
        let pdf = path("talk.pdf")
        TestPDF.write(pdf, .init(pages: 1))
        let ink = InkSession(pdf: pdf, document: try PDFDocument(path: pdf))
        var told: [String] = []
        ink.tellSpeaker = { told.append($0) }   // SceneContext.tellSpeaker: the presenter's notice and the log
        try FileManager.default.createDirectory(atPath: InkSidecar(pdf: pdf).path, withIntermediateDirectories: true)
        penLine(ink, from: Point(100, 100), to: Point(300, 100))
        penLine(ink, from: Point(100, 300), to: Point(300, 300))
        XCTAssertEqual(ink.saveProblem, "talk.drawings.json: is a directory; drawings are kept for this session only")
        XCTAssertEqual(told, ["Drawings not saved: talk.drawings.json: is a directory; drawings are kept for this session only."], "said once")
        XCTAssertEqual(ink.strokes(on: 0).count, 2)
    }

    /// A quick swipe reports two points either side of a stroke: the path between them erases.
    func testEraserSweepsTheSegmentBetweenPoints() async throws {
        let pdf = path("talk.pdf")
        TestPDF.write(pdf, .init(pages: 1))
        let ink = InkSession(pdf: pdf, document: try PDFDocument(path: pdf))
        penLine(ink, from: Point(100, 100), to: Point(300, 100))
        ink.erase(page: 0, from: Point(200, 150), to: Point(400, 150), radius: 12)
        XCTAssertEqual(ink.strokes(on: 0).count, 1, "a path that passes beside the stroke leaves it")
        ink.erase(page: 0, from: Point(310 + 1.6 + 12 + 0.5, 50), to: Point(310 + 1.6 + 12 + 0.5, 150), radius: 12)
        XCTAssertEqual(ink.strokes(on: 0).count, 1, "just out of reach of the stroke's end")
        ink.erase(page: 0, from: Point(200, 60), to: Point(200, 140), radius: 12)
        XCTAssertEqual(ink.strokes(on: 0).count, 0, "both points 40 away, the path between crosses it")
        XCTAssertEqual(InkStroke.distance(Point(0, 0), Point(10, 10), Point(0, 10), Point(10, 0)), 0, "crossing segments")
        XCTAssertEqual(InkStroke.distance(Point(0, 0), Point(10, 0), Point(5, 3), Point(5, 9)), 3, accuracy: 1e-12)
    }

    /// Page keys come from the page's text and size: the same slide has the same key at another
    /// place in another version of the PDF; repeated pages are told apart by their order.
    func testPageKeysFollowTheSlide() async throws {
        let v1 = path("v1.pdf"), v2 = path("v2.pdf")
        TestPDF.write(v1, .init(pages: 4, texts: ["Intro", "Method", "Same", "Same"]))
        TestPDF.write(v2, .init(pages: 5, texts: ["Intro", "New slide", "Method", "Same", "Same"]))
        let k1 = InkPageKeys.keys(of: try PDFDocument(path: v1)), k2 = InkPageKeys.keys(of: try PDFDocument(path: v2))
        XCTAssertEqual(Set(k1).count, 4, "\(k1)")
        XCTAssertEqual(k2[2], k1[1]); XCTAssertEqual(k2[0], k1[0]); XCTAssertEqual(k2[3], k1[2]); XCTAssertEqual(k2[4], k1[3])
        XCTAssertFalse(k1.contains(k2[1]))
        XCTAssertEqual(k1[3], k1[2] + ".2")
        XCTAssertTrue(k1.allSatisfy { InkPageKeys.isPageKey(Substring($0)) })
        XCTAssertNotEqual(InkPageKeys.key(text: "Intro", size: Size(800, 450)), InkPageKeys.key(text: "Intro", size: Size(800, 600)), "the size counts")
        XCTAssertEqual(InkPageKeys.fnv1a64(Array("a".utf8)), 0xaf63_dc4c_8601_ec8c, "FNV-1a 64's published value")
    }

    /// A talk opened with saved drawings does not read every page's text on the main thread
    /// before its first frame (~2 ms a page: 0.6 s for 300 pages): the strokes are drawn once a
    /// background thread has read the page keys; picking the pen starts that read too.
    func testSavedStrokesWaitForPageKeysReadInTheBackground() async throws {
        let pdf = path("talk.pdf")
        TestPDF.write(pdf, .init(pages: 3, texts: ["One", "Two", "Three"]))
        let first = InkSession(pdf: pdf, document: try PDFDocument(path: pdf))
        penLine(first, from: Point(100, 100), to: Point(300, 100))   // no runOnMain: keys read on the caller
        XCTAssertEqual(first.strokes(on: 0).count, 1)

        let ink = InkSession(pdf: pdf, document: try PDFDocument(path: pdf))
        let posted = expectation(description: "the keys' read posts back to the main thread")
        ink.runOnMain = { body in Task { @MainActor in body(); posted.fulfill() } }
        var redraws = 0
        ink.onChange.append { redraws += 1 }
        XCTAssertEqual(ink.strokes(on: 0), [], "nothing drawn before the keys are read off the main thread")
        await fulfillment(of: [posted], timeout: 30)
        XCTAssertGreaterThanOrEqual(redraws, 1, "the views redraw once the keys are read")
        XCTAssertEqual(ink.strokes(on: 0).count, 1, "then the saved stroke shows on its page")

        let fresh = InkSession(pdf: pdf, document: try PDFDocument(path: pdf))
        let read = expectation(description: "picking the pen reads the keys in the background")
        fresh.runOnMain = { body in Task { @MainActor in body(); read.fulfill() } }
        fresh.tool = .pen
        await fulfillment(of: [read], timeout: 30)
        XCTAssertTrue(fresh.document.pageKeysIfRead != nil, "read before the first stroke ends")
    }

    /// A version 1 file (strokes by page number) is put on its pages when it was written after the
    /// PDF last changed; otherwise its strokes are shown nowhere and kept in the file.
    func testVersion1FileIsPlacedOnlyOnTheSamePDF() async throws {
        let pdf = path("talk.pdf"), side = InkSidecar(pdf: pdf)
        let old = ##"{"podium": "drawings", "version": 1, "pages": {"2": [{"tool": "pen", "color": "#e01e1e", "width": 3, "points": [[1, 2]]}], "9": [{"tool": "pen", "color": "#e01e1e", "width": 3, "points": [[5, 6]]}]}}"##
        TestPDF.write(pdf, .init(pages: 3))
        try old.write(toFile: side.path, atomically: true, encoding: .utf8)
        func setModified(_ p: String, _ t: TimeInterval) throws {
            try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: t)], ofItemAtPath: p)
        }
        // Drawn on this PDF: page 2's stroke shows on page 2; page 9's (beyond the end) is kept.
        try setModified(pdf, -60)
        var ink = InkSession(pdf: pdf, document: try PDFDocument(path: pdf))
        XCTAssertEqual(ink.strokes(on: 1).map(\.points), [[Point(1, 2)]])
        var saved = try side.load()
        XCTAssertEqual(saved[try XCTUnwrap(ink.key(1))]?.count, 1, "saved by page key")
        XCTAssertEqual(saved[InkSidecar.version1Key(9)]?.count, 1, "the page beyond the end is kept")
        // The PDF changed since the file was written: nothing shows, everything is kept.
        try old.write(toFile: side.path, atomically: true, encoding: .utf8)
        try setModified(side.path, -60)
        try setModified(pdf, 0)
        ink = InkSession(pdf: pdf, document: try PDFDocument(path: pdf))
        XCTAssertTrue((0..<3).allSatisfy { ink.strokes(on: $0).isEmpty })
        penLine(ink, from: Point(100, 100), to: Point(300, 100))
        saved = try side.load()
        XCTAssertEqual(saved[InkSidecar.version1Key(2)]?.count, 1, "kept through a save")
        XCTAssertEqual(saved[InkSidecar.version1Key(9)]?.count, 1)
        XCTAssertEqual(saved[try XCTUnwrap(ink.key(0))]?.count, 1)
    }

    func testZoomWidensToTheViewAndStaysOnThePage() async {
        let page = Size(800, 450), all = Rect(0, 0, 1, 1)
        // 80×40 points at the centre, into a 16:9 view: 80×45.
        var r = InkGeometry.filling(zoom: Rect(0.45, 0.5, 0.1, 40.0 / 450), within: all, page: page, bounds: Size(1600, 900))
        XCTAssertEqual(r.width * 800, 80, accuracy: 1e-9); XCTAssertEqual(r.height * 450, 45, accuracy: 1e-9)
        XCTAssertEqual(r.midX, 0.5, accuracy: 1e-9)
        // At the page's corner it is moved back onto the page.
        r = InkGeometry.filling(zoom: Rect(0.95, 0.98, 0.05, 0.02), within: all, page: page, bounds: Size(1600, 900))
        XCTAssertEqual(r.maxX, 1, accuracy: 1e-9); XCTAssertEqual(r.maxY, 1, accuracy: 1e-9)
        // Inside a Beamer slide half it stays in that half.
        r = InkGeometry.filling(zoom: Rect(0.4, 0.1, 0.09, 0.1), within: Rect(0, 0, 0.5, 1), page: Size(1600, 450), bounds: Size(1600, 900))
        XCTAssertLessThanOrEqual(r.maxX, 0.5 + 1e-9)
        // Mapping view ↔ page round-trips.
        let g = InkGeometry(fit: Rect(10, 20, 400, 225), region: Rect(0.25, 0, 0.5, 1), page: page)
        let p = g.page(g.view(Point(333, 111)))
        XCTAssertEqual(p.x, 333, accuracy: 1e-9); XCTAssertEqual(p.y, 111, accuracy: 1e-9)
        XCTAssertEqual(g.scale, 1, accuracy: 1e-9)
    }
}
