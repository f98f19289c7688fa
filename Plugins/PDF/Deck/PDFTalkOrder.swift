import FoundationEssentials
import PodiumKit
import Glibc

/// The pages a PDF talk leaves out (talk.pdfpc's `hidden`, as `PDFDeck` last used them), by the
/// PDF's absolute path, so a `pdf` scene's own NEXT preview skips them as the talk's next key
/// and the console's "Next:" do (trial 17 m5: the preview showed the hidden backup slide). Only
/// a deck built from the PDF sets it: a JSON deck's `pdf` scenes show the file's next page.
enum PDFTalkOrder {
    nonisolated(unsafe) private static var hidden: [String: Set<Int>] = [:]
    private static let lock = ThreadLock()

    static func setHidden(_ pages: Set<Int>, file: String) { lock.withLock { hidden[file] = pages } }

    /// The first page after `page` (0-based) up to `last` that the talk shows; nil when none.
    static func next(after page: Int, last: Int, file: String) -> Int? {
        let skip = lock.withLock { hidden[file] } ?? []
        return page < last ? (page + 1...last).first { !skip.contains($0) } : nil
    }
}
