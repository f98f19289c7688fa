import Foundation

/// One search hit: the place and how far it is from where the map was centred.
public struct SearchResult: Equatable, Sendable {
    public var place: Place
    /// Metres from the map centre at the time of the search.
    public var distance: Double
    public init(place: Place, distance: Double) { self.place = place; self.distance = distance }

    /// "350 m" or "1.2 km".
    public var distanceText: String {
        distance < 1000 ? "\(Int((distance / 10).rounded()) * 10) m" : String(format: "%.1f km", distance / 1000)
    }
}

/// What a search found, and how it read the query.
public struct SearchOutcome: Equatable, Sendable {
    public enum Interpretation: Equatable, Sendable {
        /// The query named a category ("record stores" → shop=music).
        case category([String])
        /// Places whose names contain the query.
        case name
        /// No place is called that, and it is a known band: record stores that may stock it.
        case artist(String)
        /// No place is called that and it is no band we know (a typo, say): nothing to show.
        case noMatch
        /// Found by the online geocoder.
        case online
        case empty
    }
    public var query: String
    public var interpretation: Interpretation
    public var results: [SearchResult]
    /// How many places matched before `PlaceSearch.limit` kept the nearest (nil: all are in `results`).
    public var total: Int? = nil

    /// One line for the presenter: "2 record stores", "No place named …".
    public var summary: String {
        switch interpretation {
        case .empty: return "Type a place or a category, e.g. record stores"
        case .artist(let a): return "\(results.count) record store\(results.count == 1 ? "" : "s") that may stock \(a)"
        case .noMatch: return "No places match “\(query)”"
        case .category(let tags):
            return "\(countText) × \(PlaceCategories.displayName(tags[0]).lowercased())"
        case .online: return "\(results.count) place\(results.count == 1 ? "" : "s") found online for “\(query)”"
        case .name: return results.isEmpty ? "Nothing found for “\(query)”" : "\(countText) place\(results.count == 1 ? "" : "s") named “\(query)”"
        }
    }

    /// "50" or, when the limit cut the list, "50 nearest of 83": the list and the pins show the
    /// same `results`, and the speaker sees that more exist.
    var countText: String {
        guard let t = total, t > results.count else { return "\(results.count)" }
        return "\(results.count) nearest of \(t)"
    }
}

/// Offline search over the map file's places: by category or by name, nearest first.
public struct PlaceSearch {
    let database: MapDatabase
    /// Most results returned (the nearest).
    public var limit = 50
    /// Names a query with no place of that name may be read as (the band list's bands).
    public var artists: KnownArtists
    public init(database: MapDatabase, artists: KnownArtists = KnownArtists()) { self.database = database; self.artists = artists }

    /// Finds places for `query`, ranked by distance from `center`. A query that names a category
    /// matches by tag; otherwise by name; a name with no match that is a known band (`artists`) is
    /// read as an artist and answers with record stores (the deck's "where can I buy this band's
    /// records?"); anything else is `.noMatch` with no results.
    public func search(_ query: String, near center: LatLon) throws -> SearchOutcome {
        let q = query.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !q.isEmpty else { return SearchOutcome(query: q, interpretation: .empty, results: []) }
        if let tags = PlaceCategories.tags(for: q) {
            // Category hits plus places whose name says it ("… Records").
            var places = try database.places(categories: tags)
            if tags == ["shop=music"] {
                let named = try database.places(nameContaining: ["records"]).filter { $0.category.hasPrefix("shop=") }
                places += named.filter { n in !places.contains { $0.id == n.id } }
            }
            return SearchOutcome(query: q, interpretation: .category(tags), results: rank(places, center), total: places.count)
        }
        let byName = try database.places(nameContaining: Self.fold(q).split(separator: " ").map(String.init))
        if !byName.isEmpty { return SearchOutcome(query: q, interpretation: .name, results: rank(byName, center), total: byName.count) }
        guard artists.contains(q) else { return SearchOutcome(query: q, interpretation: .noMatch, results: []) }
        return try recordStores(for: q, near: center)
    }

    /// Record stores for an artist, nearest first (a segue from the band list).
    public func recordStores(for artist: String, near center: LatLon) throws -> SearchOutcome {
        let stores = try database.places(categories: ["shop=music"])
        return SearchOutcome(query: artist, interpretation: .artist(artist), results: rank(stores, center), total: stores.count)
    }

    /// Nearest first; ties (same spot) by name so the order is stable.
    public func rank(_ places: [Place], _ center: LatLon) -> [SearchResult] {
        let r = places.map { SearchResult(place: $0, distance: WebMercator.distance(center, $0.location)) }
        return Array(r.sorted { ($0.distance, $0.place.name) < ($1.distance, $1.place.name) }.prefix(limit))
    }

    /// Lower case without diacritics ("Töölö" → "toolo"), as `tools/osm-convert.py` folds names.
    public static func fold(_ s: String) -> String {
        s.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil).lowercased()
    }
}
