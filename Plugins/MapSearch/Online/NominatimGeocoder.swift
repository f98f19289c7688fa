import Foundation
import PodiumKit

/// Online place search against a Nominatim-compatible API
/// (https://nominatim.org/release-docs/latest/api/Search/): `GET <base>/search?q=…&format=jsonv2`
/// answering a JSON array of places. Used when the offline data has no match.
final class NominatimGeocoder {
    let base: URL
    let client: HTTPClient
    init(base: URL, client: HTTPClient = HTTPClient()) { self.base = base; self.client = client }

    struct Failure: Error, CustomStringConvertible, Equatable { var description: String }

    /// The search URL for `query`, preferring (not limiting to) `near`'s surroundings.
    func url(for query: String, near: GeoBounds?) -> URL {
        var c = URLComponents(url: base.appendingPathComponent("search"), resolvingAgainstBaseURL: false)!
        var items = [URLQueryItem(name: "q", value: query), URLQueryItem(name: "format", value: "jsonv2"),
                     URLQueryItem(name: "limit", value: "20"), URLQueryItem(name: "addressdetails", value: "1"),
                     URLQueryItem(name: "extratags", value: "1")]
        if let b = near { items.append(URLQueryItem(name: "viewbox", value: "\(b.minLon),\(b.maxLat),\(b.maxLon),\(b.minLat)")) }
        c.queryItems = items
        return c.url!
    }

    /// Searches; `done` runs on a background thread with places or a readable error.
    func search(_ query: String, near: GeoBounds?, _ done: @escaping @Sendable (Result<[Place], Failure>) -> Void) {
        let u = url(for: query, near: near)
        client.get(u) { r in
            switch r {
            case let .failure(e): done(.failure(Failure(description: "\(e) from \(u.host ?? u.absoluteString)")))
            case let .success(data): done(Result { try Self.parse(data) }.mapError { $0 as? Failure ?? Failure(description: "\($0)") })
            }
        }
    }

    /// Parses a `format=jsonv2` answer. Throws `Failure` for malformed JSON, a non-array, or an
    /// entry without coordinates, naming the entry.
    static func parse(_ data: Data) throws -> [Place] {
        let root: JSONValue
        do { root = try JSONValue.parse(data) } catch { throw Failure(description: "malformed JSON from the geocoder: \(error)") }
        if let msg = root["error"]?["message"]?.string ?? root["error"]?.string { throw Failure(description: "geocoder error: \(SafeText.excerpt(msg))") }
        guard let items = root.array else { throw Failure(description: "expected a JSON array from the geocoder, found \(root.typeName)") }
        return try items.enumerated().map { i, v in
            // Nominatim sends coordinates as strings; accept numbers too.
            func coord(_ k: String) -> Double? { v[k]?.string.flatMap(Double.init) ?? v[k]?.number }
            guard let lat = coord("lat"), let lon = coord("lon") else { throw Failure(description: "geocoder result [\(i)]: missing lat/lon") }
            let display = v["display_name"]?.string ?? ""
            let name = v["name"]?.string.flatMap { $0.isEmpty ? nil : $0 } ?? display.split(separator: ",").first.map(String.init) ?? "Place \(i + 1)"
            let cat = [v["category"]?.string ?? v["class"]?.string, v["type"]?.string].compactMap { $0 }.joined(separator: "=")
            let a = v["address"], x = v["extratags"]
            let osmID: Int?
            do { osmID = try v["osm_id"].map { try $0.integer(at: "[\(i)].osm_id", in: 0...Int.max) } }
            catch { throw Failure(description: "geocoder result \(error)") }
            return Place(id: -(i + 1), osm: v["osm_type"]?.string.flatMap { t in osmID.map { "\(t)/\($0)" } } ?? "geocoder/\(i)",
                         name: name, category: cat.isEmpty ? "place" : cat, location: LatLon(lat: lat, lon: lon),
                         street: a?["road"]?.string ?? a?["pedestrian"]?.string, housenumber: a?["house_number"]?.string,
                         postcode: a?["postcode"]?.string, city: a?["city"]?.string ?? a?["town"]?.string,
                         openingHours: x?["opening_hours"]?.string, website: x?["website"]?.string ?? x?["contact:website"]?.string,
                         phone: x?["phone"]?.string ?? x?["contact:phone"]?.string)
        }
    }
}
