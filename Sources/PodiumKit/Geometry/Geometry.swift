/// Geometry in **points** (logical units). A window's pixel size is its point size times its
/// display scale; only the platform layer converts to pixels.

/// A position in points, origin top-left, y growing down.
@frozen public struct Point: Equatable, Hashable, Sendable, CustomStringConvertible {
    public var x: Double
    public var y: Double
    public init(_ x: Double, _ y: Double) { self.x = x; self.y = y }
    public init(x: Double, y: Double) { self.x = x; self.y = y }
    public static let zero = Point(0, 0)
    public static func + (a: Point, b: Point) -> Point { Point(a.x + b.x, a.y + b.y) }
    public static func - (a: Point, b: Point) -> Point { Point(a.x - b.x, a.y - b.y) }
    public var description: String { "(\(x.short), \(y.short))" }
}

/// A width and height in points.
@frozen public struct Size: Equatable, Hashable, Sendable, CustomStringConvertible {
    public var width: Double
    public var height: Double
    public init(_ width: Double, _ height: Double) { self.width = width; self.height = height }
    public init(width: Double, height: Double) { self.width = width; self.height = height }
    public static let zero = Size(0, 0)
    public var description: String { "\(width.short)×\(height.short)" }
}

/// An axis-aligned rectangle in points: `origin` is the top-left corner.
@frozen public struct Rect: Equatable, Hashable, Sendable, CustomStringConvertible {
    public var origin: Point
    public var size: Size
    public init(origin: Point, size: Size) { self.origin = origin; self.size = size }
    public init(x: Double, y: Double, width: Double, height: Double) {
        origin = Point(x, y); size = Size(width, height)
    }
    public init(_ x: Double, _ y: Double, _ width: Double, _ height: Double) {
        self.init(x: x, y: y, width: width, height: height)
    }
    public static let zero = Rect(0, 0, 0, 0)

    public var x: Double { origin.x }
    public var y: Double { origin.y }
    public var width: Double { size.width }
    public var height: Double { size.height }
    public var minX: Double { origin.x }
    public var minY: Double { origin.y }
    public var maxX: Double { origin.x + size.width }
    public var maxY: Double { origin.y + size.height }
    public var midX: Double { origin.x + size.width / 2 }
    public var midY: Double { origin.y + size.height / 2 }
    public var center: Point { Point(midX, midY) }
    public var isEmpty: Bool { size.width <= 0 || size.height <= 0 }

    /// True when `p` lies inside; the max edges are exclusive, like SDL_PointInRect.
    public func contains(_ p: Point) -> Bool { p.x >= minX && p.x < maxX && p.y >= minY && p.y < maxY }
    /// True when `r` lies wholly inside this rectangle (edges may touch).
    public func contains(_ r: Rect) -> Bool { r.minX >= minX && r.maxX <= maxX && r.minY >= minY && r.maxY <= maxY }
    public func intersects(_ r: Rect) -> Bool { minX < r.maxX && r.minX < maxX && minY < r.maxY && r.minY < maxY }
    /// The overlap of two rectangles, or `.zero`-sized at the nearer corner when they do not overlap.
    public func intersection(_ r: Rect) -> Rect {
        let x0 = max(minX, r.minX), y0 = max(minY, r.minY)
        let x1 = min(maxX, r.maxX), y1 = min(maxY, r.maxY)
        return Rect(x0, y0, max(0, x1 - x0), max(0, y1 - y0))
    }
    public func inset(by e: EdgeInsets) -> Rect {
        Rect(minX + e.left, minY + e.top, max(0, width - e.left - e.right), max(0, height - e.top - e.bottom))
    }
    public func insetBy(dx: Double, dy: Double) -> Rect { inset(by: EdgeInsets(top: dy, left: dx, bottom: dy, right: dx)) }
    public func offsetBy(dx: Double, dy: Double) -> Rect { Rect(minX + dx, minY + dy, width, height) }
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
    public var top, left, bottom, right: Double
    public init(top: Double = 0, left: Double = 0, bottom: Double = 0, right: Double = 0) {
        self.top = top; self.left = left; self.bottom = bottom; self.right = right
    }
    public init(all v: Double) { self.init(top: v, left: v, bottom: v, right: v) }
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
