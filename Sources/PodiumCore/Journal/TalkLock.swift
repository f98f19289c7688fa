import FoundationEssentials
import PodiumKit
#if canImport(Glibc)
import Glibc
#endif

/// One `podium present` per deck at a time: a second one would stack another audience window on
/// the projector and offer to "resume" the talk that is still running. An advisory `flock` on
/// `journal-<hash>.lock` beside the talk's journal, held for the life of the process (the kernel
/// drops it when the process ends, even by SIGKILL, so a crash never leaves it stuck).
public final class TalkLock {
    private let file: LockFile

    private init(file: LockFile) { self.file = file }

    /// Takes the lock for the deck at `deckPath` (absolute). Nil when the lock file cannot be made
    /// (a read-only home): the talk goes on unguarded rather than not at all. Throws
    /// `TalkLockError` with the other process's pid when another podium still holds it after
    /// `graceSeconds` (seconds; one that was just told to quit lets go within them).
    public static func acquire(deckPath: String, environment: [String: String] = ProcessInfo.processInfo.environment,
                               graceSeconds: Double = 1.5) throws -> TalkLock? {
        let journal = TalkJournal(deckPath: deckPath, environment: environment).file
        let path = journal.deletingPathExtension().appendingPathExtension("lock").path
        do { return try LockFile.take(path, graceSeconds: graceSeconds).map(TalkLock.init) }
        catch let held as LockFile.Held { throw TalkLockError(deck: deckPath, pid: held.pid) }
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
