/// Whether a PDF's page labels can group Beamer's overlays into slides.
///
/// Beamer's `show notes on second screen` (pgfpages) puts two logical pages, the slide and its
/// notes, on each sheet, and hyperref writes `/PageLabels` for the logical pages: twice as many
/// entries as pages, the slide's label at logical page 2i and the notes page's plain number
/// (1, 2, 3, …) at 2i + 1. So sheet i gets logical page i's label, and grouping by it merged the
/// title page with the next frame and split others (trial 11, F3: 14 "slides" for 12 frames).
/// Such a PDF's overlays are grouped by Beamer's navigation symbols instead (`BeamerFrames`).
enum PageLabelTrust {
    /// True when `labels` (one per sheet) are pgfpages' logical-page labels on a PDF whose pages
    /// carry a notes half (`split`, from the page shape). Made by Beamer (`beamer`, from
    /// `/Creator`), they always are: hyperref labels every logical page, and a `\note` adds
    /// logical pages of its own, so no pattern of the sheets' labels tells them apart (trial 17,
    /// M1: six frames with notes read 1, 1, 1, 2, 2, 2 and grouped into two "slides"). Otherwise
    /// they are when every odd sheet 2k + 1 is labelled k + 1, the notes pages' counter. Labels that
    /// really belong to the sheets follow that pattern only when every frame has exactly two
    /// overlays (1, 1, 2, 2, …): then grouping is lost, but no page is ever put in the wrong slide.
    static func looksLikeLogicalPages(_ labels: [String], split: Bool, beamer: Bool) -> Bool {
        guard split else { return false }
        if beamer { return true }
        guard labels.count >= 4 else { return false }
        return stride(from: 1, to: labels.count, by: 2).allSatisfy { labels[$0] == String(($0 + 1) / 2) }
    }

    /// The warning `podium check` and the log give when labels are not used and Beamer's
    /// navigation bar proves no frame (`BeamerFrames`).
    static func warning(file: String) -> String {
        "\(file): its page labels count the notes pages too (Beamer's notes on the second screen), so overlays are not grouped: every page is a slide, as with --no-grouping"
    }

    /// The warning when the navigation bar proves some frames but not those of `pages`
    /// (1-based; the first five named), each of which is a slide of its own.
    static func warning(file: String, ungrouped pages: [Int]) -> String {
        let named = pages.prefix(5).map(String.init).joined(separator: ", ") + (pages.count > 5 ? " and \(pages.count - 5) more" : "")
        return "\(file): its page labels count the notes pages too (Beamer's notes on the second screen), so overlays are grouped by Beamer's navigation symbols, except \(pages.count == 1 ? "page" : "pages") \(named): no symbols, or they do not prove a frame (after an edit, run LaTeX once more), so each is a slide of its own"
    }
}
