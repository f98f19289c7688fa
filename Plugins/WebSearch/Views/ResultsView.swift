import PodiumKit

/// The results list: per row the title, a two-line snippet with the matches highlighted, and the
/// source. Only visible rows are drawn. Keyboard: Up/Down/PageUp/PageDown/Home/End move the
/// selection, Return activates; a click selects, a double click activates. The audience uses
/// the same view, larger (`scale`) and without interaction, showing whole rows only (no card
/// cut by either edge) from `firstRow` on, moved a screenful at a time from the presenter.
final class ResultsView: View {
    var results: [SearchResult] = [] { didSet { selection = nil; scrollOffset = 0; firstRow = 0; setNeedsDisplay() } }
    private(set) var selection: Int? { didSet { if selection != oldValue { setNeedsDisplay() } } }
    /// The user moved the selection to a row.
    var onSelect: ((Int) -> Void)?
    /// The user pressed Return or double-clicked a row.
    var onActivate: ((Int) -> Void)?
    /// Type size multiplier: 1 in the presenter, larger for the room.
    var scale = 1.0 { didSet { setNeedsDisplay() } }
    var interactive = true
    /// Shown when there are no results.
    var emptyText = "No results" { didSet { setNeedsDisplay() } }
    private var scrollOffset = 0.0
    /// The room's copy (not interactive) shows whole cards from this row on.
    private(set) var firstRow = 0
    /// Told after a layout that changed how many whole cards fit (a new size or scale), so the
    /// presenter's bar can say again what the room sees.
    var onRowsPerScreenChange: (() -> Void)?
    private var laidOutRowsPerScreen = 0

    override init() { super.init(); clipsToBounds = true }

    override var role: String? { interactive ? "list" : nil }
    override var acceptsFocus: Bool { interactive }
    override var isUserInteractionEnabled: Bool { interactive }
    override var accessibilityValue: String? { selection.map { results[$0].title } }

    var titleFont: Font { .bold(17 * scale) }
    var snippetFont: Font { .system(14 * scale) }
    var sourceFont: Font { .system(12 * scale) }
    var padding: Double { 10 * scale }
    var rowHeight: Double {
        guard let m = metrics else { return 96 * scale }
        return padding * 2 + m.lineHeight(titleFont) + 2 * m.lineHeight(snippetFont) + m.lineHeight(sourceFont) + 4 * scale
    }

    /// Selects row `i` (clamped) and scrolls it into view; `notify` tells `onSelect`.
    func select(_ i: Int, notify: Bool = true) {
        guard !results.isEmpty else { return }
        let r = max(0, min(results.count - 1, i))
        selection = r
        let top = Double(r) * rowHeight
        // Before the first layout there is no height to scroll within.
        if bounds.height <= 0 { scrollOffset = 0 } else if top < scrollOffset { scrollOffset = top } else if top + rowHeight > scrollOffset + bounds.height { scrollOffset = top + rowHeight - bounds.height }
        setNeedsDisplay()
        if notify { onSelect?(r) }
    }

    override func layoutSubviews() {
        super.layoutSubviews()
        scrollOffset = max(0, min(max(0, Double(results.count) * rowHeight - bounds.height), scrollOffset))
        if rowsPerScreen != laidOutRowsPerScreen { laidOutRowsPerScreen = rowsPerScreen; onRowsPerScreenChange?() }
    }

    // MARK: Screenfuls (the room's copy)

    /// Whole cards the view's height holds at this scale (at least 1).
    var rowsPerScreen: Int { max(1, Int((bounds.height + 0.001) / rowHeight)) }
    /// The rows the room's copy shows whole (empty when there are no results).
    var shownRows: Range<Int> { results.isEmpty ? 0..<0 : firstRow..<min(results.count, firstRow + rowsPerScreen) }
    var canMoveBack: Bool { firstRow > 0 }
    var canMoveOn: Bool { shownRows.upperBound < results.count }

    /// Moves the room's copy `delta` screenfuls of whole cards, stopping at either end.
    /// Back moves land on whole screens counted from the first card: after a new audience size
    /// left the room between them ("4 of 4", two a screen), ▲ shows "3–4", then "1–2".
    func moveScreens(by delta: Int) {
        guard !results.isEmpty else { return }
        let n = rowsPerScreen
        let target = delta < 0 && firstRow % n != 0 ? (firstRow / n + delta + 1) * n : firstRow + delta * n
        firstRow = max(0, min(results.count - 1, target))
        setNeedsDisplay()
    }

    /// Back to the first card (a new search, even one that finds the same pages).
    func showFirstRow() { firstRow = 0; setNeedsDisplay() }

    /// How far the list is scrolled: in whole cards for the room's copy, so no card is cut.
    private var offset: Double { interactive ? scrollOffset : Double(firstRow) * rowHeight }
    private func rowRect(_ i: Int) -> Rect { Rect(0, Double(i) * rowHeight - offset, bounds.width, rowHeight) }
    private var visibleRows: Range<Int> {
        guard !results.isEmpty, rowHeight > 0 else { return 0..<0 }
        let first = interactive ? max(0, Int(offset / rowHeight)) : min(firstRow, results.count - 1)
        let last = min(results.count, Int((offset + bounds.height) / rowHeight) + 1)
        return first..<max(first, last)
    }

    override func draw(into list: inout DrawList) {
        guard let m = metrics else { return }
        let t = theme
        if results.isEmpty {
            list.text(TextBlock(emptyText, font: snippetFont, width: max(1, bounds.width - 2 * padding), alignment: .center), t.secondaryText, at: Point(padding, padding * 2))
            return
        }
        let textW = bounds.width - 2 * padding
        for i in visibleRows {
            let r = rowRect(i), res = results[i]
            // The room never sees a card cut through (its copy does not scroll).
            if !interactive && r.maxY > bounds.height + 0.001 { break }
            if i == selection { list.fill(r.insetBy(dx: 4, dy: 2), interactive && isFocused ? t.tint.withAlpha(0.45) : t.selection, radius: 8) }
            var y = r.minY + padding
            list.text(.line(res.title, font: titleFont, width: textW), t.text, at: Point(padding, y))
            y += m.lineHeight(titleFont) + 2 * scale
            let lh = m.lineHeight(snippetFont)
            HighlightLayout(res.snippet, font: snippetFont, width: textW, maxLines: 2, metrics: m)
                .draw(into: &list, at: Point(padding, y), color: t.secondaryText, highlight: t.text, marker: t.warning.withAlpha(0.3))
            y += 2 * lh + 2 * scale
            list.text(.line(res.source, font: sourceFont, width: textW), t.positive, at: Point(padding, y))
            list.line(Point(padding, r.maxY - 0.5), Point(r.maxX - padding, r.maxY - 0.5), t.separator)
        }
    }

    override func drawOverlay(into list: inout DrawList) {
        if interactive && isFocused { list.stroke(bounds.insetBy(dx: 1, dy: 1), theme.tint, width: 2, radius: 4) }
    }

    override func handle(_ event: InputEvent) -> Bool {
        guard interactive else { return false }
        switch event {
        case let .mouseDown(p, _, clicks):
            becomeFocused()
            let i = Int((p.y + scrollOffset) / rowHeight)
            guard results.indices.contains(i) else { return true }
            if selection != i { select(i) }
            if clicks >= 2 { onActivate?(i) }
            return true
        case let .wheel(_, dy, _):
            scrollOffset = max(0, min(max(0, Double(results.count) * rowHeight - bounds.height), scrollOffset - dy * rowHeight / 2))
            setNeedsDisplay(); return true
        case let .key(k):
            guard !results.isEmpty, !k.control, !k.alt else { return false }
            let page = max(1, Int(bounds.height / rowHeight))
            let before = selection
            switch k.code {
            case .down: select((selection ?? -1) + 1)
            case .up: select((selection ?? 1) - 1)
            case .pageDown: select((selection ?? 0) + page)
            case .pageUp: select((selection ?? 0) - page)
            case .home: select(0)
            case .end: select(results.count - 1)
            case .returnKey, .keypadEnter: if let s = selection { onActivate?(s) } else { select(0) }
            default: return false
            }
            // Down on the last result (Up on the first) changes nothing: the talk's (see `WindowRoot`).
            return !k.code.isArrow || selection != before
        default: return false
        }
    }

    override func controlChildren() -> [ControlNode] {
        guard interactive else { return [] }
        let origin = convertToWindow(Point.zero)
        return visibleRows.map { i in
            ControlNode(id: "\(id ?? "results").row.\(i)", role: "row", label: results[i].title,
                        frame: rowRect(i).offset(by: origin), value: i == selection ? "selected" : nil)
        }
    }
}
