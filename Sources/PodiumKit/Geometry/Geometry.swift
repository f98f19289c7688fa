/// Geometry in **points** (logical units). A window's pixel size is its point size times its
/// display scale; only the platform layer converts to pixels.

/// A position in points, origin top-left, y growing down.
@frozen public struct Point: Equatable, Hashable, Sendable, CustomStringConvertible {
    /// Horizontal position in points from the left edge.
    public var x: Double
    /// Vertical position in points from the top edge (y grows down).
    public var y: Double
    /// A point at `x`, `y` in points.
    public init(_ x: Double, _ y: Double) { self.x = x; self.y = y }
    /// A point at `x`, `y` in points.
    public init(x: Double, y: Double) { self.x = x; self.y = y }
    /// The origin, top-left.
    public static let zero = Point(0, 0)
    /// Component-wise sum, e.g. a point moved by an offset.
    public static func + (a: Point, b: Point) -> Point { Point(a.x + b.x, a.y + b.y) }
    /// Component-wise difference, e.g. the offset from `b` to `a`.
    public static func - (a: Point, b: Point) -> Point { Point(a.x - b.x, a.y - b.y) }
    public var description: String { "(\(x.short), \(y.short))" }
}

/// A width and height in points.
@frozen public struct Size: Equatable, Hashable, Sendable, CustomStringConvertible {
    /// Width in points.
    public var width: Double
    /// Height in points.
    public var height: Double
    /// A size of `width` × `height` points.
    public init(_ width: Double, _ height: Double) { self.width = width; self.height = height }
    /// A size of `width` × `height` points.
    public init(width: Double, height: Double) { self.width = width; self.height = height }
    /// Zero width and height.
    public static let zero = Size(0, 0)
    public var description: String { "\(width.short)×\(height.short)" }
}

/// An axis-aligned rectangle in points: `origin` is the top-left corner.
@frozen public struct Rect: Equatable, Hashable, Sendable, CustomStringConvertible {
    /// The top-left corner, in points.
    public var origin: Point
    /// Width and height in points; a side ≤ 0 makes the rectangle empty (``Rect/isEmpty``).
    public var size: Size
    /// A rectangle with top-left corner `origin` and `size`, in points.
    public init(origin: Point, size: Size) { self.origin = origin; self.size = size }
    /// A rectangle with top-left corner (`x`, `y`) and the given size, all in points.
    public init(x: Double, y: Double, width: Double, height: Double) {
        origin = Point(x, y); size = Size(width, height)
    }
    /// Unlabelled ``Rect/init(x:y:width:height:)``: top-left `x`, `y`, then width and height, in
    /// points.
    public init(_ x: Double, _ y: Double, _ width: Double, _ height: Double) {
        self.init(x: x, y: y, width: width, height: height)
    }
    /// The empty rectangle at the origin.
    public static let zero = Rect(0, 0, 0, 0)

    /// Left edge (`origin.x`), in points.
    public var x: Double { origin.x }
    /// Top edge (`origin.y`), in points.
    public var y: Double { origin.y }
    /// `size.width`, in points.
    public var width: Double { size.width }
    /// `size.height`, in points.
    public var height: Double { size.height }
    /// Left edge, in points.
    public var minX: Double { origin.x }
    /// Top edge, in points.
    public var minY: Double { origin.y }
    /// Right edge (exclusive when testing a point), in points.
    public var maxX: Double { origin.x + size.width }
    /// Bottom edge (exclusive when testing a point), in points.
    public var maxY: Double { origin.y + size.height }
    /// Horizontal centre, in points.
    public var midX: Double { origin.x + size.width / 2 }
    /// Vertical centre, in points.
    public var midY: Double { origin.y + size.height / 2 }
    /// The centre point.
    public var center: Point { Point(midX, midY) }
    /// True when either side is zero or negative.
    public var isEmpty: Bool { size.width <= 0 || size.height <= 0 }

    /// True when `p` lies inside; the max edges are exclusive, like SDL_PointInRect.
    public func contains(_ p: Point) -> Bool { p.x >= minX && p.x < maxX && p.y >= minY && p.y < maxY }
    /// True when `r` lies wholly inside this rectangle (edges may touch).
    public func contains(_ r: Rect) -> Bool { r.minX >= minX && r.maxX <= maxX && r.minY >= minY && r.maxY <= maxY }
    /// True when the two rectangles share some area; rectangles that only touch along an edge do
    /// not intersect.
    public func intersects(_ r: Rect) -> Bool { minX < r.maxX && r.minX < maxX && minY < r.maxY && r.minY < maxY }
    /// The overlap of two rectangles, or `.zero`-sized at the nearer corner when they do not overlap.
    public func intersection(_ r: Rect) -> Rect {
        let x0 = max(minX, r.minX), y0 = max(minY, r.minY)
        let x1 = min(maxX, r.maxX), y1 = min(maxY, r.maxY)
        return Rect(x0, y0, max(0, x1 - x0), max(0, y1 - y0))
    }
    /// The rectangle shrunk by `e` on each side (negative insets grow it); width and height stop at
    /// 0.
    public func inset(by e: EdgeInsets) -> Rect {
        Rect(minX + e.left, minY + e.top, max(0, width - e.left - e.right), max(0, height - e.top - e.bottom))
    }
    /// The rectangle shrunk by `dx` on the left and right and `dy` on the top and bottom, in
    /// points; sides stop at 0.
    public func insetBy(dx: Double, dy: Double) -> Rect { inset(by: EdgeInsets(top: dy, left: dx, bottom: dy, right: dx)) }
    /// The same size moved by `dx`, `dy` points.
    public func offsetBy(dx: Double, dy: Double) -> Rect { Rect(minX + dx, minY + dy, width, height) }
    /// The same size moved by `p`'s `x` and `y`, in points.
    public func offset(by p: Point) -> Rect { offsetBy(dx: p.x, dy: p.y) }
    /// Scales origin and size, e.g. points → pixels with the display scale.
    public func scaled(by s: Double) -> Rect { Rect(minX * s, minY * s, width * s, height * s) }
    public var description: String { "[\(x.short), \(y.short), \(width.short)×\(height.short)]" }

    /// Largest rectangle of `aspect` (width / height) centred inside this one (letterboxing).
    public func fitting(aspect: Double) -> Rect {
        guard aspect > 0, width > 0, height > 0 else { return self }
        if width / height > aspect {
            let w = height * aspect
            return Rect(midX - w / 2, minY, w, height)
        }
        let h = width / aspect
        return Rect(minX, midY - h / 2, width, h)
    }
}

/// Insets from each edge, in points.
@frozen public struct EdgeInsets: Equatable, Hashable, Sendable {
    /// Inset from each edge, in points.
    public var top, left, bottom, right: Double
    /// Insets in points; edges left out are 0.
    public init(top: Double = 0, left: Double = 0, bottom: Double = 0, right: Double = 0) {
        self.top = top; self.left = left; self.bottom = bottom; self.right = right
    }
    /// The same inset `v` points on all four edges.
    public init(all v: Double) { self.init(top: v, left: v, bottom: v, right: v) }
    /// No inset on any edge.
    public static let zero = EdgeInsets()
}

extension Double {
    /// Shortest readable form for logs and descriptions: `12` rather than `12.0`.
    var short: String { self == rounded() && abs(self) < 1e15 ? String(Int(self)) : String(format2: self) }
}

extension String {
    init(format2 v: Double) { self = String((v * 100).rounded() / 100) }
}

/// Clamps `v` into `lo...hi`; when `lo > hi` the lower bound wins (a range too small to hold
/// anything pins to its start, which keeps popovers and scroll offsets on-screen).
@inlinable public func clamp(_ v: Double, _ lo: Double, _ hi: Double) -> Double { max(lo, min(v, hi)) }
