/// A floating panel with an arrow pointing at its anchor, shown in a window's overlay layer.
/// Re-runs placement on every layout (window resize, display change) and keeps its last arrow
/// direction so it does not jump. Dismissed by a click outside (consumed), Esc, or code.
public final class Popover: View, Dismissible, OverlayLayout {
    public let content: View
    public var preferredContentSize: Size { didSet { superview?.setNeedsLayout() } }
    /// The anchor in window points.
    public var anchor: Rect { didSet { superview?.setNeedsLayout() } }
    public var permittedDirections: Set<ArrowDirection>
    public var preferredDirection: ArrowDirection
    /// Identifies what presented it, so presenting again from the same source is ignored.
    public let source: String
    /// The placement in force, nil before the first layout.
    public private(set) var placement: PopoverPlacement?
    /// Told when the popover goes away; `byUser` is true for a click outside or Esc.
    public var onDismiss: ((_ byUser: Bool) -> Void)?
    /// Child popovers (an action sheet opened from inside this one) close with it.
    public weak var parentPopover: Popover?

    public init(content: View, preferredSize: Size, anchor: Rect, source: String,
                permitted: Set<ArrowDirection> = ArrowDirection.any, preferred: ArrowDirection = .up) {
        self.content = content; preferredContentSize = preferredSize; self.anchor = anchor; self.source = source
        permittedDirections = permitted; preferredDirection = preferred
        super.init()
        clipsToBounds = false
        addSubview(content)
        content.clipsToBounds = true
        id = "popover.\(source)"
    }

    public var arrowDirection: ArrowDirection? { placement?.direction }

    public func layout(in bounds: Rect) {
        let req = PopoverRequest(bounds: bounds, anchor: anchor, contentSize: preferredContentSize,
                                 permitted: permittedDirections, preferred: preferredDirection,
                                 lastDirection: placement?.direction)
        guard let p = req.place() else { dismiss(byUser: false); return }
        placement = p
        frame = p.frame
        content.frame = Rect(0, 0, p.frame.width, p.frame.height)
    }

    public override var isUserInteractionEnabled: Bool { true }

    public override func draw(into list: inout DrawList) {
        guard let p = placement else { return }
        let t = theme
        let panel = Rect(0, 0, frame.width, frame.height)
        list.fill(panel.offsetBy(dx: 0, dy: 4), Color(0, 0, 0, 90), radius: PopoverMetrics.cornerRadius)
        list.fill(panel, t.raised, radius: PopoverMetrics.cornerRadius)
        let tip = p.arrowTip - frame.origin, w = PopoverMetrics.arrowHalfWidth, o = p.arrowOffset
        let pts: [Point] = switch p.direction {
        case .up: [tip, Point(o + w, 0.5), Point(o - w, 0.5)]
        case .down: [tip, Point(o - w, panel.height - 0.5), Point(o + w, panel.height - 0.5)]
        case .left: [tip, Point(0.5, o - w), Point(0.5, o + w)]
        case .right: [tip, Point(panel.width - 0.5, o + w), Point(panel.width - 0.5, o - w)]
        }
        list.polygon(pts, t.raised)
    }

    /// Removes the popover and any children, and tells `onDismiss`.
    public func dismiss(byUser: Bool) {
        guard let layer = superview else { return }
        for v in layer.subviews { if let c = v as? Popover, c.parentPopover === self { c.dismiss(byUser: byUser) } }
        removeFromSuperview()
        onDismiss?(byUser)
    }
}

extension WindowRoot {
    /// The popovers currently shown, bottom first.
    public var popovers: [Popover] { overlay.subviews.compactMap { $0 as? Popover } }

    /// Presents `popover`. A second root popover replaces the first (one root per window); a
    /// popover whose `parentPopover` is shown stacks above it. Returns false (and shows nothing)
    /// when one from the same `source` is already shown.
    @discardableResult
    public func present(_ popover: Popover) -> Bool {
        if popovers.contains(where: { $0.source == popover.source }) { return false }
        if popover.parentPopover == nil { popovers.forEach { $0.dismiss(byUser: false) } }
        overlay.addSubview(popover)
        overlay.setNeedsLayout()
        layoutIfNeeded()
        return true
    }
}
