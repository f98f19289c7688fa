import FoundationEssentials
import PodiumKit

extension PluginLoader {
    /// Looks on `searchPath` again for the plugins this process has not loaded, as a reload does
    /// (trial 32 F3: the speaker put a removed plugin's folder back, or fixed the plugin.json
    /// that got it refused, and Ctrl+R still said its kind was unavailable, for a reason no
    /// longer true; quitting to recover lost the place). A folder found anew, or whose plugin
    /// passes now, becomes pending as at launch (opened when the deck uses a kind of it); a
    /// refusal that changed replaces the old one. Left as they are: plugins loaded or pending
    /// already, and a library this process has opened (`dlopen` never loads a second copy that
    /// Swift's runtime could take: a rebuilt plugin needs a new talk).
    /// Returns what to log, one line per plugin that became pending.
    public static func lookAgain(_ searchPath: PluginSearchPath, into registry: PluginRegistry) -> [String] {
        var found: [String] = []
        // Both sides standardized: a search path spelled with `..` made a loaded plugin look new,
        // refused as a duplicate of itself (review30 #6).
        func standard(_ p: String) -> String { URL(fileURLWithPath: p).standardizedFileURL.path }
        for dir in searchPath.discover().pluginDirectories {
            let path = dir.standardizedFileURL.path
            let known = registry.loaded.contains { standard($0.origin).hasPrefix(path + "/") }
                || registry.pending.contains { $0.directory.standardizedFileURL.path == path }
            guard !known else { continue }
            // The refusal recorded for it before, if any: inspected again against a registry
            // without it, or it would refuse itself as a duplicate.
            let before = registry.refused.filter { let o = standard($0.origin); return o == path || o.hasPrefix(path + "/") }
            switch inspect(directory: dir, registry: registry) {
            case let .success(c):
                guard !registry.openedLibraries.contains(c.libraryPath) else { continue }
                registry.forgetRefusals(under: path)
                registry.goneKinds.subtract(c.manifest.sceneKinds)
                registry.addPending(c)
                found.append("plugin \(c.manifest.id) found at \(path) (kinds \(c.manifest.sceneKinds.joined(separator: ", ")))")
            case let .failure(r):
                guard !before.contains(where: { $0.reason == r.reason }) else { continue }   // unchanged: said already
                registry.forgetRefusals(under: path)
                r.record(in: registry)
            }
        }
        return found
    }
}
