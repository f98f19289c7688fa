import Foundation

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

    /// A page's words for telling pages apart: lowercased runs of letters, two or more, no
    /// digits (a footline's "3 / 12" changes when a frame is inserted), each once, sorted.
    static func words(_ text: String) -> [String] {
        let runs = text.lowercased().split { !$0.isLetter }
        return Set(runs.filter { $0.count >= 2 }.map(String.init)).sorted()
    }

    /// Old page index → new page index: by the exact key first, then by the key of the text
    /// without digits (a footline "3 / 12" renumbered) for a page left over, then pages edited in
    /// place: a run of consecutive pages not found whose neighbours (or the PDF's start or end)
    /// were found with exactly as many new, unclaimed pages between them are those pages, in
    /// order (a backup slide retitled stays hidden, with the slide after it edited too: trial 18
    /// F3). Pages found no way are absent.
    static func pageMap(from old: Keys, to new: Keys) -> [Int: Int] {
        func index(_ keys: [String]) -> [String: Int] { Dictionary(keys.enumerated().map { ($1, $0) }, uniquingKeysWith: { a, _ in a }) }
        let exact = index(new.exact), loose = index(new.loose)
        var map: [Int: Int] = [:], taken = Set<Int>()
        for (i, k) in old.exact.enumerated() { if let j = exact[k], !taken.contains(j) { map[i] = j; taken.insert(j) } }
        for (i, k) in old.loose.enumerated() where map[i] == nil {
            if let j = loose[k], !taken.contains(j) { map[i] = j; taken.insert(j) }
        }
        for gap in gaps(map, old: old.exact.count, new: new.exact.count) {
            let free = gap.new.filter { !taken.contains($0) }
            guard free.count == gap.old.count, free.count == gap.new.count else { continue }
            for (i, j) in zip(gap.old, free) { map[i] = j; taken.insert(j) }
        }
        return map
    }

    /// The runs of old pages not in `map`, each with the new pages between the pages its
    /// neighbours were found at (the PDF's start or end for none); runs whose neighbours were
    /// found out of order have none.
    static func gaps(_ map: [Int: Int], old: Int, new: Int) -> [(old: [Int], new: [Int])] {
        var out: [(old: [Int], new: [Int])] = [], i = 0
        while i < old {
            guard map[i] == nil else { i += 1; continue }
            var end = i
            while end + 1 < old, map[end + 1] == nil { end += 1 }
            let before = i == 0 ? -1 : map[i - 1]!, after = end == old - 1 ? new : map[end + 1]!
            out.append((Array(i...end), after - before > 1 ? Array(before + 1..<after) : []))
            i = end + 1
        }
        return out
    }

    /// Where `map` could not place the hidden pages of `hidden`, the safe side: each is hidden at
    /// the new page, unclaimed and between the same found neighbours, sharing most of its words
    /// (`Keys.words`; a tie goes to the page at the same place in the run, as does every page when
    /// no words were kept). With words, a new page is taken only when it shares more of them with
    /// the hidden page than with any other old page of the run: a slide edited in its own place
    /// next to a cut backup is that slide, not the backup (trial 18b F2: "Results" reworded to
    /// "Findings" beside the cut backup was hidden, and the room never saw it). A page is guessed
    /// only where the run has such new pages left (a page cut and nothing new in its place hides
    /// nothing).
    static func guesses(hidden: Set<Int>, map: [Int: Int], from old: Keys, to new: Keys) -> [Int: Int] {
        let taken = Set(map.values)
        var out: [Int: Int] = [:]
        for gap in gaps(map, old: old.exact.count, new: new.exact.count) {
            var free = gap.new.filter { !taken.contains($0) }
            let byWords = old.words != nil && new.words != nil
            func common(_ i: Int, _ j: Int) -> Int { Set(old.words?[safe: i] ?? []).intersection(new.words?[safe: j] ?? []).count }
            for (offset, i) in gap.old.enumerated() where hidden.contains(i) {
                func shared(_ j: Int) -> Int { common(i, j) }
                // Pages more like another old page of the run than like this one are that page.
                let likely = byWords ? free.filter { j in gap.old.allSatisfy { o in o == i || shared(j) > common(o, j) } } : free
                guard !likely.isEmpty else { continue }
                let spot = gap.new.first.map { $0 + offset } ?? 0
                let best = likely.min { a, b in
                    let (sa, sb) = (shared(a), shared(b))
                    return sa != sb ? sa > sb : abs(a - spot) < abs(b - spot)
                }!
                out[i] = best
                free.removeAll { $0 == best }
            }
        }
        return out
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

private extension Array {
    subscript(safe i: Int) -> Element? { indices.contains(i) ? self[i] : nil }
}

extension PdfpcFollow.Keys {
    /// `doc`'s keys and words (read once per document, `PDFDocument.pageKeys`).
    init(of doc: PDFDocument) { self.init(exact: doc.pageKeys, loose: doc.loosePageKeys, words: doc.pageWords) }
}
