/// Where a popover's arrow points. `.up` means the arrow points up at the anchor, so the popover
/// sits *below* it (UIKit's UIPopoverArrowDirection convention).
@frozen public enum ArrowDirection: String, CaseIterable, Sendable {
    /// The way the arrow points: `up` at an anchor above the popover, `left` at one to its left,
    /// and so on.
    case up, down, left, right
    /// The reverse direction (`up` ↔ `down`, `left` ↔ `right`).
    public var opposite: ArrowDirection {
        switch self { case .up: .down; case .down: .up; case .left: .right; case .right: .left }
    }
    /// True for `up` and `down` (popover below or above its anchor).
    public var isVertical: Bool { self == .up || self == .down }
    /// All four directions, the default for what a popover may use.
    public static let any: Set<ArrowDirection> = Set(allCases)
}

/// Everything placement depends on, as a value (GTK's GdkPopupLayout idea).
public struct PopoverRequest: Equatable, Sendable {
    /// The window's content rectangle in points (margins are applied by the solver).
    public var bounds: Rect
    /// The anchor (button or rectangle) in the same space.
    public var anchor: Rect
    /// Preferred content size in points, arrow excluded.
    public var contentSize: Size
    /// Directions the solver may use; never empty (the initializer turns an empty set into all
    /// four).
    public var permitted: Set<ArrowDirection>
    /// Arrow direction the popover had last time it was laid out, tried first so it does not jump.
    public var lastDirection: ArrowDirection?
    /// Tried after `lastDirection` and before its opposite and the perpendicular ones.
    public var preferred: ArrowDirection
    /// Window rectangles (points) the popover keeps clear of when another placement fits: the
    /// presenter's audience preview and timers (what the speaker must keep seeing). The solver
    /// tries, in its direction order, each direction that fits as is, moved along the anchor, or
    /// narrowed (down to `keepClearMinWidth` of the width); only when none is clear does it cover.
    public var keepClear: [Rect] = []
    /// The narrowest a popover is made to keep `keepClear` free, as a share of its width.
    public static let keepClearMinWidth = 0.6

    /// A request with no areas to keep clear; an empty `permitted` means all directions.
    public init(bounds: Rect, anchor: Rect, contentSize: Size, permitted: Set<ArrowDirection> = ArrowDirection.any,
                preferred: ArrowDirection = .up, lastDirection: ArrowDirection? = nil) {
        self.bounds = bounds; self.anchor = anchor; self.contentSize = contentSize
        self.permitted = permitted.isEmpty ? ArrowDirection.any : permitted
        self.preferred = preferred; self.lastDirection = lastDirection
    }

    /// A request that also keeps `keepClear` (window points) clear when it can.
    public init(bounds: Rect, anchor: Rect, contentSize: Size, permitted: Set<ArrowDirection> = ArrowDirection.any,
                preferred: ArrowDirection = .up, lastDirection: ArrowDirection? = nil, keepClear: [Rect]) {
        self.init(bounds: bounds, anchor: anchor, contentSize: contentSize, permitted: permitted,
                  preferred: preferred, lastDirection: lastDirection)
        self.keepClear = keepClear
    }
}

/// The solver's answer. nil from `place` means "dismiss" (anchor gone from the bounds).
public struct PopoverPlacement: Equatable, Sendable {
    /// The content panel's frame (arrow excluded), in points.
    public var frame: Rect
    /// Where the arrow points (``ArrowDirection/up``: the panel is below the anchor).
    public var direction: ArrowDirection
    /// Arrow tip position along the panel's edge, measured from the panel's origin (x for up/down,
    /// y for left/right), in points.
    public var arrowOffset: Double
    /// True when the content had to shrink below its preferred size (it scrolls).
    public var shrunk: Bool
    /// The arrow's tip in window points (on the anchor's edge).
    public var arrowTip: Point {
        switch direction {
        case .up: Point(frame.minX + arrowOffset, frame.minY - PopoverMetrics.arrowLength)
        case .down: Point(frame.minX + arrowOffset, frame.maxY + PopoverMetrics.arrowLength)
        case .left: Point(frame.minX - PopoverMetrics.arrowLength, frame.minY + arrowOffset)
        case .right: Point(frame.maxX + PopoverMetrics.arrowLength, frame.minY + arrowOffset)
        }
    }
    /// The arrow as a triangle in window points: the tip, then the two base corners, which sit
    /// half a point inside the panel's edge so no seam shows between arrow and panel.
    public var arrowPolygon: [Point] {
        let tip = arrowTip, w = PopoverMetrics.arrowHalfWidth, o = arrowOffset, f = frame
        return switch direction {
        case .up: [tip, Point(f.minX + o + w, f.minY + 0.5), Point(f.minX + o - w, f.minY + 0.5)]
        case .down: [tip, Point(f.minX + o - w, f.maxY - 0.5), Point(f.minX + o + w, f.maxY - 0.5)]
        case .left: [tip, Point(f.minX + 0.5, f.minY + o - w), Point(f.minX + 0.5, f.minY + o + w)]
        case .right: [tip, Point(f.maxX - 0.5, f.minY + o + w), Point(f.maxX - 0.5, f.minY + o - w)]
        }
    }
}

/// Constants of the popover's look, in points. Margin 10 pt is UIKit's default layout margin.
public enum PopoverMetrics {
    /// Least distance in points between the panel and the edges of the bounds (UIKit's default
    /// layout margin).
    public static let margin = 10.0
    /// Arrow length from the panel's edge to its tip, in points.
    public static let arrowLength = 12.0
    /// Half the arrow's base width, in points.
    public static let arrowHalfWidth = 12.0
    /// Corner radius of the panel, in points.
    public static let cornerRadius = 13.0
    /// Content sits this far inside the panel on every side, so its square corners stay within
    /// the panel's rounded ones (13 − 13/√2 ≈ 3.8 pt at the diagonal).
    public static let contentInset = 4.0
    /// Gap between the anchor edge and the arrow tip.
    public static let gap = 2.0
    /// Outline of a popover shown over its parent (an action sheet from inside a popover), arrow
    /// included, so its arrow shows against the parent's panel.
    public static let childOutline = 1.5
}

extension PopoverRequest {
    /// Solves placement in the order written in shared/STYLE.md (UIKit, GTK, Qt, Floating UI):
    /// 1. bounds inset by 10 pt margins; 2. dismiss (nil) when the anchor left the bounds;
    /// 3. candidates: last direction, preferred, opposite, perpendiculars, filtered by `permitted`;
    /// 4. first candidate whose main-axis room fits, else the roomiest, shrinking the content;
    /// 5. cross axis: centre on the anchor, slide inside, clamp; 6. arrow at the anchor's centre,
    /// clamped away from the corners; 7. never over the anchor.
    public func place() -> PopoverPlacement? {
        let m = PopoverMetrics.self
        let b = bounds.inset(by: EdgeInsets(all: m.margin))
        // The visible part of the anchor; none at all means its view is gone or scrolled away.
        let a = anchor.intersection(bounds)
        guard !b.isEmpty, !a.isEmpty || bounds.contains(anchor.center) else { return nil }

        var order: [ArrowDirection] = []
        let perpendicular: [ArrowDirection] = preferred.isVertical ? [.left, .right] : [.up, .down]
        for d in [lastDirection, preferred, preferred.opposite] + perpendicular.map(Optional.some) {
            if let d, permitted.contains(d), !order.contains(d) { order.append(d) }
        }
        for d in ArrowDirection.allCases where permitted.contains(d) && !order.contains(d) { order.append(d) }

        let reach = m.arrowLength + m.gap
        func room(_ d: ArrowDirection) -> Double {
            switch d {
            case .up: b.maxY - (a.maxY + reach)      // below the anchor
            case .down: (a.minY - reach) - b.minY    // above
            case .left: b.maxX - (a.maxX + reach)    // to the right
            case .right: (a.minX - reach) - b.minX   // to the left
            }
        }
        func need(_ d: ArrowDirection) -> Double { d.isVertical ? contentSize.height : contentSize.width }
        let lo = m.cornerRadius + m.arrowHalfWidth

        /// The frame for direction `d`: main axis from the anchor, cross axis centred on it (or
        /// starting at `crossStart`), `crossSize` wide (default: the content's), inside the bounds.
        func frame(_ d: ArrowDirection, crossStart: Double? = nil, crossSize: Double? = nil) -> Rect {
            let main = max(0, min(need(d), room(d)))
            if d.isVertical {
                let w = min(crossSize ?? contentSize.width, b.width)
                let x = clamp(crossStart ?? a.midX - w / 2, b.minX, b.maxX - w)
                return Rect(x, d == .up ? a.maxY + reach : a.minY - reach - main, w, main)
            }
            let h = min(crossSize ?? contentSize.height, b.height)
            let y = clamp(crossStart ?? a.midY - h / 2, b.minY, b.maxY - h)
            return Rect(d == .left ? a.maxX + reach : a.minX - reach - main, y, main, h)
        }
        func placement(_ d: ArrowDirection, _ f: Rect) -> PopoverPlacement {
            let offset = d.isVertical ? clamp(a.midX - f.minX, lo, f.width - lo) : clamp(a.midY - f.minY, lo, f.height - lo)
            let shrunk = (d.isVertical ? f.height : f.width) < need(d)
                || (d.isVertical ? f.width < contentSize.width : f.height < contentSize.height)
            let r = Rect(f.minX.rounded(), f.minY.rounded(), f.width.rounded(), f.height.rounded())
            return PopoverPlacement(frame: r, direction: d, arrowOffset: offset.rounded(), shrunk: shrunk)
        }

        let fitting = order.filter { room($0) >= need($0) }
        // A region holding the anchor itself cannot be kept clear of it (a popover from the timers).
        let clear = keepClear.map { $0.intersection(bounds) }.filter { !$0.isEmpty && !$0.intersects(a) }
        if !clear.isEmpty, let p = clearPlacement(fitting, clear, b, a, lo, frame) { return placement(p.0, p.1) }
        let chosen = fitting.first ?? order.max { room($0) < room($1) }!
        return placement(chosen, frame(chosen))
    }

    /// The first of `directions` (each fits on its main axis) whose frame keeps every rectangle
    /// of `clear` free: as placed, else moved along the anchor's edge (the arrow still on the
    /// anchor), else narrowed to the room beside them; nil when none is clear.
    private func clearPlacement(_ directions: [ArrowDirection], _ clear: [Rect], _ b: Rect, _ a: Rect, _ lo: Double,
                                _ frame: (ArrowDirection, Double?, Double?) -> Rect) -> (ArrowDirection, Rect)? {
        let gap = PopoverMetrics.margin
        func isClear(_ f: Rect) -> Bool { !clear.contains { $0.intersects(f) } && b.contains(f) }
        /// Whether the arrow, kept `lo` from the corners, can still touch the anchor.
        func arrowReaches(_ d: ArrowDirection, _ f: Rect) -> Bool {
            d.isVertical ? f.minX + lo <= a.maxX && f.maxX - lo >= a.minX : f.minY + lo <= a.maxY && f.maxY - lo >= a.minY
        }
        for d in directions {
            let f = frame(d, nil, nil)
            if isClear(f) { return (d, f) }
            let size = d.isVertical ? f.width : f.height
            // Moved beside each rectangle it would cover, before or after it on the cross axis.
            let starts = clear.flatMap { r in d.isVertical ? [r.minX - gap - size, r.maxX + gap] : [r.minY - gap - size, r.maxY + gap] }
            for start in starts.sorted(by: { abs($0 - f.minX) < abs($1 - f.minX) }) {
                let g = frame(d, start, nil)
                if isClear(g), arrowReaches(d, g) { return (d, g) }
            }
        }
        for d in directions where d.isVertical {
            let f = frame(d, nil, nil)
            let narrowest = f.width * Self.keepClearMinWidth
            // The room beside the rectangles on this popover's rows, from the bounds' edges.
            var edges = [b.minX, b.maxX]
            for r in clear where r.minY < f.maxY && f.minY < r.maxY { edges += [r.minX - gap, r.maxX + gap] }
            edges.sort()
            for (x0, x1) in zip(edges, edges.dropFirst()) where x1 - x0 >= narrowest {
                let w = min(f.width, x1 - x0)
                let g = frame(d, clamp(a.midX - w / 2, x0, x1 - w), w)
                if isClear(g), arrowReaches(d, g) { return (d, g) }
            }
        }
        return nil
    }
}
