import Foundation
import PodiumKit

/// `podium check` for a `web-search` scene (`SceneKind.checkFiles`). A `documents` folder that
/// is not there is a problem: the scene would be an error card (trial 16 m3).
enum WebSearchCheck {
    static func check(_ p: SceneParameters, _ r: SceneFileCheckRequest) -> SceneFileCheck {
        guard let config = try? WebSearchConfig(p) else { return .fine }
        return SceneFileCheck(problem: documentsProblem(config, path: p.path, deckDirectory: r.deckDirectory).map { "\($0)" })
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
}
