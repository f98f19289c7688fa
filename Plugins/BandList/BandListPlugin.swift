import Foundation
import PodiumKit

/// The `band-list` scene: a persistent catalogue of bands, master–detail editing for the
/// presenter, the selected band large for the room.
///
/// Parameters:
/// - `store`: the SQLite file (relative to the deck); default `bands.sqlite` in the plugin's
///   data directory (`$XDG_DATA_HOME/podium/org.podium.band-list/`).
/// - `seed`: JSON file that fills a new store (default `Assets/Bands/bands.json`).
/// - `select`: name of the band selected at start.
/// - `locale`: collation locale for sorting and sections, e.g. `sv_SE` (default: the user's).
/// - `readOnly`: `true` shows the catalogue with editing off (a store that cannot be written is
///   opened that way on its own).
public enum BandListPlugin {
    public static let id = "org.podium.band-list"

    public static func descriptor() -> PluginDescriptor {
        var d = PluginDescriptor(id: id, name: "Band List", version: "1.1.0", sceneKinds: [
            SceneKind(name: "band-list", summary: "Bands with notes, rating and touring status, stored in SQLite", validate: { p in
                for k in ["seed", "select", "store", "locale"] { _ = try p.string(k) }
                _ = try p.bool("readOnly")
                _ = try p.existingFile("seed")
            }, make: { p, ctx in try BandListScene(p, context: ctx) }).parameterNames(["store", "seed", "select", "locale", "readOnly"]),
        ])
        // `podium check`: a `store` named in the deck that exists is opened for reading, so a
        // damaged or foreign file is found before the talk (where it is an error card).
        d.sceneKinds[0].checkFiles = { p, r in SceneFileCheck(problem: storeProblem(p, deckDirectory: r.deckDirectory)) }
        d.commands = [BandsCommand.command]
        return d
    }

    /// What is wrong with the deck's `store` file, opened read-only (nothing is created,
    /// migrated or written), or nil when it reads as a band store, is not named, or does not
    /// exist yet (the talk creates it).
    static func storeProblem(_ p: SceneParameters, deckDirectory: URL) -> String? {
        guard let name = try? p.string("store") else { return nil }
        let url = BandStore.location(parameter: name, deckDirectory: deckDirectory, dataDirectory: deckDirectory)
        guard FileManager.default.fileExists(atPath: url.path) else { return nil }
        do { _ = try BandStore(path: url.path, readOnly: true); return nil }
        catch { return "\(p.path).store: \(error)" }
    }

    /// The seed file a new store is filled from: `seed` (relative to the deck) or the shipped one.
    public static func seedURL(parameter: String?, deckDirectory: URL, assetsDirectory: URL) -> URL {
        guard let s = parameter else { return assetsDirectory.appendingPathComponent("Bands/bands.json") }
        return s.hasPrefix("/") ? URL(fileURLWithPath: s) : deckDirectory.appendingPathComponent(s)
    }
}
