import Foundation
import PodiumKit

/// The scene kinds available to decks, from built-in plugins (registered at build time) and
/// external ones (loaded at run time). Refuses duplicate ids and duplicate kinds, saying why.
public final class PluginRegistry {
    public struct Loaded {
        public var descriptor: PluginDescriptor
        /// Where it came from: "built-in" or the shared library's path.
        public var origin: String
        /// The plugin's assets (`assets` in plugin.json); nil for built-in plugins, which use `Assets/`.
        public var assetsDirectory: URL?
    }
    public struct Refused: Equatable {
        public var origin: String
        public var reason: String
        public init(origin: String, reason: String) { self.origin = origin; self.reason = reason }
    }
    public private(set) var loaded: [Loaded] = []
    public private(set) var refused: [Refused] = []
    private var kinds: [String: (SceneKind, String)] = [:]   // kind → (kind, plugin id)

    public init() {}

    /// Adds a plugin, or records why it was refused. Returns true when it was added.
    @discardableResult
    public func register(_ d: PluginDescriptor, origin: String = "built-in", assetsDirectory: URL? = nil) -> Bool {
        if let why = d.apiVersion.refusal(onHost: PluginDescriptor.hostAPIVersion) { refuse(origin, why); return false }
        if d.id.isEmpty { refuse(origin, "manifest invalid at field id: empty"); return false }
        if let why = conflict(id: d.id, kinds: d.sceneKinds.map(\.name)) { refuse(origin, why); return false }
        loaded.append(Loaded(descriptor: d, origin: origin, assetsDirectory: assetsDirectory))
        for k in d.sceneKinds { kinds[k.name] = (k, d.id) }
        return true
    }

    /// Why a plugin with this id and these kinds cannot join (duplicate id or kind), or nil.
    /// The loader asks before opening a library, so a duplicate's code never runs.
    public func conflict(id: String, kinds names: [String]) -> String? {
        if let other = loaded.first(where: { $0.descriptor.id == id }) {
            return "duplicate plugin id \"\(id)\" (already loaded from \(other.origin))"
        }
        for k in names {
            if let (_, owner) = kinds[k] { return "duplicate scene kind \"\(k)\" (already supplied by \(owner))" }
        }
        return nil
    }

    /// Records a plugin that was not loaded, for `podium plugins`.
    public func refuse(_ origin: String, _ reason: String) { refused.append(Refused(origin: origin, reason: reason)) }

    public func sceneKind(_ name: String) -> (kind: SceneKind, pluginID: String)? { kinds[name].map { ($0.0, $0.1) } }
    public var kindNames: [String] { kinds.keys.sorted() }
    /// Validators by kind, for `Deck.load`.
    public var validators: [String: (SceneParameters) throws -> Void] { kinds.mapValues { $0.0.validate } }
    /// The assets directory of an external plugin, nil for built-in ones.
    public func assetsDirectory(ofPlugin id: String) -> URL? { loaded.first { $0.descriptor.id == id }?.assetsDirectory }
}
