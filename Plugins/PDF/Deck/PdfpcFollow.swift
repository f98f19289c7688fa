import FoundationEssentials
import Glibc
import PodiumKit

/// Moves `talk.pdfpc`'s per-page entries (notes, hidden pages, forced overlays) with their pages'
/// content when the PDF changed under a file left as it was: pdfpc names pages by index, so a
/// frame inserted earlier would put a note on the page before it and hide the wrong page (trial
/// 17 m1: the room saw the slide the speaker had hidden). The file is taken as written for the PDF
/// it was first read with (`PdfpcStaleness`), whose page content keys are `old`.
enum PdfpcFollow {
    /// Page content keys (`PDFDocument.pageKeys`, `loosePageKeys`), one per page, and the pages'
    /// words (`words(_:)`; nil in a baseline saved before they were kept).
    struct Keys: Equatable, Codable, Sendable {
        var exact: [String]
        var loose: [String]
        var words: [[String]]? = nil
    }

    /// A hidden page not found for certain, hidden at the new page most like it (1-based pages).
    struct Guess: Equatable {
        var old: Int
        var new: Int
    }

    struct Result: Equatable {
        /// The entries at their pages in the new PDF; those whose page was not found left out.
        var file: PdfpcFile
        /// Whether any entry changed page or was left out.
        var changed: Bool
        /// The entries left out, as the speaker says them ("hidden page 7", 1-based old pages).
        var lost: [String]
        /// Hidden pages placed on a guess (the room must never see a page the file hid).
        var guessed: [Guess] = []
    }

    /// A page's words for telling pages apart (`PageMapping.words`).
    static func words(_ text: String) -> [String] { PageMapping.words(text) }

    /// Old page index → new page index (`PageMapping.map`, the mapping a reload's place uses
    /// too): by the exact key first, then by the key of the text without digits (a footline
    /// "3 / 12" renumbered) for a page left over, then pages edited in place between found
    /// neighbours, in order (trial 18 F3). Pages found no way are absent.
    static func pageMap(from old: Keys, to new: Keys) -> [Int: Int] {
        func tiers(_ k: Keys) -> [[String?]] { [k.exact.map { $0 }, k.loose.map { $0 }] }
        return PageMapping.map(old: tiers(old), new: tiers(new), oldCount: old.exact.count, newCount: new.exact.count)
    }

    /// Where `map` could not place the hidden pages of `hidden`, the safe side: each is hidden at
    /// the new page most like it between the same found neighbours (`PageMapping.guesses`; trial
    /// 18b F2: a slide edited beside a cut backup is that slide, not the backup).
    static func guesses(hidden: Set<Int>, map: [Int: Int], from old: Keys, to new: Keys) -> [Int: Int] {
        PageMapping.guesses(for: hidden, map: map, old: old.exact.count, new: new.exact.count, oldWords: old.words, newWords: new.words)
    }

    /// `file`'s per-page entries moved from the pages keyed `old` to those keyed `new`; a hidden
    /// page not found is hidden on a guess (`guesses`) and named in `guessed`, never shown.
    static func follow(_ file: PdfpcFile, from old: Keys, to new: Keys) -> Result {
        let map = pageMap(from: old, to: new)
        let guessed = guesses(hidden: file.hidden, map: map, from: old, to: new)
        var out = file, lost: [String] = [], changed = false
        func move<V>(_ entries: [Int: V], _ map: [Int: Int], _ name: (Int) -> String) -> [Int: V] {
            var moved: [Int: V] = [:]
            for p in entries.keys.sorted() {
                guard let q = map[p] else { lost.append(name(p + 1)); changed = true; continue }
                if q != p { changed = true }
                moved[q] = entries[p]
            }
            return moved
        }
        func pages(_ s: Set<Int>) -> [Int: Bool] { Dictionary(uniqueKeysWithValues: s.map { ($0, true) }) }
        out.hidden = Set(move(pages(file.hidden), map.merging(guessed) { a, _ in a }) { "hidden page \($0)" }.keys)
        out.notes = move(file.notes, map) { "the note of page \($0)" }
        out.forcedOverlays = Set(move(pages(file.forcedOverlays), map) { "the forcedOverlay of page \($0)" }.keys)
        if !guessed.isEmpty { changed = true }
        return Result(file: out, changed: changed, lost: lost,
                      guessed: guessed.keys.sorted().map { Guess(old: $0 + 1, new: guessed[$0]! + 1) })
    }
}

extension PdfpcFollow {
    /// Two readings of one file whose PDF is not known for certain, combined on the safe side.
    struct Either: Equatable {
        /// `first`'s entries, with every page hidden in either reading hidden.
        var file: PdfpcFile
        /// The pages (0-based, new PDF) hidden in one reading only, sorted: the speaker checks them.
        var kept: [Int]
        /// Whether `second` hides a page `first` does not (`first` alone would show it).
        var secondAdds: Bool
    }

    /// `first` and `second` read for the same new PDF (e.g. the file as written, and moved with
    /// its pages from the PDF it was read with): the room must never see a page the speaker hid,
    /// and which reading the speaker meant is not known (trial 20 F4: a `.pdfpc` read with the
    /// PDF of then and a frame inserted within 10 s hid Results and showed the backup), so a page
    /// hidden in either stays hidden. Notes and forced overlays are `first`'s.
    static func either(_ first: PdfpcFile, _ second: PdfpcFile) -> Either {
        var out = first
        out.hidden = first.hidden.union(second.hidden)
        return Either(file: out, kept: first.hidden.symmetricDifference(second.hidden).sorted(),
                      secondAdds: !second.hidden.isSubset(of: first.hidden))
    }
}

extension PdfpcFollow.Keys {
    /// `doc`'s keys and words (read once per document, `PDFDocument.pageKeys`).
    init(of doc: PDFDocument) { self.init(exact: doc.pageKeys, loose: doc.loosePageKeys, words: doc.pageWords) }
}
