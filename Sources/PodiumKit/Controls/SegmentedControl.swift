/// A row of mutually exclusive segments (UISegmentedControl). Each segment is a child in the
/// control tree (`<id>.<segment id>`, role `segment`), so tests and the control socket can click
/// one by id. Left/Right move the selection when focused.
open class SegmentedControl: View {
    /// One segment: its control-tree id suffix and its title.
    public struct Segment: Equatable, Sendable {
        /// Unique within the control; the segment's control-tree id is `<control id>.<id>`.
        public var id: String
        /// The text shown in the segment.
        public var title: String
        /// A segment with control-tree `id` and `title`.
        public init(id: String, title: String) { self.id = id; self.title = title }
    }
    /// The segments, leading to trailing, all of equal width; a selection beyond the new count is
    /// cleared.
    public var segments: [Segment] { didSet { if let s = selectedIndex, s >= segments.count { selectedIndex = nil }; setNeedsDisplay() } }
    /// Index of the selected segment; nil for none. Setting it does not call
    /// ``SegmentedControl/onChange``.
    public var selectedIndex: Int? { didSet { if selectedIndex != oldValue { setNeedsDisplay() } } }
    /// Called with the new index when the user (or the control socket) changes the selection.
    public var onChange: ((Int) -> Void)?
    /// Segment title font, 14 points by default.
    public var font: Font = .system(14)

    /// A control with `segments`, the one at `selected` selected (nil, or an index out of range,
    /// for none).
    public init(_ segments: [Segment], selected: Int? = 0, id: String? = nil) {
        self.segments = segments
        selectedIndex = selected.flatMap { segments.indices.contains($0) ? $0 : nil }
        super.init()
        self.id = id
        cornerRadius = 8
    }
    /// Segments from titles; each segment's id is its title in lower case with spaces as dashes.
    public convenience init(titles: [String], selected: Int? = 0, id: String? = nil) {
        self.init(titles.map { Segment(id: $0.lowercased().split(separator: " ").joined(separator: "-"), title: $0) }, selected: selected, id: id)
    }

    open override var role: String? { "segmented" }
    open override var acceptsFocus: Bool { true }
    open override var isUserInteractionEnabled: Bool { true }
    open override var accessibilityValue: String? { selectedIndex.map { segments[$0].title } }

    open override func sizeThatFits(_ available: Size) -> Size {
        let w = segments.map { (metrics?.size(of: $0.title, font: font).width ?? 60) + 28 }.reduce(0, +)
        return Size(min(available.width, w), 32)
    }

    /// Segment `i`'s rectangle in view coordinates (equal widths).
    public func segmentRect(_ i: Int) -> Rect {
        let w = bounds.width / Double(max(1, segments.count))
        return Rect(Double(i) * w, 0, w, bounds.height)
    }
    /// The segment under `p` (view coordinates); nil outside the bounds or with no segments.
    public func segmentIndex(at p: Point) -> Int? {
        guard bounds.contains(p), !segments.isEmpty else { return nil }
        return min(segments.count - 1, Int(p.x / (bounds.width / Double(segments.count))))
    }

    /// Selects segment `i` as the user would and tells `onChange` when it changed.
    public func userSelect(_ i: Int) {
        guard segments.indices.contains(i), i != selectedIndex else { return }
        selectedIndex = i
        onChange?(i)
    }

    /// `userSelect(i)`, then whether the selection moved.
    private func userSelectChanged(_ i: Int) -> Bool {
        let before = selectedIndex
        userSelect(i)
        return selectedIndex != before
    }

    open override func draw(into list: inout DrawList) {
        let t = theme
        list.roundedBorder(bounds, fill: t.surface, border: isFocused ? t.tint : t.separator, width: isFocused ? 2 : 1, radius: cornerRadius)
        for (i, s) in segments.enumerated() {
            let r = segmentRect(i)
            if i == selectedIndex { list.fill(r.insetBy(dx: 2, dy: 2), t.raised, radius: cornerRadius - 2) }
            else if i > 0 && i - 1 != selectedIndex { list.line(Point(r.minX, 7), Point(r.minX, r.height - 7), t.separator) }
            guard let m = metrics else { continue }
            let f = i == selectedIndex ? Font(size: font.size, weight: .bold) : font
            list.text(.line(s.title, font: f, width: r.width - 8, alignment: .center), t.text, at: Point(r.minX + 4, (r.height - m.lineHeight(f)) / 2))
        }
    }

    open override func handle(_ event: InputEvent) -> Bool {
        switch event {
        case .mouseDown: becomeFocused(); return true
        case let .mouseUp(p, _): if let i = segmentIndex(at: p) { userSelect(i) }; return true
        // An arrow past the first or last segment changes nothing: the talk's (see `WindowRoot`).
        case let .key(k) where k.code == .left: return userSelectChanged(max(0, (selectedIndex ?? 1) - 1))
        case let .key(k) where k.code == .right: return userSelectChanged(min(segments.count - 1, (selectedIndex ?? -1) + 1))
        default: return false
        }
    }

    open override func controlChildren() -> [ControlNode] {
        segments.enumerated().map { i, s in
            ControlNode(id: "\(id ?? "segmented").\(s.id)", role: "segment", label: s.title,
                        frame: convertToWindow(segmentRect(i)), value: i == selectedIndex ? "selected" : nil)
        }
    }
}
