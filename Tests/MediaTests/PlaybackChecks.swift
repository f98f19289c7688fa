import Foundation
import PodiumCore
import PodiumMedia
import XCTest

extension XCTestCase {
    /// Runs the main thread's mailbox (frames hop there) and the host's timers (the bus is read
    /// from one) until `condition` holds or `seconds` pass; returns `condition()`.
    @discardableResult
    @MainActor func pump(_ p: Presentation, seconds: Double = 6, until condition: () -> Bool = { false }) -> Bool {
        let clock = { ProcessInfo.processInfo.systemUptime }
        let deadline = clock() + seconds
        while clock() < deadline {
            MainThreadMailbox.shared.drain()
            p.timers.fire(now: clock())
            if condition() { return true }
            usleep(5_000)
        }
        return condition()
    }

    /// Blackout mutes a playing clip and it plays on; freeze pauses it and the thaw resumes it,
    /// the speaker's choice (`wantsPlaying`) untouched.
    @MainActor func assertBlackoutMutesAndFreezePauses(_ p: Presentation, _ clip: ClipPlayback, file: StaticString = #filePath, line: UInt = #line) {
        guard let player = clip.player else { return XCTFail("no player", file: file, line: line) }
        p.perform(.blackout)
        XCTAssertTrue(player.isMuted, file: file, line: line); XCTAssertTrue(player.isPlaying, file: file, line: line)
        p.perform(.blackout)
        XCTAssertFalse(player.isMuted, file: file, line: line)
        p.perform(.freeze)
        XCTAssertFalse(player.isPlaying, "freeze must pause", file: file, line: line)
        XCTAssertTrue(clip.wantsPlaying, file: file, line: line)
        p.perform(.freeze)
        XCTAssertTrue(player.isPlaying, "thaw must resume", file: file, line: line)
    }
}
