import Foundation

/// Words people type for kinds of places, mapped to OpenStreetMap tags (key=value).
/// Tag meanings: https://wiki.openstreetmap.org/wiki/Map_features
public enum PlaceCategories {
    /// (phrases, display name, tags). Phrases are folded (lower case, no diacritics), singular
    /// and plural both listed; the first matching entry wins.
    static let table: [(phrases: [String], name: String, tags: [String])] = [
        (["record store", "record stores", "record shop", "record shops", "records", "vinyl", "music store",
          "music stores", "music shop", "music shops", "levykauppa", "levykaupat"], "Record store", ["shop=music"]),
        (["cafe", "cafes", "coffee", "kahvila"], "Café", ["amenity=cafe"]),
        (["restaurant", "restaurants", "food", "ravintola"], "Restaurant", ["amenity=restaurant"]),
        (["pub", "pubs", "bar", "bars", "beer"], "Pub or bar", ["amenity=pub", "amenity=bar"]),
        (["book store", "book stores", "bookshop", "bookshops", "books"], "Book store", ["shop=books"]),
        (["hotel", "hotels"], "Hotel", ["tourism=hotel"]),
        (["museum", "museums"], "Museum", ["tourism=museum"]),
        (["musical instruments", "instrument shop", "guitar shop", "guitars"], "Musical instruments", ["shop=musical_instrument"]),
        (["venue", "venues", "concert hall", "nightclub", "club", "clubs"], "Venue", ["amenity=nightclub", "amenity=theatre", "amenity=arts_centre"]),
    ]

    /// The OSM tags a query names, or nil when it names no category. A literal "key=value" works too.
    public static func tags(for query: String) -> [String]? {
        let q = PlaceSearch.fold(query)
        if q.contains("="), !q.contains(" ") { return [q] }
        return table.first { $0.phrases.contains(q) }?.tags
    }

    /// "Record store" for "shop=music"; otherwise the tag's value made readable ("fast food").
    public static func displayName(_ tag: String) -> String {
        if let e = table.first(where: { $0.tags.contains(tag) }), e.tags.count == 1 { return e.name }
        let value = tag.split(separator: "=").last.map(String.init) ?? tag
        let words = value.replacingOccurrences(of: "_", with: " ")
        return words.prefix(1).uppercased() + words.dropFirst()
    }
}
