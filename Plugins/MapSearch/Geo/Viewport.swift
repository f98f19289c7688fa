import Foundation
import PodiumKit

/// What part of the world a map view shows: a centre and a zoom level, over a view of `size`
/// points. Pure value maths shared by drawing, hit-testing and tests.
///
/// Zoom follows the XYZ convention (the world is `256 × 2^zoom` points wide) but is fractional.
public struct Viewport: Equatable, Sendable {
    public static let zoomRange = 2.0...20.0
    public var center: WorldPoint
    public var zoom: Double { didSet { zoom = clamp(zoom, Self.zoomRange.lowerBound, Self.zoomRange.upperBound) } }
    /// View size in points.
    public var size: Size

    public init(center: LatLon, zoom: Double, size: Size) {
        self.center = WebMercator.project(center)
        self.zoom = clamp(zoom, Self.zoomRange.lowerBound, Self.zoomRange.upperBound)
        self.size = size
    }

    public var worldSize: Double { WebMercator.worldSize(zoom: zoom) }
    public var centerLatLon: LatLon { WebMercator.unproject(center) }

    /// The view point (points, origin top-left of the view) where world point `w` appears.
    @inline(__always)
    public func point(_ w: WorldPoint) -> Point {
        let s = worldSize
        return Point((w.x - center.x) * s + size.width / 2, (w.y - center.y) * s + size.height / 2)
    }
    public func point(_ p: LatLon) -> Point { point(WebMercator.project(p)) }

    /// The world point under view point `p`.
    public func world(at p: Point) -> WorldPoint {
        let s = worldSize
        return WorldPoint(center.x + (p.x - size.width / 2) / s, center.y + (p.y - size.height / 2) / s)
    }
    public func latLon(at p: Point) -> LatLon { WebMercator.unproject(world(at: p)) }

    /// The geographic box the view covers (plus `margin` points on every side).
    public func bounds(margin: Double = 0) -> GeoBounds {
        let tl = latLon(at: Point(-margin, -margin)), br = latLon(at: Point(size.width + margin, size.height + margin))
        return GeoBounds(minLon: tl.lon, minLat: br.lat, maxLon: br.lon, maxLat: tl.lat)
    }

    /// Moves the map with the pointer: content follows a drag of (`dx`, `dy`) points.
    public mutating func pan(dx: Double, dy: Double) {
        let s = worldSize
        center = WorldPoint(clamp(center.x - dx / s, 0, 1), clamp(center.y - dy / s, 0, 1))
    }

    /// Zooms by `delta` levels keeping the world point under `anchor` (view points) where it is,
    /// as web maps do for the wheel. `anchor` nil zooms about the centre.
    public mutating func zoom(by delta: Double, at anchor: Point? = nil) {
        let a = anchor ?? Point(size.width / 2, size.height / 2)
        let fixed = world(at: a)
        zoom += delta
        let s = worldSize
        center = WorldPoint(fixed.x - (a.x - size.width / 2) / s, fixed.y - (a.y - size.height / 2) / s)
    }

    /// The zoom at which `bounds` just fits a view of `size` points (with `padding` on each side).
    public static func zoomToFit(_ bounds: GeoBounds, size: Size, padding: Double = 0) -> Double {
        let a = WebMercator.project(LatLon(lat: bounds.maxLat, lon: bounds.minLon))
        let b = WebMercator.project(LatLon(lat: bounds.minLat, lon: bounds.maxLon))
        let w = max(1e-12, b.x - a.x), h = max(1e-12, b.y - a.y)
        let scale = min((size.width - 2 * padding) / w, (size.height - 2 * padding) / h)
        return clamp(log2(max(1, scale) / WebMercator.tileSize), zoomRange.lowerBound, zoomRange.upperBound)
    }
}
