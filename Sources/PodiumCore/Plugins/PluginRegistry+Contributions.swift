import FoundationEssentials
import Glibc
import PodiumKit

/// Deck openers, commands and file checks (API 2.1), looked up by what the host has in hand (a
/// path's extension, a command's name, a scene's kind). A pending plugin's manifest says what it
/// contributes, so it is opened only when one of its contributions is used.
extension PluginRegistry {
    /// A plugin was found to contribute what is asked for, but its library was refused on opening.
    public struct ContributionUnavailable: Error, CustomStringConvertible {
        /// What was asked for: "the deck opener for .pdf files", "the command \"bands\"".
        public var what: String, plugin: String, reason: String
        public var description: String { "\(what) is unavailable: plugin \(plugin) was refused: \(reason)" }
    }

    /// The deck opener for `path` (by its extension) and its plugin's id; a pending plugin that
    /// declares the extension is opened now. Nil when no plugin opens such files (a JSON deck).
    /// Throws `ContributionUnavailable` when the plugin that declares it cannot be opened.
    public func deckOpener(for path: String) throws -> (opener: DeckOpener, pluginID: String)? {
        func loadedOpener() -> (DeckOpener, String)? {
            for l in loaded { if let o = l.descriptor.deckOpeners.first(where: { $0.opens(path) }) { return (o, l.descriptor.id) } }
            return nil
        }
        if let found = loadedOpener() { return found }
        let what = "the deck opener for .\(path.pathExtensionText) files"
        guard let c = pending.first(where: { $0.manifest.deckOpeners.contains { $0.opens(path) } }) else {
            // Its plugin was refused (a missing library): say so, rather than read the file as JSON.
            if let u = unavailable.first(where: { $0.manifest.deckOpeners.contains { $0.opens(path) } }) {
                throw ContributionUnavailable(what: what, plugin: u.manifest.id, reason: "\(u.refusal.origin): \(u.refusal.reason)")
            }
            return nil
        }
        guard openPending(where: { $0.libraryPath == c.libraryPath }), let found = loadedOpener() else {
            throw ContributionUnavailable(what: what, plugin: c.manifest.id, reason: lastRefusal(of: c))
        }
        return found
    }

    /// The options of every deck opener, loaded or pending (from manifests, nothing is opened):
    /// the command line accepts these, and the host then checks that the ones given belong to
    /// the opener of the deck actually given (`deckOpenerOptions(for:)`).
    public var allDeckOpenerOptions: (flags: Set<String>, values: Set<String>) {
        let infos = loaded.flatMap { $0.descriptor.deckOpeners.map(PluginManifest.DeckOpenerInfo.init) } + pending.flatMap(\.manifest.deckOpeners)
        return (Set(infos.flatMap(\.flags)), Set(infos.flatMap(\.values)))
    }

    /// The option names of the opener that would open `path` (nothing is opened); empty for none.
    public func deckOpenerOptions(for path: String) -> Set<String> {
        for l in loaded { if let o = l.descriptor.deckOpeners.first(where: { $0.opens(path) }) { return Set(o.options.map(\.name)) } }
        for c in pending { if let o = c.manifest.deckOpeners.first(where: { $0.opens(path) }) { return Set(o.flags + o.values) } }
        return []
    }

    /// The file extensions some plugin opens as a deck, sorted (for messages and `--help`).
    public var deckExtensions: [String] {
        Set(loaded.flatMap { $0.descriptor.deckOpeners.flatMap(\.extensions) } + pending.flatMap { $0.manifest.deckOpeners.flatMap(\.extensions) }).sorted()
    }

    /// Every plugin command, loaded or pending (nothing is opened), sorted by name; the first
    /// plugin to claim a name keeps it.
    public var commandList: [PluginManifest.CommandInfo] {
        var seen = Set<String>()
        let all = loaded.flatMap { $0.descriptor.commands.map { PluginManifest.CommandInfo(name: $0.name, summary: $0.summary, usage: $0.usage) } }
            + pending.flatMap(\.manifest.commands)
        return all.filter { seen.insert($0.name).inserted }.sorted { $0.name < $1.name }
    }

    /// The command `name` and its plugin's id, opening the pending plugin that declares it. Nil
    /// when no plugin has it. Throws `ContributionUnavailable` when that plugin cannot be opened.
    public func command(named name: String) throws -> (command: PluginCommand, pluginID: String)? {
        func loadedCommand() -> (PluginCommand, String)? {
            for l in loaded { if let c = l.descriptor.commands.first(where: { $0.name == name }) { return (c, l.descriptor.id) } }
            return nil
        }
        if let found = loadedCommand() { return found }
        guard let c = pending.first(where: { $0.manifest.commands.contains { $0.name == name } }) else { return nil }
        guard openPending(where: { $0.libraryPath == c.libraryPath }), let found = loadedCommand() else {
            throw ContributionUnavailable(what: "the command \"\(name)\"", plugin: c.manifest.id, reason: lastRefusal(of: c))
        }
        return found
    }

    /// The context a plugin command runs with: its data directory as scenes get it
    /// (`$XDG_DATA_HOME/podium/<id>`, not created) and its assets (built-in plugins: `Assets/`).
    public func commandContext(pluginID: String, arguments: [String],
                               environment: [String: String] = ProcessInfo.processInfo.environment) -> PluginCommandContext {
        let base = environment["XDG_DATA_HOME"].flatMap { $0.isEmpty ? nil : URL(fileURLWithPath: $0) }
            ?? URL(fileURLWithPath: environment["HOME"] ?? FileManager.default.homeDirectoryForCurrentUser.path).appendingPathComponent(".local/share")
        return PluginCommandContext(arguments: arguments, environment: environment,
                                    dataDirectory: base.appendingPathComponent("podium/\(pluginID)"),
                                    assetsDirectory: assetsDirectory(ofPlugin: pluginID) ?? AssetLocator.assets)
    }

    /// What the scene kind's `checkFiles` says about these parameters; `.fine` for a kind without
    /// a check (or an unknown one: the deck's validation already named it). The request gets
    /// the kind's plugin's assets and data folders, as its scenes do (`SceneContext`).
    public func checkFiles(kind: String, _ parameters: SceneParameters, _ request: SceneFileCheckRequest) -> SceneFileCheck {
        guard let (k, pluginID) = sceneKind(kind), let check = k.checkFiles else { return .fine }
        var r = request
        let own = commandContext(pluginID: pluginID, arguments: [])
        if r.assetsDirectory == nil { r.assetsDirectory = own.assetsDirectory }
        if r.dataDirectory == nil { r.dataDirectory = own.dataDirectory }
        return check(parameters, r)
    }

    /// Runs `body` inside every loaded plugin's `loadFresh` (nested, in load order): a reload
    /// reads every file afresh; returns what `body` returned.
    public func loadFresh(_ body: () -> Bool) -> Bool {
        let hooks = loaded.compactMap(\.descriptor.loadFresh)
        func nest(_ i: Int) -> Bool { i == hooks.count ? body() : hooks[i]({ nest(i + 1) }) }
        return nest(0)
    }

    /// Waits for every loaded plugin's background work (`PluginDescriptor.waitUntilIdle`).
    public func waitUntilIdle() { loaded.forEach { $0.descriptor.waitUntilIdle?() } }

    private func lastRefusal(of c: PluginLoader.Candidate) -> String {
        (refused.last { $0.origin == c.libraryPath } ?? refused.last { $0.origin.hasPrefix(c.directory.path) })?.reason ?? "not loaded"
    }
}

extension PluginRegistry {
    /// The extensions whose deck opener takes `option` (for the message when it is given with another deck).
    public func deckExtensionsAccepting(_ option: String) -> [String] {
        let infos = loaded.flatMap { $0.descriptor.deckOpeners.map(PluginManifest.DeckOpenerInfo.init) } + pending.flatMap(\.manifest.deckOpeners)
        return Array(Set(infos.filter { ($0.flags + $0.values).contains(option) }.flatMap(\.extensions))).sorted()
    }
}
