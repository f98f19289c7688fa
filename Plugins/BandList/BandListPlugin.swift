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
        // damaged or foreign file is found before the talk (where it is an error card). A
        // `select` naming no band is a warning (`check` only): the talk goes on, the form says
        // so and the room sees every name, as a deck `query` with no hits is for a web search.
        d.sceneKinds[0].checkFiles = { p, r in
            SceneFileCheck(problem: storeProblem(p, deckDirectory: r.deckDirectory) ?? seedProblem(p, r), warning: r.probe ? selectWarning(p, r) : nil)
        }
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

    /// The shipped seed a new store is filled from when it is not there and no store is yet
    /// (a binary moved away from its Assets: trial 22 F3, an error card in the talk while check
    /// said OK); nil otherwise. A `seed` the deck names is checked by `validate`.
    static func seedProblem(_ p: SceneParameters, _ r: SceneFileCheckRequest) -> String? {
        guard (try? p.string("seed")) == nil, let data = r.dataDirectory, let assets = r.assetsDirectory else { return nil }
        let store = BandStore.location(parameter: try? p.string("store"), deckDirectory: r.deckDirectory, dataDirectory: data)
        let seed = seedURL(parameter: nil, deckDirectory: r.deckDirectory, assetsDirectory: assets)
        guard !FileManager.default.fileExists(atPath: store.path), !FileManager.default.fileExists(atPath: seed.path) else { return nil }
        return "\(p.path): no band store yet and the shipped bands it starts from are not there (\(SafeText.escape(seed.path))): name a \"seed\", or set PODIUM_ASSETS to Podium's Assets folder"
    }

    /// A warning when the deck's `select` names no band in the catalogue the talk opens: the
    /// store (the deck's `store`, else `bands.sqlite` in the data directory) when it exists, else
    /// the seed that fills a new one. Names the field, the value and the catalogue's file; nil
    /// when the band is there or the catalogue cannot be read (`storeProblem` or the talk say why).
    static func selectWarning(_ p: SceneParameters, _ r: SceneFileCheckRequest) -> String? {
        guard let name = try? p.string("select"), let data = r.dataDirectory, let assets = r.assetsDirectory else { return nil }
        let store = BandStore.location(parameter: try? p.string("store"), deckDirectory: r.deckDirectory, dataDirectory: data)
        let file: URL, bands: [Band]
        if FileManager.default.fileExists(atPath: store.path) {
            guard let all = try? BandStore(path: store.path, readOnly: true).all() else { return nil }
            file = store; bands = all
        } else {
            file = seedURL(parameter: try? p.string("seed"), deckDirectory: r.deckDirectory, assetsDirectory: assets)
            guard let all = try? BandJSON.load(file) else { return nil }
            bands = all
        }
        guard !bands.contains(where: { $0.name == name }) else { return nil }
        return "\(p.path).select: \(SafeText.quote(name)) is not in the catalogue (\(SafeText.escape(file.path)), \(bands.count) bands): the room sees every band name until the speaker picks one"
    }

    /// The seed file a new store is filled from: `seed` (relative to the deck) or the shipped one.
    public static func seedURL(parameter: String?, deckDirectory: URL, assetsDirectory: URL) -> URL {
        guard let s = parameter else { return assetsDirectory.appendingPathComponent("Bands/bands.json") }
        return s.hasPrefix("/") ? URL(fileURLWithPath: s) : deckDirectory.appendingPathComponent(s)
    }
}
