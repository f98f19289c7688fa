import FoundationEssentials
import Glibc

/// A test hook for end-to-end tests of a reload reading the pages' text (`PDFDocument.pageKeys`):
/// `PODIUM_PDF_HOLD_PAGE_TEXT=PATH` holds every document's first read of it until the file PATH
/// exists, so a test can act while the read runs, without a heavy PDF or a timing. Unset: no hook.
enum PageTextHold {
    static let release = ProcessInfo.processInfo.environment["PODIUM_PDF_HOLD_PAGE_TEXT"]

    /// Waits for the release file, when the hook is set.
    static func wait() {
        guard let release else { return }
        while !FileManager.default.fileExists(atPath: release) { usleep(20_000) }
    }
}
