/// The root of one window's view tree and its `ViewHost`: routes input (hit-testing, mouse
/// capture, keyboard focus, Tab order), owns the overlay layer where popovers live, and tells the
/// platform when to redraw. Pure Swift, so whole windows can be driven in tests.
public final class WindowRoot: View, ViewHost {
    /// The colours this window's views draw with; set at ``WindowRoot/init(theme:metrics:)``.
    public var hostTheme: Theme
    /// The platform's text measurer for this window (a fake one in tests).
    public let textMetrics: TextMeasuring
    /// Called when anything in the tree needs drawing again; the platform schedules a frame.
    public var onNeedsDisplay: (() -> Void)?
    /// Keys no view consumed (scene navigation, global shortcuts). Return true when handled.
    public var onUnhandledKey: ((Key) -> Bool)?
    /// Keys that drive the talk (those the key map binds): they go to `onUnhandledKey` before any
    /// control except a text entry, so a clicked list or button never swallows the clicker's
    /// keys. Nil: every key goes to the focused control first.
    public var isTalkKey: ((Key) -> Bool)?
    /// Wraps each hand-over of an event to a view (`handle(_:)` of the view under the pointer,
    /// the captured or the focused one, and their ancestors): the host runs a scene's handlers
    /// marked as that scene's code, so a crash in a click is laid to its scene. Nil: direct.
    public var eventDelivery: ((View, () -> Bool) -> Bool)?
    /// Display scale (pixels per point) of the window's current display.
    public var scale: Double = 1
    /// Reads image sizes for `ImageView`s; set by the platform.
    public var imageSizing: ImageSizing?
    /// Where a window's views go: fills the window beneath ``WindowRoot/overlay``.
    public let content = View()
    /// Views above the content (popovers and their dimming), topmost last.
    public let overlay = OverlayLayer()
    /// The view with keyboard focus, nil when none; held weakly. Change it with
    /// ``WindowRoot/focus(_:)``.
    public private(set) weak var focusedView: View?
    /// True when the focused view got focus from the keyboard (Tab): an explicit focus gesture,
    /// after which it takes arrow keys even without the pointer over it.
    public private(set) var focusedByKeyboard = false
    /// The last pointer position in window points (nil before the pointer moved over the window).
    public private(set) var pointer: Point?
    /// `now` when the pointer last moved or clicked, or an arrow key last moved the control
    /// under it; nil without a clock.
    private var pointerActiveAt: Double?
    /// Seconds (5) after the pointer last moved or clicked during which the control under it
    /// keeps taking arrow keys. A pointer left resting over a map or list is not the speaker
    /// using it: a clicker that sends Left/Right must move the talk then (trial 13 F10). Each
    /// arrow key the control takes restarts the interval, so arrow-panning a map goes on.
    public static let pointerArrowGraceSeconds: Double = 5
    /// `now` when the focused control last used an arrow key, or last held one back as part of
    /// the same run (see `arrowRunSeconds`); nil before any, or without a clock.
    private var arrowRunAt: Double?
    /// Seconds (1) within which an arrow the control under the pointer cannot use (a map panned
    /// to its edge) is held back rather than moving the talk, after an arrow it used: a held
    /// arrow key pans the map to its edge and stops there, its repeats (every 30–50 ms, the first
    /// after up to 660 ms: X's default delay) never run on through the talk's scenes. A press
    /// after a pause is the clicker's and moves the talk (trial 16 m6).
    static let arrowRunSeconds: Double = 1
    /// Seconds (0.2) within which a held-back arrow keeps the run going: a held key's repeats
    /// (30–50 ms apart, and marked `Key.isRepeat` by SDL) do; a clicker's presses at a steady
    /// pace (trial 18b F9: every 0.8 s) do not, so the second of them after the end moves the talk.
    static let arrowRepeatSeconds: Double = 0.2
    /// `now` at the last arrow held back (see `arrowRepeatSeconds`).
    private var arrowHeldAt: Double?
    private weak var captured: View?
    /// True when something changed since the last frame; ``WindowRoot/renderFrame()`` clears it.
    public private(set) var needsDisplay = true
    /// The system clipboard, set by the platform. While nil (tests, headless) copy and paste use
    /// a clipboard private to this window.
    public var clipboard: ClipboardAccess?
    private var localClipboard = ""
    /// Monotonic time in seconds, set by the platform; drives popover fade/scale animations.
    /// While nil, nothing animates (tests and snapshots see final states at once).
    public var clock: (() -> Double)?
    /// Views popovers keep clear of when another placement fits (`PopoverRequest.keepClear`):
    /// the presenter's audience preview and timers, what the speaker must keep seeing. Held weakly.
    public var popoverKeepClear: [View] {
        get { keepClearViews.compactMap { $0.view } }
        set { keepClearViews = newValue.map { WeakViewBox(view: $0) }; overlay.setNeedsLayout() }
    }
    private var keepClearViews: [WeakViewBox] = []
    /// The shown `popoverKeepClear` views' frames in window points.
    public var popoverKeepClearRects: [Rect] {
        popoverKeepClear.filter { $0.isVisibleInWindow }.map { $0.convertToWindow($0.bounds) }
    }

    /// A window tree with `theme` (its background filled with `theme.background`) that measures
    /// text with `metrics`; empty ``WindowRoot/content`` and ``WindowRoot/overlay`` fill it.
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
    /// Sets ``WindowRoot/needsDisplay``, forgets a pending island, and calls
    /// ``WindowRoot/onNeedsDisplay``.
    public func requestRedraw() { needsDisplay = true; pendingIsland = nil; onNeedsDisplay?() }

    /// The island whose redraw alone is all this window needs (`markIslandOnly`); nil when
    /// something else asked for a redraw since, and after every whole frame.
    public private(set) var pendingIsland: RenderIsland?
    /// Tells the window that only `island` changed since its last frame: its owner calls this
    /// right after the change, when the window had nothing else to draw (a later redraw request
    /// from anywhere clears it).
    public func markIslandOnly(_ island: RenderIsland) {
        guard needsDisplay else { return }
        pendingIsland = island
    }

    /// The pending island's commands made again alone (`RenderIsland.Redraw`), laid out first,
    /// and `needsDisplay` cleared; nil when no island is pending, the tree animates or a popover
    /// is up (it may follow an anchor that moved): then draw the whole frame (`renderFrame`).
    public func renderIsland() -> RenderIsland.Redraw? {
        guard let island = pendingIsland else { return nil }
        pendingIsland = nil
        guard !isAnimating, overlay.subviews.allSatisfy(\.isHidden) else { return nil }
        layoutIfNeeded()
        guard let redraw = island.renderAgain() else { return nil }
        needsDisplay = false
        return redraw
    }

    /// Resizes the tree to `size` points (window resize, display change) and lays it out.
    public func resize(to size: Size) {
        frame = Rect(origin: .zero, size: size)
        layoutIfNeeded()
    }

    /// Lays the tree out at `size` points and `scale` pixels per point (those of the window it
    /// is about to get) and walks one frame that is not shown (`DrawList.isPreparing`), so views
    /// start their slow work (page renders on a worker thread) while the window is still being
    /// made. Leaves `needsDisplay` as it was: the window draws its first frame as usual.
    public func prepareFrame(size: Size, scale: Double) {
        self.scale = scale
        resize(to: size)
        var list = DrawList()
        DrawList.preparingFrames += 1
        render(into: &list)
        DrawList.preparingFrames -= 1
        // Bitmaps drawn at another pixel size than their own (a page in a preview) are asked
        // of their resizers at that size, as the renderer will ask in the first frame.
        for case let .bitmap(b, r, _) in list.commands {
            let w = Int((r.width * scale).rounded()), h = Int((r.height * scale).rounded())
            guard let resizer = b.resizer, w > 0, h > 0, abs(w - b.width) > 1 || abs(h - b.height) > 1 else { continue }
            _ = resizer.bitmap(pixelWidth: w, pixelHeight: h)
        }
    }

    /// Lays out and returns this frame's draw commands; clears `needsDisplay` unless an overlay
    /// is still animating (then the platform should draw again soon; see `isAnimating`).
    public func renderFrame() -> DrawList {
        layoutIfNeeded()
        // Popovers follow their anchor views, which may have moved without a resize.
        overlay.layoutSubviews()
        overlay.layoutIfNeeded()
        var list = DrawList()
        render(into: &list)
        needsDisplay = isAnimating
        pendingIsland = nil
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

    /// Copies `text` to the clipboard (Ctrl+C, Ctrl+X in text inputs).
    public func writeClipboard(_ text: String) { if let c = clipboard { c.write(text) } else { localClipboard = text } }
    /// The clipboard's text (Ctrl+V); empty when it holds none.
    public func readClipboard() -> String { clipboard?.read() ?? localClipboard }

    /// Current time from `clock`, nil when the window does not animate.
    public var now: Double? { clock?() }

    // MARK: Focus

    /// Moves keyboard focus to `view` (nil: none); counts as pointer or code focus, not keyboard
    /// (`focusedByKeyboard` becomes false).
    public func focus(_ view: View?) {
        focusedByKeyboard = false
        guard focusedView !== view else { return }
        let old = focusedView
        focusedView = view
        old?.focusChanged()
        view?.focusChanged()
        setNeedsDisplay()
    }
    /// Drops focus and pointer capture held by `view` or its descendants.
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
        // Rows first (tops within 4 pt count as one row), then left to right; ties keep tree order.
        let keyed = out.enumerated().map { i, v in (v, v.convertToWindow(Point.zero), i) }
        return keyed.sorted { a, b in
            if abs(a.1.y - b.1.y) > 4 { return a.1.y < b.1.y }
            if a.1.x != b.1.x { return a.1.x < b.1.x }
            return a.2 < b.2
        }.map(\.0)
    }
    private func moveFocus(backwards: Bool) {
        let order = focusOrder()
        guard !order.isEmpty else { return }
        let i = order.firstIndex { $0 === focusedView }
        let n = i.map { ($0 + (backwards ? order.count - 1 : 1)) % order.count } ?? (backwards ? order.count - 1 : 0)
        focus(order[n])
        focusedByKeyboard = true
    }

    /// Whether the focused view may take `k` before the talk does. A text entry takes every key
    /// it handles; other controls take only arrow keys, and only after Tab focused them or while
    /// the pointer is over them, never PageUp/PageDown/Space/Return (the clicker's keys). A
    /// control an open popover points into (the map under a pin's card) takes no arrows: the
    /// speaker is reading the card, and a clicker's next closes it and moves the talk (trial 16
    /// m6). A list whose row opened a card elsewhere (on the map) keeps them: Down shows the next.
    private func focusTakesFirst(_ k: Key) -> Bool {
        guard let f = focusedView else { return false }
        if f.isTextEntry { return true }
        guard k.code.isArrow else { return false }
        if overlay.presented.contains(where: { p in (p as? Popover)?.anchorView.map { $0 === f || $0.isDescendant(of: f) } == true }) { return false }
        if focusedByKeyboard { return true }
        guard let p = pointer, f.convertToWindow(f.bounds).contains(p) else { return false }
        guard let t = now, let active = pointerActiveAt else { return true }
        return t - active <= Self.pointerArrowGraceSeconds
    }

    /// The focused view and its ancestors (up to the topmost popover), then that popover.
    private func sendToFocus(_ event: InputEvent) -> Bool {
        var v = focusedView
        while let c = v {
            if deliver(event, to: c) { return true }
            if c === overlay.topmost { break }
            v = c.superview
        }
        return overlay.topmost?.handle(event) == true
    }

    // MARK: Input

    /// Dispatches one event in window points. Returns true when some view consumed it.
    @discardableResult
    public func dispatch(_ event: InputEvent) -> Bool {
        layoutIfNeeded()
        switch event {
        case let .mouseDown(p, _, _):
            pointer = p; pointerActiveAt = now
            if let consumed = overlay.handlePointerDown(at: p) { return consumed }
            guard let hit = hitTest(p) else { return false }
            if !hit.acceptsFocus, let f = focusedView, !(hit === f) { focus(nil) }
            return bubble(event, from: hit, capture: true)
        case let .mouseMoved(p, buttons):
            pointer = p; pointerActiveAt = now
            if let c = captured, buttons != 0 { return deliver(event.translated(by: c.convertToWindow(.zero)), to: c) }
            if buttons == 0, let hit = hitTest(p), hit.wantsHover { return deliver(event.translated(by: hit.convertToWindow(.zero)), to: hit) }
            return false
        case .mouseUp:
            if let c = captured {
                captured = nil
                return deliver(event.translated(by: c.convertToWindow(.zero)), to: c)
            }
            return false
        case let .wheel(_, _, p), let .dropFile(_, p):
            guard let hit = hitTest(p) else { return false }
            return bubble(event, from: hit, capture: false)
        case let .key(k):
            // Order (docs/WritingPlugins.md, "Keys"): Tab moves focus; a focused text entry (or a
            // control taking arrows, see `focusTakesFirst`); Esc closes the top popover, else
            // releases focus; talk keys go to the host; other keys to the focused control.
            if k.code == .tab, !k.control, !k.alt { moveFocus(backwards: k.shift); return true }
            if focusTakesFirst(k) {
                // An arrow the control does not use (a map at its edge) is the talk's: a press
                // that changes nothing the speaker sees is a lost press (held keys aside).
                let control = k.code.isArrow && focusedView?.isTextEntry != true
                if sendToFocus(event) {
                    if control { arrowRunAt = now; if !focusedByKeyboard { pointerActiveAt = now } }
                    return true
                }
                if control, let t = now, let run = arrowRunAt, t - run <= Self.arrowRunSeconds {
                    // Only a key's repeats carry the run on: SDL's repeat flag, or for keys
                    // without it (the control socket) each the next within 0.2 s.
                    if k.isRepeat { arrowRunAt = t }
                    else if let held = arrowHeldAt, t - held <= Self.arrowRepeatSeconds { arrowRunAt = t }
                    else if t - run <= Self.arrowRepeatSeconds { arrowRunAt = t }
                    arrowHeldAt = t
                    if !focusedByKeyboard { pointerActiveAt = t }   // the run goes on while the key is held
                    return true
                }
            }
            if k.code == .escape {
                if overlay.dismissTop(byUser: true) { return true }
                if focusedView != nil { focus(nil); return true }
            }
            if isTalkKey?(k) == true { return onUnhandledKey?(k) ?? false }
            if sendToFocus(event) { return true }
            return onUnhandledKey?(k) ?? false
        case .text, .composition:
            return focusedView.map { deliver(event, to: $0) } ?? false
        }
    }

    private func deliver(_ event: InputEvent, to view: View) -> Bool {
        guard let eventDelivery else { return view.handle(event) }
        return eventDelivery(view) { view.handle(event) }
    }

    /// The focused text entry's caret in window points, where the platform places the input
    /// method's candidate window (SDL_SetTextInputRect); nil when no text entry has focus.
    public var textInputRect: Rect? {
        guard let t = focusedView as? TextInputView, t.isEditable else { return nil }
        return t.convertToWindow(t.caretRect())
    }

    private func bubble(_ event: InputEvent, from view: View, capture: Bool) -> Bool {
        var v: View? = view
        while let c = v, c !== self {
            if deliver(event.translated(by: c.convertToWindow(.zero)), to: c) {
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
        case .key, .text, .composition: self
        }
    }
}

/// How a window reaches the system clipboard; the platform supplies both closures.
public struct ClipboardAccess {
    /// Puts text on the system clipboard.
    public var write: (String) -> Void
    /// The clipboard's text; empty when it holds none.
    public var read: () -> String
    /// Clipboard access through the platform's `write` and `read`.
    public init(write: @escaping (String) -> Void, read: @escaping () -> String) { self.write = write; self.read = read }
}

/// A weak reference to a view, for lists that must not keep views alive.
private struct WeakViewBox { weak var view: View? }
