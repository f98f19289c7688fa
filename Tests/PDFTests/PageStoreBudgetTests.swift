import XCTest
import PodiumKit
import PodiumTestSupport
@testable import PDFScene

/// The page store's byte budget follows the pixel size of the pages the windows show
/// (issue 19, memory), so a long deck costs at most that much more than a short one.
@MainActor
final class PageStoreBudgetTests: PDFTestCase {
    func testThePolicyFollowsTheWindowsPixelSizes() async {
        let mb = 1 << 20
        XCTAssertEqual(PageStoreBudget.bytes(forPagePixels: []), 32 * mb, "no window known yet: the ceiling")
        // The bench rig: a 1920×1080 room and the console's 1280×720 page.
        let rig = PageStoreBudget.bytes(forPagePixels: [1920 * 1080, 1280 * 720])
        XCTAssertEqual(rig, (1920 * 1080 + 1280 * 720) * 4 * 2)
        XCTAssertLessThan(rig, 32 * mb)
        XCTAssertLessThan(PageStoreBudget.bytes(forPagePixels: [1280 * 720, 640 * 360]), rig, "smaller windows keep less")
        XCTAssertEqual(PageStoreBudget.bytes(forPagePixels: [320 * 180]), 8 * mb, "never below the floor")
        XCTAssertEqual(PageStoreBudget.bytes(forPagePixels: [3840 * 2160, 1920 * 1080]), 32 * mb, "a 4K room: the ceiling")
    }

    /// A budget lowered (a smaller window) evicts the least recently used pages at once.
    func testALowerBudgetEvictsAtOnce() async throws {
        var rng = SystemRandomNumberGenerator()
        func noise() throws -> PackedPage {   // noise packs to about its own size: 64 KB a page
            try XCTUnwrap(PackedPage(try XCTUnwrap(Bitmap(width: 128, height: 128, format: .bgra, isOpaque: true, pixels: (0..<128 * 128 * 4).map { _ in UInt8.random(in: 0...255, using: &rng) }))))
        }
        var store = PageStore(byteBudget: 1 << 20)
        for p in 0..<10 { store.insert(try noise(), for: PageKey(page: p, region: Rect(0, 0, 1, 1), pixelWidth: 128, pixelHeight: 128)) }
        XCTAssertEqual(store.count, 10)
        _ = store.take(PageKey(page: 0, region: Rect(0, 0, 1, 1), pixelWidth: 128, pixelHeight: 128))
        store.byteBudget = 200 << 10
        XCTAssertLessThanOrEqual(store.bytes, 200 << 10)
        XCTAssertEqual(store.count, 3, "three pages of ~64 KB fit")
        XCTAssertTrue(store.contains(PageKey(page: 0, region: Rect(0, 0, 1, 1), pixelWidth: 128, pixelHeight: 128)), "the most recently used stays")
        XCTAssertTrue(store.contains(PageKey(page: 9, region: Rect(0, 0, 1, 1), pixelWidth: 128, pixelHeight: 128)))
    }

    /// Freed render buffers go back to the system once the worker has had nothing to do for a
    /// while (`PageCache.idleTrimDelay`), not between renders of a fast paging.
    func testAnIdleWorkerHandsFreedPageBuffersBack() async throws {
        let cache = PageCache(document: try PDFDocument(path: TestPDF.write(path("talk.pdf"), .init(pages: 4))))
        cache.prefetch((0..<3).map { PageKey(page: $0, region: Rect(0, 0, 1, 1), pixelWidth: 640, pixelHeight: 360) })
        cache.waitUntilIdle()
        XCTAssertEqual(cache.idleTrims, 0, "not at once: more pages may follow")
        let end = Date().addingTimeInterval(10)
        while cache.idleTrims == 0, Date() < end { try await Task.sleep(nanoseconds: 50_000_000) }
        XCTAssertEqual(cache.idleTrims, 1, "one trim once idle, and only one")
        try await Task.sleep(nanoseconds: UInt64(PageCache.idleTrimDelay * 1.5e9))
        XCTAssertEqual(cache.idleTrims, 1, "nothing freed since: no further trim")
    }

    /// The room's and the speaker's page views tell the cache their pixel sizes while current;
    /// a smaller window lowers the budget and the store lets pages go at once.
    func testTheCacheBudgetFollowsTheCurrentPageViews() async throws {
        let cache = PageCache(document: try PDFDocument(path: TestPDF.write(path("talk.pdf"), .init(pages: 30))))
        XCTAssertEqual(cache.packedByteBudget, PageStoreBudget.ceiling)
        func view(_ w: PageCache.PageWindow, _ size: Size) -> WindowRoot {
            let root = WindowRoot(metrics: FixedMetrics())
            let v = PDFPageView(cache: cache, page: 0, region: Rect(0, 0, 1, 1), background: .black)
            v.window = w
            root.content.addSubview(v.pinned(.fill()))
            root.resize(to: size)
            _ = root.renderFrame()
            return root
        }
        let room = view(.audience, Size(1920, 1080))
        let console = view(.presenter, Size(1280, 720))
        XCTAssertEqual(cache.packedByteBudget, PageStoreBudget.bytes(forPagePixels: [1920 * 1080, 1280 * 720]))
        // Fill the store with large pages, then shrink the room: the budget and the store follow.
        for p in 0..<30 { _ = cache.bitmap(PageKey(page: p, region: Rect(0, 0, 1, 1), pixelWidth: 1920, pixelHeight: 1080)) }
        XCTAssertLessThanOrEqual(cache.packedUsage.bytes, cache.packedByteBudget)
        room.resize(to: Size(320, 180)); console.resize(to: Size(320, 180))
        _ = room.renderFrame(); _ = console.renderFrame()
        XCTAssertEqual(cache.packedByteBudget, PageStoreBudget.floor)
        XCTAssertLessThanOrEqual(cache.packedUsage.bytes, PageStoreBudget.floor, "pages went as the budget fell")
        // A preview (not the current page) does not move the budget.
        let preview = PDFPageView(cache: cache, page: 1, region: Rect(0, 0, 1, 1), background: .black)
        preview.rendersAtOnce = false
        preview.window = .audience
        let r = WindowRoot(metrics: FixedMetrics()); r.content.addSubview(preview.pinned(.fill())); r.resize(to: Size(3840, 2160)); _ = r.renderFrame()
        XCTAssertEqual(cache.packedByteBudget, PageStoreBudget.floor)
        cache.waitUntilIdle()
    }
}
