import Foundation
import PodiumKit
#if canImport(Glibc)
import Glibc
#endif

/// One `podium present` per deck at a time: a second one would stack another audience window on
/// the projector and offer to "resume" the talk that is still running. An advisory `flock` on
/// `journal-<hash>.lock` beside the talk's journal, held for the life of the process (the kernel
/// drops it when the process ends, even by SIGKILL, so a crash never leaves it stuck).
public final class TalkLock {
    private let fd: Int32

    private init(fd: Int32) { self.fd = fd }
    deinit { close(fd) }

    /// Takes the lock for the deck at `deckPath` (absolute). Nil when the lock file cannot be made
    /// (a read-only home): the talk goes on unguarded rather than not at all. Throws
    /// `TalkLockError` with the other process's pid when another podium still holds it after
    /// `graceSeconds` (seconds; one that was just told to quit lets go within them).
    public static func acquire(deckPath: String, environment: [String: String] = ProcessInfo.processInfo.environment,
                               graceSeconds: Double = 1.5) throws -> TalkLock? {
        let journal = TalkJournal(deckPath: deckPath, environment: environment).file
        let path = journal.deletingPathExtension().appendingPathExtension("lock").path
        try? FileManager.default.createDirectory(at: journal.deletingLastPathComponent(), withIntermediateDirectories: true)
        let fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o600)
        guard fd >= 0 else { return nil }
        // A podium that has just been asked to quit (its `quit` reply comes before its exit)
        // lets go within moments: wait for it a little before refusing.
        var waited = 0.0
        while flock(fd, LOCK_EX | LOCK_NB) != 0, waited < graceSeconds { usleep(50_000); waited += 0.05 }
        guard flock(fd, LOCK_EX | LOCK_NB) == 0 else {
            var buffer = [UInt8](repeating: 0, count: 32)
            let n = read(fd, &buffer, buffer.count)
            close(fd)
            let pid = Int(String(decoding: buffer.prefix(max(0, n)), as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines))
            throw TalkLockError(deck: deckPath, pid: pid)
        }
        let text = Array("\(getpid())\n".utf8)
        _ = ftruncate(fd, 0)
        _ = pwrite(fd, text, text.count, 0)
        return TalkLock(fd: fd)
    }
}

/// Another podium is presenting the deck.
public struct TalkLockError: Error, CustomStringConvertible {
    public var deck: String
    public var pid: Int?
    public var description: String {
        "\(SafeText.quote(deck)) is already being presented by another podium\(pid.map { " (pid \($0))" } ?? ""): quit that one first (q or Ctrl+Q on its presenter screen)"
    }
}
