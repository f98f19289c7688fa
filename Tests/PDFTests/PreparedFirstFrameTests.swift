import XCTest
import PodiumCore
import PodiumKit
import PodiumTestSupport
@testable import PDFScene

/// Launch (issue 19): a frame walked before the window exists (`WindowRoot.prepareFrame`) asks
/// the PDF worker for the page the room will see, so the first real frame finds it rendered and
/// the main thread renders nothing. Counters, no timing.
@MainActor
final class PreparedFirstFrameTests: PDFTestCase {
    func roomView(_ cache: PageCache, page: Int = 0) -> (WindowRoot, PDFPageView) {
        let root = WindowRoot(metrics: FixedMetrics())
        let view = PDFPageView(cache: cache, page: page, region: Rect(0, 0, 1, 1), background: .black)
        view.rendersAtOnce = true   // the current page, as the room's page view at launch
        root.content.addSubview(view.pinned(.fill()))
        return (root, view)
    }

    func testAPreparedFrameHasThePageRenderedOnTheWorker() async throws {
        let cache = PageCache(document: try PDFDocument(path: TestPDF.write(path("talk.pdf"), .init(pages: 5))))
        let (root, _) = roomView(cache)
        root.prepareFrame(size: Size(640, 360), scale: 2)
        XCTAssertEqual(root.scale, 2)
        XCTAssertEqual(cache.renderedOnDemandCount, 0, "preparing renders nothing on the calling thread")
        cache.waitUntilIdle()
        XCTAssertEqual(cache.prefetchedCount, 1, "only the page itself, at the window's pixel size: \(cache.prefetchedCount)")
        let key = PageKey(page: 0, region: Rect(0, 0, 1, 1), pixelWidth: 1280, pixelHeight: 720)
        XCTAssertNotNil(cache.cached(key), "the room's page at 1280×720 pixels is ready before any window")
        XCTAssertTrue(root.needsDisplay, "the window still draws its first frame")

        // The window's first frame, at the size prepared for: the page comes from the worker.
        root.resize(to: Size(640, 360))
        let shown = root.renderFrame().commands.compactMap { if case let .bitmap(b, _, o) = $0, o > 0 { return b } else { return nil } }
        XCTAssertEqual(shown.map { [$0.width, $0.height] }, [[1280, 720]])
        XCTAssertEqual(cache.renderedOnDemandCount, 0, "the first frame rendered no page on the main thread")
    }

    /// The console's preview of the room replays the room's views: preparing the console asks
    /// the worker for the room's page at the preview's pixel size too, as the renderer would in
    /// the first frame (else the page is scaled down on the main thread meanwhile).
    func testAPreparedConsoleAsksForItsPreviewOfTheRoomAtItsSize() async throws {
        let cache = PageCache(document: try PDFDocument(path: TestPDF.write(path("talk.pdf"), .init(pages: 5))))
        let (room, _) = roomView(cache)
        room.prepareFrame(size: Size(1600, 900), scale: 1)
        prepareConsole(replaying: room)
        cache.waitUntilIdle()
        XCTAssertEqual(cache.renderedOnDemandCount, 0, "nothing rendered on the calling thread")
        for (w, h) in [(1600, 900), (480, 270)] {
            XCTAssertNotNil(cache.cached(PageKey(page: 0, region: Rect(0, 0, 1, 1), pixelWidth: w, pixelHeight: h)), "page 1 at \(w)×\(h) ready")
        }
        XCTAssertEqual(cache.prefetchedCount, 2, "those two renders only")
    }

    /// A console of 480×270 points whose preview replays `source`, prepared.
    func prepareConsole(replaying source: WindowRoot) {
        let console = WindowRoot(metrics: FixedMetrics())
        let preview = PreviewView()
        preview.source = source
        console.content.addSubview(preview.pinned(.fill()))
        console.prepareFrame(size: Size(480, 270), scale: 1)
    }

    /// The console's next preview replays the next page's view (a preview: `rendersAtOnce`
    /// false): preparing it asks for the page at the preview's pixel size only, not at the
    /// size of the view it replays (the room's: 8 MB at 1080p that no first frame shows).
    func testAPreparedNextPreviewAsksOnlyForItsOwnSize() async throws {
        let cache = PageCache(document: try PDFDocument(path: TestPDF.write(path("talk.pdf"), .init(pages: 5))))
        let (next, view) = roomView(cache, page: 1)
        view.rendersAtOnce = false
        next.resize(to: Size(1600, 900))
        prepareConsole(replaying: next)
        cache.waitUntilIdle()
        let page2 = { (w: Int, h: Int) in PageKey(page: 1, region: Rect(0, 0, 1, 1), pixelWidth: w, pixelHeight: h) }
        XCTAssertNotNil(cache.cached(page2(480, 270)), "page 2 at the preview's 480×270 ready")
        XCTAssertNil(cache.cached(page2(1600, 900)), "page 2 not rendered at the room's size")
        XCTAssertEqual(cache.prefetchedCount, 1, "one render")
        XCTAssertEqual(cache.renderedOnDemandCount, 0)
    }

    /// A page asked of the worker but not started when the frame needs it is rendered by the
    /// frame, once: the worker does not render it again, and whoever asked is told.
    func testAPreparedPageNotStartedIsRenderedOnceByTheFrame() async throws {
        let cache = PageCache(document: try PDFDocument(path: TestPDF.write(path("talk.pdf"), .init(pages: 3))))
        let key = PageKey(page: 2, region: Rect(0, 0, 1, 1), pixelWidth: 320, pixelHeight: 180)
        let told = Counter()
        // Keep the worker busy with other pages first, so `key` waits in the queue.
        for p in 0..<2 { _ = cache.request(PageKey(page: p, region: Rect(0, 0, 1, 1), pixelWidth: 1600, pixelHeight: 900)) {} }
        XCTAssertNil(cache.request(key) { told.add() })
        XCTAssertNotNil(cache.bitmap(key))
        cache.waitUntilIdle()
        XCTAssertEqual(cache.prefetchedCount + cache.renderedOnDemandCount, 3, "every key rendered once")
        XCTAssertEqual(told.value, 1, "the one who asked was told")
    }
}
