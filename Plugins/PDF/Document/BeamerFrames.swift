import FoundationEssentials

/// Beamer's frames read from its navigation bar, for a PDF whose page labels cannot group
/// overlays (notes on the second screen, `PageLabelTrust`; trial 18 m9).
///
/// Beamer's default navigation symbols (beamerbasenavigation.sty) are links in a fixed order:
/// the slide symbol (previous slide, the `GoToPage` named action, next slide) then the frame
/// symbol (`\hyperlinkframeendprev`, `\hyperlinkframestart`, `\hyperlinkframeend`,
/// `\hyperlinkframestartnext`): every page states the first and last page of its frame, from
/// Beamer's own bookkeeping. A page's statement is taken only when its previous/next slide links
/// point at the pages beside it and the frame's links agree with each other, and a frame only
/// when every page of it states the same frame and each step's slide text only adds to the one
/// before (the frame pages come from the previous LaTeX run's `.nav`: after an edit, a single
/// run states the old frames); any other page (no bar, a theme that reorders it, `\only`) is a
/// slide of its own, so two frames are never made one (the speaker would skip a slide). The
/// notes half's text proves nothing: it holds a miniature of the slide, and a `\note` after a
/// frame is on its last overlay only.
enum BeamerFrames {
    /// A link as `PDFDocument.navigationLinks` reads it: box in PDF points (origin bottom-left),
    /// and its 0-based target page or named action.
    struct Link: Equatable {
        var x1: Double, y1: Double, x2: Double, y2: Double
        var page: Int? = nil
        var action: String? = nil
    }

    /// Whether `link` sits in the row of `anchor` (the bar's boxes share their height, to 1 pt).
    static func sameRow(_ link: Link, _ anchor: Link) -> Bool { abs(link.y1 - anchor.y1) < 1 && abs(link.y2 - anchor.y2) < 1 }

    /// The frame (0-based first…last page) page `sheet` of `count` states with its navigation
    /// bar, nil when it has none or it does not hold together.
    static func claim(links: [Link], sheet: Int, count: Int) -> ClosedRange<Int>? {
        // The bar's anchor: the one `GoToPage` named action (a second copy, e.g. in a
        // miniature of the slide, makes the page unreadable rather than guessed at).
        let anchors = links.filter { $0.action == "GoToPage" }
        guard anchors.count == 1, let anchor = anchors.first else { return nil }
        // Its row, left to right (the bar's boxes overlap a little, their left edges do not).
        let row = links.filter { sameRow($0, anchor) }.sorted { $0.x1 < $1.x1 }
        guard let g = row.firstIndex(of: anchor), g >= 1, g + 5 < row.count else { return nil }
        let pages = ([g - 1] + Array(g + 1...g + 5)).compactMap { row[$0].page }
        guard pages.count == 6 else { return nil }
        let (prev, next, endPrev, start, end, startNext) = (pages[0], pages[1], pages[2], pages[3], pages[4], pages[5])
        // Beamer clamps at the document's ends.
        guard prev == max(sheet - 1, 0), next == min(sheet + 1, count - 1),
              start <= sheet, sheet <= end, endPrev == max(start - 1, 0), startNext == min(end + 1, count - 1) else { return nil }
        return start...end
    }

    /// Each page's proven frame from every page's `claims` (as many as pages): a frame whose
    /// pages all state it; nil for the others.
    static func frames(claims: [ClosedRange<Int>?]) -> [ClosedRange<Int>?] {
        claims.map { r in
            guard let r, r.upperBound < claims.count, r.allSatisfy({ claims[$0] == r }) else { return nil }
            return r
        }
    }

    /// Whether the slide text `next` holds every word of `text`: the next step of a build
    /// (`\pause`, `\item<2->`, `\uncover`) only adds. Words are letter runs, case folded: digits
    /// (a footline's "3 / 12") and punctuation do not count. Held as often as in `text`, or in
    /// the same order within `next`'s letters, where a word may have grown: poppler reads a word
    /// shown after `\pause` beside the one before as one ("A", then "AB" for `A \pause B`). A
    /// `text` without letters proves nothing (false).
    static func onlyAdds(_ text: String, _ next: String) -> Bool {
        func words(_ t: String) -> [String] { t.lowercased().split(whereSeparator: { !$0.isLetter }).map(String.init) }
        let before = words(text), after = words(next)
        guard !before.isEmpty else { return false }
        var counts: [String: Int] = [:]
        for w in after { counts[w, default: 0] += 1 }
        let held = before.allSatisfy { w in
            guard let c = counts[w], c > 0 else { return false }
            counts[w] = c - 1
            return true
        }
        if held { return true }
        let letters = after.joined()
        var from = letters.startIndex
        for w in before {
            guard let r = letters[from...].firstRange(of: w) else { return false }
            from = r.upperBound
        }
        return true
    }

    /// `frames` without the multi-page frames whose slide texts (`slideText(page)`) do not only
    /// add from step to step. The frame pages come from the previous LaTeX run's `.nav`: one run
    /// after inserting a frame before trial 18's talk stated its Title, Agenda and first Overlays
    /// step as one frame, every page agreeing; the text is this run's. A frame that replaces
    /// words (`\only`, `\alt`) is left apart too: safe, the warning names it.
    static func checked(_ frames: [ClosedRange<Int>?], slideText: (Int) -> String) -> [ClosedRange<Int>?] {
        var out = frames, texts: [Int: String] = [:]
        func text(_ p: Int) -> String { if let t = texts[p] { return t }; let t = slideText(p); texts[p] = t; return t }
        for r in Set(frames.compactMap { $0 }) where r.count > 1 {
            if !zip(r.dropLast(), r.dropFirst()).allSatisfy({ onlyAdds(text($0), text($1)) }) { for p in r { out[p] = nil } }
        }
        return out
    }

    /// Slide keys for `doc`'s pages: "frame N" (N its first page, 1-based) for pages in a proven
    /// frame, "page N" for the others, and those others' 0-based indices.
    static func keys(of doc: PDFDocument) -> (keys: [String], unproven: [Int]) {
        let n = doc.pageCount
        let slide = NotesDetection.layout(of: doc).region(forAudience: true)
        let stated = frames(claims: (0..<n).map { claim(links: doc.navigationLinks(page: $0), sheet: $0, count: n) })
        let proven = checked(stated) { doc.text(page: $0, in: slide) }
        let keys = proven.enumerated().map { p, r in r.map { "frame \($0.lowerBound + 1)" } ?? "page \(p + 1)" }
        return (keys, proven.indices.filter { proven[$0] == nil })
    }
}
