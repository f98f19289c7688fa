import FoundationEssentials
import Glibc
import PodiumCore
import PodiumKit

/// The last version of a JSON deck file a talk loaded, kept on disk, so that a crash restart (or
/// `present --resume`) while the file has a typo comes back on it at the speaker's place instead
/// of waiting 30 s for the file with the room black and then handing the room the desktop
/// (trial 18b F4). The PDF plugin keeps its files the same way (`PDFLastGoodCopy`), in the same
/// folder (`LastGoodCopies`): `$XDG_CACHE_HOME/podium/last-good/<FNV-1a 64 of the path>.json`.
///
/// Written only in a talk its crash watcher restarts (`PODIUM_CRASH_WATCHED`), after each load
/// (launch, reload), on a background thread; read only when resuming
/// (`PODIUM_CRASH_RESTARTS` or `PODIUM_RESUMING`) and only when the file itself does not load.
enum LastGoodDeck {
    private static var environment: [String: String] { ProcessInfo.processInfo.environment }

    static func copyPath(for deck: String) -> String {
        let full = URL(fileURLWithPath: deck).standardizedFileURL.path
        return "\(LastGoodCopies.folder())/\(TalkJournal.hash(full)).json"
    }

    /// Keeps `data`, the bytes of the deck file at `path` that just loaded, as its last good
    /// version, written in the background (the file is not read again: what it holds by then may
    /// not be what loaded). Where it goes is read from the environment here, on the caller's
    /// thread: the launch's main thread still sets variables meanwhile (`ComposeCache`,
    /// `SessionBusAutolaunch`), and glibc's setenv frees the array a reader on another thread may
    /// be walking (the launch race of `PresentCommand.text`: a talk died at launch with no message).
    static func keep(_ data: Data, of path: String) {
        guard environment["PODIUM_CRASH_WATCHED"] != nil else { return }
        let target = copyPath(for: path), temporary = target + ".\(getpid()).part"
        // A thread of its own, not Dispatch's global queues, whose first work starts the worker
        // pool's monitor: a timer waking the talk every second for good (`PDFLastGoodCopy`).
        let write: @Sendable () -> Void = {
            try? FileManager.default.createDirectory(atPath: target.pathDeletingLastComponent, withIntermediateDirectories: true)
            guard FileManager.default.createFile(atPath: temporary, contents: data, attributes: [.posixPermissions: 0o600]) else { return }
            if rename(temporary, target) != 0 { unlink(temporary) }
        }
        if !startDetachedThread(name: "podium-keep", stackSize: 512 << 10, write) { write() }
    }

    /// Resuming, the last good version of the deck at `path`, when there is one.
    static func copy(for path: String) -> Data? {
        guard environment["PODIUM_CRASH_RESTARTS"] != nil || environment["PODIUM_RESUMING"] != nil else { return nil }
        return FileManager.default.contents(atPath: copyPath(for: path))
    }
}
