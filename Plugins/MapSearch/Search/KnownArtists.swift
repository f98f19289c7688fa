import Foundation
import PodiumKit
import PodiumSQLite

/// The band names a map search may read as an artist ("Radiohead" → record stores that may stock
/// them). Only these: any other word with no place of that name is "No places match", so a typo
/// never shows the room a confident answer.
public struct KnownArtists: Sendable {
    /// Folded names (see `PlaceSearch.fold`).
    private var folded: Set<String>
    public init(_ names: [String] = []) { folded = Set(names.map(PlaceSearch.fold).filter { !$0.isEmpty }) }

    public func contains(_ name: String) -> Bool {
        folded.contains(PlaceSearch.fold(name.trimmingCharacters(in: .whitespacesAndNewlines)))
    }
    public mutating func insert(_ name: String) {
        let f = PlaceSearch.fold(name.trimmingCharacters(in: .whitespacesAndNewlines))
        if !f.isEmpty { folded.insert(f) }
    }
    public var count: Int { folded.count }

    /// Names read from each of `files` that exists: a band list store (SQLite, its `band` table,
    /// opened read only) or band JSON (an array of objects with `name`, as `Assets/Bands/bands.json`).
    /// A file that cannot be read is skipped and named in `problems` (the search still works,
    /// it just knows fewer bands).
    public static func load(_ files: [URL]) -> (artists: KnownArtists, problems: [String]) {
        var names: [String] = [], problems: [String] = []
        for url in files where FileManager.default.fileExists(atPath: url.path) {
            do { names += try read(url) } catch { problems.append("\(SafeText.escape(url.path)): \(error)") }
        }
        return (KnownArtists(names), problems)
    }

    static func read(_ url: URL) throws -> [String] {
        let file = try InputFile(path: url.path)
        if try file.read(upTo: 16) == Data("SQLite format 3\0".utf8) {
            let db = try SQLiteDatabase(path: url.path, mode: .readOnly)
            return try db.rows("SELECT name FROM band").compactMap { $0.first?.string }
        }
        struct Entry: Decodable { var name: String }
        return try JSONDecoder().decode([Entry].self, from: Data(contentsOf: url)).map(\.name)
    }
}
