import PodiumKit

/// The overview: every scene as a thumbnail of its audience view in a grid over the console.
/// Arrow keys move the selection, Return goes there, a click goes at once, Esc closes.
public final class OverviewView: View {
    /// One cell: the scene's audience draw list at `size`, and its title.
    public struct Thumbnail { public var list: DrawList; public var size: Size; public var title: String }
    public private(set) var thumbnails: [Thumbnail] = []
    public var selected = 0 { didSet { selected = max(0, min(selected, thumbnails.count - 1)); scrollToSelection(); setNeedsDisplay() } }
    public var current = 0
    var onChoose: ((Int) -> Void)?
    private var scroll = 0.0
    static let cellWidth = 260.0, gap = 16.0, titleHeight = 26.0
    /// The header line's band at the top: the grid scrolls under it, clipped below it.
    public static let headerHeight = 46.0, gridTop = 56.0
    /// Where the selection is in the deck ("201 / 300"), shown at the header's right.
    public var positionText: String { thumbnails.isEmpty ? "" : "\(selected + 1) / \(thumbnails.count)" }

    public override init() {
        super.init()
        id = "console.overview"; isHidden = true; clipsToBounds = true
        backgroundColor = Color(0x0C, 0x0D, 0x10, 0xF2)
    }
    public override var role: String? { "overview" }
    public override var accessibilityValue: String? { "selected \(selected)" }

    func open(_ thumbs: [Thumbnail], current: Int) {
        thumbnails = thumbs; self.current = current; isHidden = false; selected = current
    }

    /// Columns: as many cells about 260 pt wide as fit, but no more than there are scenes (a short
    /// deck gets larger thumbnails), and at least two.
    var columns: Int { max(2, min(thumbnails.count, Int((bounds.width - Self.gap) / (Self.cellWidth + Self.gap)))) }
    /// Frame of cell `i` in local points (before scrolling).
    public func cellFrame(_ i: Int) -> Rect {
        let cols = columns
        let w = (bounds.width - Self.gap * Double(cols + 1)) / Double(cols)
        let aspect = thumbnails.first.map { $0.size.width / max(1, $0.size.height) } ?? 16.0 / 9
        let h = w / aspect + Self.titleHeight
        return Rect(Self.gap + Double(i % cols) * (w + Self.gap), Self.gridTop + Double(i / cols) * (h + Self.gap), w, h)
    }
    private func scrollToSelection() {
        guard !thumbnails.isEmpty, bounds.height > 0 else { return }
        let f = cellFrame(selected)
        if f.maxY - scroll > bounds.height - Self.gap { scroll = f.maxY - bounds.height + Self.gap }
        if f.minY - scroll < Self.gridTop { scroll = max(0, f.minY - Self.gridTop) }
    }

    /// Arrow keys move by one cell or one row; Return chooses.
    func handleKey(_ k: Key) -> Bool {
        switch k.code {
        case .left: selected -= 1
        case .right: selected += 1
        case .up: selected -= columns
        case .down: selected = min(thumbnails.count - 1, selected + columns)
        case .home: selected = 0
        case .end: selected = thumbnails.count - 1
        case .returnKey, .keypadEnter, .space: onChoose?(selected)
        default: return false
        }
        return true
    }

    public override func handle(_ event: InputEvent) -> Bool {
        guard case let .mouseDown(p, _, _) = event else { return true }
        guard p.y >= Self.headerHeight else { return true }   // the header hides the cells under it
        let q = Point(p.x, p.y + scroll)
        if let i = thumbnails.indices.first(where: { cellFrame($0).contains(q) }) { selected = i; onChoose?(i) }
        return true
    }

    public override func controlChildren() -> [ControlNode] {
        // Cells scrolled out of sight (or under the header) are not clickable, so not listed.
        [ControlNode(id: "overview.position", role: "status", label: positionText, frame: convertToWindow(Rect(0, 0, bounds.width, Self.headerHeight)), value: nil)]
            + thumbnails.indices.filter { cellFrame($0).offsetBy(dx: 0, dy: -scroll).intersects(gridArea) }.map { i in
                ControlNode(id: "overview.scene.\(i)", role: "row", label: thumbnails[i].title,
                            frame: convertToWindow(cellFrame(i).offsetBy(dx: 0, dy: -scroll)), value: i == selected ? "selected" : nil)
            }
    }

    /// Below the header: where the grid is drawn (local points).
    var gridArea: Rect { Rect(0, Self.headerHeight, bounds.width, max(0, bounds.height - Self.headerHeight)) }

    public override func draw(into list: inout DrawList) {
        guard let m = metrics else { return }
        let t = theme
        list.text("Overview — arrows to move, Return to go, Esc to close", .bold(17), t.text, at: Point(Self.gap, 18))
        let position = TextBlock(positionText, font: .bold(17))
        list.text(position, t.secondaryText, at: Point(bounds.width - Self.gap - m.layout(position).size.width, 18))
        // The grid scrolls under the header: clipped below it, so the header stays readable.
        list.pushClip(gridArea)
        let grid = gridArea.offset(by: list.offset)
        for (i, th) in thumbnails.enumerated() {
            let f = cellFrame(i).offsetBy(dx: 0, dy: -scroll)
            guard f.maxY > Self.headerHeight, f.minY < bounds.height else { continue }
            let pic = Rect(f.minX, f.minY, f.width, f.height - Self.titleHeight)
            list.fill(pic, .black)
            list.pushClip(pic)
            // A scene's own clips replace the clip in force when drawn: keep them inside the cell.
            let cell = pic.offset(by: list.offset).intersection(grid)
            let thumb = th.list.transformed(scale: pic.width / max(1, th.size.width), translation: list.offset + pic.origin)
            list.append(contentsOf: DrawList(commands: thumb.commands.map { if case let .pushClip(r) = $0 { .pushClip(r.intersection(cell)) } else { $0 } }))
            list.popClip()
            if i == selected { list.stroke(pic.insetBy(dx: -3, dy: -3), t.tint, width: 4, radius: 4) }
            else if i == current { list.stroke(pic.insetBy(dx: -2, dy: -2), t.positive, width: 2, radius: 3) }
            list.text(.line("\(i + 1)  \(th.title)", font: i == selected ? .bold(14) : .system(14), width: f.width),
                      i == current ? t.positive : t.text, at: Point(f.minX, pic.maxY + 5))
        }
        list.popClip()
    }
}

/// The `?` overlay: every binding of the key map, by action.
public final class HelpView: View {
    var keyMap = KeyMap.standard
    /// Where the title and rows start (local points): below the console's banner line, set by
    /// its layout, so a notice never covers them.
    var rowsTop = 40.0 { didSet { if rowsTop != oldValue { setNeedsDisplay() } } }
    public override init() { super.init(); id = "console.help"; isHidden = true; backgroundColor = Color(0x0C, 0x0D, 0x10, 0xF2) }
    public override var role: String? { "help" }
    public override func handle(_ event: InputEvent) -> Bool { isHidden = true; superview?.setNeedsDisplay(); return true }

    public override func draw(into list: inout DrawList) {
        guard let m = metrics else { return }
        let t = theme
        var y = rowsTop
        list.text("Keys — any key closes this", .bold(20), t.text, at: Point(24, y)); y += 34
        // Each action's keys and summary wrap (up to 5 and 3 lines) rather than lose keys to an
        // ellipsis; two columns in smaller type (down to 11 pt) when one would run off the window.
        let actions = ConsoleAction.allCases
        func rows(columns: Int, size: Double) -> (blocks: [(TextBlock, TextBlock, Double)], height: Double, width: Double, perColumn: Int) {
            let columnWidth = (bounds.width - 24) / Double(columns), keyColumn = min(360, columnWidth * 0.45)
            let perColumn = (actions.count + columns - 1) / columns
            var blocks: [(TextBlock, TextBlock, Double)] = [], heights = Array(repeating: 0.0, count: columns)
            for (i, a) in actions.enumerated() {
                let keys = keyMap.keys(for: a).map(\.description).joined(separator: "  ")
                let k = TextBlock(keys.isEmpty ? "—" : keys, font: .bold(size), width: max(1, keyColumn - 16), maxLines: 5)
                let d = TextBlock(a.summary, font: .system(size), width: max(1, columnWidth - keyColumn - 24), maxLines: 3)
                let h = max(m.layout(k).size.height, m.layout(d).size.height) + 4
                blocks.append((k, d, h)); heights[i / perColumn] += h
            }
            return (blocks, heights.max() ?? 0, columnWidth, perColumn)
        }
        var laid = rows(columns: 1, size: 16)
        for size in [14.0, 13, 12, 11] where y + laid.height + 60 > bounds.height { laid = rows(columns: 2, size: size) }
        var row = y
        for (i, (k, d, h)) in laid.blocks.enumerated() {
            if i % laid.perColumn == 0 { row = y }
            let x = 24 + Double(i / laid.perColumn) * laid.width
            list.text(k, t.tint, at: Point(x, row))
            list.text(d, t.text, at: Point(x + (k.width ?? 0) + 16, row))
            row += h
        }
        y += laid.height + 8
        list.text(.line("Tab opens the overview when no control has focus; Shift+Tab or a click moves into the controls.", font: .system(14), width: bounds.width - 48), t.secondaryText, at: Point(24, y))
        list.text(.line("Ctrl + mouse over the audience preview shows a pointer to the room.", font: .system(14), width: bounds.width - 48), t.secondaryText, at: Point(24, y + 22))
    }
}
