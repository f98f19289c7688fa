import PodiumKit

/// Which part of each page a view shows. Beamer's `show notes on second screen` puts the slide in
/// one half of a double-width page and the notes in the other: the audience gets the slide half,
/// the presenter the notes half.
public enum NotesLayout: String, Sendable, CaseIterable {
    /// Whole pages to both windows (no notes on the page).
    case none
    /// Notes in the right half (Beamer's default `second mode`).
    case right
    case left
    case bottom
    /// Notes in the top half (Beamer's `show notes on second screen=top`).
    case top

    /// The region of the page, in unit page coordinates (top-left origin), for one window.
    public func region(forAudience audience: Bool) -> Rect {
        switch (self, audience) {
        case (.none, _): Rect(0, 0, 1, 1)
        case (.right, true), (.left, false): Rect(0, 0, 0.5, 1)
        case (.right, false), (.left, true): Rect(0.5, 0, 0.5, 1)
        case (.bottom, true): Rect(0, 0, 1, 0.5)
        case (.bottom, false), (.top, true): Rect(0, 0.5, 1, 0.5)
        case (.top, false): Rect(0, 0, 1, 0.5)
        }
    }
}

/// Where a page region goes in a view: the largest rectangle of the region's aspect that fits,
/// centred, with whole pixels (the rest is letterbox in the background colour).
public struct PageFit: Equatable, Sendable {
    /// Size of the bitmap to render, in pixels.
    public var pixelWidth: Int, pixelHeight: Int
    /// Where it is drawn in the view, in points.
    public var rect: Rect

    /// - Parameters:
    ///   - region: the part of the page shown, in page points (width, height).
    ///   - bounds: the view's size in points.
    ///   - scale: pixels per point of the window (HiDPI).
    public init?(region: Size, bounds: Size, scale: Double) {
        let vw = (bounds.width * scale).rounded(.down), vh = (bounds.height * scale).rounded(.down)
        guard region.width > 0, region.height > 0, vw >= 1, vh >= 1 else { return nil }
        let k = min(vw / region.width, vh / region.height)
        let w = max(1, min(vw, (region.width * k).rounded())), h = max(1, min(vh, (region.height * k).rounded()))
        pixelWidth = Int(w); pixelHeight = Int(h)
        // Whole-pixel origin, so the bitmap maps 1:1 onto the window's pixels.
        let x = ((vw - w) / 2).rounded(.down), y = ((vh - h) / 2).rounded(.down)
        rect = Rect(x / scale, y / scale, w / scale, h / scale)
    }

    /// A point in the view (points) as unit coordinates of the shown region, nil outside it.
    public func unitPoint(_ p: Point) -> Point? {
        guard rect.contains(p) else { return nil }
        return Point((p.x - rect.minX) / rect.width, (p.y - rect.minY) / rect.height)
    }
}
