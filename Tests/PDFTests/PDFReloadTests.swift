import XCTest
import PodiumKit
import PodiumTestSupport
@testable import PDFScene

/// What makes a reload safe at the document level: a document keeps its own copy of the file,
/// fresh caches replace the old ones only on commit, and a half-written file is refused.
final class PDFReloadTests: PDFTestCase {
    /// The colour at the centre of the page's box, rendered from `cache`'s document.
    func boxColour(_ doc: PDFDocument, page: Int = 0) throws -> (Int, Int, Int) {
        let b = try XCTUnwrap(doc.render(page: page, pixelWidth: 800, pixelHeight: 450))
        let i = 225 * b.stride + 300 * 4   // BGRA
        return (Int(b.pixels[i + 2]), Int(b.pixels[i + 1]), Int(b.pixels[i]))
    }
    func assertColour(_ c: (Int, Int, Int), _ want: (Int, Int, Int), _ what: String, line: UInt = #line) {
        XCTAssertTrue(abs(c.0 - want.0) <= 4 && abs(c.1 - want.1) <= 4 && abs(c.2 - want.2) <= 4, "\(what): \(c), want \(want)", line: line)
    }

    func testADocumentKeepsItsOwnCopyWhenTheFileIsRewrittenInPlace() throws {
        let pdf = TestPDF.write(path("talk.pdf"), .init(pages: 3))
        let old = try PDFDocument(path: pdf)
        TestPDF.write(path("v2.pdf"), .init(pages: 3, colourShift: 1))
        let fh = try XCTUnwrap(FileHandle(forWritingAtPath: pdf))
        try fh.truncate(atOffset: 0)
        try fh.write(contentsOf: FileManager.default.contents(atPath: path("v2.pdf"))!.prefix(300))
        try fh.close()
        // Pages never rendered before still come whole from the copy read at opening.
        for page in [2, 1, 0] { assertColour(try boxColour(old, page: page), TestPDF.colour(page), "old document, page \(page + 1)") }
    }

    func testFreshCachesReplaceTheOldOnesOnlyOnCommit() throws {
        let pdf = TestPDF.write(path("talk.pdf"), .init(pages: 2))
        let first = try PageCaches.cache(for: pdf)
        XCTAssertTrue(try PageCaches.cache(for: pdf) === first, "one cache per file")
        TestPDF.write(pdf, .init(pages: 2, colourShift: 1))

        var staged: PageCache?
        XCTAssertFalse(PageCaches.loadFresh {
            staged = try? PageCaches.cache(for: pdf)
            return false
        })
        XCTAssertFalse(staged === first, "a reload opens the file afresh")
        XCTAssertTrue(try PageCaches.cache(for: pdf) === first, "refused: the cache in use stays")
        assertColour(try boxColour(first.document), TestPDF.colour(0), "the version on screen")

        XCTAssertTrue(PageCaches.loadFresh { (try? PageCaches.cache(for: pdf)) != nil })
        let second = try PageCaches.cache(for: pdf)
        XCTAssertFalse(second === first)
        XCTAssertGreaterThan(second.generation, first.generation)
        assertColour(try boxColour(second.document), TestPDF.colour(1), "the new version")
        // The old cache is retired: its pages are dropped, but a scene still holding it (one a
        // reload kept) draws its own file, at once or through the worker (trial 11, F2: the
        // worker refused a retired cache and the room got blank paper).
        XCTAssertEqual(first.usage.count, 0)
        let key = PageKey(page: 1, region: Rect(0, 0, 1, 1), pixelWidth: 80, pixelHeight: 45)
        XCTAssertNotNil(first.bitmap(key))
        let later = PageKey(page: 0, region: Rect(0, 0, 1, 1), pixelWidth: 80, pixelHeight: 45)
        let told = expectation(description: "the worker rendered a retired cache's request")
        XCTAssertNil(first.request(later) { told.fulfill() })
        wait(for: [told], timeout: 10)
        XCTAssertNotNil(first.cached(later))
        XCTAssertNotNil(first.bitmap(later, waitingAtMost: 5) {})
    }

    /// Ctrl+R with the file unchanged: the cache in use stays (its pages, its worker), so the
    /// scenes a reload keeps and the ones it makes share one document.
    func testAReloadOfAnUnchangedFileKeepsTheCacheInUse() throws {
        let pdf = TestPDF.write(path("talk.pdf"), .init(pages: 2))
        let first = try PageCaches.cache(for: pdf)
        let key = PageKey(page: 0, region: Rect(0, 0, 1, 1), pixelWidth: 80, pixelHeight: 45)
        XCTAssertNotNil(first.bitmap(key))
        var staged: PageCache?
        XCTAssertTrue(PageCaches.loadFresh { staged = try? PageCaches.cache(for: pdf); return staged != nil })
        XCTAssertFalse(staged === first, "the file was read afresh to check it")
        XCTAssertTrue(try PageCaches.cache(for: pdf) === first, "the same bytes: the cache in use stays")
        XCTAssertNotNil(first.cached(key), "with its pages")
        // Rewritten with other bytes: a new cache.
        TestPDF.write(pdf, .init(pages: 2, colourShift: 1))
        XCTAssertTrue(PageCaches.loadFresh { (try? PageCaches.cache(for: pdf)) != nil })
        XCTAssertFalse(try PageCaches.cache(for: pdf) === first)
    }

    func testAHalfWrittenFileIsRefusedBeforeAReload() throws {
        let whole = FileManager.default.contents(atPath: TestPDF.write(path("whole.pdf"), .init(pages: 3)))!
        let params = SceneParameters(["file": .string("talk.pdf")], path: "scenes[0].parameters")
        /// The problem a reload would find in talk.pdf now (opened afresh, never kept).
        func problem() -> String? {
            var p: String?
            _ = PageCaches.loadFresh { p = PDFPlugin.fileProblem(params, deckDirectory: self.dir, complete: true); return false }
            return p
        }
        _ = FileManager.default.createFile(atPath: path("talk.pdf"), contents: whole)
        XCTAssertNil(problem())
        // Everything but the end-of-file marker: poppler rebuilds the table and would open it.
        _ = FileManager.default.createFile(atPath: path("talk.pdf"), contents: Data(whole.prefix(whole.count - 6)))
        XCTAssertNil(PDFPlugin.fileProblem(params, deckDirectory: dir), "poppler alone takes it")
        XCTAssertEqual(problem(), "talk.pdf: incomplete PDF (no %%EOF at the end: still being written, or cut short)")
        _ = FileManager.default.createFile(atPath: path("talk.pdf"), contents: whole.prefix(whole.count / 2))
        XCTAssertNotNil(problem(), "half a file")
    }

    /// Reading the whole file first must not block on a FIFO or fail oddly on a directory.
    func testOnlyRegularFilesAreRead() throws {
        try FileManager.default.createDirectory(atPath: path("folder.pdf"), withIntermediateDirectories: true)
        XCTAssertThrowsError(try PDFDocument(path: path("folder.pdf"))) { XCTAssertEqual("\($0)", "\(self.path("folder.pdf")): is a directory, not a file") }
        XCTAssertEqual(mkfifo(path("pipe.pdf"), 0o600), 0)
        XCTAssertThrowsError(try PDFDocument(path: path("pipe.pdf"))) { XCTAssertTrue("\($0)".hasSuffix("not a regular file but a FIFO (named pipe)"), "\($0)") }
        XCTAssertThrowsError(try PDFDocument(path: path("absent.pdf"))) { XCTAssertEqual(($0 as? PDFError)?.problem, .missing) }
    }
}
