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

    }

    /// A notes sidecar with a typo never stops the talk (trial 8: the launch was refused and every
    /// reload of the PDF with it): what cannot be read is marked missing on its pages, each problem
    /// names the file, key and value, and once read well the notes stay through a later typo.
    func testABadNotesSidecarMarksNotesMissingAndKeepsTheLastGood() throws {
        let pdf = TestPDF.write(path("talk.pdf"), .init(pages: 3, labels: [0: "i", 1: "ii", 2: "A-1"]))
        let notes = path("talk.notes.json")
        func write(_ s: String) throws { try s.write(toFile: notes, atomically: true, encoding: .utf8) }
        try write(#"{"9": "x", "ii": "Numbers", "1": 5}"#)
        var deck = try PDFDeck(path: pdf)
        XCTAssertEqual(deck.notesProblems, [
            "\(notes): \"1\": expected a string or an array of strings, found number 5",
            "\(notes): \"9\": not a page number (1…3) or page label of the PDF; left out",
        ])
        XCTAssertEqual(deck.pages[0].notes, "**Notes missing**: talk.notes.json could not be read (\"1\": expected a string or an array of strings, found number 5).")
        XCTAssertEqual(deck.pages[1].notes, "Numbers", "what could be read is shown")
        XCTAssertEqual(deck.pages[2].notes, "")

        try write(#"{ "1": "note one", "#)
        deck = try PDFDeck(path: pdf)
        XCTAssertEqual(deck.notesProblems.count, 1)
        XCTAssertTrue(deck.notesProblems[0].hasPrefix("\(notes): not valid JSON: line 1, column "), deck.notesProblems[0])
        XCTAssertTrue(deck.pages.allSatisfy { $0.notes.hasPrefix("**Notes missing**: talk.notes.json could not be read (not valid JSON: line 1") }, "\(deck.pages.map(\.notes))")

        // Read well once, then saved with a typo (mid-edit): the last good notes stay, and it says so.
        try write(#"{"1": "Welcome", "ii": ["Numbers", "Pause"]}"#)
        deck = try PDFDeck(path: pdf)
        XCTAssertEqual(deck.notesProblems, [])
        XCTAssertEqual(deck.pages.map(\.notes), ["Welcome", "Numbers\nPause", ""])
        try write(#"{"1": "Welcome", "ii": ["Numbers", "#)
        deck = try PDFDeck(path: pdf)
        XCTAssertEqual(deck.pages.map(\.notes), ["Welcome", "Numbers\nPause", ""], "the last good notes are kept")
        XCTAssertEqual(deck.notesProblems.count, 1)
        XCTAssertTrue(deck.notesProblems[0].hasSuffix("(the notes read before are kept)"), deck.notesProblems[0])
        // Removed: no notes, no problem (and nothing kept for a later typo).
        try FileManager.default.removeItem(atPath: notes)
        XCTAssertEqual(try PDFDeck(path: pdf).notesProblems, [])
        try write("[")
        XCTAssertTrue(try PDFDeck(path: pdf).pages[0].notes.hasPrefix("**Notes missing**"))
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
