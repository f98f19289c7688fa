/// The layer above a window's content where presented overlays (popovers, bottom sheets) live,
/// topmost last. Rules (UIKit's and GTK's): a click outside every presented overlay dismisses
/// them all and is consumed (except on the topmost popover's anchor, which does nothing); a click inside a lower one dismisses those above it and is
/// consumed; Esc closes the topmost. Views in the layer that are not `PresentedView`s (an
/// audience blackout cover) are decoration: never dismissed, never catching clicks.
public final class OverlayLayer: View {
    public override var isUserInteractionEnabled: Bool { false }
    /// Presented overlays, bottom first.
    public var presented: [PresentedView] { subviews.compactMap { $0 as? PresentedView } }
    /// The overlay on top (the one Esc closes); nil when none is shown.
    public var topmost: PresentedView? { presented.last }
    /// Snapshots of overlays fading out: drawn, never hit.
    private var ghosts: [(list: DrawList, view: PresentedView, start: Double)] = []

    /// Handles a mouse-down at `p` (window points) when overlays are shown. Returns nil when the
    /// click is inside the topmost overlay (normal dispatch goes on), true when it was consumed.
    func handlePointerDown(at p: Point) -> Bool? {
        let shown = presented
        guard !shown.isEmpty else { return nil }
        let inside = shown.lastIndex { $0.hitTest(p - $0.frame.origin) != nil }
        if inside == shown.count - 1 { return nil }
        // A click on the anchor of the topmost popover (the button that opened it, maybe inside
        // its parent popover) is consumed and changes nothing: pressing Delete again while its
        // sheet is up does not stack or close it.
        if let top = shown.last as? Popover, top.anchor.contains(p) { return true }
        for v in shown[((inside ?? -1) + 1)...].reversed() { v.dismiss(byUser: true) }
        return true
    }

    /// Esc: closes the topmost overlay only. Returns false when none was shown.
    @discardableResult
    public func dismissTop(byUser: Bool) -> Bool {
        guard let top = topmost else { return false }
        top.dismiss(byUser: byUser)
        return true
    }

    public override func layoutSubviews() {
        super.layoutSubviews()
        for v in subviews { (v as? OverlayLayout)?.layout(in: bounds) }
    }

    // MARK: Animation

    /// True while an overlay is fading in or out at time `now` (seconds).
    func isAnimating(at now: Double?) -> Bool {
        guard let now else { return false }
        return !ghosts.isEmpty || presented.contains { $0.appearProgress(at: now) < 1 }
    }
    /// Keeps a picture of `v` to fade out after it left the tree.
    func addGhost(_ v: PresentedView, at now: Double) {
        var list = DrawList()
        list.offset = convertToWindow(.zero)
        v.appearedAt = nil
        v.render(into: &list)
        ghosts.append((list, v, now))
    }
    /// Drops finished transitions (all of them when `now` is nil).
    func finishAnimations(at now: Double?) {
        ghosts.removeAll { g in now.map { $0 - g.start >= PresentedView.disappearDuration } ?? true }
        if now == nil { presented.forEach { $0.appearedAt = nil } }
    }

    public override func draw(into list: inout DrawList) {
        guard let now = host.flatMap({ ($0 as? WindowRoot)?.now }) else { ghosts.removeAll(); return }
        finishAnimations(at: now)
        for g in ghosts {
            let t = 1 - (now - g.start) / PresentedView.disappearDuration
            list.append(contentsOf: g.view.transition(g.list, progress: easeOut(t)))
        }
    }
}

/// Overlays that can be dismissed, telling their owner whether the user did it.
@MainActor public protocol Dismissible: AnyObject { func dismiss(byUser: Bool) }
/// Overlays that position themselves in the layer's bounds (popovers re-run placement here).
@MainActor public protocol OverlayLayout: AnyObject { func layout(in bounds: Rect) }

/// Cubic ease-out on 0…1.
func easeOut(_ t: Double) -> Double { let u = 1 - clamp(t, 0, 1); return 1 - u * u * u }

/// What popovers and bottom sheets share: the source that presented them (no duplicates), a
/// parent (children close with it), the owner's dismissal callback, and a short fade/scale
/// transition in and out that never blocks input — the overlay is hit-testable at once and gone
/// from the tree at once; only its picture animates.
open class PresentedView: View, Dismissible, OverlayLayout {
    /// Fade/scale in, seconds (UIKit's popover uses about 0.2 s).
    public static let appearDuration = 0.18
    /// Fade/scale out, seconds; the overlay leaves the tree at once and only its picture fades.
    public static let disappearDuration = 0.14
    /// Identifies what presented it, so presenting again from the same source is ignored.
    public let source: String
    /// The popover this one was opened from; closes this one when it closes.
    public weak var parentPopover: PresentedView?
    /// Told when the overlay goes away; `byUser` is true for a click outside, Esc or Cancel.
    public var onDismiss: ((_ byUser: Bool) -> Void)?
    /// When the appear transition started (window clock seconds); nil when settled.
    var appearedAt: Double?

    /// An overlay presented by `source` (a stable key, such as the presenting control's id):
    /// presenting again from the same source while shown is ignored.
    public init(source: String) {
        self.source = source
        super.init()
    }

    public override var isUserInteractionEnabled: Bool { true }
    /// Positions the overlay within the layer's `bounds`; the default leaves `frame` as it is.
    open func layout(in bounds: Rect) {}
    /// The shown overlay this one's anchor sits in (a sheet opened from a button in a popover),
    /// which becomes its parent when presented without one.
    open var anchorOverlay: PresentedView? { nil }

    /// Removes the overlay and its children (children first) and tells `onDismiss`.
    public func dismiss(byUser: Bool) {
        guard let layer = superview as? OverlayLayer else { return }
        for c in layer.presented where c.parentPopover === self { c.dismiss(byUser: byUser) }
        if let now = (host as? WindowRoot)?.now { layer.addGhost(self, at: now) }
        removeFromSuperview()
        onDismiss?(byUser)
    }

    /// 0 at the start of the appear transition, 1 when settled.
    func appearProgress(at now: Double) -> Double {
        guard let a = appearedAt else { return 1 }
        let t = (now - a) / Self.appearDuration
        if t >= 1 { appearedAt = nil }
        return clamp(t, 0, 1)
    }

    /// The point the overlay grows from and shrinks to, in window points.
    open var transitionPivot: Point { convertToWindow(bounds).center }
    /// Scale at progress 0 (1 = no scaling).
    open var transitionStartScale: Double { 0.9 }

    /// `list` as it looks at `progress` (0 hidden … 1 settled): scaled about the pivot and faded.
    func transition(_ list: DrawList, progress p: Double) -> DrawList {
        let s = transitionStartScale + (1 - transitionStartScale) * p, c = transitionPivot
        return list.transformed(scale: s, translation: Point(c.x * (1 - s), c.y * (1 - s)), scalesFonts: false).faded(p)
    }

    public override func render(into list: inout DrawList) {
        guard let now = (host as? WindowRoot)?.now, appearProgress(at: now) < 1 else { super.render(into: &list); return }
        var own = DrawList()
        own.offset = list.offset
        super.render(into: &own)
        list.append(contentsOf: transition(own, progress: easeOut(appearProgress(at: now))))
    }
}
