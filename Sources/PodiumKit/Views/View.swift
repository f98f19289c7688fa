/// The base of the view tree: a rectangle in its superview's coordinates that lays out its
/// subviews, draws itself into a `DrawList`, and handles input. No platform types appear here.
///
/// Views are main-actor types (API 3.0): build and change them on the main thread only; results
/// from other threads reach them through `SceneContext.runOnMain`.
///
/// Life of a frame: the window root calls `layoutIfNeeded()` (which calls `layoutSubviews()` on
/// every view whose size changed or that asked for layout), then `render(into:)`.
@MainActor
open class View {
    /// Position and size in the superview's coordinate space, in points.
    public var frame: Rect = .zero {
        didSet { if frame.size != oldValue.size { setNeedsLayout() }; if frame != oldValue { setNeedsDisplay() } }
    }
    /// The view's own coordinate space: origin zero, size of `frame`.
    public var bounds: Rect { Rect(origin: .zero, size: frame.size) }
    /// Child views in drawing order: later ones draw above and are hit-tested first. Change with
    /// ``View/addSubview(_:)`` and ``View/removeFromSuperview()``.
    public private(set) var subviews: [View] = []
    /// The view this one is in; nil for a root or a detached view. Held weakly.
    public private(set) weak var superview: View?
    /// Hidden views are not drawn, hit-tested, laid out or focused in Tab order; changing it
    /// relayouts the superview.
    public var isHidden = false { didSet { if isHidden != oldValue { superview?.setNeedsLayout(); setNeedsDisplay() } } }
    /// Fills `bounds` beneath the view's own drawing; `.clear` (the default) draws nothing. A
    /// visible background also makes the view take clicks (see ``View/isUserInteractionEnabled``).
    public var backgroundColor: Color = .clear { didSet { setNeedsDisplay() } }
    /// Corner radius in points for the background fill and the border, and for controls that draw
    /// rounded shapes.
    public var cornerRadius: Double = 0
    /// Colour of a 1-point border around `bounds`; `.clear` (the default) draws none.
    public var borderColor: Color = .clear
    /// Drawn content and hit-testing of subviews stop at the bounds.
    public var clipsToBounds = false
    /// Where the superview's default layout puts this view; nil leaves `frame` as set.
    public var pins: Pins? { didSet { superview?.setNeedsLayout() } }
    /// Stable identifier for the control tree (`state` on the control socket, tests, accessibility).
    public var id: String?
    /// Human label for the control tree; controls fill it in from their title.
    public var accessibilityLabel: String?
    private(set) var needsLayout = true

    /// An empty, transparent view with a zero frame; subclasses call it.
    public init() {}
    /// An empty view with an optional control-tree `id` and background colour.
    public convenience init(id: String? = nil, background: Color = .clear) {
        self.init(); self.id = id; backgroundColor = background
    }

    // MARK: Tree

    /// Appends `v` above the existing subviews, first removing it from its old superview, and marks
    /// both for layout.
    public func addSubview(_ v: View) {
        v.removeFromSuperview()
        v.superview = self
        subviews.append(v)
        setNeedsLayout()
        v.setNeedsLayout()
    }
    /// Adds each view in order, as ``View/addSubview(_:)`` does.
    public func addSubviews(_ vs: View...) { vs.forEach(addSubview) }
    /// Detaches the view from its superview; the window drops focus or pointer capture held by it
    /// or a descendant. Nothing happens for a view with no superview.
    public func removeFromSuperview() {
        guard let s = superview else { return }
        s.subviews.removeAll { $0 === self }
        superview = nil
        s.setNeedsLayout()
        if let h = s.host { h.viewWasRemoved(self) }
    }
    /// Removes every subview, as ``View/removeFromSuperview()`` does for each.
    public func removeAllSubviews() { subviews.forEach { $0.removeFromSuperview() } }
    /// True when `self` is `v` or one of its descendants.
    public func isDescendant(of v: View) -> Bool {
        var cur: View? = self
        while let c = cur { if c === v { return true }; cur = c.superview }
        return false
    }

    /// The window this view is in, if any (found through the superview chain).
    open var host: ViewHost? { superview?.host }
    /// The window's theme, or ``Theme/standard`` while the view is in no window.
    public var theme: Theme { host?.hostTheme ?? .standard }
    /// The text measurer of the window; nil only for views not yet in a window.
    public var metrics: TextMeasuring? { host?.textMetrics }

    /// Converts a point in this view's space to the window's.
    public func convertToWindow(_ p: Point) -> Point {
        var q = p, v: View? = self
        while let c = v { q = q + c.frame.origin; v = c.superview }
        return q
    }
    /// Converts a rectangle in this view's space to the window's (origin moved, size unchanged).
    public func convertToWindow(_ r: Rect) -> Rect { Rect(origin: convertToWindow(r.origin), size: r.size) }
    /// Converts a point in window coordinates to this view's space.
    public func convertFromWindow(_ p: Point) -> Point { p - convertToWindow(.zero) }
    /// True when the view and all its ancestors are visible and it is attached to a window.
    public var isVisibleInWindow: Bool {
        var v: View? = self
        while let c = v { if c.isHidden { return false }; if c.superview == nil { return c.host != nil }; v = c.superview }
        return false
    }

    // MARK: Layout

    /// Asks for ``View/layoutSubviews()`` on the next frame and for a redraw. Cheap: call it
    /// whenever something affecting layout changes.
    public func setNeedsLayout() { needsLayout = true; setNeedsDisplay() }
    /// Asks the window for a redraw; does nothing while the view is in no window.
    public func setNeedsDisplay() { host?.requestRedraw() }
    /// Lays out this subtree where needed. Children whose size did not change are still visited,
    /// so a deep `setNeedsLayout` is honoured.
    public func layoutIfNeeded() {
        if needsLayout { needsLayout = false; layoutSubviews() }
        for s in subviews where !s.isHidden { s.layoutIfNeeded() }
    }
    /// Positions subviews. The default applies each subview's `pins` inside `bounds`.
    open func layoutSubviews() {
        for s in subviews { if let p = s.pins { s.frame = p.frame(in: bounds, for: s) } }
    }
    /// The size this view would like within `available` points; used by pins and stacks when a
    /// dimension is not fixed. Default: all of it.
    open func sizeThatFits(_ available: Size) -> Size { available }

    // MARK: Drawing

    /// Draws this view and its subviews; `list.offset` is this view's window origin on entry.
    open func render(into list: inout DrawList) {
        guard !isHidden else { return }
        let saved = list.offset
        list.offset = saved + frame.origin
        if backgroundColor.a > 0 { list.fill(bounds, backgroundColor, radius: cornerRadius) }
        if borderColor.a > 0 { list.stroke(bounds, borderColor, width: 1, radius: cornerRadius) }
        if clipsToBounds { list.pushClip(bounds) }
        draw(into: &list)
        for s in subviews where !s.isHidden {
            // Skip subviews entirely outside the clip (lists with thousands of rows rely on it).
            if let c = list.clip, !c.intersects(s.frame.offset(by: list.offset)) { continue }
            s.render(into: &list)
        }
        drawOverlay(into: &list)
        if clipsToBounds { list.popClip() }
        list.offset = saved
    }
    /// Own content, in local coordinates, drawn beneath subviews.
    open func draw(into list: inout DrawList) {}
    /// Drawn above subviews (focus rings, scroll indicators).
    open func drawOverlay(into list: inout DrawList) {}

    // MARK: Input

    /// The deepest visible view containing `p` (in this view's space) that is willing to be hit.
    open func hitTest(_ p: Point) -> View? {
        guard !isHidden, bounds.contains(p) else { return nil }
        for s in subviews.reversed() {
            if let hit = s.hitTest(p - s.frame.origin) { return hit }
        }
        return isUserInteractionEnabled ? self : nil
    }
    /// Views that ignore the pointer let clicks through to what is beneath.
    open var isUserInteractionEnabled: Bool { backgroundColor.a > 0 || role != nil }
    /// Views that want the pointer's moves with no button held (`.mouseMoved` with `buttons` 0)
    /// while it is over them, e.g. a spotlight following the pointer. Off by default: other
    /// views see moves only while they hold the pointer after a press.
    open var wantsHover: Bool { false }

    /// Handles one event in local coordinates; return true when consumed. Unconsumed events bubble
    /// to the superview (keys from the focused view, mouse from the hit view).
    open func handle(_ event: InputEvent) -> Bool { false }

    /// Whether Tab can move keyboard focus here.
    open var acceptsFocus: Bool { false }
    /// True for controls that take typed text (text field, text view, search box): while focused
    /// they get every key first, so typing a "b" does not black out the room.
    open var isTextEntry: Bool { false }
    /// True when this view has the window's keyboard focus.
    public var isFocused: Bool { host?.focusedView === self }
    /// Makes this view the window's focused view; nothing happens while it is in no window.
    public func becomeFocused() { host?.focus(self) }
    /// Called on the old and the new focused view when focus moves; the default redraws (focus
    /// rings). Overrides should call `super`.
    open func focusChanged() { setNeedsDisplay() }

    // MARK: Control tree

    /// The control's role for the control tree (`button`, `list`, `row`, `text-field`, …); nil
    /// for views that are not interactive controls.
    open var role: String? { nil }
    /// Extra per-control state for the control tree (value, selected, on…).
    open var accessibilityValue: String? { nil }
    /// Controls drawn by this view without subviews (list rows, segments). Default: none.
    open func controlChildren() -> [ControlNode] { [] }
}

/// What a view tree needs from its window. The platform window implements it through `WindowRoot`.
@MainActor
public protocol ViewHost: AnyObject {
    /// The colours views in this window draw with (``View/theme``).
    var hostTheme: Theme { get }
    /// Measures and lays out text for the window's views (``View/metrics``).
    var textMetrics: TextMeasuring { get }
    /// The view with keyboard focus; nil when none.
    var focusedView: View? { get }
    /// Moves keyboard focus to `view` (nil: none), calling ``View/focusChanged()`` on the old and
    /// new view.
    func focus(_ view: View?)
    /// Asks for a new frame soon; may be called many times per frame.
    func requestRedraw()
    /// Called after `view` left the tree, so the host drops focus or pointer capture held inside
    /// it.
    func viewWasRemoved(_ view: View)
}

/// An edge-pinned layout request (the subset of auto layout Podium needs): each edge pinned to the
/// container's with a constant, or a fixed size, or centred. Unpinned sizes come from
/// `sizeThatFits`.
public struct Pins: Sendable, Equatable {
    /// Distance in points from the container's edge to the same edge of the view (a positive
    /// `trailing` or `bottom` moves it inward); nil leaves that edge free.
    public var leading, trailing, top, bottom: Double?
    /// Fixed width or height in points; nil takes it from both edge pins, or else from
    /// `sizeThatFits`.
    public var width, height: Double?
    /// Centres the view on that axis when neither of its edges is pinned.
    public var centerX, centerY: Bool
    /// A layout request; parameters left out are unpinned (see the properties).
    public init(leading: Double? = nil, trailing: Double? = nil, top: Double? = nil, bottom: Double? = nil,
                width: Double? = nil, height: Double? = nil, centerX: Bool = false, centerY: Bool = false) {
        self.leading = leading; self.trailing = trailing; self.top = top; self.bottom = bottom
        self.width = width; self.height = height; self.centerX = centerX; self.centerY = centerY
    }
    /// Pinned to every edge with `inset`.
    public static func fill(_ inset: Double = 0) -> Pins { Pins(leading: inset, trailing: inset, top: inset, bottom: inset) }

    /// Resolves against a container's bounds.
    @MainActor public func frame(in c: Rect, for view: View?) -> Rect {
        let fit = (width == nil || height == nil) ? (view?.sizeThatFits(Size(c.width - (leading ?? 0) - (trailing ?? 0), c.height - (top ?? 0) - (bottom ?? 0))) ?? c.size) : .zero
        func axis(_ lead: Double?, _ trail: Double?, _ fixed: Double?, _ center: Bool, _ length: Double, _ fitted: Double) -> (Double, Double) {
            switch (lead, trail) {
            case let (l?, t?): return (l, max(0, length - l - t))
            case let (l?, nil): return (l, fixed ?? fitted)
            case let (nil, t?): let s = fixed ?? fitted; return (length - t - s, s)
            case (nil, nil): let s = fixed ?? fitted; return (center ? (length - s) / 2 : 0, s)
            }
        }
        let (x, w) = axis(leading, trailing, width, centerX, c.width, min(fit.width, c.width))
        let (y, h) = axis(top, bottom, height, centerY, c.height, min(fit.height, c.height))
        return Rect(c.minX + x, c.minY + y, max(0, w), max(0, h))
    }
}

extension View {
    /// Pins this view and returns it, for building trees declaratively.
    @discardableResult public func pinned(_ p: Pins) -> Self { pins = p; return self }
    /// Sets the control-tree ``View/id`` and returns the view, for building trees declaratively.
    @discardableResult public func identified(_ id: String) -> Self { self.id = id; return self }
}
