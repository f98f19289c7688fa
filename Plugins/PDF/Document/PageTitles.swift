/// Scene titles for PDF pages, for the console, the overview and `state`: the outline entry that
/// points at the page, else the nearest earlier one with the page label, else the label alone.
public enum PageTitles {
    /// E.g. `Results`, `Methods (p. 8)`, `Page iv`.
    public static func title(of page: Int, in doc: PDFDocument) -> String {
        let label = doc.labels.indices.contains(page) ? doc.labels[page] : "\(page + 1)"
        if let exact = doc.outline.last(where: { $0.page == page }) { return exact.title }
        if let before = doc.outline.last(where: { $0.page < page }) { return "\(before.title) (p. \(label))" }
        return "Page \(label)"
    }
}
