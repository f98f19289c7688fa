import Dispatch
import FoundationEssentials
import Glibc
import PodiumKit

/// The last version of each PDF a talk showed, kept on disk, so that a crash restart while the
/// file is broken (a failed compile left it cut short, or deleted it) comes back on that version
/// at the speaker's place, instead of waiting for the file with the room black and then leaving
/// the room the desktop (trial 18, finding 4). The file itself is reloaded once it is complete,
/// as in any talk.
///
/// Written only in a talk the crash watcher restarts (`PODIUM_CRASH_WATCHED`, set by the host
/// once its watcher runs), after a version was taken into use (launch, or a reload that kept it),
/// on a background thread, to `$XDG_CACHE_HOME/podium/last-good/<FNV-1a 64 of the path>.pdf`
/// (written whole, then renamed over the old copy). Read only by a talk resuming an interrupted
/// one (the watcher's restart, `PODIUM_CRASH_RESTARTS`, or `present --resume`, for which the host
/// sets `PODIUM_RESUMING`), only when the file cannot be opened.
enum PDFLastGoodCopy {
    /// Files over this many bytes are not copied (256 MiB): a restart then waits for the file.
    static let maxBytes = 256 << 20

    private static var environment: [String: String] { ProcessInfo.processInfo.environment }
    static var isWatched: Bool { environment["PODIUM_CRASH_WATCHED"] != nil }
    static var isResuming: Bool { environment["PODIUM_CRASH_RESTARTS"] != nil || environment["PODIUM_RESUMING"] != nil }

    /// Where the copy of the PDF at `path` (absolute) is kept.
    static func copyPath(for path: String) -> String {
        let base = environment["XDG_CACHE_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil }
            // $HOME, as every other state file (NSHomeDirectory reads the passwd entry on Linux:
            // talks with a private HOME wrote the real user's cache, trial 18b F5).
            ?? (environment["HOME"] ?? FileManager.default.homeDirectoryForCurrentUser.path).pathAppending(".cache")
        let hash = String(InkPageKeys.fnv1a64(Array(path.utf8)), radix: 16)
        return "\(base)/podium/last-good/\(hash).pdf"
    }

    /// Keeps `document`'s bytes as its file's last good version, in the background; nothing
    /// outside a watched talk.
    /// The destination is read from the environment on the caller's thread, never in the
    /// background: the host's main thread may still set variables at launch, and glibc's setenv
    /// frees the array another thread may be walking (`LastGoodDeck.keep`: a SIGSEGV at launch).
    static func keep(_ document: PDFDocument) {
        guard isWatched else { return }
        let target = copyPath(for: document.path)
        keeping.enter()
        inBackground {
            defer { keeping.leave() }
            let folder = target.pathDeletingLastComponent
            let temporary = target + ".\(getpid()).part"
            do {
                try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
                let written: Bool = document.withBytes { raw in
                    guard raw.count <= maxBytes, let base = raw.baseAddress else { return false }
                    // Written from the document's own bytes: no second copy of the PDF in memory.
                    let view = Data(bytesNoCopy: UnsafeMutableRawPointer(mutating: base), count: raw.count, deallocator: .none)
                    return FileManager.default.createFile(atPath: temporary, contents: view, attributes: [.posixPermissions: 0o600])
                }
                guard written else { return }
                guard rename(temporary, target) == 0 else { unlink(temporary); return }
            } catch {
                SafeText.log("podium: the last good copy of \(document.path) was not kept: \(error)")
            }
        }
    }
    /// The copies being written (tests wait for them).
    static let keeping = DispatchGroup()

    /// Runs `body` on a thread of its own (here when none can start), not on Dispatch's global
    /// queues: the first work there starts libdispatch's worker pool and with it the pool's
    /// monitor, a timer that wakes the talk every second for the rest of its life (issue 19,
    /// idle: ~0.01 % of a core, a tenth of the talk's own).
    private static func inBackground(_ body: @escaping @Sendable () -> Void) {
        if !startDetachedThread(name: "podium-keep", stackSize: 512 << 10, body) { body() }
    }

    /// A file beside the PDF whose last version read without a problem is kept too: pdfpc's
    /// `talk.pdfpc` (hidden pages, timing) and Podium's `talk.notes.json`.
    enum Sidecar: String { case pdfpc, notes = "notes.json" }

    /// Where the last `sidecar` of the PDF at `pdf` read without a problem is kept.
    static func copyPath(of sidecar: Sidecar, for pdf: String) -> String { String(copyPath(for: pdf).dropLast(4)) + "." + sidecar.rawValue }

    /// Keeps `bytes`, `sidecar` read without a problem for the PDF at `pdf`, so a restart while
    /// the file has a typo keeps what the talk read (trial 18 F2 after a crash: hidden pages and
    /// timing; trial 18b F8: the notes); nothing outside a watched talk.
    static func keep(_ bytes: Data, as sidecar: Sidecar, for pdf: String) {
        guard isWatched else { return }
        let target = copyPath(of: sidecar, for: pdf), temporary = target + ".\(getpid()).part"   // here, not in the background (`keep(_:)`)
        keeping.enter()
        inBackground {
            defer { keeping.leave() }
            try? FileManager.default.createDirectory(atPath: target.pathDeletingLastComponent, withIntermediateDirectories: true)
            guard FileManager.default.createFile(atPath: temporary, contents: bytes, attributes: [.posixPermissions: 0o600]) else { return }
            if rename(temporary, target) != 0 { unlink(temporary) }
        }
    }

    /// Resuming, the last `sidecar` the talk before read without a problem for `pdf`.
    static func kept(_ sidecar: Sidecar, for pdf: String) -> Data? {
        guard isResuming else { return nil }
        return FileManager.default.contents(atPath: copyPath(of: sidecar, for: pdf))
    }

    /// Drops the kept `sidecar` of `pdf`: a talk that starts afresh and reads none (no file, or
    /// one it cannot read) must not leave an earlier talk's for its restart to apply (trial 18b
    /// F6: a restart took a file this talk had left out).
    static func forget(_ sidecar: Sidecar, for pdf: String) {
        guard isWatched, !isResuming else { return }
        unlink(copyPath(of: sidecar, for: pdf))
    }

    /// In a restart, the PDF at `path` from its last good copy, when the file itself failed with
    /// `error` and a copy exists; nil otherwise.
    static func reopen(_ path: String, after error: PDFError) -> PDFDocument? {
        guard isResuming else { return nil }
        let copy = copyPath(for: path)
        guard FileManager.default.fileExists(atPath: copy),
              let doc = try? PDFDocument(path: path, readingFrom: copy, unreadableBecause: "\(error)") else { return nil }
        SafeText.log("podium: \(error); the restarted talk shows the version it showed before the restart (\(copy)), until the file is complete again")
        return doc
    }
}
