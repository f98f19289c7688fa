import Foundation
import PodiumKit
import XCTest

/// PodiumKit's stand-ins for what FoundationEssentials lacks (Sources/PodiumKit/Essentials, issue
/// 19) answer as the Foundation calls they replace did: this target imports Foundation, so each
/// is checked against the original.
final class EssentialsTests: XCTestCase {
    func testCFormatMatchesStringFormat() {
        XCTAssertEqual(String(cFormat: "%.1f MB", 3.25), String(format: "%.1f MB", 3.25))
        XCTAssertEqual(String(cFormat: "t=%.3f", 12.34567), String(format: "t=%.3f", 12.34567))
        XCTAssertEqual(String(cFormat: "%016llx", UInt64(0xdead_beef)), String(format: "%016llx", UInt64(0xdead_beef)))
        XCTAssertEqual(String(cFormat: "%02x", UInt8(7)), String(format: "%02x", UInt8(7)))
        XCTAssertEqual(String(cFormat: "%d:%02d:%02d", 1, 2, 3), String(format: "%d:%02d:%02d", 1, 2, 3))
        XCTAssertEqual(String(cFormat: "%08x", UInt32(0xabc)), String(format: "%08x", UInt32(0xabc)))
        XCTAssertEqual(String(cFormat: "%.2g", 0.000123), String(format: "%.2g", 0.000123))
        let long = String(repeating: "x", count: 300)
        XCTAssertEqual(String(cFormat: "\(long) %d", 5), long + " 5", "longer than the first buffer")
    }

    func testTrimmingMatchesFoundationsSets() {
        for s in ["  a b \t", "\u{00A0}\u{3000}x\u{2003}", "\n x \r\n", "\u{2028}y\u{0085}", "", "   ", "\u{200B}z\u{200B}", "\u{180E}a\u{180E}", "\u{FEFF}b\u{FEFF}", "\u{200C}c\u{2060}", "é\u{0301} "] {
            XCTAssertEqual(s.trimmingSpaces(), s.trimmingCharacters(in: .whitespaces), s.debugDescription)
            XCTAssertEqual(s.trimmingWhitespace(), s.trimmingCharacters(in: .whitespacesAndNewlines), s.debugDescription)
        }
    }

    func testPathFunctionsMatchNSString() {
        for p in ["/a/b.pdf", "/a/b/", "/", "", "b.pdf", "a/b", "/a", "talk.PDF", ".bashrc", "talk.", "/a.b/c", "a//b", "/a/b.tar.gz",
                  "a/b//", "///a", "/Sigur Rós/Ágætis byrjun.pdf"] {
            let ns = p as NSString
            XCTAssertEqual(p.pathLastComponent, ns.lastPathComponent, p)
            XCTAssertEqual(p.pathDeletingLastComponent, ns.deletingLastPathComponent, p)
            XCTAssertEqual(p.pathExtensionText, ns.pathExtension, p)
            XCTAssertEqual(p.pathAppending("c.json"), ns.appendingPathComponent("c.json"), p)
        }
        // A file system splits at the "/" byte, even before a combining mark (NSString, which
        // walks Characters, keeps "/\u{301}" whole).
        XCTAssertEqual("/x/e\u{301}/\u{301}.pdf".pathLastComponent, "\u{301}.pdf")
        XCTAssertEqual("/x/e\u{301}/\u{301}.pdf".pathDeletingLastComponent, "/x/e\u{301}")
    }

    func testPercentEncodingMatchesFoundation() {
        for s in ["a b", "Sigur Rós", "x%y", "ü@h:1/p?q=1#f", "a+b&c"] {
            XCTAssertEqual(PercentEncoding.encode(s, alsoAllowed: "!$&'()*+,-.;=_~"), s.addingPercentEncoding(withAllowedCharacters: .urlUserAllowed), s)
            XCTAssertEqual(PercentEncoding.encode(s, alsoAllowed: "!$&'()*+,-./:;=?@_~#%"),
                           s.addingPercentEncoding(withAllowedCharacters: CharacterSet.urlQueryAllowed.union(.urlPathAllowed).union(CharacterSet(charactersIn: "#%"))), s)
        }
        for s in ["a%20b", "R%C3%B3s", "%zz", "100%", "%FF", "plain"] {
            XCTAssertEqual(PercentEncoding.decode(s), s.removingPercentEncoding, s)
        }
    }

    /// The lock excludes, the condition wakes a waiter and times out, and a started thread runs
    /// under its name.
    func testLockConditionAndNamedThread() {
        let lock = ThreadLock(), cond = ThreadCondition()
        nonisolated(unsafe) var count = 0, name = ""
        let done = DispatchGroup()
        for _ in 0..<4 {
            done.enter()
            XCTAssertTrue(startDetachedThread(name: "podium-test-worker", stackSize: 1 << 20) {
                for _ in 0..<10_000 { lock.withLock { count += 1 } }
                var buffer = [CChar](repeating: 0, count: 32)
                prctlName(&buffer)
                lock.withLock { name = String(cString: buffer) }
                cond.lock(); cond.broadcast(); cond.unlock()
                done.leave()
            })
        }
        XCTAssertEqual(done.wait(timeout: .now() + 30), .success)
        XCTAssertEqual(count, 40_000)
        XCTAssertEqual(name, "podium-test-wor", "pthread names hold 15 bytes")
        XCTAssertTrue(lock.try()); XCTAssertFalse(lock.try()); lock.unlock()
        cond.lock()
        XCTAssertFalse(cond.wait(until: Date(timeIntervalSinceNow: 0.05)), "no signal: the deadline passes")
        cond.unlock()
    }

    /// A deadline already past returns at once and keeps the lock, as NSCondition does: a thread
    /// waiting for the lock never gets in meanwhile (`PageCache.bitmap(_:waitingAtMost: 0)` let
    /// the render worker finish a page in that gap on a loaded CI machine).
    func testAPastDeadlineKeepsTheLock() {
        let cond = ThreadCondition()
        nonisolated(unsafe) var entered = false
        let started = DispatchSemaphore(value: 0), done = DispatchSemaphore(value: 0)
        cond.lock()
        XCTAssertTrue(startDetachedThread {
            started.signal()
            cond.lock(); entered = true; cond.unlock()
            done.signal()
        })
        started.wait()
        usleep(20_000)   // the other thread is now blocked on the lock
        for _ in 0..<2_000 { XCTAssertFalse(cond.wait(until: Date(timeIntervalSinceNow: -1))) }
        XCTAssertFalse(entered, "the lock was never released by a wait whose deadline had passed")
        cond.unlock()
        XCTAssertEqual(done.wait(timeout: .now() + 10), .success)
        XCTAssertTrue(entered)
    }
}

/// The calling thread's name, as /proc shows it.
private func prctlName(_ buffer: inout [CChar]) {
    let comm = (try? String(contentsOfFile: "/proc/thread-self/comm", encoding: .utf8)) ?? ""
    let bytes = Array(comm.trimmingCharacters(in: .newlines).utf8CString)
    for (i, b) in bytes.prefix(buffer.count).enumerated() { buffer[i] = b }
}
