/// Scene titles for PDF pages, for the console, the overview and `state`: the outline entry that
/// points at the page, else the nearest earlier one with the page label, else the label alone.
public enum PageTitles {
    /// E.g. `Results`, `Methods (p. 8)`, `Page iv`.
    public static func title(of page: Int, in doc: PDFDocument) -> String {
        let label = label(of: page, in: doc)
        if let exact = doc.outline.last(where: { $0.page == page }) { return exact.title }
        if let before = doc.outline.last(where: { $0.page < page }) { return "\(before.title) (p. \(label))" }
        return "Page \(label)"
    }

    /// What of `title(of:in:)` names the page beside the console's slide number
    /// (`ScenePlaceNaming`, `OpenedDeck.Scene.placeName`): a numeric label is a second number for
    /// the place and goes (`Page 7` → "", `Methods (p. 8)` → `Methods`); a label that is not a
    /// number is a name and stays (`Page iv`, `Backup (p. A-1)`).
    public static func placeName(of page: Int, in doc: PDFDocument) -> String {
        let label = label(of: page, in: doc)
        let numeric = !label.isEmpty && label.allSatisfy { $0.isASCII && $0.isNumber }
        if let exact = doc.outline.last(where: { $0.page == page }) { return exact.title }
        if let before = doc.outline.last(where: { $0.page < page }) { return numeric ? before.title : "\(before.title) (p. \(label))" }
        return numeric ? "" : "Page \(label)"
    }

    private static func label(of page: Int, in doc: PDFDocument) -> String {
        doc.labels.indices.contains(page) ? doc.labels[page] : "\(page + 1)"
    }
}
