/// The root of one window's view tree and its `ViewHost`: routes input (hit-testing, mouse
/// capture, keyboard focus, Tab order), owns the overlay layer where popovers live, and tells the
/// platform when to redraw. Pure Swift, so whole windows can be driven in tests.
public final class WindowRoot: View, ViewHost {
    public var hostTheme: Theme
    public let textMetrics: TextMeasuring
    /// Called when anything in the tree needs drawing again; the platform schedules a frame.
    public var onNeedsDisplay: (() -> Void)?
    /// Keys no view consumed (scene navigation, global shortcuts). Return true when handled.
    public var onUnhandledKey: ((Key) -> Bool)?
    /// Display scale (pixels per point) of the window's current display.
    public var scale: Double = 1
    /// Reads image sizes for `ImageView`s; set by the platform.
    public var imageSizing: ImageSizing?
    public let content = View()
    /// Views above the content (popovers and their dimming), topmost last.
    public let overlay = OverlayLayer()
    public private(set) weak var focusedView: View?
    private weak var captured: View?
    public private(set) var needsDisplay = true

    public init(theme: Theme = .standard, metrics: TextMeasuring) {
        self.hostTheme = theme; self.textMetrics = metrics
        super.init()
        backgroundColor = theme.background
        content.pins = .fill()
        overlay.pins = .fill()
        addSubview(content)
        addSubview(overlay)
    }

    public override var host: ViewHost? { self }
    public func requestRedraw() { needsDisplay = true; onNeedsDisplay?() }

    /// Resizes the tree to `size` points (window resize, display change) and lays it out.
    public func resize(to size: Size) {
        frame = Rect(origin: .zero, size: size)
        layoutIfNeeded()
    }

    /// Lays out and returns this frame's draw commands; clears `needsDisplay`.
    public func renderFrame() -> DrawList {
        layoutIfNeeded()
        overlay.layoutIfNeeded()
        var list = DrawList()
        render(into: &list)
        needsDisplay = false
        return list
    }

    /// This frame's draw commands without clearing `needsDisplay` (for previews of this window
    /// drawn inside another).
    public func drawList() -> DrawList {
        layoutIfNeeded()
        var list = DrawList()
        render(into: &list)
        return list
    }

    // MARK: Focus

    public func focus(_ view: View?) {
        guard focusedView !== view else { return }
        let old = focusedView
        focusedView = view
        old?.focusChanged()
        view?.focusChanged()
        setNeedsDisplay()
    }
    public func viewWasRemoved(_ view: View) {
        if let f = focusedView, f.isDescendant(of: view) { focus(nil) }
        if let c = captured, c.isDescendant(of: view) { captured = nil }
    }
    /// Focusable views in reading order (top-to-bottom, then left-to-right), within the topmost
    /// popover when one is open.
    public func focusOrder() -> [View] {
        var out: [View] = []
        func walk(_ v: View) {
            guard !v.isHidden else { return }
            if v.acceptsFocus { out.append(v) }
            v.subviews.forEach(walk)
        }
        walk(overlay.topmost ?? content)
        return out
    }
    private func moveFocus(backwards: Bool) {
        let order = focusOrder()
        guard !order.isEmpty else { return }
        let i = order.firstIndex { $0 === focusedView }
        let n = i.map { ($0 + (backwards ? order.count - 1 : 1)) % order.count } ?? (backwards ? order.count - 1 : 0)
        focus(order[n])
    }

    // MARK: Input

    /// Dispatches one event in window points. Returns true when some view consumed it.
    @discardableResult
    public func dispatch(_ event: InputEvent) -> Bool {
        layoutIfNeeded()
        switch event {
        case let .mouseDown(p, _, _):
            if overlay.interceptsPointer(at: p) { return overlay.handleOutsideClick(at: p) }
            guard let hit = hitTest(p) else { return false }
            if !hit.acceptsFocus, let f = focusedView, !(hit === f) { focus(nil) }
            return bubble(event, from: hit, capture: true)
        case let .mouseMoved(p, buttons):
            if let c = captured, buttons != 0 { return c.handle(event.translated(by: c.convertToWindow(.zero))) }
            _ = p
            return false
        case .mouseUp:
            if let c = captured {
                captured = nil
                return c.handle(event.translated(by: c.convertToWindow(.zero)))
            }
            return false
        case let .wheel(_, _, p), let .dropFile(_, p):
            guard let hit = hitTest(p) else { return false }
            return bubble(event, from: hit, capture: false)
        case let .key(k):
            if k.is("Tab") { moveFocus(backwards: k.shift); return true }
            if k.is("Escape"), overlay.dismissTop(byUser: true) { return true }
            var v = focusedView
            while let c = v {
                if c.handle(event) { return true }
                if c === overlay.topmost { break }
                v = c.superview
            }
            if overlay.topmost?.handle(event) == true { return true }
            return onUnhandledKey?(k) ?? false
        case .text:
            return focusedView?.handle(event) ?? false
        }
    }

    private func bubble(_ event: InputEvent, from view: View, capture: Bool) -> Bool {
        var v: View? = view
        while let c = v, c !== self {
            if c.handle(event.translated(by: c.convertToWindow(.zero))) {
                if capture { captured = c }
                return true
            }
            v = c.superview
        }
        return false
    }

    /// Clicks the control with `id` in the control tree at its centre, as a user would.
    /// Returns false when no visible control has that id.
    public func click(controlID: String) -> Bool {
        layoutIfNeeded()
        guard let node = controlTree().first(where: { $0.id == controlID }) else { return false }
        let c = node.frame.center
        dispatch(.mouseDown(c, button: 1, clicks: 1))
        dispatch(.mouseUp(c, button: 1))
        return true
    }
}

extension InputEvent {
    /// The same event with positions moved into a view whose window origin is `o`.
    public func translated(by o: Point) -> InputEvent {
        switch self {
        case let .mouseDown(p, b, c): .mouseDown(p - o, button: b, clicks: c)
        case let .mouseUp(p, b): .mouseUp(p - o, button: b)
        case let .mouseMoved(p, b): .mouseMoved(p - o, buttons: b)
        case let .wheel(dx, dy, p): .wheel(dx: dx, dy: dy, at: p - o)
        case let .dropFile(path, p): .dropFile(path: path, at: p - o)
        case .key, .text: self
        }
    }
}

/// The layer above a window's content. Each entry is a presented overlay (a popover, an action
/// sheet); while any is shown, a click outside all of them dismisses the whole stack and is
/// consumed (UIKit's and GTK's rule).
public final class OverlayLayer: View {
    public override var isUserInteractionEnabled: Bool { false }
    public var topmost: View? { subviews.last }
    /// True when a presented overlay should receive or swallow a click at `p`.
    func interceptsPointer(at p: Point) -> Bool {
        guard !subviews.isEmpty else { return false }
        return !subviews.contains { $0.hitTest(p - $0.frame.origin) != nil }
    }
    /// A click outside every overlay: dismiss them all (the user cancelled) and consume it.
    func handleOutsideClick(at p: Point) -> Bool {
        for v in subviews.reversed() { (v as? Dismissible)?.dismiss(byUser: true) ?? v.removeFromSuperview() }
        return true
    }
    /// Esc: closes the topmost overlay only. Returns false when none was shown.
    @discardableResult
    public func dismissTop(byUser: Bool) -> Bool {
        guard let top = topmost else { return false }
        (top as? Dismissible)?.dismiss(byUser: byUser) ?? top.removeFromSuperview()
        return true
    }
    public override func layoutSubviews() { super.layoutSubviews(); subviews.forEach { ($0 as? OverlayLayout)?.layout(in: bounds) } }
}

/// Overlays that can be dismissed, telling their owner whether the user did it.
public protocol Dismissible: AnyObject { func dismiss(byUser: Bool) }
/// Overlays that position themselves in the layer's bounds (popovers re-run placement here).
public protocol OverlayLayout: AnyObject { func layout(in bounds: Rect) }
