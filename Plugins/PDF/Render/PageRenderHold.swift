import FoundationEssentials
import Glibc

/// A test hook for end-to-end tests of a page that renders slowly: `PODIUM_PDF_HOLD_PAGE=N:PATH`
/// holds every render of page N (1-based) until the file PATH exists, so a test knows the page is
/// still rendering for as long as it likes, without a heavy PDF or a timing. Unset: no hook.
enum PageRenderHold {
    nonisolated(unsafe) private static var installed = false

    /// Installs `PageCache.willRender` from the environment, once. Called with `PageCaches`' lock held.
    static func installFromEnvironment() {
        guard !installed else { return }
        installed = true
        guard let v = ProcessInfo.processInfo.environment["PODIUM_PDF_HOLD_PAGE"],
              let colon = v.firstIndex(of: ":"), let page = Int(v[..<colon]), page >= 1 else { return }
        let release = String(v[v.index(after: colon)...])
        PageCache.willRender = { key in
            guard key.page == page - 1 else { return }
            while !FileManager.default.fileExists(atPath: release) { usleep(20_000) }
        }
    }
}
