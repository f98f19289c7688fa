import Foundation
import Synchronization
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

    /// The pages the first frames wait for (asked with `prepare` at launch) are rendered at the
    /// main thread's priority: in SCHED_IDLE other programs on a busy machine starved them while
    /// the main thread waited. Prefetches render on the other worker, in SCHED_IDLE.
    func testTheLaunchsPagesRenderAtNormalPriorityThenTheWorkerLowersItself() throws {
        let cache = PageCache(document: try PDFDocument(path: TestPDF.write(path("four.pdf"), .init(pages: 4))))
        let keys = (0..<3).map { PageKey(page: $0, region: Rect(0, 0, 1, 1), pixelWidth: 160, pixelHeight: 90) }
        let seen = Mutex<[Int: (policy: Int, nice: Int)]>([:])
        let gate = DispatchSemaphore(value: 0)
        PageCache.willRender = { key in
            if key.page == 0 { gate.wait() }   // the worker holds the first page until all three are asked for
            if let s = Self.scheduling("/proc/thread-self/stat") { seen.withLock { $0[key.page] = s } }
        }
        defer { PageCache.willRender = nil }
        cache.prepare(keys[0])
        cache.prepare(keys[1])
        cache.prefetch([keys[2]])
        gate.signal()
        cache.waitUntilIdle()
        let s = seen.withLock { $0 }
        XCTAssertEqual(s.count, 3, "every page rendered: \(s)")
        for p in [0, 1] {
            XCTAssertEqual(s[p]?.policy, 0, "prepared page \(p) rendered in SCHED_OTHER: \(s)")
            XCTAssertEqual(s[p]?.nice, 0, "prepared page \(p) rendered at nice 0: \(s)")
        }
        XCTAssertEqual(s[2]?.policy, 5, "the prefetch rendered in SCHED_IDLE: \(s)")
        XCTAssertEqual(s[2]?.nice, 10, "the prefetch rendered at nice 10: \(s)")
        XCTAssertEqual(Self.scheduling("/proc/self/task/\(try XCTUnwrap(cache.workerID))/stat")?.policy, 5, "the worker stays in SCHED_IDLE")
    }

    /// A page a window waits for is rendered at the main thread's priority while the prefetch
    /// worker, in SCHED_IDLE, is busy (issue 19: under full CPU load first visits waited 1.3–2.8 s
    /// behind prefetches when one worker in SCHED_IDLE did both), and so is a page the prefetch
    /// worker is rendering when a window asks for it: never waited for at idle priority.
    func testAPageAWindowWaitsForRendersAtNormalPriorityWhileThePrefetchWorkerIsBusy() throws {
        let cache = PageCache(document: try PDFDocument(path: TestPDF.write(path("four.pdf"), .init(pages: 4))))
        let keys = (0..<4).map { PageKey(page: $0, region: Rect(0, 0, 1, 1), pixelWidth: 160, pixelHeight: 90) }
        let seen = Mutex<[Int: (policy: Int, nice: Int)]>([:])
        let gate = DispatchSemaphore(value: 0), prefetching = DispatchSemaphore(value: 0)
        PageCache.willRender = { key in
            let s = Self.scheduling("/proc/thread-self/stat")
            // The prefetch worker holds its page until the window's pages are done.
            if s?.policy == 5 { prefetching.signal(); gate.wait(); return }
            if let s { seen.withLock { $0[key.page] = s } }
        }
        defer { PageCache.willRender = nil }
        cache.prefetch([keys[3]])
        XCTAssertEqual(prefetching.wait(timeout: .now() + 30), .success, "the prefetch worker started on page 4")
        // A window's current page, then the page the prefetch worker is stuck on.
        for p in [1, 3] {
            let ready = DispatchSemaphore(value: 0)
            if cache.bitmap(keys[p], waitingAtMost: 0, ready: { ready.signal() }) == nil {
                XCTAssertEqual(ready.wait(timeout: .now() + 30), .success, "page \(p + 1) rendered while the prefetch worker is busy")
            }
            XCTAssertNotNil(cache.cached(keys[p]), "page \(p + 1) ready")
        }
        for _ in keys { gate.signal() }   // whatever waits at the gate (only the prefetch, when all is well)
        cache.waitUntilIdle()
        let s = seen.withLock { $0 }
        for p in [1, 3] {
            XCTAssertEqual(s[p]?.policy, 0, "page \(p + 1) rendered in SCHED_OTHER: \(s)")
            XCTAssertEqual(s[p]?.nice, 0, "page \(p + 1) rendered at nice 0: \(s)")
        }
        XCTAssertEqual(Self.scheduling("/proc/self/task/\(try XCTUnwrap(cache.demandWorkerID))/stat")?.policy, 0, "the demand worker stays in SCHED_OTHER")
        XCTAssertEqual(Self.scheduling("/proc/self/task/\(try XCTUnwrap(cache.workerID))/stat")?.policy, 5, "the prefetch worker in SCHED_IDLE")
    }

    /// Clicking fast through pages the worker has not rendered yet: the window's newest current
    /// page is rendered next, not after every page it skipped (trial 8: the room stayed on a
    /// stale page for seconds while the worker went through them in order).
    func testAWindowsNewestCurrentPageGoesBeforeThePagesItSkipped() throws {
        let cache = PageCache(document: try PDFDocument(path: TestPDF.write(path("six.pdf"), .init(pages: 6))))
        let keys = (0..<6).map { PageKey(page: $0, region: Rect(0, 0, 1, 1), pixelWidth: 160, pixelHeight: 90) }
        let order = Mutex<[Int]>([])
        let gate = DispatchSemaphore(value: 0)
        PageCache.willRender = { key in
            if key.page == 1 { gate.wait() }   // the worker busy on page 2 while the speaker clicks on
            order.withLock { $0.append(key.page) }
        }
        defer { PageCache.willRender = nil }
        XCTAssertNil(cache.bitmap(keys[1], waitingAtMost: 0) {})
        while cache.demandWorkerID == nil { usleep(1000) }
        usleep(50_000)   // page 2 is in flight
        for p in 2...4 { XCTAssertNil(cache.bitmap(keys[p], waitingAtMost: 0) {}) }
        XCTAssertNil(cache.bitmap(keys[5], waitingAtMost: 0) {})
        gate.signal()
        cache.waitUntilIdle()
        let rendered = order.withLock { $0 }
        XCTAssertEqual(rendered.first, 1, "\(rendered)")
        XCTAssertEqual(rendered.dropFirst().first, 5, "the newest current page next: \(rendered)")
        XCTAssertEqual(Set(rendered), [1, 2, 3, 4, 5], "the skipped pages still render, after it")
    }

    /// A thread's scheduling policy (field 41 of its /proc stat file) and nice value (field 19).
    static func scheduling(_ statFile: String) -> (policy: Int, nice: Int)? {
        guard let stat = try? String(contentsOfFile: statFile, encoding: .utf8),
              let close = stat.lastIndex(of: ")") else { return nil }
        let f = stat[stat.index(after: close)...].split(separator: " ")
        guard f.count > 38, let policy = Int(f[38]), let nice = Int(f[16]) else { return nil }
        return (policy, nice)
    }
}
