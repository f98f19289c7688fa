import Foundation

/// A geographic position in degrees (WGS 84), as OpenStreetMap stores it.
public struct LatLon: Equatable, Hashable, Sendable, CustomStringConvertible {
    public var lat: Double
    public var lon: Double
    public init(lat: Double, lon: Double) { self.lat = lat; self.lon = lon }
    public var description: String { String(format: "%.6f,%.6f", lat, lon) }
}

/// A position on the Web Mercator world square: x and y run 0…1 from the top-left corner
/// (180° W, 85.0511° N) to the bottom-right, y growing south. Multiply by `256 × 2^zoom` for
/// the pixel coordinates that XYZ tile servers use.
public struct WorldPoint: Equatable, Hashable, Sendable {
    public var x: Double
    public var y: Double
    public init(_ x: Double, _ y: Double) { self.x = x; self.y = y }
}

/// Spherical ("Web") Mercator, EPSG:3857, as used by OpenStreetMap's tiles.
/// Formulas: https://wiki.openstreetmap.org/wiki/Slippy_map_tilenames
public enum WebMercator {
    /// Latitude limit of the square world: atan(sinh(π)), ≈ 85.0511°.
    public static let maxLatitude = atan(sinh(Double.pi)) * 180 / .pi
    /// Equatorial radius of WGS 84 in metres; the sphere Web Mercator projects.
    public static let earthRadius = 6_378_137.0
    /// Side of one tile in points at its own zoom level.
    public static let tileSize = 256.0

    /// Projects degrees onto the unit world square; latitude is clamped to ±`maxLatitude`.
    public static func project(_ p: LatLon) -> WorldPoint {
        let lat = clampLat(p.lat) * .pi / 180
        return WorldPoint((p.lon + 180) / 360, (1 - log(tan(lat) + 1 / cos(lat)) / .pi) / 2)
    }

    /// The inverse of `project`.
    public static func unproject(_ w: WorldPoint) -> LatLon {
        let lat = atan(sinh(.pi * (1 - 2 * w.y))) * 180 / .pi
        return LatLon(lat: lat, lon: w.x * 360 - 180)
    }

    /// Side of the world square in points at `zoom` (256 at zoom 0, doubling per level).
    public static func worldSize(zoom: Double) -> Double { tileSize * pow(2, zoom) }

    /// Ground metres covered by one point at `latitude` and `zoom` (156 543 m at the equator, zoom 0).
    public static func metresPerPoint(latitude: Double, zoom: Double) -> Double {
        cos(clampLat(latitude) * .pi / 180) * 2 * .pi * earthRadius / worldSize(zoom: zoom)
    }

    /// Great-circle distance in metres (haversine on the WGS 84 equatorial sphere).
    public static func distance(_ a: LatLon, _ b: LatLon) -> Double {
        let φ1 = a.lat * .pi / 180, φ2 = b.lat * .pi / 180
        let dφ = φ2 - φ1, dλ = (b.lon - a.lon) * .pi / 180
        let h = sin(dφ / 2) * sin(dφ / 2) + cos(φ1) * cos(φ2) * sin(dλ / 2) * sin(dλ / 2)
        return 2 * earthRadius * asin(min(1, h.squareRoot()))
    }

    /// The XYZ tile (x, y at integer `zoom`) containing `w`, clamped to the world.
    public static func tile(containing w: WorldPoint, zoom: Int) -> (x: Int, y: Int) {
        let n = 1 << zoom
        return (min(n - 1, max(0, Int(floor(w.x * Double(n))))), min(n - 1, max(0, Int(floor(w.y * Double(n))))))
    }

    private static func clampLat(_ lat: Double) -> Double { max(-maxLatitude, min(maxLatitude, lat)) }
}

/// A latitude/longitude box, as the R*Tree indexes store them.
public struct GeoBounds: Equatable, Sendable {
    public var minLon, minLat, maxLon, maxLat: Double
    public init(minLon: Double, minLat: Double, maxLon: Double, maxLat: Double) {
        self.minLon = minLon; self.minLat = minLat; self.maxLon = maxLon; self.maxLat = maxLat
    }
    public var center: LatLon { LatLon(lat: (minLat + maxLat) / 2, lon: (minLon + maxLon) / 2) }
    public func contains(_ p: LatLon) -> Bool { p.lat >= minLat && p.lat <= maxLat && p.lon >= minLon && p.lon <= maxLon }
}
