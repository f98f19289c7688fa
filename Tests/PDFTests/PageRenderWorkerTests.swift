import Foundation
import XCTest
import PodiumKit
import PodiumTestSupport
@testable import PDFScene

/// How the page-render worker is scheduled: in SCHED_IDLE, so the X server presenting an advance
/// and the main thread drawing the console take its core the moment they wake (issue 19, first
/// visits), never the other way round.
final class PageRenderWorkerTests: PDFTestCase {

    func testTheRenderWorkerRunsInSchedIdle() throws {
        let cache = PageCache(document: try PDFDocument(path: TestPDF.write(path("three.pdf"), .init(pages: 3))))
        let key = PageKey(page: 1, region: Rect(0, 0, 1, 1), pixelWidth: 160, pixelHeight: 90)
        cache.prefetch([key])
        cache.waitUntilIdle()
        XCTAssertNotNil(cache.cached(key), "the worker rendered the page")
        let tid = try XCTUnwrap(cache.workerID, "the worker ran")
        let stat = try String(contentsOfFile: "/proc/self/task/\(tid)/stat", encoding: .utf8)
        // Fields after the thread's name, from field 3 (state): the policy is field 41.
        let fields = stat[stat.index(after: try XCTUnwrap(stat.lastIndex(of: ")")))...].split(separator: " ")
        XCTAssertGreaterThan(fields.count, 38, stat)
        XCTAssertEqual(Int(fields[38]), 5, "the worker's policy is SCHED_IDLE (5), not SCHED_OTHER (0): \(stat.prefix(80))")
    }
}
