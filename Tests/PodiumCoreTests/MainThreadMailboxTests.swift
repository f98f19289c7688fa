import Foundation
import PodiumCore
import PodiumKit
import XCTest

@MainActor
final class MainThreadMailboxTests: XCTestCase {
    /// Work posted before the run loop installs its wake-up (a scene made at launch posting its
    /// first video frame) wakes the loop as soon as it does, instead of waiting for another post.
    func testInstallingWakeWakesForWorkAlreadyPosted() async {
        let m = MainThreadMailbox()
        let woken = Counter()
        m.wake = { woken.add() }
        XCTAssertEqual(woken.value, 0, "nothing waiting: no wake-up")
        m.wake = nil
        var ran = false
        m.post { ran = true }
        m.wake = { woken.add() }
        XCTAssertEqual(woken.value, 1)
        m.drain()
        XCTAssertTrue(ran)
    }
}

private final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var n = 0
    var value: Int { lock.lock(); defer { lock.unlock() }; return n }
    func add() { lock.lock(); n += 1; lock.unlock() }
}
