import Foundation

/// One drawable map object from the map file, its geometry already projected to world points.
public struct MapFeature: Sendable {
    public enum Kind: Sendable { case area, line }
    public var id: Int
    /// Draw order, low first.
    public var layer: Int
    /// Style class: water, park, landuse, plaza, building (areas); primary, secondary, tertiary,
    /// minor, service, pedestrian, path, rail (lines).
    public var featureClass: String
    public var name: String?
    /// Areas: outer ring first, then holes. Lines: one ring.
    public var rings: [[WorldPoint]]
    public var kind: Kind { Self.lineClasses.contains(featureClass) ? .line : .area }
    /// World-space bounding box of the first ring (min x, min y, max x, max y).
    public var extent: (minX: Double, minY: Double, maxX: Double, maxY: Double)

    public static let lineClasses: Set<String> = ["primary", "secondary", "tertiary", "minor", "service", "pedestrian", "path", "rail"]

    public init(id: Int, layer: Int, featureClass: String, name: String?, rings: [[WorldPoint]]) {
        self.id = id; self.layer = layer; self.featureClass = featureClass; self.name = name; self.rings = rings
        let r = rings.first ?? []
        extent = (r.map(\.x).min() ?? 0, r.map(\.y).min() ?? 0, r.map(\.x).max() ?? 0, r.map(\.y).max() ?? 0)
    }

    /// Decodes the map file's geometry blob: per ring a little-endian UInt32 count, then that many
    /// (Int32 lon × 1e7, Int32 lat × 1e7). Returns nil when the blob is truncated.
    public static func decodeRings(_ bytes: UnsafeRawBufferPointer) -> [[WorldPoint]]? {
        var rings: [[WorldPoint]] = []
        var o = 0
        func u32(_ at: Int) -> UInt32 { UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: at, as: UInt32.self)) }
        while o < bytes.count {
            guard o + 4 <= bytes.count else { return nil }
            let n = Int(u32(o)); o += 4
            guard o + n * 8 <= bytes.count else { return nil }
            var ring: [WorldPoint] = []
            ring.reserveCapacity(n)
            for k in 0..<n {
                let lon = Double(Int32(bitPattern: u32(o + k * 8))) / 1e7
                let lat = Double(Int32(bitPattern: u32(o + k * 8 + 4))) / 1e7
                ring.append(WebMercator.project(LatLon(lat: lat, lon: lon)))
            }
            o += n * 8
            rings.append(ring)
        }
        return rings
    }
}

/// A named point of interest (a shop, café, museum…) that search can find.
public struct Place: Equatable, Sendable {
    public var id: Int
    /// OpenStreetMap object, e.g. "node/5865570485".
    public var osm: String
    public var name: String
    /// OSM key=value naming what it is, e.g. "shop=music".
    public var category: String
    public var location: LatLon
    public var street, housenumber, postcode, city: String?
    public var openingHours, website, phone: String?

    public init(id: Int, osm: String, name: String, category: String, location: LatLon, street: String? = nil,
                housenumber: String? = nil, postcode: String? = nil, city: String? = nil,
                openingHours: String? = nil, website: String? = nil, phone: String? = nil) {
        self.id = id; self.osm = osm; self.name = name; self.category = category; self.location = location
        self.street = street; self.housenumber = housenumber; self.postcode = postcode; self.city = city
        self.openingHours = openingHours; self.website = website; self.phone = phone
    }

    /// "Sofiankatu 8, 00170 Helsinki", or nil when no address is known.
    public var address: String? {
        let line1 = [street, housenumber].compactMap { $0 }.joined(separator: " ")
        let line2 = [postcode, city].compactMap { $0 }.joined(separator: " ")
        let s = [line1, line2].filter { !$0.isEmpty }.joined(separator: ", ")
        return s.isEmpty ? nil : s
    }

    /// Human name of the category ("Record store" for shop=music).
    public var categoryName: String { PlaceCategories.displayName(category) }
}
