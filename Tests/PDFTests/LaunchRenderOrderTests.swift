import Foundation
import Synchronization
import XCTest
import PodiumKit
import PodiumTestSupport
@testable import PDFScene

/// Launch (issue 19): what the PDF worker renders before the first frames, and in which order.
/// The room's page first; then the console's previews at their own (small) sizes, before the
/// speaker's page and any larger page, so the console's first frame, which waits for the
/// speaker's page, finds its previews too and is not drawn again as each comes; and no page at
/// the room's size for a preview (the next page), which no first frame shows
/// (`PreparedFirstFrameTests.testAPreparedNextPreviewAsksOnlyForItsOwnSize`). Order, no timing.
final class LaunchRenderOrderTests: PDFTestCase {
    func key(_ page: Int, _ w: Int, _ h: Int) -> PageKey { PageKey(page: page, region: Rect(0, 0, 1, 1), pixelWidth: w, pixelHeight: h) }

    func testPreviewSizesRenderAfterTheRoomsPageAndBeforeLargerPages() async throws {
        let cache = PageCache(document: try PDFDocument(path: TestPDF.write(path("four.pdf"), .init(pages: 4))))
        let order = Mutex<[PageKey]>([])
        let gate = DispatchSemaphore(value: 0)
        let room = key(0, 320, 180)
        PageCache.willRender = { k in
            if k == room { gate.wait() }   // the room's page in flight while the rest is asked for
            order.withLock { $0.append(k) }
        }
        defer { PageCache.willRender = nil }
        cache.prepare(room, first: true)
        while cache.demandWorkerID == nil { usleep(1000) }
        usleep(50_000)
        let speaker = key(0, 160, 90), ahead = key(1, 320, 180)
        cache.prepare(speaker)
        cache.prepare(ahead)
        // The console's previews: the room's page and the next page at their preview sizes.
        XCTAssertNil(cache.sized(key(0, 64, 36), from: room))
        XCTAssertNil(cache.sized(key(1, 40, 22), from: ahead))
        gate.signal()
        cache.waitUntilIdle()
        let rendered = order.withLock { $0 }.map { "\($0.page):\($0.pixelWidth)" }
        XCTAssertEqual(rendered, ["0:320", "1:40", "0:64", "0:160", "1:320"],
                       "the room's page, the previews (smallest first), then the speaker's page and the page ahead")
    }

    /// A window's current page asked `first` stays ahead of a preview asked after it, and neither
    /// waits for a prefetch in flight (the prefetch worker renders it beside them).
    func testAPreviewDoesNotGoBeforeAWindowsCurrentPage() async throws {
        let cache = PageCache(document: try PDFDocument(path: TestPDF.write(path("four.pdf"), .init(pages: 4))))
        let order = Mutex<[PageKey]>([])
        let gate = DispatchSemaphore(value: 0)
        PageCache.willRender = { k in
            if k.page == 3 { gate.wait() }
            order.withLock { $0.append(k) }
        }
        defer { PageCache.willRender = nil }
        cache.prefetch([key(3, 320, 180)])
        while cache.workerID == nil { usleep(1000) }
        usleep(50_000)
        XCTAssertNil(cache.bitmap(key(2, 320, 180), waitingAtMost: 0) {})   // the room's new current page
        XCTAssertNil(cache.sized(key(2, 40, 22), from: key(2, 320, 180)))
        // Both render while the prefetch is held (without the demand worker they waited behind it).
        for _ in 0..<3000 where order.withLock({ $0.count }) < 2 { usleep(10_000) }
        gate.signal()
        cache.waitUntilIdle()
        XCTAssertEqual(order.withLock { $0 }.map { "\($0.page):\($0.pixelWidth)" }, ["2:320", "2:40", "3:320"])
    }
}
