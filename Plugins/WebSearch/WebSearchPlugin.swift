import Foundation
import PodiumKit

/// The `web-search` scene kind: search a MediaWiki site (online) or a folder of band pages
/// (offline, SQLite FTS5), read a result, show it to the room. Parameters: see `WebSearchConfig`.
public enum WebSearchPlugin {
    public static func descriptor() -> PluginDescriptor {
        var d = PluginDescriptor(id: "org.podium.web-search", name: "Web Search", version: "1.0.0", sceneKinds: [
            SceneKind(name: "web-search", summary: "Search a wiki (online) or local band pages (offline) and show a result",
                      validate: { p in _ = try WebSearchConfig(p) },
                      make: { p, ctx in
                          // A missing `documents` folder: the error card names the field, as `check` does.
                          let config = try WebSearchConfig(p)
                          if let e = WebSearchCheck.documentsProblem(config, path: p.path, deckDirectory: ctx.deckDirectory) { throw e }
                          return try makeScene(config, context: ctx)
                      })
                .parameterNames(["provider", "api", "documents", "fallback", "query", "timeout", "limit", "contact"]),
        ])
        d.sceneKinds[0].checkFiles = { p, r in WebSearchCheck.check(p, r) }
        return d
    }

    /// Builds the providers the deck asked for. The offline index lives in the plugin's data
    /// directory and is brought up to date here (only changed files are re-read).
    @MainActor static func makeScene(_ config: WebSearchConfig, context: SceneContext) throws -> WebSearchScene {
        var offline: OfflineProvider?
        if config.provider == .offline || config.fallback {
            let folder = config.documentsFolder(deck: context.deckDirectory, assets: context.assetsDirectory)
            let index = try DocumentIndex(folder: folder, databaseURL: DocumentIndex.databaseURL(for: folder, in: context.dataDirectory))
            let report = try index.sync()
            report.failures.forEach { context.log("not indexed: \($0)") }
            context.log("offline index \(folder.path): \(report.added) added, \(report.updated) updated, \(report.removed) removed, \(report.unchanged) unchanged")
            let p = OfflineProvider(index: index)
            p.onFailures = { fs in fs.forEach { context.log("not indexed: \($0)") } }
            offline = p
        }
        switch config.provider {
        case .offline:
            return WebSearchScene(config: config, primary: offline!, fallback: nil, context: context)
        case .online:
            let online = try MediaWikiProvider(endpoint: config.api, timeout: config.timeout, contact: config.contact)
            return WebSearchScene(config: config, primary: online, fallback: offline, context: context)
        }
    }
}
