import Dispatch
import Foundation
import PodiumCore
@testable import PodiumSDL
import XCTest

/// The run loop serves work posted from other threads while it sleeps in SDL: the mailbox, and
/// the main dispatch queue, where Swift's main-actor tasks and `DispatchQueue.main` blocks wait
/// (a plugin's `Task { @MainActor … }` never ran before the loop drained that queue).
///
/// Not a main-actor class on purpose: an async main-actor test would have XCTest's own run loop
/// serve the main queue and hide a loop that does not; this synchronous test runs on the main
/// thread, where only `PlatformEventLoop` can run that queue.
final class PlatformEventLoopTests: XCTestCase {
    func testWorkPostedFromOtherThreadsRunsWhileTheLoopWaits() throws {
        setenv("SDL_VIDEODRIVER", "offscreen", 1)
        try MainActor.assumeIsolated {
            try SDLVideo.start(driver: "offscreen")
            XCTAssertEqual(SDLVideo.currentDriver, "offscreen")
        }
        defer { MainActor.assumeIsolated { SDLVideo.stop() } }
        let ran = Ran()
        MainActor.assumeIsolated {
            let loop = PlatformEventLoop()
            defer { loop.close() }
            // Posted once the loop sleeps (a long wait: only a wake-up ends it early).
            DispatchQueue.global().asyncAfter(deadline: .now() + 0.2) {
                DispatchQueue.main.async { ran.mark("DispatchQueue.main") }
                Task { @MainActor in ran.mark("Task @MainActor") }
                MainThreadMailbox.shared.post { ran.mark("mailbox") }
            }
            // Each wait returns on an event or after 20 s; three waits are enough for three wake-ups.
            for _ in 0..<3 where ran.count < 3 { loop.wait(timeoutMs: 20_000) { _ in } }
        }
        XCTAssertEqual(ran.names, ["DispatchQueue.main", "Task @MainActor", "mailbox"])
    }

    final class Ran: @unchecked Sendable {
        private let lock = NSLock()
        private var seen: Set<String> = []
        func mark(_ name: String) { lock.lock(); seen.insert(name); lock.unlock() }
        var count: Int { lock.lock(); defer { lock.unlock() }; return seen.count }
        var names: [String] { lock.lock(); defer { lock.unlock() }; return seen.sorted() }
    }
}
