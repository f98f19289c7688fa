import FoundationEssentials
import Glibc
import PodiumKit

/// Recognises Beamer's `show notes on second screen`: every page is a slide and its notes side
/// by side (twice a slide's width) or one above the other (twice its height).
///
/// Slides are 5:4 to 16:9 (aspect 1.25–1.78), so a page 2.3–4.2 times as wide as high is a slide
/// with notes beside it; Beamer puts them on the right unless told otherwise. Pages 1.05–1.7 times
/// as high as wide are also portrait documents (A4 is 1.41), so they count as slide + notes below
/// only when the PDF says Beamer made it (`/Creator` "LaTeX with Beamer class").
public enum NotesDetection {
    /// The layout the pages of `doc` look like, judged on its most common page size; `.none` for
    /// plain slides. Which half is the slide cannot be told from the pages: pdfTeX leaves the link
    /// boxes (Beamer's navigation bar) where the first logical page was, wherever pgfpages put
    /// the slide, so `left` and `top` come from `--notes`, talk.pdfpc or pdfpc.sty's settings.
    public static func layout(of doc: PDFDocument) -> NotesLayout {
        layout(pageSizes: doc.pageSizes, creator: doc.creator)
    }

    /// The layout of a PDF whose pages have `pageSizes` (points), made by `creator` (`/Creator`):
    /// that of its most common page size.
    static func layout(pageSizes: [Size], creator: String?) -> NotesLayout {
        var counts: [Size: Int] = [:]
        for s in pageSizes { counts[s, default: 0] += 1 }
        guard let common = counts.max(by: { $0.value < $1.value || ($0.value == $1.value && $0.key.width < $1.key.width) })?.key else { return .none }
        return layout(pageSize: common, beamer: isBeamer(creator))
    }

    /// Whether `/Creator` names Beamer ("LaTeX with Beamer class").
    static func isBeamer(_ creator: String?) -> Bool { creator?.lowercased().contains("beamer") == true }

    /// The layout a page of `pageSize` (points) looks like; `beamer` when the PDF's metadata
    /// names Beamer.
    public static func layout(pageSize s: Size, beamer: Bool) -> NotesLayout {
        guard s.width > 0, s.height > 0 else { return .none }
        let wide = s.width / s.height, tall = s.height / s.width
        if (2.3...4.2).contains(wide) { return .right }
        if beamer, (1.05...1.7).contains(tall) { return .bottom }
        return .none
    }

    /// The layout one page of `pageSize` (points) is shown with when the deck's is `layout`: the
    /// same, unless the page's own shape cannot hold a slide and its notes that way; then
    /// `.none`, the page whole to the room (trial 22 F2: a 4:3 appendix after slide + notes pages
    /// was cut in half, the room saw a narrow strip and the notes panel the rest). Side by side
    /// needs a page at least twice as wide as high (halves at least square: slides are 1.25–1.78);
    /// one above the other a page at least 0.9 times as high as wide (halves at most 2.2 wide).
    public static func pageLayout(_ layout: NotesLayout, pageSize s: Size) -> NotesLayout {
        guard s.width > 0, s.height > 0 else { return layout }
        switch layout {
        case .none: return .none
        case .right, .left: return s.width / s.height >= 2 ? layout : .none
        case .bottom, .top: return s.height / s.width >= 0.9 ? layout : .none
        }
    }

    /// For `podium check` and the presenter banner: the pages of `doc` that `layout` would split
    /// but whose shape cannot hold a slide and its notes, shown whole (`pageLayout`), e.g.
    /// "talk.pdf: pages 4, 5 are not slide + notes shaped and are shown whole (no notes half)";
    /// nil when there are none.
    public static func wholePagesWarning(file: String, doc: PDFDocument, layout: NotesLayout) -> String? {
        guard layout != .none else { return nil }
        let whole = doc.pageSizes.indices.filter { pageLayout(layout, pageSize: doc.pageSizes[$0]) == .none }
        guard !whole.isEmpty else { return nil }
        let list = whole.prefix(10).map { String($0 + 1) }.joined(separator: ", ") + (whole.count > 10 ? ", … (\(whole.count) in all)" : "")
        return "\(file.pathLastComponent): page\(whole.count == 1 ? "" : "s") \(list) \(whole.count == 1 ? "is" : "are") not slide + notes shaped (notes \(layout.rawValue)) and \(whole.count == 1 ? "is" : "are") shown whole to the room, with no notes half"
    }

    /// Beamer's notes pages interleaved with the slides (`\setbeameroption{show notes}`): each
    /// is labelled with its own page number, while the frames' pages keep their frame numbers,
    /// which fall behind the page numbers from the first notes page or overlay on (labels
    /// 1, 2, 2, 4, 2, 6, 3, 8 …: pages 4, 6, 8). Returns the 0-based pages labelled so after a
    /// page that is not; fewer than two is no pattern (a deck without overlays or notes is
    /// labelled 1, 2, 3 … throughout and gives none). The first notes page, labelled as its
    /// frame would be, is not told apart. Trial 33 F3: every notes page went to the room, and
    /// `check` said OK.
    public static func interleavedNotesPages(labels: [String]) -> [Int] {
        let pages = labels.indices.dropFirst().filter { labels[$0] == String($0 + 1) && labels[$0 - 1] != String($0) }
        return pages.count >= 2 ? Array(pages) : []
    }

    /// For `podium check` and the presenter banner: `file` looks like a Beamer talk compiled
    /// with its notes pages between the slides (`interleavedNotesPages`), which the room would
    /// see; nil when not, or when the pages are split into slide + notes (`layout`).
    public static func interleavedNotesWarning(file: String, labels: [String], layout: NotesLayout) -> String? {
        guard layout == .none else { return nil }
        let pages = interleavedNotesPages(labels: labels)
        guard !pages.isEmpty else { return nil }
        let list = pages.prefix(8).map { String($0 + 1) }.joined(separator: ", ") + (pages.count > 8 ? ", … (\(pages.count) in all)" : "")
        return "\(file.pathLastComponent): pages \(list) look like Beamer's notes pages between the slides (\\setbeameroption{show notes}): the room would see them; "
            + "compile with show notes on second screen=right (Podium puts that half on the presenter only), or hide them in talk.pdfpc"
    }

    /// For the speaker (presenter banner, `podium check`): `file`'s pages look like slide +
    /// notes but are shown whole, so the room would read the notes. Nil when that is not so.
    public static func unsplitWarning(file: String, doc: PDFDocument, shown layout: NotesLayout) -> String? {
        let looks = self.layout(of: doc)
        guard layout == .none, looks != .none else { return nil }
        let name = file.pathLastComponent
        return "\(name): the pages look like slide + notes (Beamer's notes on the second screen) but are shown whole, so the room sees the notes; --notes \(looks.rawValue) splits them"
    }
}
