import FoundationEssentials
import Glibc

/// The folder where a watched talk keeps the last good version of each file it loaded (the host's
/// `LastGoodDeck`, the PDF plugin's `PDFLastGoodCopy`): `$XDG_CACHE_HOME/podium/last-good`, else
/// `$HOME/.cache/podium/last-good`. One file per deck, PDF and sidecar ever presented, so it is
/// pruned as a cache: a talk writes its own copies again each time it loads them, so what was
/// not written for `maxAgeDays` belongs to no talk that is running or resumable.
public enum LastGoodCopies {
    /// Copies not written for this many days (30) are removed at a watched talk's launch.
    public static let maxAgeDays = 30.0

    /// The folder, from `environment` (a relative `XDG_CACHE_HOME` is ignored, as the XDG spec
    /// says); `HOME` as every other state file (not the passwd entry: trial 18b F5).
    public static func folder(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        let base = environment["XDG_CACHE_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil }
            ?? (environment["HOME"] ?? FileManager.default.homeDirectoryForCurrentUser.path).pathAppending(".cache")
        return base + "/podium/last-good"
    }

    /// Removes the regular files in `folder` last modified more than `maxAgeDays` before `now`,
    /// and a write's leftover (`*.part`: a talk killed while writing) older than a day. Errors
    /// (no folder, a file gone meanwhile) are ignored: this is a cache. Returns the names removed.
    @discardableResult
    public static func prune(_ folder: String, now: Date = Date()) -> [String] {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return [] }
        var removed: [String] = []
        for name in names {
            let path = folder + "/" + name
            var st = stat()
            guard lstat(path, &st) == 0, (st.st_mode & S_IFMT) == S_IFREG else { continue }
            let age = now.timeIntervalSince1970 - Double(st.st_mtim.tv_sec)
            let limit = name.hasSuffix(".part") ? 86_400 : maxAgeDays * 86_400
            if age > limit, unlink(path) == 0 { removed.append(name) }
        }
        return removed.sorted()
    }
}
