import FoundationEssentials

/// Which points of a set of rings are inside, for `PolygonShape`.
public enum FillRule: Hashable, Sendable {
    /// Inside an odd number of rings: a ring inside the outline is a hole and a ring inside
    /// that hole an island, whichever way each ring winds.
    case evenOdd
    /// Where the rings' winding numbers add up to anything but zero: a hole must wind the
    /// other way from its outline (as in SVG's and cairo's nonzero rule).
    case nonZero
}

/// A general filled polygon: one or more closed rings (outline, holes, islands; concave, even
/// crossing themselves) in the shape's own coordinates, drawn with `DrawCommand.shape`.
///
/// Immutable once made. The renderer tessellates a shape into triangles the first time it is
/// drawn and keeps them (by `id`) while the shape lives, so keep the shape and draw it again at
/// any scale and offset (a map area at every zoom and pan) rather than making a new one each
/// frame.
public final class PolygonShape: @unchecked Sendable {
    /// Unique per shape for the life of the process; the renderer keeps its triangles by it.
    public let id: UInt64
    /// Closed rings, each at least three points; the closing point may be repeated or left out.
    public let rings: [[Point]]
    /// Which points are inside (``FillRule``).
    public let rule: FillRule
    /// The smallest rectangle holding every ring point (`.zero` for no points), in the shape's
    /// coordinates.
    public let bounds: Rect

    /// A shape of `rings` (shape coordinates) filled by `rule`, even-odd by default; non-finite
    /// points are left out of `bounds`.
    public init(rings: [[Point]], rule: FillRule = .evenOdd) {
        self.rings = rings
        self.rule = rule
        var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
        for ring in rings { for p in ring where p.x.isFinite && p.y.isFinite {
            minX = min(minX, p.x); minY = min(minY, p.y); maxX = max(maxX, p.x); maxY = max(maxY, p.y)
        } }
        bounds = minX <= maxX ? Rect(minX, minY, maxX - minX, maxY - minY) : .zero
        id = PolygonShape.nextID.next()
    }

    /// Number of ring points, for cache budgets.
    public var pointCount: Int { rings.reduce(0) { $0 + $1.count } }

    private static let nextID = IDCounter()
}

extension PolygonShape: Equatable {
    public static func == (a: PolygonShape, b: PolygonShape) -> Bool { a === b }
}
