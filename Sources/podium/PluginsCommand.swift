import FoundationEssentials
import Glibc
import PodiumCore
import PodiumKit

/// `podium plugins [--json] [--load]`: every plugin found: loaded, found but not opened (its
/// library runs no code until a deck uses it, or `--load`), or refused, and why.
enum PluginsCommand {
    static func run(_ o: CommandLineInterface.Options) -> Int32 {
        let r = BuiltInPlugins.registry(logRefusals: false, openAll: o.flags.contains("--load"))
        let search = BuiltInPlugins.searchPath.entries
        if o.flags.contains("--json") {
            let loaded: [JSONValue] = r.loaded.map { l in
                let d = l.descriptor
                return ["id": .string(d.id), "name": .string(d.name), "version": .string(d.version),
                        "manifestVersion": l.manifestVersion.map(JSONValue.string) ?? .null,
                        "api": .string(d.apiVersion.description), "sceneKinds": .array(d.sceneKinds.map { .string($0.name) }),
                        "deckExtensions": .array(d.deckOpeners.flatMap(\.extensions).map { .string($0) }),
                        "commands": .array(d.commands.map { .string($0.name) }),
                        "path": .string(l.origin)]
            }
            print(JSONValue.object([
                "api": .string(PluginDescriptor.hostAPIVersion.description),
                "searchPath": .array(search.map { ["directory": .string($0.directory.path), "source": .string($0.source)] }),
                "loaded": .array(loaded),
                "notLoaded": .array(r.pending.map { c in
                    ["id": .string(c.manifest.id), "name": .string(c.manifest.name), "version": .string(c.manifest.version),
                     "api": .string(c.manifest.api.description), "sceneKinds": .array(c.manifest.sceneKinds.map { .string($0) }),
                     "deckExtensions": .array(c.manifest.deckOpeners.flatMap(\.extensions).map { .string($0) }),
                     "commands": .array(c.manifest.commands.map { .string($0.name) }),
                     "path": .string(c.libraryPath)]
                }),
                "refused": .array(r.refused.map { ["path": .string($0.origin), "reason": .string($0.reason)] }),
            ]).jsonString)
            return 0
        }
        print("plugin API \(PluginDescriptor.hostAPIVersion); search path: \(search.map { "\($0.directory.path) (\($0.source))" }.joined(separator: ", "))")
        print("loaded (\(r.loaded.count)):")
        for l in r.loaded {
            let d = l.descriptor
            print("  \(d.id) \(d.version)\(l.versionNote)  kinds: \(d.sceneKinds.map(\.name).joined(separator: ", "))\(extras(d.deckOpeners.flatMap(\.extensions), d.commands.map(\.name)))  \(l.origin)")
        }
        if !r.pending.isEmpty {
            print("found, not loaded (\(r.pending.count); opened when a deck uses a kind, or with --load):")
            for c in r.pending {
                print("  \(c.manifest.id) \(c.manifest.version)  kinds: \(c.manifest.sceneKinds.joined(separator: ", "))\(extras(c.manifest.deckOpeners.flatMap(\.extensions), c.manifest.commands.map(\.name)))  \(c.libraryPath)")
            }
        }
        print("refused (\(r.refused.count)):")
        for x in r.refused { print("  \(x.origin): \(x.reason)") }
        return 0
    }

    /// "  opens: *.pdf  commands: bands" for a plugin that contributes them, else "".
    static func extras(_ extensions: [String], _ commands: [String]) -> String {
        (extensions.isEmpty ? "" : "  opens: \(extensions.map { "*.\($0)" }.joined(separator: ", "))")
            + (commands.isEmpty ? "" : "  commands: \(commands.joined(separator: ", "))")
    }
}
