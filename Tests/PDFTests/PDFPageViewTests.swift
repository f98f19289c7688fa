import Synchronization
import XCTest
import PodiumKit
import PodiumTestSupport
@testable import PDFScene

/// The page view in a window tree: bitmaps at the window's pixel size (HiDPI), neighbours
/// pre-rendered, links hit-tested in page coordinates.
@MainActor
final class PDFPageViewTests: PDFTestCase {

    func testBitmapAtWindowScaleWithNeighboursPrerendered() async throws {
        let pdf = TestPDF.write(dir.appendingPathComponent("v.pdf").path, .init(pages: 5, links: [(2, (0.8, 0.8, 0.15, 0.15), .uri("https://example.org/"))]))
        let cache = try PageCaches.cache(for: pdf)
        let root = WindowRoot(metrics: FixedMetrics())
        root.scale = 2
        let view = PDFPageView(cache: cache, page: 2, region: Rect(0, 0, 1, 1), background: .black)
        root.content.addSubview(view.pinned(.fill()))
        root.resize(to: Size(400, 300))
        // Shown bitmaps only: a neighbour the worker already rendered is named at opacity 0 (uploaded ahead).
        let bitmaps = root.renderFrame().commands.compactMap { c -> (Bitmap, Rect)? in if case let .bitmap(b, r, o) = c, o > 0 { return (b, r) } else { return nil } }
        XCTAssertEqual(bitmaps.count, 1)
        let (b, r) = try XCTUnwrap(bitmaps.first)
        XCTAssertEqual([b.width, b.height], [800, 450], "points × scale 2, 16:9 kept")
        XCTAssertEqual(r, Rect(0, 37.5, 400, 225), "letterboxed, centred")
        cache.waitUntilIdle()
        for p in [1, 3] {
            XCTAssertNotNil(cache.cached(PageKey(page: p, region: Rect(0, 0, 1, 1), pixelWidth: 800, pixelHeight: 450)), "page \(p + 1) pre-rendered")
        }
        var followed: [PDFLink.Target] = []
        view.onLink = { followed.append($0) }
        root.dispatch(.mouseDown(Point(400 * 0.875, 37.5 + 225 * 0.875), button: 1, clicks: 1))
        root.dispatch(.mouseUp(Point(400 * 0.875, 37.5 + 225 * 0.875), button: 1))
        root.dispatch(.mouseDown(Point(200, 150), button: 1, clicks: 1))
        XCTAssertEqual(followed, [.uri("https://example.org/")], "only the click on the link follows it")
    }

    /// A view of `page` of a new 5-page PDF filling a 320×180 window.
    func fivePageView(_ name: String, page: Int) throws -> (PageCache, WindowRoot, PDFPageView) {
        let cache = try PageCaches.cache(for: TestPDF.write(dir.appendingPathComponent(name).path, .init(pages: 5)))
        let root = WindowRoot(metrics: FixedMetrics())
        let view = PDFPageView(cache: cache, page: page, region: Rect(0, 0, 1, 1), background: .black)
        root.content.addSubview(view.pinned(.fill()))
        root.resize(to: Size(320, 180))
        return (cache, root, view)
    }

    /// The renderer keeps only the first page named ahead in the X server beside the page shown
    /// (`PagePixmapPolicy`): after a step back that is the previous page, so stepping back on is
    /// a copy too; after a step forward, the next page again.
    func testThePageInTheDirectionOfTheLastStepIsNamedAheadFirst() async throws {
        let (cache, root, view) = try fivePageView("d.pdf", page: 2)
        func named() -> [Int] {
            root.renderFrame().commands.compactMap { c -> Int? in
                guard case let .bitmap(b, _, o) = c, o == 0 else { return nil }
                return (0..<5).first { cache.cached(PageKey(page: $0, region: Rect(0, 0, 1, 1), pixelWidth: b.width, pixelHeight: b.height)) === b }
            }
        }
        _ = named(); cache.waitUntilIdle()
        XCTAssertEqual(named(), [3, 1], "first shown page: the next page first")
        view.page = 1
        _ = named(); cache.waitUntilIdle()
        XCTAssertEqual(named(), [0, 2], "after a step back: the previous page first")
        view.page = 2
        _ = named(); cache.waitUntilIdle()
        XCTAssertEqual(named(), [3, 1], "after a step forward: the next page first again")
    }

    /// The pages named ahead of an advance (next and previous, uploaded before the next key)
    /// start rendering once the window's frame is done, by work posted to the main thread, on the
    /// demand worker at the main thread's priority, once each. Asked at once while the room's
    /// frame was built, a render at that priority ran on the other core while the X server
    /// copied the advance's page (first visits slower than revisits, issue 19), and the frame's
    /// prefetch could hand the same page to the prefetch worker as well.
    func testThePagesNamedAheadRenderAfterTheFrameOnceEach() async throws {
        let (cache, root, view) = try fivePageView("a.pdf", page: 2)
        let posted = Mutex<[@Sendable @MainActor () -> Void]>([])
        view.runOnMain = { body in posted.withLock { $0.append(body) } }
        let renders = Mutex<[(page: Int, policy: Int)]>([])
        PageCache.willRender = { key in
            let policy = PageRenderWorkerTests.scheduling("/proc/thread-self/stat")?.policy ?? -1
            renders.withLock { $0.append((key.page, policy)) }
        }
        defer { PageCache.willRender = nil }
        func ahead() -> [(page: Int, policy: Int)] { renders.withLock { $0 }.filter { $0.page != 2 } }
        _ = root.renderFrame()   // page 3 shown (rendered here), pages 4 and 2 named ahead
        cache.waitUntilIdle()
        XCTAssertTrue(ahead().isEmpty, "no page ahead rendered while the frame is made and presented: \(ahead())")
        let work = posted.withLock { w in defer { w.removeAll() }; return w }
        XCTAssertFalse(work.isEmpty, "the pages ahead are started by work posted to the main thread")
        for body in work { body() }   // the loop's next turn, after the frames
        cache.waitUntilIdle()
        XCTAssertEqual(ahead().map(\.page).sorted(), [1, 3], "each page ahead rendered once: \(ahead())")
        XCTAssertTrue(ahead().allSatisfy { $0.policy == 0 }, "at the main thread's priority (SCHED_OTHER 0), not in SCHED_IDLE (5): \(ahead())")
        let named = root.renderFrame().commands.filter { if case let .bitmap(_, _, o) = $0 { return o == 0 } else { return false } }
        XCTAssertEqual(named.count, 2, "both pages named ahead, invisibly, once ready")
    }

    func testARevisitRendersNoPageAndTheNextPageIsNamedAheadInvisibly() async throws {
        let (cache, root, view) = try fivePageView("r.pdf", page: 0)
        func bitmaps() -> [(Bitmap, Double)] {
            root.renderFrame().commands.compactMap { c -> (Bitmap, Double)? in if case let .bitmap(b, _, o) = c { return (b, o) } else { return nil } }
        }
        // Page 2 may already be ready when the worker was quick: then it is named, invisibly.
        let first = bitmaps()
        XCTAssertEqual(first.first?.1, 1, "page 1 shown at once")
        XCTAssertTrue(first.count <= 2 && first.dropFirst().allSatisfy { $0.1 == 0 }, "nothing else visible: \(first.map(\.1))")
        XCTAssertEqual(cache.renderedOnDemandCount, 1)
        cache.waitUntilIdle()
        let ahead = bitmaps()
        XCTAssertEqual(ahead.map(\.1), [1, 0], "the next page named after the shown one, invisible (page 1 has no previous)")
        view.page = 1
        let shown = try XCTUnwrap(bitmaps().first)
        XCTAssertTrue(shown.0 === ahead[1].0, "the advance shows the bitmap named ahead (its texture is ready)")
        cache.waitUntilIdle()
        view.page = 2
        _ = bitmaps()
        cache.waitUntilIdle()
        view.page = 1
        let again = try XCTUnwrap(bitmaps().first)
        XCTAssertTrue(again.0 === shown.0, "the revisit shows the same bitmap: nothing rendered again")
        XCTAssertEqual(cache.renderedOnDemandCount, 1, "no page rendered on the main thread after the first")
    }
}
