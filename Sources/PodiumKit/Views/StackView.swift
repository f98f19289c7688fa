/// Lays out arranged subviews along one axis with spacing. A subview's length is its fixed
/// length if given (`fixedLength`), else what it fits; views marked `flexible` share what is left.
open class StackView: View {
    /// The direction subviews are laid out in: left to right, or top to bottom.
    public enum Axis: Sendable { case horizontal, vertical }
    /// Placement across the axis: `fill` stretches each subview to the stack's cross size; the
    /// others size it by `sizeThatFits` and put it at the start, middle or end.
    public enum Alignment: Sendable { case fill, leading, center, trailing }
    /// Whether subviews go left to right or top to bottom.
    public var axis: Axis
    /// Gap between neighbouring visible subviews along the axis, in points.
    public var spacing: Double
    /// Space kept free inside the stack's bounds, in points.
    public var insets: EdgeInsets
    /// How subviews are sized and placed across the axis; `fill` by default.
    public var alignment: Alignment = .fill
    private var fixed: [ObjectIdentifier: Double] = [:]
    private var flexible: Set<ObjectIdentifier> = []

    /// A stack along `axis` holding `views` in order (each at the length it fits; use
    /// ``StackView/add(_:length:flexible:)`` for fixed or flexible lengths).
    public init(_ axis: Axis, spacing: Double = 8, insets: EdgeInsets = .zero, _ views: [View] = []) {
        self.axis = axis; self.spacing = spacing; self.insets = insets
        super.init()
        views.forEach(addSubview)
    }

    /// Adds `v`; `length` fixes its size along the axis, `flexible` lets it take the slack.
    public func add(_ v: View, length: Double? = nil, flexible isFlexible: Bool = false) {
        addSubview(v)
        if let l = length { fixed[ObjectIdentifier(v)] = l }
        if isFlexible { flexible.insert(ObjectIdentifier(v)) }
    }
    /// Fixed lengths by subview, for callers that adjust them.
    public var arrangedLengths: [ObjectIdentifier: Double] { fixed }
    /// Fixes `v`'s length along the axis in points, or with nil lets it take the length it fits;
    /// relayouts.
    public func setLength(_ l: Double?, for v: View) { fixed[ObjectIdentifier(v)] = l; setNeedsLayout() }
    /// A flexible empty space (a toolbar's "flexible space").
    public func addFlexibleSpace() { add(View(), flexible: true) }

    open override func sizeThatFits(_ available: Size) -> Size {
        let vis = subviews.filter { !$0.isHidden }
        let cross = axis == .horizontal ? available.height - insets.top - insets.bottom : available.width - insets.left - insets.right
        var main = Double(max(0, vis.count - 1)) * spacing
        var crossMax = 0.0
        for v in vis {
            let s = v.sizeThatFits(axis == .horizontal ? Size(available.width, cross) : Size(cross, available.height))
            main += fixed[ObjectIdentifier(v)] ?? (axis == .horizontal ? s.width : s.height)
            crossMax = max(crossMax, axis == .horizontal ? s.height : s.width)
        }
        return axis == .horizontal
            ? Size(main + insets.left + insets.right, crossMax + insets.top + insets.bottom)
            : Size(crossMax + insets.left + insets.right, main + insets.top + insets.bottom)
    }

    open override func layoutSubviews() {
        let area = bounds.inset(by: insets)
        let vis = subviews.filter { !$0.isHidden }
        let mainLen = axis == .horizontal ? area.width : area.height
        let crossLen = axis == .horizontal ? area.height : area.width
        var lengths: [Double] = []
        var used = Double(max(0, vis.count - 1)) * spacing
        var flexCount = 0
        for v in vis {
            let id = ObjectIdentifier(v)
            if flexible.contains(id) { lengths.append(0); flexCount += 1; continue }
            let s = v.sizeThatFits(axis == .horizontal ? Size(area.width, crossLen) : Size(crossLen, area.height))
            let l = fixed[id] ?? (axis == .horizontal ? s.width : s.height)
            lengths.append(l); used += l
        }
        let share = flexCount > 0 ? max(0, mainLen - used) / Double(flexCount) : 0
        var pos = 0.0
        for (i, v) in vis.enumerated() {
            let l = flexible.contains(ObjectIdentifier(v)) ? share : lengths[i]
            var c0 = 0.0, cl = crossLen
            if alignment != .fill {
                let s = v.sizeThatFits(axis == .horizontal ? Size(l, crossLen) : Size(crossLen, l))
                cl = min(crossLen, axis == .horizontal ? s.height : s.width)
                c0 = alignment == .leading ? 0 : alignment == .center ? (crossLen - cl) / 2 : crossLen - cl
            }
            v.frame = axis == .horizontal
                ? Rect(area.minX + pos, area.minY + c0, l, cl)
                : Rect(area.minX + c0, area.minY + pos, cl, l)
            pos += l + spacing
        }
    }
}
