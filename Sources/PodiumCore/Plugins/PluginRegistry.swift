import PodiumKit

/// The scene kinds available to decks, from built-in plugins (registered at build time) and
/// external ones (loaded at run time). Refuses duplicate ids and duplicate kinds, saying why.
public final class PluginRegistry {
    public struct Loaded {
        public var descriptor: PluginDescriptor
        /// Where it came from: "built-in" or the shared library's path.
        public var origin: String
    }
    public struct Refused: Equatable {
        public var origin: String
        public var reason: String
    }
    public private(set) var loaded: [Loaded] = []
    public private(set) var refused: [Refused] = []
    private var kinds: [String: (SceneKind, String)] = [:]   // kind → (kind, plugin id)

    public init() {}

    /// Adds a plugin, or records why it was refused. Returns true when it was added.
    @discardableResult
    public func register(_ d: PluginDescriptor, origin: String = "built-in") -> Bool {
        if let why = d.apiVersion.refusal(onHost: PluginDescriptor.hostAPIVersion) { refused.append(Refused(origin: origin, reason: why)); return false }
        if d.id.isEmpty { refused.append(Refused(origin: origin, reason: "manifest invalid at field id: empty")); return false }
        if let other = loaded.first(where: { $0.descriptor.id == d.id }) {
            refused.append(Refused(origin: origin, reason: "duplicate plugin id \"\(d.id)\" (already loaded from \(other.origin))")); return false
        }
        for k in d.sceneKinds {
            if let (_, owner) = kinds[k.name] {
                refused.append(Refused(origin: origin, reason: "duplicate scene kind \"\(k.name)\" (already supplied by \(owner))")); return false
            }
        }
        loaded.append(Loaded(descriptor: d, origin: origin))
        for k in d.sceneKinds { kinds[k.name] = (k, d.id) }
        return true
    }

    public func sceneKind(_ name: String) -> (kind: SceneKind, pluginID: String)? { kinds[name].map { ($0.0, $0.1) } }
    public var kindNames: [String] { kinds.keys.sorted() }
    /// Validators by kind, for `Deck.load`.
    public var validators: [String: (SceneParameters) throws -> Void] { kinds.mapValues { $0.0.validate } }
}
