import Foundation

/// A band in the catalogue.
public struct Band: Equatable, Sendable {
    public enum TouringStatus: String, CaseIterable, Sendable {
        case onTour = "On Tour", offTour = "Off Tour", disbanded = "Disbanded"
    }
    /// The store's row id; 0 for a band not yet stored.
    public var id: Int64
    public var name: String
    /// Free text, may span lines.
    public var notes: String
    /// 0…10.
    public var rating: Int
    public var touringStatus: TouringStatus
    public var seenLive: Bool
    /// Absolute path of an image file, if any.
    public var imagePath: String?

    public init(id: Int64 = 0, name: String, notes: String = "", rating: Int = 0, touringStatus: TouringStatus = .offTour,
                seenLive: Bool = false, imagePath: String? = nil) {
        self.id = id; self.name = name; self.notes = notes; self.rating = rating
        self.touringStatus = touringStatus; self.seenLive = seenLive; self.imagePath = imagePath
    }

    /// "★★★★☆" style rating out of five (two points a star), for the audience view.
    public var stars: String {
        let full = rating / 2, half = rating % 2
        return String(repeating: "★", count: full) + (half == 1 ? "½" : "") + String(repeating: "☆", count: 5 - full - half)
    }

    /// A field that breaks the rules: `field` is the JSON / form name ("name", "rating").
    public struct ValidationError: Error, CustomStringConvertible, Equatable {
        public var field: String
        public var message: String
        public init(field: String, message: String) { self.field = field; self.message = message }
        public var description: String { "\(field): \(message)" }
    }

    /// Checks the rules every stored band obeys: a name that is not blank, a rating in 0…10.
    public func validate() throws {
        if name.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
            throw ValidationError(field: "name", message: "required, must not be blank")
        }
        if !(0...10).contains(rating) { throw ValidationError(field: "rating", message: "expected an integer 0–10, found \(rating)") }
    }

    /// Plain text for sharing: name, rating, status, seen live, then the notes.
    public var summary: String {
        var s = "\(name)\nRating: \(rating)/10 \(stars)\nStatus: \(touringStatus.rawValue)\nSeen live: \(seenLive ? "yes" : "no")\n"
        if !notes.isEmpty { s += "\n\(notes)\n" }
        return s
    }
}
