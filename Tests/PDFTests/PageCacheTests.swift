import XCTest
import PodiumKit
import PodiumTestSupport
@testable import PDFScene

/// Layout maths, the notes sidecar, the deck built from a PDF, and the page cache's pre-rendering
/// and budget.
final class PageCacheTests: PDFTestCase {

    func testFitKeepsAspectInWholePixelsAndScales() throws {
        // A 4:3 page in a 16:9 view at scale 2: pillarboxed, 1440×1080 pixels, centred.
        let f = try XCTUnwrap(PageFit(region: Size(800, 600), bounds: Size(960, 540), scale: 2))
        XCTAssertEqual(f.pixelWidth, 1440); XCTAssertEqual(f.pixelHeight, 1080)
        XCTAssertEqual(f.rect, Rect(120, 0, 720, 540))
        XCTAssertEqual(f.unitPoint(Point(120 + 360, 270)), Point(0.5, 0.5))
        XCTAssertNil(f.unitPoint(Point(10, 10)), "letterbox is not the page")
        XCTAssertNil(PageFit(region: Size(800, 600), bounds: .zero, scale: 1))
        XCTAssertEqual(NotesLayout.bottom.region(forAudience: false), Rect(0, 0.5, 1, 0.5))
        XCTAssertEqual(NotesLayout.left.region(forAudience: true), Rect(0.5, 0, 0.5, 1))
    }

    func testNotesSidecarByNumberAndLabel() throws {
        let pdf = TestPDF.write(path("talk.pdf"), .init(pages: 3, labels: [0: "i", 1: "ii", 2: "A-1"]))
        XCTAssertEqual(PDFNotes.sidecarPath(for: pdf), path("talk.notes.json"))
        try #"{"1": "Welcome", "ii": ["Numbers", "Pause"], "A-1": "Backup"}"#.write(toFile: path("talk.notes.json"), atomically: true, encoding: .utf8)
        let deck = try PDFDeck(path: pdf, notes: .right)
        XCTAssertEqual(deck.title, "Generated Talk")
        XCTAssertEqual(deck.pages.map(\.notes), ["Welcome", "Numbers\nPause", "Backup"])
        XCTAssertEqual(deck.pages.map(\.title), ["Page i", "Page ii", "Page A-1"])
        XCTAssertEqual(deck.pages[1].parameters["page"], .number(2))
        XCTAssertEqual(deck.pages[1].parameters["notes"], .string("right"))
        XCTAssertEqual(deck.pages[1].parameters["file"], .string(pdf))

        try #"{"9": "x"}"#.write(toFile: path("talk.notes.json"), atomically: true, encoding: .utf8)
        XCTAssertThrowsError(try PDFDeck(path: pdf)) { XCTAssertEqual("\($0)", "\(self.path("talk.notes.json")): \"9\": not a page number (1…3) or page label of the PDF") }
        try #"{"1": 5}"#.write(toFile: path("talk.notes.json"), atomically: true, encoding: .utf8)
        XCTAssertThrowsError(try PDFDeck(path: pdf)) { XCTAssertTrue("\($0)".hasSuffix("expected a string or an array of strings, found number"), "\($0)") }
        try "[".write(toFile: path("talk.notes.json"), atomically: true, encoding: .utf8)
        XCTAssertThrowsError(try PDFDeck(path: pdf)) { XCTAssertTrue("\($0)".contains("not valid JSON"), "\($0)") }
    }

    func testBadPDFStillGivesOneSceneForTheErrorCard() throws {
        _ = FileManager.default.createFile(atPath: path("bad.pdf"), contents: Data("hello".utf8))
        let deck = try PDFDeck(path: path("bad.pdf"))
        XCTAssertEqual(deck.pages.count, 1)
        XCTAssertEqual(PDFPlugin.fileProblem(SceneParameters(deck.pages[0].parameters), deckDirectory: dir),
                       "\(path("bad.pdf")): not a PDF file (no %PDF- header; it starts with \"hello\")")
    }

    func testPrefetchRendersNeighboursAndTheBudgetHolds() throws {
        let cache = PageCache(document: try PDFDocument(path: TestPDF.write(path("ten.pdf"), .init(pages: 10))))
        func key(_ p: Int, _ w: Int = 320) -> PageKey { PageKey(page: p, region: Rect(0, 0, 1, 1), pixelWidth: w, pixelHeight: w * 9 / 16) }
        XCTAssertNotNil(cache.bitmap(key(0)))
        XCTAssertEqual(cache.renderedOnDemandCount, 1)
        cache.prefetch([key(1)])
        cache.waitUntilIdle()
        XCTAssertNotNil(cache.cached(key(1)), "the worker rendered the next page")
        XCTAssertEqual(cache.prefetchedCount, 1)
        let b1 = cache.bitmap(key(1))
        XCTAssertEqual(cache.renderedOnDemandCount, 1, "an advance finds the page ready")
        XCTAssertTrue(b1 === cache.cached(key(1)))
        for p in 2..<10 { _ = cache.bitmap(key(p)) }
        XCTAssertEqual(cache.usage.count, PageCache.pagesPerGroup, "at most \(PageCache.pagesPerGroup) pages per window size")
        XCTAssertNotNil(cache.cached(key(9)))
        XCTAssertEqual(cache.packedUsage.count, 10, "every page stays packed")
        XCTAssertNotNil(cache.cached(key(0)), "the least recently used comes back from the store")
        XCTAssertEqual(cache.renderedOnDemandCount, 9, "rendered once each")
        _ = cache.bitmap(key(0, 640))
        XCTAssertEqual(cache.usage.count, PageCache.pagesPerGroup + 1, "another window size is its own group")
    }
}
