/// What a popover or action sheet points at. A view (or a rectangle in a view's coordinates) is
/// looked up again at every layout, so the popover follows it through window resizes, split view
/// collapses and scrolling; a bare window rectangle stays where it was captured.
///
///     .view(button)                                   // a button, a bar button item
///     .view(card, rect: Rect(8, 8, 40, 40))           // a fixed rectangle in the card's space
///     .view(map) { m in (m as? MapView)?.pinRect(for: place) }   // re-read at every layout; nil = gone
///     .row(id: "song.3", in: list)                    // a list row, followed as the list scrolls
///     .window(Rect(600, 100, 80, 34))                 // window points, captured once
@MainActor
public struct PopoverAnchor {
    /// The anchor view; nil for a window rectangle (or once the view was freed).
    public private(set) weak var view: View?
    /// True when the anchor is a view (so its going away dismisses the popover).
    public let isViewAnchored: Bool
    private let windowRect: Rect
    private let local: ((View) -> Rect?)?

    private init(view: View?, windowRect: Rect, local: ((View) -> Rect?)?) {
        self.view = view; isViewAnchored = view != nil; self.windowRect = windowRect; self.local = local
    }

    /// A rectangle in window points, captured once (callers that only have a rect).
    public static func window(_ rect: Rect) -> PopoverAnchor { PopoverAnchor(view: nil, windowRect: rect, local: nil) }
    /// The whole of `view`.
    public static func view(_ view: View) -> PopoverAnchor { PopoverAnchor(view: view, windowRect: .zero, local: nil) }
    /// `rect` in `view`'s coordinates (points), e.g. a list row drawn by the view itself.
    public static func view(_ view: View, rect: Rect) -> PopoverAnchor {
        PopoverAnchor(view: view, windowRect: .zero, local: { _ in rect })
    }
    /// A rectangle in `view`'s coordinates asked for at every layout (a map pin that moves as the
    /// map pans); returning nil means the thing pointed at is gone and the popover closes.
    public static func view(_ view: View, rect: @escaping (View) -> Rect?) -> PopoverAnchor {
        PopoverAnchor(view: view, windowRect: .zero, local: rect)
    }

    /// Where the anchor is now, in window points, cut to the parts of it that are actually shown
    /// (inside every clipping ancestor: a list scrolled, a popover's viewport). Nil when the view
    /// was freed, removed from the window `host`, hidden, or scrolled entirely out of sight.
    /// A window rectangle is returned as is.
    public func resolve(in host: ViewHost?) -> Rect? {
        guard isViewAnchored else { return windowRect }
        guard let v = view, v.isVisibleInWindow, v.host === host, let r = local.map({ $0(v) }) ?? v.bounds else { return nil }
        var shown = v.convertToWindow(r)
        let whole = shown
        let isPoint = shown.isEmpty   // a zero-size anchor (a point) is kept while inside every clip
        var cur: View? = v
        while let c = cur {
            if c.clipsToBounds {
                let clip = c.convertToWindow(c.bounds)
                if isPoint {
                    let p = shown.center
                    guard p.x >= clip.minX, p.x <= clip.maxX, p.y >= clip.minY, p.y <= clip.maxY else { return nil }
                } else {
                    shown = shown.intersection(clip)
                    guard !shown.isEmpty else { return nil }
                }
            }
            cur = c.superview
        }
        // A sliver left by a clip (a toolbar button cut by a narrow window: trial 34 m11, 9.5 of
        // its 80 pt) is out of sight too: the arrow could only point at its neighbour.
        if !isPoint, isSliver(shown.width, of: whole.width) || isSliver(shown.height, of: whole.height) { return nil }
        return shown
    }

    /// Whether `shown` points of a side `whole` long are too few to point at: under a quarter of
    /// it (a row half scrolled out stays anchored) and under the arrow's base (a view larger
    /// than its clip, scrolled content, is still pointed at by what shows of it).
    private func isSliver(_ shown: Double, of whole: Double) -> Bool {
        shown < min(whole * 0.25, 2 * PopoverMetrics.arrowHalfWidth)
    }

    /// The overlay (popover, bottom sheet) the anchor view sits in, if any: what a popover or
    /// sheet opened from it becomes a child of.
    public var enclosingOverlay: PresentedView? {
        var cur = view
        while let c = cur { if let p = c as? PresentedView { return p }; cur = c.superview }
        return nil
    }
}

extension PopoverAnchor {
    /// The row with `id` in `list` (drawn by the list, not a view), followed as the list scrolls;
    /// gone when the row is removed or scrolled out of the list.
    public static func row(id: String, in list: ListView) -> PopoverAnchor {
        .view(list) { v in
            guard let l = v as? ListView, let p = l.indexPath(ofRowID: id) else { return nil }
            return l.rowRect(p).offset(by: Point(0, -l.scrollOffset))
        }
    }
}
