import Foundation

/// Remembers the map style chosen per deck, in `styles.json` in the plugin's data directory:
/// `{ "<deck key>": "dark", … }`. A missing or unreadable file means no preference.
struct StylePreferences {
    let file: URL
    init(directory: URL) { file = directory.appendingPathComponent("styles.json") }

    func style(for key: String) -> MapStyle.Name? {
        guard let data = try? Data(contentsOf: file),
              let dict = try? JSONDecoder().decode([String: String].self, from: data) else { return nil }
        return dict[key].flatMap(MapStyle.Name.init(rawValue:))
    }

    /// Stores `name` for `key`; returns the error text when the file cannot be written.
    @discardableResult
    func set(_ name: MapStyle.Name, for key: String) -> String? {
        var dict = (try? Data(contentsOf: file)).flatMap { try? JSONDecoder().decode([String: String].self, from: $0) } ?? [:]
        dict[key] = name.rawValue
        do {
            let e = JSONEncoder(); e.outputFormatting = [.sortedKeys, .prettyPrinted]
            try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try e.encode(dict).write(to: file, options: .atomic)
            return nil
        } catch { return "\(file.path): \(error.localizedDescription)" }
    }
}
