import Foundation

/// Whether `talk.pdfpc` may no longer fit its PDF. pdfpc's file names pages by index (`idx`),
/// so when the PDF is recompiled with pages inserted or removed and the file is left as it was,
/// its hidden pages and notes land on other pages (trial 16 M2: the room saw the page the speaker
/// had hidden, the console a stale note). pdfpc writes no page count, so this process remembers,
/// per PDF, the page count the file's current bytes were first read with: while those bytes stay
/// and the PDF's page count differs, the presenter is warned (a reload says a new warning on the
/// banner, console only). Saving the `.pdfpc` again takes the new count as its own.
enum PdfpcStaleness {
    private struct Seen { var bytes: Data; var pageCount: Int }
    nonisolated(unsafe) private static var seen: [String: Seen] = [:]
    private static let lock = NSLock()

    /// The warning for `pdf` (absolute), `pageCount` pages now, whose `.pdfpc` holds `bytes`
    /// (nil: none); nil when nothing has changed under the file.
    static func warning(pdf: String, pdfpc bytes: Data?, pageCount: Int) -> String? {
        lock.withLock {
            guard let bytes else { seen[pdf] = nil; return nil }
            guard let was = seen[pdf], was.bytes == bytes else {
                seen[pdf] = Seen(bytes: bytes, pageCount: pageCount)
                return nil
            }
            guard was.pageCount != pageCount else { return nil }
            let name = (pdf as NSString).lastPathComponent
            return "\(PdfpcFile.path(for: pdf)): \(name) now has \(pageCount) pages, \(was.pageCount) when this file was read: "
                + "its hidden pages and notes go by page number and may no longer match (save it again in pdfpc, or fix its idx entries)"
        }
    }
}
