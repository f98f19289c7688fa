import XCTest
import PodiumKit
import PodiumTestSupport
@testable import PDFScene

/// The compressed page store: a revisit renders no page, the store keeps to its byte budget, and
/// previews drawn smaller than their view get their own renders at their size on the worker.
/// Counters say what was rendered, unpacked and where; no timing is asserted.
@MainActor
final class PageStoreTests: PDFTestCase {
    func key(_ p: Int, _ w: Int = 320) -> PageKey { PageKey(page: p, region: Rect(0, 0, 1, 1), pixelWidth: w, pixelHeight: w * 9 / 16) }
    var renders: (PageCache) -> Int { { $0.prefetchedCount + $0.renderedOnDemandCount } }

    func testARevisitRendersNoPage() async throws {
        let cache = PageCache(document: try PDFDocument(path: TestPDF.write(path("twelve.pdf"), .init(pages: 12))))
        for p in 0..<12 {
            let b = try XCTUnwrap(cache.bitmap(key(p)))
            XCTAssertEqual([b.width, b.height], [320, 180])
            cache.prefetch([key(p + 1)].filter { $0.page < 12 })
            cache.waitUntilIdle()
        }
        let firstPass = renders(cache)
        XCTAssertEqual(firstPass, 12, "each page rendered once")
        XCTAssertEqual(cache.packedUsage.count, 12, "every page kept packed")
        XCTAssertLessThanOrEqual(cache.usage.count, PageCache.pagesPerGroup, "few pages unpacked")
        var pixels: [[UInt8]] = []
        for p in 0..<12 {
            let b = try XCTUnwrap(cache.bitmap(key(p)))
            pixels.append(b.pixels)
            cache.prefetch([key(p + 1)].filter { $0.page < 12 })
            cache.waitUntilIdle()
        }
        XCTAssertEqual(renders(cache), firstPass, "the second pass rendered no page")
        XCTAssertGreaterThanOrEqual(cache.fromStoreCount, 9, "pages came back from the store")
        // Unpacked pixels are the page as rendered.
        let fresh = try XCTUnwrap(cache.document.render(page: 7, pixelWidth: 320, pixelHeight: 180))
        XCTAssertEqual(pixels[7], fresh.pixels)
        XCTAssertLessThan(cache.packedUsage.bytes, 12 * 320 * 180 * 4 / 4, "slides pack to a fraction of their pixels")
    }

    /// Trial 27 m2: stored bytes that fail to unpack (damaged memory; both packers' formats) are
    /// not a blank page for good. Unpacked on the main thread, where frames are drawn, the page is
    /// rendered again into the same destination, kept in place of the damaged bytes, and the
    /// windows are told to redraw; the next ask gets the new copy, which unpacks.
    func testStoredBytesThatFailToUnpackAreRenderedAgain() async throws {
        let cache = PageCache(document: try PDFDocument(path: TestPDF.write(path("damaged.pdf"), .init(pages: 3))))
        let redraws = Counter()
        cache.redraw = { redraws.add() }
        let k = key(1, 640)
        let fresh = try XCTUnwrap(cache.document.render(page: 1, pixelWidth: 640, pixelHeight: 360))
        let good = try XCTUnwrap(PackedPage(fresh))
        for (round, codec) in [PackedPage.Codec.lz4, .zstd].enumerated() {
            let damaged = PackedPage(width: good.width, height: good.height, stride: good.stride,
                                     bytes: Array(good.bytes.prefix(good.bytes.count / 2)), codec: codec, tileHashes: good.tileHashes)
            cache.replaceStored(k, with: damaged)
            let b = try XCTUnwrap(cache.bitmap(k))
            XCTAssertTrue(b.pixelSource === damaged, "the damaged bytes are what the store gave")
            let before = renders(cache)
            // What the renderer does with a page it draws: its rows into a texture or the window surface.
            let pitch = 640 * 4 + 64
            var out = [UInt8](repeating: 0, count: pitch * 360)
            XCTAssertTrue(out.withUnsafeMutableBytes { b.copyPixels(into: $0.baseAddress!, stride: pitch) }, "\(codec): pixels written")
            XCTAssertTrue((0..<360).allSatisfy { y in out[y * pitch..<y * pitch + 640 * 4].elementsEqual(fresh.pixels[y * 640 * 4..<(y + 1) * 640 * 4]) },
                          "\(codec): the page as rendered, not black")
            XCTAssertEqual(renders(cache), before + 1, "\(codec): rendered again once")
            XCTAssertEqual(cache.unreadableCount, round + 1)
            XCTAssertEqual(redraws.value, round + 1, "\(codec): the windows redraw and ask again")
            let again = try XCTUnwrap(cache.bitmap(k))
            XCTAssertFalse(again === b, "\(codec): a new copy, not the damaged one")
            XCTAssertEqual(again.pixels, fresh.pixels)
            XCTAssertEqual(renders(cache), before + 1, "\(codec): the new copy is kept, not rendered a third time")
        }
    }

    /// Pages packed fast when rendered are packed again densely (LZ4HC) by the idle prefetch
    /// worker: fewer bytes for the same pages, and a page unpacked from its dense copy has the
    /// pixels rendered.
    func testStoredPagesArePackedAgainDenselyWhileTheWorkerIdles() async throws {
        let cache = PageCache(document: try PDFDocument(path: TestPDF.write(path("dense.pdf"), .init(pages: 6))))
        for p in 0..<6 {
            _ = try XCTUnwrap(cache.bitmap(key(p, 640)))
            cache.prefetch([key(p + 1, 640)].filter { $0.page < 6 })
            cache.waitUntilIdle()
        }
        let fast = cache.packedUsage
        XCTAssertEqual(fast.count, 6)
        cache.waitUntilRepacked()
        // The pages a bitmap still holds (the last ones shown, kept unpacked-ready) wait for it
        // to go: their old copies would otherwise be freed later, after the worker's trim.
        let repacked = cache.repackedUsage.repacked
        XCTAssertGreaterThanOrEqual(repacked, 6 - PageCache.pagesPerGroup, "the pages no bitmap holds packed again")
        XCTAssertLessThan(repacked, 6, "not those a bitmap holds")
        let dense = cache.packedUsage
        XCTAssertEqual(dense.count, 6, "no page dropped")
        XCTAssertLessThan(dense.bytes, fast.bytes, "the store holds fewer bytes for the same pages")
        // Page 0's bitmap was let go: it comes back from its dense copy, not rendered again.
        let renders = renders(cache), fromStore = cache.fromStoreCount
        let b = try XCTUnwrap(cache.bitmap(key(0, 640)))
        XCTAssertEqual(cache.fromStoreCount, fromStore + 1)
        XCTAssertEqual(self.renders(cache), renders, "not rendered again")
        let fresh = try XCTUnwrap(cache.document.render(page: 0, pixelWidth: 640, pixelHeight: 360))
        XCTAssertEqual(b.pixels, fresh.pixels, "the dense copy unpacks to the page as rendered")
    }

    func testTheStoreKeepsToItsByteBudget() async throws {
        let pdf = TestPDF.write(path("ten.pdf"), .init(pages: 10))
        // Room for about three packed pages of 640×360.
        let probe = PageCache(document: try PDFDocument(path: pdf))
        _ = probe.bitmap(key(0, 640)); probe.waitUntilIdle()
        let one = probe.packedUsage.bytes
        XCTAssertGreaterThan(one, 0)
        let saved = PageCache.packedByteBudget
        PageCache.packedByteBudget = one * 3 + one / 2
        defer { PageCache.packedByteBudget = saved }
        let cache = PageCache(document: try PDFDocument(path: pdf))
        for p in 0..<10 {
            _ = cache.bitmap(key(p, 640))
            cache.waitUntilIdle()
            XCTAssertLessThanOrEqual(cache.packedUsage.bytes, cache.packedByteBudget, "within the budget after page \(p + 1)")
        }
        XCTAssertLessThan(cache.packedUsage.count, 10, "the oldest pages went")
        XCTAssertGreaterThanOrEqual(cache.packedUsage.count, 2)
        let before = renders(cache)
        _ = cache.bitmap(key(0, 640))
        XCTAssertEqual(renders(cache), before + 1, "a page the store let go is rendered again")
        _ = cache.bitmap(key(9, 640))
        XCTAssertEqual(renders(cache), before + 1, "the newest is still there")
    }

    /// The renderer asks a page's resizer for the size a preview draws it at: the worker renders
    /// that size, the windows are redrawn, and later pages' previews are prepared with them.
    func testAPreviewGetsItsOwnSizeFromTheWorker() async throws {
        let cache = PageCache(document: try PDFDocument(path: TestPDF.write(path("p.pdf"), .init(pages: 5))))
        let redraws = Counter()
        cache.redraw = { redraws.add() }
        let page = try XCTUnwrap(cache.bitmap(key(0, 640)))
        let resizer = try XCTUnwrap(page.resizer)
        XCTAssertNil(resizer.bitmap(pixelWidth: 160, pixelHeight: 90), "not ready: asked of the worker")
        cache.waitUntilIdle()
        XCTAssertEqual(redraws.value, 1, "the windows are redrawn once it is ready")
        let small = try XCTUnwrap(resizer.bitmap(pixelWidth: 160, pixelHeight: 90))
        XCTAssertEqual([small.width, small.height], [160, 90])
        XCTAssertTrue(resizer.bitmap(pixelWidth: 160, pixelHeight: 90) === small, "the same object while unchanged")
        XCTAssertEqual(cache.renderedOnDemandCount, 1, "only the full page on this thread")
        let fresh = try XCTUnwrap(cache.document.render(page: 0, pixelWidth: 160, pixelHeight: 90))
        XCTAssertEqual(small.pixels, fresh.pixels, "rendered at its size, not scaled down")

        // Prefetching the next page at the view's size prepares its preview size too.
        cache.prefetch([key(1, 640)], previews: [1, 2])
        cache.waitUntilIdle()
        XCTAssertNotNil(cache.cached(key(1, 160)), "page 2's preview ready")
        XCTAssertNotNil(cache.cached(key(2, 160)), "page 3's preview ready")
        XCTAssertNil(cache.cached(key(3, 160)))
    }

    /// A preview's placeholder shows the page it showed before until its new page is ready.
    func testAPreviewPlaceholderShowsThePreviousPageMeanwhile() async throws {
        let cache = PageCache(document: try PDFDocument(path: TestPDF.write(path("q.pdf"), .init(pages: 4))))
        let root = WindowRoot(metrics: FixedMetrics())
        let view = PDFPageView(cache: cache, page: 1, region: Rect(0, 0, 1, 1), background: .black)
        view.rendersAtOnce = false
        root.content.addSubview(view.pinned(.fill()))
        root.resize(to: Size(320, 180))
        func shown() throws -> Bitmap {
            let b = try XCTUnwrap(root.renderFrame().commands.compactMap { if case let .bitmap(b, _, o) = $0, o > 0 { return b } else { return nil } }.first)
            return b.width == 320 ? b : b.resizer?.bitmap(pixelWidth: 320, pixelHeight: 180) ?? b
        }
        XCTAssertEqual(try shown().width, 1, "blank paper until the worker has rendered it")
        cache.waitUntilIdle()
        let first = try shown()
        XCTAssertEqual(first.width, 320)
        view.page = 3
        XCTAssertTrue(try shown() === first, "page 2 stays until page 4 is ready")
        cache.waitUntilIdle()
        XCTAssertFalse(try shown() === first)
        XCTAssertEqual(try shown().width, 320)
        XCTAssertEqual(cache.renderedOnDemandCount, 0, "the main thread rendered nothing")
    }
}

/// A thread-safe count (the worker calls `redraw`).
final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var n = 0
    func add() { lock.lock(); n += 1; lock.unlock() }
    var value: Int { lock.lock(); defer { lock.unlock() }; return n }
}
