/// Scene titles for PDF pages, for the console, the overview and `state`: the outline entry that
/// points at the page, else the page label. An entry is not carried on to the pages after it: in
/// a slide deck an entry is mostly a section (Beamer's outline has sections only), and naming its
/// every slide with it read as the slides' own titles ("Next: Intro" for a frame titled Overlays,
/// trial 20 #11). Frame titles are not read from the page's text: no cheap, reliable way.
public enum PageTitles {
    /// E.g. `Results`, `Page 8`, `Page iv`.
    /// `slideKeys`: the deck's slide of each page (`PDFDeck`: the label, or the frame Beamer's
    /// navigation symbols prove where the labels are pgfpages'), when it groups them.
    public static func title(of page: Int, in doc: PDFDocument, slideKeys: [String]? = nil) -> String {
        outlineTitle(of: page, in: doc, slideKeys: slideKeys) ?? "Page \(label(of: page, in: doc))"
    }

    /// What of `title(of:in:)` names the page beside the console's slide number
    /// (`ScenePlaceNaming`, `OpenedDeck.Scene.placeName`): a numeric label is a second number for
    /// the place and goes (`Page 7` → ""); a label that is not a number is a name and stays
    /// (`Page iv`, `Page A-1`).
    public static func placeName(of page: Int, in doc: PDFDocument, slideKeys: [String]? = nil) -> String {
        if let exact = outlineTitle(of: page, in: doc, slideKeys: slideKeys) { return exact }
        let label = label(of: page, in: doc)
        let numeric = !label.isEmpty && label.allSatisfy { $0.isASCII && $0.isNumber }
        return numeric ? "" : "Page \(label)"
    }

    /// The last outline entry that points at `page` itself (a section's first page), else at
    /// an earlier overlay of the same slide (the pages before it with its label: Beamer's outline
    /// points at a frame's first overlay, and the title blinked away on the others, trial 24 m4),
    /// or nil. The slides are `slideKeys` when given, else the labels; labels that name pgfpages'
    /// logical pages (`labelsAreLogicalPages`) say nothing of slides, so without `slideKeys` only
    /// the page's own entry counts there (trial 33 m6: with the frames proven by Beamer's
    /// navigation symbols, a frame's later overlays were "Page 4" in the overview).
    private static func outlineTitle(of page: Int, in doc: PDFDocument, slideKeys: [String]? = nil) -> String? {
        func own(_ p: Int) -> String? { doc.outline.last(where: { $0.page == p })?.title }
        if let t = own(page) { return t }
        guard let keys = slideKeys ?? (doc.labelsAreLogicalPages ? nil : doc.labels), keys.indices.contains(page) else { return nil }
        var p = page
        while p > 0, keys[p - 1] == keys[page] {
            p -= 1
            if let t = own(p) { return t }
        }
        return nil
    }

    private static func label(of page: Int, in doc: PDFDocument) -> String {
        doc.labels.indices.contains(page) ? doc.labels[page] : "\(page + 1)"
    }
}
