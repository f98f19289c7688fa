/// A floating panel with an arrow pointing at its anchor, shown in a window's overlay layer.
/// Re-runs placement on every frame (window resize, display change, split view collapse, the
/// anchor view moving or scrolling) with the same solver, trying its last arrow direction first
/// so it does not jump. Dismissed by a click outside (consumed), Esc, or code; dismissed (owner
/// told "not by the user") when its anchor view leaves the window, is hidden or scrolls out of
/// sight. A popover anchored inside another overlay is that overlay's child.
///
///     let p = Popover(content: list, preferredSize: Size(320, 400), from: barButton, source: "bands")
///     p.onDismiss = { byUser in … }
///     root.present(p)
public final class Popover: PresentedView {
    /// The view shown in the panel, inset by `PopoverMetrics.contentInset` and scrolled when the
    /// panel had to shrink.
    public let content: View
    /// The content's preferred size in points; the panel is `PopoverMetrics.contentInset` larger
    /// on every side.
    public var preferredContentSize: Size { didSet { superview?.setNeedsLayout() } }
    /// What the popover points at: a view, a rectangle in a view's coordinates, or a window
    /// rectangle. Looked up again at every layout.
    public let anchorSpec: PopoverAnchor
    /// The anchor in window points as of the last layout: the shown part of the anchor view (or
    /// rectangle in it), or the window rectangle it was presented from.
    public private(set) var anchor: Rect
    /// The view (a bar button item, a row) the popover points at; nil for a bare rectangle.
    public var anchorView: View? { anchorSpec.view }
    /// Arrow directions the placement may use (an empty set is treated as all four).
    public var permittedDirections: Set<ArrowDirection>
    /// The arrow direction tried first (after the last one used); `.up` puts the popover below its
    /// anchor.
    public var preferredDirection: ArrowDirection
    /// The placement in force, nil before the first layout.
    public private(set) var placement: PopoverPlacement?
    /// How far the content is scrolled up, in points, when the popover had to shrink below its
    /// preferred height (the wheel scrolls it).
    public private(set) var contentOffset = 0.0
    /// Clips the content to the panel's rounded rectangle and scrolls it.
    private let viewport = View()
    /// Set by `representAfresh`: the next layout forgets the last arrow direction. The old
    /// placement stays in force until then, so the popover never reads as unplaced while shown.
    private var placesAfresh = false

    /// A popover pointing at `anchor`: a view, a rectangle in a view's coordinates, or a window
    /// rectangle (see `PopoverAnchor`). `preferredSize` is the content's size in points.
    public init(content: View, preferredSize: Size, at anchor: PopoverAnchor, source: String,
                permitted: Set<ArrowDirection> = ArrowDirection.any, preferred: ArrowDirection = .up) {
        self.content = content; preferredContentSize = preferredSize; anchorSpec = anchor
        self.anchor = anchor.resolve(in: anchor.view?.host) ?? .zero
        permittedDirections = permitted; preferredDirection = preferred
        super.init(source: source)
        setUp()
    }

    /// A popover pointing at a fixed rectangle in window points (callers that only have a rect).
    public convenience init(content: View, preferredSize: Size, anchor: Rect, source: String,
                            permitted: Set<ArrowDirection> = ArrowDirection.any, preferred: ArrowDirection = .up) {
        self.init(content: content, preferredSize: preferredSize, at: .window(anchor), source: source,
                  permitted: permitted, preferred: preferred)
    }

    /// A popover pointing at `view` (a bar button item…), following it as the window re-lays out
    /// and dismissed when it is hidden, scrolled out of sight or leaves the window.
    public convenience init(content: View, preferredSize: Size, from view: View, source: String,
                            permitted: Set<ArrowDirection> = ArrowDirection.any, preferred: ArrowDirection = .up) {
        self.init(content: content, preferredSize: preferredSize, at: .view(view), source: source,
                  permitted: permitted, preferred: preferred)
    }

    private func setUp() {
        clipsToBounds = false
        viewport.clipsToBounds = true
        viewport.addSubview(content)
        addSubview(viewport)
        content.cornerRadius = PopoverMetrics.cornerRadius
        id = "popover.\(source)"
    }

    /// The arrow direction in force; nil before the first layout.
    public var arrowDirection: ArrowDirection? { placement?.direction }
    public override var role: String? { "popover" }
    /// The control tree's value: the arrow direction chosen ("up", "down", "left", "right").
    public override var accessibilityValue: String? { placement?.direction.rawValue }

    /// Re-runs placement against the anchor within `bounds` (window points); dismisses the popover,
    /// not by the user, when the anchor is gone, hidden or out of sight.
    public override func layout(in bounds: Rect) {
        // The anchor view gone, hidden or scrolled away: the owner hears "not by the user".
        guard let shown = anchorSpec.resolve(in: host) else { dismiss(byUser: false); return }
        anchor = shown
        let inset = 2 * PopoverMetrics.contentInset
        let wanted = contentSize
        let panelSize = Size(wanted.width + inset, wanted.height + inset)
        let req = PopoverRequest(bounds: bounds, anchor: anchor, contentSize: panelSize,
                                 permitted: permittedDirections, preferred: preferredDirection,
                                 lastDirection: placesAfresh ? nil : placement?.direction,
                                 keepClear: (host as? WindowRoot)?.popoverKeepClearRects ?? [])
        placesAfresh = false
        guard let p = req.place() else { dismiss(byUser: false); return }
        placement = p
        frame = p.frame
        viewport.frame = Rect(0, 0, p.frame.width, p.frame.height).insetBy(dx: PopoverMetrics.contentInset, dy: PopoverMetrics.contentInset)
        scroll(to: contentOffset)
        // Lay the content out now, so a child anchored inside it (later in the overlay) is placed
        // against this frame's positions, not last frame's.
        layoutIfNeeded()
    }

    /// The content's full height: its preferred height, at least the panel's.
    private var contentHeight: Double { max(viewport.frame.height, contentSize.height) }

    /// `preferredContentSize` as placed: a plugin's non-finite or huge size (trial 32 m7: NaN made
    /// the popover invisible and the control socket's state `null`) as large as the window lets
    /// it be, a negative one empty.
    private var contentSize: Size {
        func usable(_ v: Double) -> Double { v.isNaN || v > 1e6 ? 1e6 : max(0, v) }
        return Size(usable(preferredContentSize.width), usable(preferredContentSize.height))
    }

    /// Scrolls shrunk content to `y` points from its top (clamped).
    public func scroll(to y: Double) {
        contentOffset = clamp(y, 0, contentHeight - viewport.frame.height)
        content.frame = Rect(0, -contentOffset, viewport.frame.width, contentHeight)
    }

    public override func handle(_ event: InputEvent) -> Bool {
        guard case let .wheel(_, dy, _) = event, contentHeight > viewport.frame.height else { return false }
        scroll(to: contentOffset - dy * 40)
        return true
    }

    /// Forgets the arrow direction and restarts the appear transition: the popover is placed
    /// afresh, as if presented again (after its window moved to another display).
    func representAfresh(at now: Double?) {
        placesAfresh = true
        appearedAt = now
        superview?.setNeedsLayout()
    }

    public override func drawOverlay(into list: inout DrawList) {
        // A scroll indicator while shrunk content scrolls.
        let h = contentHeight, visible = viewport.frame.height
        guard h > visible + 0.5 else { return }
        let track = frame.height - 2 * PopoverMetrics.cornerRadius
        let bar = max(24, track * visible / h)
        let y = PopoverMetrics.cornerRadius + (track - bar) * contentOffset / (h - visible)
        list.fill(Rect(frame.width - 6, y, 3, bar), theme.secondaryText.withAlpha(0.7), radius: 1.5)
    }

    /// Whether it is anchored inside another popover (drawn with an outline over its parent).
    public var isChildPopover: Bool { anchorSpec.enclosingOverlay is Popover }

    public override var transitionPivot: Point { placement?.arrowTip ?? super.transitionPivot }
    public override var anchorOverlay: PresentedView? { anchorSpec.enclosingOverlay }

    public override func draw(into list: inout DrawList) {
        guard let p = placement else { return }
        let t = theme
        let panel = Rect(0, 0, frame.width, frame.height)
        // The shadow shows only as a band under the panel's lower edge; drawing just that band
        // keeps a large blended fill off the software renderer.
        let r = PopoverMetrics.cornerRadius
        list.fill(Rect(0, max(0, panel.height - 2 * r) + 4, panel.width, min(panel.height, 2 * r)), Color(0, 0, 0, 90), radius: r)
        let arrow = p.arrowPolygon.map { $0 - frame.origin }
        // A child (an action sheet from a button inside a popover) gets an outline, arrow
        // included: its arrow lies over the parent's panel, of the same colour, and would vanish,
        // and the two panels, often edge to edge, would read as one.
        if isChildPopover {
            let w = PopoverMetrics.childOutline, base = Point((arrow[1].x + arrow[2].x) / 2, (arrow[1].y + arrow[2].y) / 2)
            let k = 1 + 2 * w / PopoverMetrics.arrowLength
            list.fill(panel.insetBy(dx: -w, dy: -w), t.separator, radius: r + w)
            list.polygon(arrow.map { Point(base.x + ($0.x - base.x) * k, base.y + ($0.y - base.y) * k) }, t.separator)
        }
        list.fill(panel, t.raised, radius: r)
        list.polygon(arrow, t.raised)
    }
}

extension WindowRoot {
    /// The popovers currently shown, bottom first.
    public var popovers: [Popover] { overlay.subviews.compactMap { $0 as? Popover } }

    /// Presents `overlay` (a popover or bottom sheet). A new root (no `parentPopover`) replaces
    /// what is shown (one root per window); a child of a shown popover stacks above it. One
    /// anchored at a view inside a shown overlay (a button in a popover) is that overlay's child
    /// unless a parent was set. Returns false, showing nothing, when one from the same `source`
    /// is already shown or the parent is gone.
    @discardableResult
    public func present(_ presented: PresentedView) -> Bool {
        if presented.parentPopover == nil { presented.parentPopover = presented.anchorOverlay }
        let shown = overlay.presented
        if shown.contains(where: { $0.source == presented.source }) { return false }
        if let parent = presented.parentPopover {
            guard parent.superview === overlay else { return false }
        } else {
            shown.reversed().forEach { $0.dismiss(byUser: false) }
        }
        presented.appearedAt = now
        overlay.addSubview(presented)
        overlay.setNeedsLayout()
        layoutIfNeeded()
        return presented.superview === overlay
    }

    /// Presents `content` in a popover pointing at `view` (a bar button item, a button), with
    /// `view`'s id (or `source`) as the source. Returns the popover, or nil when one from the
    /// same source is already shown.
    @discardableResult
    public func presentPopover(_ content: View, preferredSize: Size, from view: View, source: String? = nil,
                               permitted: Set<ArrowDirection> = ArrowDirection.any, parent: Popover? = nil) -> Popover? {
        presentPopover(content, preferredSize: preferredSize, at: .view(view), source: source ?? view.id ?? "anchor",
                       permitted: permitted, parent: parent)
    }

    /// Presents `content` (preferred size in points) in a popover pointing at `anchor`. Returns
    /// the popover, or nil when one from the same source is already shown or the anchor is not
    /// shown (the popover was dismissed at once).
    @discardableResult
    public func presentPopover(_ content: View, preferredSize: Size, at anchor: PopoverAnchor, source: String,
                               permitted: Set<ArrowDirection> = ArrowDirection.any, parent: Popover? = nil) -> Popover? {
        let p = Popover(content: content, preferredSize: preferredSize, at: anchor, source: source, permitted: permitted)
        p.parentPopover = parent
        return present(p) ? p : nil
    }

    /// True while an overlay is fading in or out: the platform keeps drawing frames until false.
    public var isAnimating: Bool { overlay.isAnimating(at: now) }

    /// The window moved to another display (hot-plug, mode change): every popover is placed
    /// afresh — its last direction forgotten — and fades in again, as if re-presented. Owners are
    /// not told of a dismissal, since the popover stays.
    public func displayDidChange() {
        for p in popovers { p.representAfresh(at: now) }
        overlay.setNeedsLayout()
        requestRedraw()
    }

    /// Ends every transition at once (screenshots show settled states).
    public func finishAnimations() { overlay.finishAnimations(at: nil); requestRedraw() }
}
