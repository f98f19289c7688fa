import Foundation
import PodiumKit

/// `podium check` for a `web-search` scene (`SceneKind.checkFiles`). A `documents` folder that
/// is not there is a problem: the scene would be an error card (trial 16 m3). With `probe`
/// (`check` only: it indexes the pages into a temporary database, never the plugin's own), a
/// deck `query` the offline pages do not answer is a warning: the room would see the query
/// with "No results" (trial 16 m2).
enum WebSearchCheck {
    static func check(_ p: SceneParameters, _ r: SceneFileCheckRequest) -> SceneFileCheck {
        guard let config = try? WebSearchConfig(p) else { return .fine }
        if let e = documentsProblem(config, path: p.path, deckDirectory: r.deckDirectory) { return SceneFileCheck(problem: "\(e)") }
        guard r.probe, config.provider == .offline, let q = config.query, let assets = r.assetsDirectory else { return .fine }
        return SceneFileCheck(warning: queryWarning(q, folder: config.documentsFolder(deck: r.deckDirectory, assets: assets), path: p.path))
    }

    /// The deck's `documents` when it is not a folder, naming the field and the folder as
    /// resolved (relative to `deckDirectory`); nil when it is one, is not given (the shipped
    /// pages) or is not used (`online` with no `fallback`).
    static func documentsProblem(_ config: WebSearchConfig, path: String, deckDirectory: URL) -> SceneParameterError? {
        guard config.documents != nil, config.provider == .offline || config.fallback else { return nil }
        let folder = config.documentsFolder(deck: deckDirectory, assets: deckDirectory)
        var isDir: ObjCBool = false
        let exists = FileManager.default.fileExists(atPath: folder.path, isDirectory: &isDir)
        if exists && isDir.boolValue { return nil }
        return SceneParameterError(path: "\(path).documents", message: "\(exists ? "not a folder" : "documents folder not found"): \(SafeText.escape(folder.path))")
    }

    /// A warning when `query` finds nothing in the pages in `folder`, searched as the scene
    /// searches them (`DocumentIndex.search`); nil when it finds something or the pages cannot
    /// be indexed (the talk's log names unreadable files).
    static func queryWarning(_ query: String, folder: URL, path: String) -> String? {
        let work = FileManager.default.temporaryDirectory.appendingPathComponent("podium-check-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: work) }
        do {
            let index = try DocumentIndex(folder: folder, databaseURL: work.appendingPathComponent("index.sqlite"))
            try index.sync()
            guard try index.search(query, limit: 1).isEmpty else { return nil }
        } catch { return nil }
        return "\(path).query: \(SafeText.quote(query)) finds nothing in the offline pages (\(SafeText.escape(folder.path))): the room sees the query and \"No results\""
    }
}
