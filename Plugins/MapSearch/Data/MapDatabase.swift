import Foundation
import PodiumKit
import PodiumSQLite

/// Reads a map file written by `tools/osm-convert.py` (SQLite with R*Tree indexes). Decoded
/// features are cached by id, so panning re-decodes nothing it has seen.
public final class MapDatabase {
    public struct Error: Swift.Error, CustomStringConvertible { public var description: String }
    public static let supportedFormat = 1
    let db: SQLiteDatabase
    public let path: String
    /// Geographic extent of the data (from the file's `meta` table).
    public let bounds: GeoBounds
    public let attribution: String
    private var cache: [Int: MapFeature] = [:]

    /// Opens `path`. Throws naming the file when it is missing, not SQLite, or of another format.
    public init(path: String) throws {
        self.path = path
        do { db = try MapFile.open(path) } catch { throw Error(description: "\(error)") }
        var meta: [String: String] = [:]
        do {
            try db.query("SELECT key, value FROM meta") { meta[$0.text(0) ?? ""] = $0.text(1) }
        } catch { throw Error(description: "\(path): not a Podium map file (\(error))") }
        guard meta["format"] == String(Self.supportedFormat) else {
            throw Error(description: "\(path): meta.format is \(meta["format"] ?? "missing"), expected \(Self.supportedFormat) (re-run tools/osm-convert.py)")
        }
        let b = (meta["bounds"] ?? "").split(separator: ",").compactMap { Double($0) }
        guard b.count == 4 else { throw Error(description: "\(path): meta.bounds is \(SafeText.quote(meta["bounds"] ?? "")), expected minLon,minLat,maxLon,maxLat") }
        bounds = GeoBounds(minLon: b[0], minLat: b[1], maxLon: b[2], maxLat: b[3])
        attribution = meta["attribution"] ?? "© OpenStreetMap contributors"
    }

    /// Features whose bounding box meets `box`, in draw order (layer, then id).
    public func features(in box: GeoBounds) throws -> [MapFeature] {
        var ids: [Int] = []
        try db.query("SELECT id FROM features_index WHERE max_lon >= ? AND min_lon <= ? AND max_lat >= ? AND min_lat <= ? ORDER BY id",
                     [box.minLon, box.maxLon, box.minLat, box.maxLat].map(SQLiteDatabase.Value.real)) { ids.append(Int($0.int(0))) }
        let missing = ids.filter { cache[$0] == nil }
        if !missing.isEmpty { try load(missing) }
        // Ids were assigned in layer order by the converter.
        return ids.compactMap { cache[$0] }
    }

    private func load(_ ids: [Int]) throws {
        for chunk in stride(from: 0, to: ids.count, by: 500).map({ Array(ids[$0..<min($0 + 500, ids.count)]) }) {
            let marks = Array(repeating: "?", count: chunk.count).joined(separator: ",")
            try db.query("SELECT id, layer, class, name, geom FROM features WHERE id IN (\(marks))", chunk.map { .integer(Int64($0)) }) { r in
                let id = Int(r.int(0))
                guard let rings = r.blob(4, MapFeature.decodeRings), !rings.isEmpty else {
                    throw Error(description: "\(path): features.geom of id \(id) is truncated")
                }
                cache[id] = MapFeature(id: id, layer: Int(r.int(1)), featureClass: r.text(2) ?? "", name: r.text(3), rings: rings)
            }
        }
    }

    static let placeColumns = "p.id, osm, name, category, lon, lat, street, housenumber, postcode, city, opening_hours, website, phone"

    private func place(_ r: SQLiteDatabase.Row) -> Place {
        Place(id: Int(r.int(0)), osm: r.text(1) ?? "", name: r.text(2) ?? "", category: r.text(3) ?? "",
              location: LatLon(lat: r.double(5), lon: r.double(4)), street: r.text(6), housenumber: r.text(7),
              postcode: r.text(8), city: r.text(9), openingHours: r.text(10), website: r.text(11), phone: r.text(12))
    }

    /// Places inside `box` (through the R*Tree).
    public func places(in box: GeoBounds) throws -> [Place] {
        var out: [Place] = []
        try db.query("SELECT \(Self.placeColumns) FROM places p JOIN places_index i ON i.id = p.id WHERE i.max_lon >= ? AND i.min_lon <= ? AND i.max_lat >= ? AND i.min_lat <= ?",
                     [box.minLon, box.maxLon, box.minLat, box.maxLat].map(SQLiteDatabase.Value.real)) { out.append(place($0)) }
        return out
    }

    /// Places whose category is one of `categories` (e.g. "shop=music").
    public func places(categories: [String]) throws -> [Place] {
        guard !categories.isEmpty else { return [] }
        var out: [Place] = []
        let marks = Array(repeating: "?", count: categories.count).joined(separator: ",")
        try db.query("SELECT \(Self.placeColumns) FROM places p WHERE category IN (\(marks))", categories.map(SQLiteDatabase.Value.text)) { out.append(place($0)) }
        return out
    }

    /// Places whose folded name contains every one of `tokens` (already folded, see `PlaceSearch.fold`).
    public func places(nameContaining tokens: [String]) throws -> [Place] {
        let tokens = tokens.filter { !$0.isEmpty }
        guard !tokens.isEmpty else { return [] }
        var out: [Place] = []
        let clause = tokens.map { _ in "search_name LIKE ? ESCAPE '\\'" }.joined(separator: " AND ")
        let args: [SQLiteDatabase.Value] = tokens.map { t in .text("%" + t.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "%", with: "\\%").replacingOccurrences(of: "_", with: "\\_") + "%") }
        try db.query("SELECT \(Self.placeColumns) FROM places p WHERE \(clause)", args) { out.append(place($0)) }
        return out
    }
}
