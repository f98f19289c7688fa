import Synchronization
import XCTest
import PodiumKit
import PodiumTestSupport
@testable import PDFScene

/// Previews (the next page, the console's next preview, the overview) never render a page on the
/// main thread: the PDF worker renders it, the preview shows the page it had (or blank paper)
/// meanwhile and redraws when the page is ready. The page the room sees is rendered at once.
/// From the reliability case pdf-heavy-page-freezes-console; no timing is asserted: the cache's
/// counters say which thread rendered.
@MainActor
final class PDFPreviewRenderingTests: PDFTestCase {
    func testAPreviewAsksTheWorkerAndRedrawsWhenThePageIsReady() async throws {
        let cache = try PageCaches.cache(for: TestPDF.write(path("p.pdf"), .init(pages: 4)))
        let redraws = Counter()
        cache.redraw = { redraws.add() }
        let root = WindowRoot(metrics: FixedMetrics())
        let view = PDFPageView(cache: cache, page: 1, region: Rect(0, 0, 1, 1), background: .black)
        view.rendersAtOnce = false
        root.content.addSubview(view.pinned(.fill()))
        root.resize(to: Size(320, 180))

        // Nothing cached: blank paper whose resizer the renderer asks for the size it draws.
        let placeholder = try XCTUnwrap(bitmaps(root).first)
        XCTAssertEqual(placeholder.width, 1)
        XCTAssertNil(placeholder.resizer?.bitmap(pixelWidth: 320, pixelHeight: 180), "asked of the worker, not rendered here")
        cache.waitUntilIdle()
        XCTAssertEqual(cache.renderedOnDemandCount, 0, "the main thread rendered nothing")
        XCTAssertEqual(redraws.value, 1, "the worker asked for one redraw")
        let first = try XCTUnwrap(bitmaps(root).first)
        XCTAssertEqual([first.width, first.height], [320, 180], "the ready page is drawn")

        // Another page: the preview keeps showing the one it had until the new one is ready.
        view.page = 3
        let meanwhile = try XCTUnwrap(bitmaps(root).first)
        XCTAssertTrue(meanwhile.resizer?.bitmap(pixelWidth: 320, pixelHeight: 180) === first)
        cache.waitUntilIdle()
        XCTAssertNotEqual(bitmaps(root).first?.id, first.id)
        XCTAssertEqual(cache.renderedOnDemandCount, 0)
    }

    /// The scene's pages are previews until it is current; then the room's page renders at once.
    func testASceneRendersAtOnceOnlyWhileCurrent() async throws {
        TestPDF.write(path("s.pdf"), .init(pages: 3))
        let host = pdfHost(dir)
        let scene = try PDFScene(SceneParameters(["file": "s.pdf", "page": 2]), host)
        let root = WindowRoot(metrics: FixedMetrics())
        root.content.addSubview(scene.audienceView.pinned(.fill()))
        root.resize(to: Size(320, 180))
        XCTAssertEqual(bitmaps(root).map(\.width), [1], "a scene that is not current (the next preview) does not render here: blank paper")
        XCTAssertEqual(scene.cache.renderedOnDemandCount, 0)
        scene.cache.waitUntilIdle()
        scene.didBecomeCurrent()
        root.requestRedraw()
        XCTAssertEqual(bitmaps(root).count, 1, "the current scene shows its page")
        scene.willResignCurrent()
        XCTAssertFalse((scene.audienceView as? PDFPageView)?.rendersAtOnce ?? true)
    }

    /// A page that cannot be rendered (here: too large for the renderer) is asked for once, not on
    /// every frame, and the preview stays blank.
    func testAFailedPreviewIsNotRetriedEveryFrame() async throws {
        let cache = try PageCaches.cache(for: TestPDF.write(path("f.pdf"), .init(pages: 2)))
        let key = PageKey(page: 0, region: Rect(0, 0, 1, 1), pixelWidth: 20000, pixelHeight: 10)
        let told = expectation(description: "worker finished")
        XCTAssertNil(cache.request(key) { told.fulfill() })
        await fulfillment(of: [told], timeout: 30)
        XCTAssertNil(cache.request(key) { XCTFail("asked again") })
        cache.waitUntilIdle()
        XCTAssertEqual(cache.prefetchedCount, 0)
    }
}
