/// One row of a `ListView`: `id` must be stable (it becomes part of the control-tree id).
public struct ListRow: Equatable, Sendable {
    /// Unique within the list and stable across updates; the row's control-tree id is `<list id>.row.<id>`.
    public var id: String
    /// The row's main line, in the list's ``ListView/font``; also its control-tree label.
    public var title: String
    /// A second, smaller line under the title in secondary text colour; nil: the title alone,
    /// centred vertically.
    public var subtitle: String?
    /// A short trailing text (a count, a date), at most 80 points wide; nil: none.
    public var accessory: String?
    /// A row with `id` and `title`, optionally a subtitle and a trailing accessory text.
    public init(id: String, title: String, subtitle: String? = nil, accessory: String? = nil) {
        self.id = id; self.title = title; self.subtitle = subtitle; self.accessory = accessory
    }
}

/// A titled group of rows in a ``ListView``.
public struct ListSection: Equatable, Sendable {
    /// The sticky header's text and the section index's entry (keep it short: a letter); "" draws
    /// no header, though its ``ListView/headerHeight`` of space stays.
    public var title: String
    /// The section's rows, top to bottom; may be empty.
    public var rows: [ListRow]
    /// A section titled `title` holding `rows`.
    public init(title: String, rows: [ListRow]) { self.title = title; self.rows = rows }
}

/// Position of a row: section index and row index within it.
public struct ListIndexPath: Equatable, Hashable, Sendable {
    /// Index into ``ListView/sections``, and of the row within that section's `rows`; both 0-based.
    public var section: Int, row: Int
    /// The row at 0-based `row` of 0-based `section`.
    public init(_ section: Int, _ row: Int) { self.section = section; self.row = row }
}

/// A sectioned, scrolling table with single selection and a section index on the trailing edge
/// (jump by letter). Rows are drawn directly rather than as subviews, and only the visible ones,
/// so ten thousand rows cost what twenty do.
open class ListView: View {
    /// The content. Setting it keeps ``ListView/selection`` only while that index path still names
    /// a row, and keeps the scroll position within the new content.
    public var sections: [ListSection] = [] {
        didSet {
            if let s = selection, row(at: s) == nil { selection = nil }   // never index a row that is gone
            rebuildOffsets(); clampScroll(); setNeedsDisplay()
        }
    }
    /// The selected row, nil for none. Setting it does not call ``ListView/onSelect`` or scroll;
    /// ``ListView/select(_:)`` does both.
    public var selection: ListIndexPath? { didSet { if selection != oldValue { setNeedsDisplay() } } }
    /// Called when the user (or the control socket) picks a row.
    public var onSelect: ((ListIndexPath, ListRow) -> Void)?
    /// Height of every row, in points (48 by default).
    public var rowHeight = 48.0
    /// Height reserved above each section's rows for its header, in points (28).
    public var headerHeight = 28.0
    /// Shows the section titles as a 22-point column on the trailing edge (a click jumps to that
    /// section) when there is more than one section.
    public var showsSectionIndex = true
    /// Font of row titles; subtitles and accessories use it 2 points smaller.
    public var font: Font = .body
    /// Content scroll position in points from the top.
    public private(set) var scrollOffset = 0.0
    private var sectionTops: [Double] = []   // y of each section header in content space
    private var contentHeight = 0.0

    /// An empty list that clips its rows to its bounds.
    public override init() { super.init(); clipsToBounds = true }
    open override var role: String? { "list" }
    open override var acceptsFocus: Bool { true }
    open override var accessibilityValue: String? { selectedRow?.title }
    open override var isUserInteractionEnabled: Bool { true }

    /// The row ``ListView/selection`` names; nil when nothing is selected.
    public var selectedRow: ListRow? { selection.flatMap { row(at: $0) } }
    /// The row at `p`; nil when `p` names no row (out of range, or the sections changed).
    public func row(at p: ListIndexPath) -> ListRow? {
        guard sections.indices.contains(p.section), sections[p.section].rows.indices.contains(p.row) else { return nil }
        return sections[p.section].rows[p.row]
    }
    /// The index path of the row with `id`, if present.
    public func indexPath(ofRowID id: String) -> ListIndexPath? {
        for (s, sec) in sections.enumerated() { if let r = sec.rows.firstIndex(where: { $0.id == id }) { return ListIndexPath(s, r) } }
        return nil
    }

    private func rebuildOffsets() {
        var y = 0.0
        sectionTops = sections.map { sec in
            defer { y += headerHeight + Double(sec.rows.count) * rowHeight }
            return y
        }
        contentHeight = y
    }
    private var maxScroll: Double { max(0, contentHeight - bounds.height) }
    private func clampScroll() { scrollOffset = clamp(scrollOffset, 0, maxScroll) }
    /// Scrolls so content point `y` (points from the top of the content) is at the top, clamped so
    /// the content never scrolls past its ends.
    public func scroll(to y: Double) { scrollOffset = y; clampScroll(); setNeedsDisplay() }

    /// Content-space rectangle of a row.
    public func rowRect(_ p: ListIndexPath) -> Rect {
        Rect(0, sectionTops[p.section] + headerHeight + Double(p.row) * rowHeight, bounds.width - indexWidth, rowHeight)
    }
    /// Scrolls the least needed to show the row.
    public func scrollToVisible(_ p: ListIndexPath) {
        guard row(at: p) != nil else { return }
        let r = rowRect(p)
        if r.minY - headerHeight < scrollOffset { scroll(to: r.minY - headerHeight) }
        else if r.maxY > scrollOffset + bounds.height { scroll(to: r.maxY - bounds.height) }
    }
    private var indexWidth: Double { showsSectionIndex && sections.count > 1 ? 22 : 0 }

    /// The row under `p` (view coordinates), if any.
    public func indexPath(at p: Point) -> ListIndexPath? {
        let y = p.y + scrollOffset
        guard p.x < bounds.width - indexWidth, let s = sectionTops.lastIndex(where: { $0 <= y }) else { return nil }
        let r = Int((y - sectionTops[s] - headerHeight) / rowHeight)
        let inHeader = y - sectionTops[s] < headerHeight
        return !inHeader && sections[s].rows.indices.contains(r) ? ListIndexPath(s, r) : nil
    }

    /// Selects the row and tells `onSelect`, as a user click does.
    public func select(_ p: ListIndexPath) {
        guard let r = row(at: p) else { return }
        selection = p
        scrollToVisible(p)
        onSelect?(p, r)
    }

    open override func layoutSubviews() { super.layoutSubviews(); clampScroll() }

    private func visibleSections() -> Range<Int> {
        guard !sections.isEmpty else { return 0..<0 }
        // Binary search for the first section whose end is below the top edge.
        var lo = 0, hi = sections.count - 1
        while lo < hi {
            let mid = (lo + hi) / 2
            let end = sectionTops[mid] + headerHeight + Double(sections[mid].rows.count) * rowHeight
            if end <= scrollOffset { lo = mid + 1 } else { hi = mid }
        }
        var last = lo
        while last + 1 < sections.count && sectionTops[last + 1] < scrollOffset + bounds.height { last += 1 }
        return lo..<(last + 1)
    }

    /// Visible rows with their view-space rectangles, top to bottom.
    public func visibleRows() -> [(ListIndexPath, Rect)] {
        var out: [(ListIndexPath, Rect)] = []
        for s in visibleSections() {
            let base = sectionTops[s] + headerHeight - scrollOffset
            let first = max(0, Int((-base) / rowHeight))
            let last = min(sections[s].rows.count - 1, Int((bounds.height - base) / rowHeight))
            guard first <= last else { continue }
            for r in first...last { out.append((ListIndexPath(s, r), Rect(0, base + Double(r) * rowHeight, bounds.width - indexWidth, rowHeight))) }
        }
        return out
    }

    open override func draw(into list: inout DrawList) {
        let t = theme
        guard let m = metrics else { return }
        let lh = m.lineHeight(font), sub = Font(size: font.size - 2)
        for (p, r) in visibleRows() {
            let row = sections[p.section].rows[p.row]
            if p == selection { list.fill(r, isFocused ? t.tint : t.selection) }
            let textW = r.width - 32 - (row.accessory == nil ? 0 : 80)
            if let st = row.subtitle {
                list.text(.line(row.title, font: font, width: textW), t.text, at: Point(16, r.minY + 5))
                list.text(.line(st, font: sub, width: textW), p == selection ? t.text : t.secondaryText, at: Point(16, r.minY + 5 + lh))
            } else {
                list.text(.line(row.title, font: font, width: textW), t.text, at: Point(16, r.minY + (rowHeight - lh) / 2))
            }
            if let a = row.accessory {
                list.text(.line(a, font: sub, width: 80, alignment: .trailing), t.secondaryText, at: Point(r.maxX - 16 - 80, r.minY + (rowHeight - m.lineHeight(sub)) / 2))
            }
            list.line(Point(16, r.maxY - 0.5), Point(r.maxX, r.maxY - 0.5), t.separator)
        }
        // Section headers stick to the top while their section scrolls under them.
        for s in visibleSections() where !sections[s].title.isEmpty {
            let end = sectionTops[s] + headerHeight + Double(sections[s].rows.count) * rowHeight - scrollOffset
            let y = min(max(sectionTops[s] - scrollOffset, 0), end - headerHeight)
            list.fill(Rect(0, y, bounds.width - indexWidth, headerHeight), t.surface)
            list.text(.line(sections[s].title, font: .bold(13), width: bounds.width - indexWidth - 32), t.secondaryText, at: Point(16, y + (headerHeight - m.lineHeight(.bold(13))) / 2))
        }
        if indexWidth > 0 {
            let step = bounds.height / Double(sections.count)
            let f = Font(size: min(11, step * 0.8), weight: .bold)
            for (i, s) in sections.enumerated() {
                list.text(.line(s.title, font: f, width: indexWidth, alignment: .center), t.tint, at: Point(bounds.width - indexWidth, Double(i) * step + (step - m.lineHeight(f)) / 2))
            }
        }
        if sections.allSatisfy({ $0.rows.isEmpty }) {
            list.text(.line("No items", font: font, width: bounds.width, alignment: .center), t.secondaryText, at: Point(0, 24))
        }
    }

    open override func handle(_ event: InputEvent) -> Bool {
        switch event {
        case let .mouseDown(p, _, _):
            if indexWidth > 0 && p.x >= bounds.width - indexWidth {
                let s = Int(p.y / (bounds.height / Double(sections.count)))
                if sections.indices.contains(s) { scroll(to: sectionTops[s]) }
                return true
            }
            becomeFocused()
            if let ip = indexPath(at: p) { select(ip) }
            return true
        case let .wheel(_, dy, _):
            scroll(to: scrollOffset - dy * rowHeight); return true
        case let .key(k):
            return handleKey(k)
        default: return false
        }
    }

    private func handleKey(_ k: Key) -> Bool {
        guard let firstRow = offset(ListIndexPath(0, 0), by: 0) else { return false }
        let page = max(1, Int(bounds.height / rowHeight) - 1)
        let target: ListIndexPath?
        switch k.code {
        case .down: target = selection.map { offset($0, by: 1) } ?? firstRow
        case .up: target = selection.map { offset($0, by: -1) } ?? firstRow
        case .pageDown: target = offset(selection ?? firstRow, by: page)
        case .pageUp: target = offset(selection ?? firstRow, by: -page)
        case .home: target = firstRow
        case .end: target = offset(ListIndexPath(sections.count - 1, Int.max / 2), by: 0)
        default: return false
        }
        // An arrow at the first or last row changes nothing: the talk's (a clicker's press is
        // never lost to a focused list, see `WindowRoot`).
        if k.code.isArrow && target == selection { return false }
        if let t = target { select(t) }
        return true
    }

    /// The row `n` rows after `p` (before, when negative) counting across sections, clamped to the
    /// first and last rows; nil when the list has no rows. Costs O(sections), not O(rows), so
    /// keys stay instant in a list of thousands.
    func offset(_ p: ListIndexPath, by n: Int) -> ListIndexPath? {
        guard sections.contains(where: { !$0.rows.isEmpty }) else { return nil }
        var s = max(0, min(p.section, sections.count - 1))
        var r = max(0, min(p.row, sections[s].rows.count - 1)) + n
        while r < 0 {
            if s == 0 { r = 0; break }
            s -= 1; r += sections[s].rows.count
        }
        while r >= sections[s].rows.count {
            if s == sections.count - 1 { r = sections[s].rows.count - 1; break }
            r -= sections[s].rows.count; s += 1
        }
        // Landing in an empty section at an end: step to the nearest row that exists.
        while sections[s].rows.isEmpty && s > 0 { s -= 1; r = sections[s].rows.count - 1 }
        while sections[s].rows.isEmpty && s < sections.count - 1 { s += 1; r = 0 }
        return ListIndexPath(s, max(0, r))
    }

    open override func controlChildren() -> [ControlNode] {
        let origin = convertToWindow(Point.zero)
        // Frames are the visible part of each row (below the sticky section header), so a click
        // at a frame's centre lands on that row.
        let sticky = sections.contains { !$0.title.isEmpty } ? headerHeight : 0
        let visible = Rect(0, sticky, bounds.width, max(0, bounds.height - sticky))
        return visibleRows().compactMap { p, r in
            let shown = r.intersection(visible)
            guard shown.height >= 1 else { return nil }
            let row = sections[p.section].rows[p.row]
            return ControlNode(id: "\(id ?? "list").row.\(row.id)", role: "row", label: row.title,
                               frame: shown.offset(by: origin), value: p == selection ? "selected" : nil)
        }
    }
}
