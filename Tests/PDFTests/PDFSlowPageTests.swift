import Foundation
import XCTest
import PodiumKit
import PodiumTestSupport
@testable import PDFScene

/// A page that takes seconds to render must not hold the main thread: the room keeps the page
/// before it (never blank paper), the presenter view says the page is still rendering, and a
/// second advance is taken while the first page waits. The worker's render of the slow page is
/// held on a semaphore (`PageCache.willRender`), so "still rendering" is a fact, not a timing:
/// every frame below is drawn while that render has not finished.
@MainActor
final class PDFSlowPageTests: PDFTestCase {
    func testASlowPageKeepsThePageBeforeAndTheConsoleLive() async throws {
        TestPDF.write(path("slow.pdf"), .init(pages: 4))
        let released = DispatchSemaphore(value: 0)
        let finished = Counter()
        // Page 2 (index 1) "renders" until released; a test that waited for it would wait 20 s.
        PageCache.willRender = { key in
            // Released once for all: page 2 renders at the room's and the console's sizes.
            if key.page == 1 { _ = released.wait(timeout: .now() + 20); released.signal(); finished.add() }
        }
        defer { released.signal(); PageCache.willRender = nil }
        let host = pdfHost(dir)
        let scenes = try (0..<3).map { try PDFScene(SceneParameters(["file": "slow.pdf", "page": .number(Double($0 + 1))]), host) }
        let room = WindowRoot(metrics: FixedMetrics()), console = WindowRoot(metrics: FixedMetrics())
        room.resize(to: Size(320, 180)); console.resize(to: Size(640, 400))
        func show(_ i: Int) {
            if i > 0 { scenes[i - 1].willResignCurrent() }
            room.content.subviews.forEach { $0.removeFromSuperview() }
            console.content.subviews.forEach { $0.removeFromSuperview() }
            room.content.addSubview(scenes[i].audienceView.pinned(.fill()))
            console.content.addSubview(scenes[i].presenterView.pinned(.fill()))
            scenes[i].didBecomeCurrent()
            room.requestRedraw(); console.requestRedraw()
        }

        show(0)
        let first = try XCTUnwrap(bitmaps(room).first)
        XCTAssertEqual([first.width, first.height], [320, 180], "page 1 is shown")
        _ = bitmaps(console)

        // Advance to the slow page: the frame is drawn without waiting for its render.
        show(1)
        let kept = try XCTUnwrap(bitmaps(room).first)
        XCTAssertEqual(finished.value, 0, "the frame was drawn while page 2 still renders")
        XCTAssertEqual(kept.width, 1, "page 2 is not ready: a placeholder ...")
        XCTAssertTrue(kept.resizer?.bitmap(pixelWidth: 320, pixelHeight: 180) === first, "... that shows page 1 meanwhile, never blank paper")
        let consoleFrame = console.renderFrame().commands.map { "\($0)" }
        XCTAssertTrue(consoleFrame.contains { $0.contains("Rendering page 2") }, "the presenter view says the page is rendering")
        XCTAssertEqual(scenes[1].presenterPage.accessibilityValue as String?, "page 2, rendering")

        // A second advance while page 2 waits: taken, and the room still keeps page 1.
        show(2)
        let stillKept = try XCTUnwrap(bitmaps(room).first)
        XCTAssertEqual(finished.value, 0, "drawn while page 2 still renders")
        XCTAssertTrue(stillKept.resizer?.bitmap(pixelWidth: 320, pixelHeight: 180) === first, "page 1 until page 3 is ready")

        // The loop's next turn runs what the frames posted: the pages named ahead start
        // rendering (`PageCache.startAhead`), the console's page 3 among them.
        await Task.yield()
        // The render finishes: page 3 is drawn, the badge goes.
        released.signal()
        scenes[2].cache.waitUntilIdle()
        room.requestRedraw(); console.requestRedraw()
        let third = try XCTUnwrap(bitmaps(room).first)
        XCTAssertEqual([third.width, third.height], [320, 180], "page 3 is shown once rendered")
        XCTAssertFalse(console.renderFrame().commands.map { "\($0)" }.contains { $0.contains("Rendering page") })
        XCTAssertGreaterThan(finished.value, 0)
    }

    /// Belt and braces for trial 11, F2: the page before is gone from the cache too (a reload
    /// retired it) while the new page still renders: the room keeps the last page it showed,
    /// the very bitmap, not blank paper waiting for the page before to render again.
    func testTheRoomKeepsItsLastPageWhenThePageBeforeIsGoneFromTheCache() async throws {
        TestPDF.write(path("slow.pdf"), .init(pages: 3))
        let released = DispatchSemaphore(value: 0)
        PageCache.willRender = { key in if key.page == 1 { _ = released.wait(timeout: .now() + 20); released.signal() } }
        defer { released.signal(); PageCache.willRender = nil }
        let host = pdfHost(dir)
        let scenes = try (0..<2).map { try PDFScene(SceneParameters(["file": "slow.pdf", "page": .number(Double($0 + 1))]), host) }
        let room = WindowRoot(metrics: FixedMetrics())
        room.resize(to: Size(320, 180))
        room.content.addSubview(scenes[0].audienceView.pinned(.fill()))
        scenes[0].didBecomeCurrent()
        let first = try XCTUnwrap(bitmaps(room).first)
        XCTAssertEqual([first.width, first.height], [320, 180], "page 1 is shown")
        scenes[0].cache.retire()
        XCTAssertNil(scenes[0].cache.cached(PageKey(page: 0, region: Rect(0, 0, 1, 1), pixelWidth: 320, pixelHeight: 180)), "page 1 is gone from the cache")
        scenes[0].willResignCurrent()
        room.content.subviews.forEach { $0.removeFromSuperview() }
        room.content.addSubview(scenes[1].audienceView.pinned(.fill()))
        scenes[1].didBecomeCurrent()
        room.requestRedraw()
        let kept = try XCTUnwrap(bitmaps(room).first)
        XCTAssertTrue(kept === first, "the room keeps page 1 while page 2 renders: \(kept.width)×\(kept.height)")
        released.signal()
        scenes[1].cache.waitUntilIdle()
        room.requestRedraw()
        let second = try XCTUnwrap(bitmaps(room).first)
        XCTAssertFalse(second === first, "page 2 once rendered")
        XCTAssertEqual([second.width, second.height], [320, 180])
    }
}
