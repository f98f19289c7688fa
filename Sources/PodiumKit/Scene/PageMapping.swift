/// Old page (or scene) index → new index across two versions of a talk, by content: the one
/// mapping that both `talk.pdfpc`'s follower (the PDF plugin's `PdfpcFollow`) and a reload's
/// place (`ReloadPosition`) use, so notes and the room's page never disagree on where a page went
/// (trial 19 F3: the notes followed Results, the room went to End). Pure; indexes are 0-based.
public enum PageMapping {
    /// A page's words for telling pages apart: lowercased runs of letters, two or more, no
    /// digits (a footline's "3 / 12" changes when a frame is inserted), each once, sorted.
    public static func words(_ text: String) -> [String] {
        let runs = text.lowercased().split { !$0.isLetter }
        return Set(runs.filter { $0.count >= 2 }.map(String.init)).sorted()
    }

    /// The map by content: `old` and `new` are fingerprint tiers, strictest first, each with one
    /// key per page (nil: none, matches nothing; a key should be unique within its version).
    /// Pages are matched by the first tier, then pages left over by the next …, then `inGaps`.
    public static func map(old: [[String?]], new: [[String?]], oldCount: Int, newCount: Int) -> [Int: Int] {
        var map: [Int: Int] = [:], taken = Set<Int>()
        for (o, n) in zip(old, new) {
            var index: [String: Int] = [:]
            for (j, k) in n.enumerated() { if let k, index[k] == nil { index[k] = j } }
            for (i, k) in o.enumerated() where map[i] == nil {
                if let k, let j = index[k], !taken.contains(j) { map[i] = j; taken.insert(j) }
            }
        }
        return inGaps(map, old: oldCount, new: newCount)
    }

    /// `map` with pages edited in place added: a run of consecutive old pages not found whose
    /// neighbours (or the start or end) were found with exactly as many new, unclaimed pages
    /// between them are those pages, in order (a backup slide retitled stays hidden with the
    /// slide after it edited too: trial 18 F3).
    public static func inGaps(_ map: [Int: Int], old: Int, new: Int) -> [Int: Int] {
        var map = map, taken = Set(map.values)
        for gap in gaps(map, old: old, new: new) {
            let free = gap.new.filter { !taken.contains($0) }
            guard free.count == gap.old.count, free.count == gap.new.count else { continue }
            for (i, j) in zip(gap.old, free) { map[i] = j; taken.insert(j) }
        }
        return map
    }

    /// The runs of old pages not in `map`, each with the new pages between the pages its
    /// neighbours were found at (the start or end for none); runs whose neighbours were found out
    /// of order have none.
    public static func gaps(_ map: [Int: Int], old: Int, new: Int) -> [(old: [Int], new: [Int])] {
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

    /// Where `map` could not place the old pages `pages`: each at the new page, unclaimed and
    /// between the same found neighbours, sharing most of its words (`words`; a tie goes to the
    /// page at the same place in the run, as does every page without words). With words, a new
    /// page is taken only when it shares more of them with the page than with any other old page
    /// of the run: a slide edited in its own place next to a cut backup is that slide, not the
    /// backup (trial 18b F2). A page is guessed only where its run has such new pages left.
    public static func guesses(for pages: Set<Int>, map: [Int: Int], old: Int, new: Int,
                               oldWords: [[String]]?, newWords: [[String]]?) -> [Int: Int] {
        let taken = Set(map.values)
        var out: [Int: Int] = [:]
        let byWords = oldWords != nil && newWords != nil
        func common(_ i: Int, _ j: Int) -> Int {
            Set(oldWords?[safe: i] ?? []).intersection(newWords?[safe: j] ?? []).count
        }
        for gap in gaps(map, old: old, new: new) {
            var free = gap.new.filter { !taken.contains($0) }
            for (offset, i) in gap.old.enumerated() where pages.contains(i) {
                // Pages more like another old page of the run than like this one are that page.
                let likely = byWords ? free.filter { j in gap.old.allSatisfy { o in o == i || common(i, j) > common(o, j) } } : free
                guard !likely.isEmpty else { continue }
                let spot = gap.new.first.map { $0 + offset } ?? 0
                let best = likely.min { a, b in
                    let (sa, sb) = (common(i, a), common(i, b))
                    return sa != sb ? sa > sb : abs(a - spot) < abs(b - spot)
                }!
                out[i] = best
                free.removeAll { $0 == best }
            }
        }
        return out
    }
}

private extension Array {
    subscript(safe i: Int) -> Element? { indices.contains(i) ? self[i] : nil }
}
