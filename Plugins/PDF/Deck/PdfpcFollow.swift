import Foundation

/// Moves `talk.pdfpc`'s per-page entries (notes, hidden pages, forced overlays) with their pages'
/// content when the PDF changed under a file left as it was: pdfpc names pages by index, so a
/// frame inserted earlier would put a note on the page before it and hide the wrong page (trial
/// 17 m1: the room saw the slide the speaker had hidden). The file is taken as written for the PDF
/// it was first read with (`PdfpcStaleness`), whose page content keys are `old`.
enum PdfpcFollow {
    /// Page content keys (`PDFDocument.pageKeys`, `loosePageKeys`), one per page.
    struct Keys: Equatable, Codable, Sendable {
        var exact: [String]
        var loose: [String]
    }

    struct Result: Equatable {
        /// The entries at their pages in the new PDF; those whose page was not found left out.
        var file: PdfpcFile
        /// Whether any entry changed page or was left out.
        var changed: Bool
        /// The entries left out, as the speaker says them ("hidden page 7", 1-based old pages).
        var lost: [String]
    }

    /// Old page index → new page index: by the exact key first, then by the key of the text
    /// without digits (a footline "3 / 12" renumbered) for a page left over, then a page edited
    /// in place: one not found whose neighbours (or the PDF's start or end) were found with
    /// exactly one new, unclaimed page between them is that page (a backup slide retitled stays
    /// hidden). Pages found no way are absent.
    static func pageMap(from old: Keys, to new: Keys) -> [Int: Int] {
        func index(_ keys: [String]) -> [String: Int] { Dictionary(keys.enumerated().map { ($1, $0) }, uniquingKeysWith: { a, _ in a }) }
        let exact = index(new.exact), loose = index(new.loose)
        var map: [Int: Int] = [:], taken = Set<Int>()
        for (i, k) in old.exact.enumerated() { if let j = exact[k], !taken.contains(j) { map[i] = j; taken.insert(j) } }
        for (i, k) in old.loose.enumerated() where map[i] == nil {
            if let j = loose[k], !taken.contains(j) { map[i] = j; taken.insert(j) }
        }
        for i in old.exact.indices where map[i] == nil {
            guard let before = i == 0 ? -1 : map[i - 1], let after = i == old.exact.count - 1 ? new.exact.count : map[i + 1],
                  after - before == 2, !taken.contains(before + 1) else { continue }
            map[i] = before + 1; taken.insert(before + 1)
        }
        return map
    }

    /// `file`'s per-page entries moved from the pages keyed `old` to those keyed `new`.
    static func follow(_ file: PdfpcFile, from old: Keys, to new: Keys) -> Result {
        let map = pageMap(from: old, to: new)
        var out = file, lost: [String] = [], changed = false
        func move<V>(_ entries: [Int: V], _ name: (Int) -> String) -> [Int: V] {
            var moved: [Int: V] = [:]
            for p in entries.keys.sorted() {
                guard let q = map[p] else { lost.append(name(p + 1)); changed = true; continue }
                if q != p { changed = true }
                moved[q] = entries[p]
            }
            return moved
        }
        func pages(_ s: Set<Int>) -> [Int: Bool] { Dictionary(uniqueKeysWithValues: s.map { ($0, true) }) }
        out.hidden = Set(move(pages(file.hidden)) { "hidden page \($0)" }.keys)
        out.notes = move(file.notes) { "the note of page \($0)" }
        out.forcedOverlays = Set(move(pages(file.forcedOverlays)) { "the forcedOverlay of page \($0)" }.keys)
        return Result(file: out, changed: changed, lost: lost)
    }
}
