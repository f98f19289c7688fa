import Foundation
import PodiumKit

/// A band in the catalogue.
public struct Band: Equatable, Sendable, Codable {
    public enum TouringStatus: String, Codable, CaseIterable, Sendable {
        case onTour = "On Tour", offTour = "Off Tour", disbanded = "Disbanded"
    }
    public var id: Int64
    public var name: String
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
}

/// Groups bands into lettered sections, "#" for names that do not start with a letter.
public enum BandSections {
    public static func key(for name: String) -> String {
        guard let c = name.trimmingCharacters(in: .whitespaces).first, c.isLetter else { return "#" }
        return String(c).uppercased()
    }
    public static func sections(_ bands: [Band]) -> [ListSection] {
        let sorted = bands.sorted { $0.name.localizedStandardCompare($1.name) == .orderedAscending }
        var out: [ListSection] = []
        for b in sorted {
            let k = key(for: b.name)
            let row = ListRow(id: String(b.id), title: b.name, subtitle: b.touringStatus.rawValue, accessory: b.stars)
            if out.last?.title == k { out[out.count - 1].rows.append(row) } else { out.append(ListSection(title: k, rows: [row])) }
        }
        // "#" goes last, as in Contacts.
        if let i = out.firstIndex(where: { $0.title == "#" }) { out.append(out.remove(at: i)) }
        return out
    }
}
