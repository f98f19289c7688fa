/// Where a popover's arrow points. `.up` means the arrow points up at the anchor, so the popover
/// sits *below* it (UIKit's UIPopoverArrowDirection convention).
@frozen public enum ArrowDirection: String, CaseIterable, Sendable {
    case up, down, left, right
    public var opposite: ArrowDirection {
        switch self { case .up: .down; case .down: .up; case .left: .right; case .right: .left }
    }
    public var isVertical: Bool { self == .up || self == .down }
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
    public var permitted: Set<ArrowDirection>
    /// Arrow direction the popover had last time it was laid out, tried first so it does not jump.
    public var lastDirection: ArrowDirection?
    public var preferred: ArrowDirection

    public init(bounds: Rect, anchor: Rect, contentSize: Size, permitted: Set<ArrowDirection> = ArrowDirection.any,
                preferred: ArrowDirection = .up, lastDirection: ArrowDirection? = nil) {
        self.bounds = bounds; self.anchor = anchor; self.contentSize = contentSize
        self.permitted = permitted.isEmpty ? ArrowDirection.any : permitted
        self.preferred = preferred; self.lastDirection = lastDirection
    }
}

/// The solver's answer. nil from `place` means "dismiss" (anchor gone from the bounds).
public struct PopoverPlacement: Equatable, Sendable {
    /// The content panel's frame (arrow excluded), in points.
    public var frame: Rect
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
    public static let margin = 10.0
    public static let arrowLength = 12.0
    public static let arrowHalfWidth = 12.0
    public static let cornerRadius = 13.0
    /// Content sits this far inside the panel on every side, so its square corners stay within
    /// the panel's rounded ones (13 − 13/√2 ≈ 3.8 pt at the diagonal).
    public static let contentInset = 4.0
    /// Gap between the anchor edge and the arrow tip.
    public static let gap = 2.0
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
        let chosen = order.first { room($0) >= need($0) } ?? order.max { room($0) < room($1) }!
        let main = max(0, min(need(chosen), room(chosen)))
        let shrunk = main < need(chosen)

        var f: Rect
        if chosen.isVertical {
            let w = min(contentSize.width, b.width)
            let x = clamp(a.midX - w / 2, b.minX, b.maxX - w)
            let y = chosen == .up ? a.maxY + reach : a.minY - reach - main
            f = Rect(x, y, w, main)
        } else {
            let h = min(contentSize.height, b.height)
            let y = clamp(a.midY - h / 2, b.minY, b.maxY - h)
            let x = chosen == .left ? a.maxX + reach : a.minX - reach - main
            f = Rect(x, y, main, h)
        }
        let lo = m.cornerRadius + m.arrowHalfWidth
        let offset = chosen.isVertical
            ? clamp(a.midX - f.minX, lo, f.width - lo)
            : clamp(a.midY - f.minY, lo, f.height - lo)
        let shrunkCross = chosen.isVertical ? f.width < contentSize.width : f.height < contentSize.height
        f = Rect(f.minX.rounded(), f.minY.rounded(), f.width.rounded(), f.height.rounded())
        return PopoverPlacement(frame: f, direction: chosen, arrowOffset: offset.rounded(), shrunk: shrunk || shrunkCross)
    }
}
