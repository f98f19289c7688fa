import FoundationEssentials
import Glibc

/// What a file looks like on disk now: enough to tell that a writer is still at work.
public struct FileSignature: Equatable, Sendable {
    public var exists: Bool
    public var size: UInt64
    /// Modification time in seconds, and the inode (a write-then-rename gives a new one).
    public var modified: Double
    public var inode: UInt64

    public init(exists: Bool, size: UInt64 = 0, modified: Double = 0, inode: UInt64 = 0) {
        self.exists = exists; self.size = size; self.modified = modified; self.inode = inode
    }

    /// The signature of the file at `path` now (`exists` false when it cannot be stat'ed).
    public static func of(_ path: String) -> FileSignature {
        var st = stat()
        guard stat(path, &st) == 0 else { return FileSignature(exists: false) }
        return FileSignature(exists: true, size: UInt64(st.st_size),
                             modified: Double(st.st_mtim.tv_sec) + Double(st.st_mtim.tv_nsec) / 1e9, inode: UInt64(st.st_ino))
    }
}

/// Decides when changed files are ready to load: after a change is reported, the files must look
/// the same (`FileSignature`) for `settle` seconds, so a reload never reads a file a compiler is
/// still writing. Pure: the caller passes the time and the signatures.
public struct ReloadGate: Sendable {
    public enum Decision: Equatable, Sendable {
        /// Nothing changed since the last load.
        case idle
        /// Look again at this time (seconds, the caller's clock).
        case wait(until: Double)
        /// The files have been still for `settle` seconds: load them now.
        case ready
    }
    /// Seconds the files must stay unchanged.
    public let settle: Double
    private var pending = false
    private var stillSince = 0.0
    private var last: [String: FileSignature] = [:]

    public init(settle: Double = 0.3) { self.settle = settle }

    /// A change was reported at `now` (a watch event): a load is due once the files settle.
    public mutating func changed(at now: Double) {
        pending = true; stillSince = now
    }

    /// Whether a change is waiting to be loaded.
    public var isPending: Bool { pending }

    /// Looks at the files' `signatures` at `now`: any difference from the last look restarts the
    /// wait; `.ready` once they have stayed the same for `settle` seconds (then idle again until
    /// the next `changed`).
    public mutating func poll(_ signatures: [String: FileSignature], at now: Double) -> Decision {
        guard pending else { return .idle }
        if signatures != last { last = signatures; stillSince = now; return .wait(until: now + settle) }
        // A timer set for `stillSince + settle` fires at that time, give or take rounding.
        guard now - stillSince >= settle - 1e-6 else { return .wait(until: stillSince + settle) }
        pending = false
        return .ready
    }
}
