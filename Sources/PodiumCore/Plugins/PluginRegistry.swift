import FoundationEssentials
import Glibc
import PodiumKit

/// The scene kinds available to decks, from built-in plugins (registered at build time) and
/// external ones (found at run time). Refuses duplicate ids and duplicate kinds, saying why.
///
/// An external plugin is first *pending*: its manifest was read and checked, its kinds are
/// known, but its library is not opened. It is opened (`PluginLoader.open`) the first time one
/// of its kinds is looked up or validated, so a deck that does not use it runs none of its code.
public final class PluginRegistry {
    public struct Loaded {
        public var descriptor: PluginDescriptor
        /// Where it came from: "built-in" or the shared library's path.
        public var origin: String
        /// The plugin's assets (`assets` in plugin.json); nil for built-in plugins, which use `Assets/`.
        public var assetsDirectory: URL?
        /// plugin.json's `version` when it differs from the library's (`descriptor.version`): a
        /// stale plugin.json or another build of the library (trial 22 m9); nil when they agree.
        public var manifestVersion: String? = nil
        /// " (plugin.json says 1.0.0)" after the library's version when they differ, else "".
        public var versionNote: String { manifestVersion.map { " (plugin.json says \($0))" } ?? "" }
    }
    public struct Refused: Equatable {
        public var origin: String
        public var reason: String
        public init(origin: String, reason: String) { self.origin = origin; self.reason = reason }
    }
    public private(set) var loaded: [Loaded] = []
    public private(set) var refused: [Refused] = []
    /// External plugins found and checked but not opened yet, in search order.
    public private(set) var pending: [PluginLoader.Candidate] = []
    /// Called for each refusal as it happens (also the late ones, when a pending plugin fails to open).
    public var onRefuse: ((Refused) -> Void)?
    private var kinds: [String: (SceneKind, String)] = [:]   // kind → (kind, plugin id)

    public init() {}

    /// Adds a plugin, or records why it was refused. Returns true when it was added.
    @discardableResult
    public func register(_ d: PluginDescriptor, origin: String = "built-in", assetsDirectory: URL? = nil, manifestVersion: String? = nil) -> Bool {
        if let why = d.apiVersion.refusal(onHost: PluginDescriptor.hostAPIVersion) { refuse(origin, why); return false }
        if d.id.isEmpty { refuse(origin, "manifest invalid at field id: empty"); return false }
        if let why = conflict(id: d.id, kinds: d.sceneKinds.map(\.name)) { refuse(origin, why); return false }
        loaded.append(Loaded(descriptor: d, origin: origin, assetsDirectory: assetsDirectory,
                             manifestVersion: manifestVersion.flatMap { $0 == d.version ? nil : $0 }))
        for k in d.sceneKinds { kinds[k.name] = (k, d.id) }
        return true
    }

    /// Records an inspected external plugin whose library is opened on first use.
    public func addPending(_ c: PluginLoader.Candidate) { pending.append(c) }

    /// Opens every pending plugin now (`podium plugins --load`).
    public func openAllPending() {
        while let c = pending.first { pending.removeFirst(); PluginLoader.open(c, into: self) }
    }

    /// Opens the pending plugin that supplies `kind`, if any.
    private func openPending(supplying kind: String) {
        guard kinds[kind] == nil else { return }
        openPending { $0.manifest.sceneKinds.contains(kind) }
    }

    /// Opens the first pending plugin whose manifest matches (a deck opener's extension, a
    /// command's name). Returns true when one was opened and registered.
    @discardableResult
    func openPending(where matches: (PluginLoader.Candidate) -> Bool) -> Bool {
        guard let i = pending.firstIndex(where: matches) else { return false }
        let c = pending.remove(at: i)
        return PluginLoader.open(c, into: self)
    }

    /// Why a plugin with this id and these kinds cannot join (duplicate id or kind), or nil.
    /// The loader asks before opening a library, so a duplicate's code never runs.
    public func conflict(id: String, kinds names: [String]) -> String? {
        if let other = loaded.first(where: { $0.descriptor.id == id }) {
            return "duplicate plugin id \"\(id)\" (already loaded from \(other.origin))"
        }
        if let other = pending.first(where: { $0.manifest.id == id }) {
            // Found, not opened yet (it opens when a deck uses it): not "loaded" (trial 25 m5).
            return "duplicate plugin id \"\(id)\" (the copy at \(other.libraryPath), earlier on the search path, is the one used)"
        }
        for k in names {
            if let (_, owner) = kinds[k] { return "duplicate scene kind \"\(k)\" (already supplied by \(owner))" }
            if let other = pending.first(where: { $0.manifest.sceneKinds.contains(k) }) {
                return "duplicate scene kind \"\(k)\" (already supplied by \(other.manifest.id))"
            }
        }
        return nil
    }

    /// Plugins refused although their manifest was known (a built-in plugin whose library is
    /// missing): what they would supply, so a deck that needs them says which plugin and why.
    public private(set) var unavailable: [(manifest: PluginManifest, refusal: Refused)] = []
    /// Records a plugin whose manifest is known but that was not loaded (`unavailable`).
    public func refuse(_ manifest: PluginManifest, _ origin: String, _ reason: String) {
        unavailable.append((manifest, Refused(origin: origin, reason: reason)))
        refuse(origin, reason)
    }

    /// Plugins refused before any of their kinds could be read (a plugin.json that is not JSON
    /// and names none, an untrusted folder): the folder, and why.
    public private(set) var unread: [(folder: String, refusal: Refused)] = []
    /// Records a plugin refused before its kinds were known (`unread`).
    public func refuse(unread folder: String, _ origin: String, _ reason: String) {
        unread.append((folder, Refused(origin: origin, reason: reason)))
        refuse(origin, reason)
    }

    /// Libraries `dlopen` has opened in this process (`PluginLoader.open`), registered or
    /// refused: never opened again (`PluginLoader.lookAgain`).
    public private(set) var openedLibraries: Set<String> = []
    func noteOpened(_ library: String) { openedLibraries.insert(library) }

    /// Drops what was recorded of the plugin in `directory` (its refusals, the kinds it declared
    /// as unavailable): it is looked at again (`PluginLoader.lookAgain`).
    func forgetRefusals(under directory: String) {
        func inside(_ origin: String) -> Bool { origin == directory || origin.hasPrefix(directory + "/") }
        refused.removeAll { inside($0.origin) }
        unavailable.removeAll { inside($0.refusal.origin) }
        unread.removeAll { $0.folder == directory || inside($0.refusal.origin) }
    }

    /// Records a plugin that was not loaded, for `podium plugins`.
    public func refuse(_ origin: String, _ reason: String) {
        let r = Refused(origin: origin, reason: reason)
        refused.append(r)
        onRefuse?(r)
    }

    /// The kind and its plugin id; opens a pending plugin that supplies it first.
    public func sceneKind(_ name: String) -> (kind: SceneKind, pluginID: String)? {
        openPending(supplying: name)
        return kinds[name].map { ($0.0, $0.1) }
    }
    /// Every kind name, loaded or pending.
    /// Kinds a crashed talk's deck used that no plugin provides now (its folder removed or moved
    /// since the talk started): the restart makes their scenes error cards (`validators`)
    /// instead of waiting for a deck that never loads and leaving the talk down (trial 30 F2).
    public var goneKinds: Set<String> = []

    public var kindNames: [String] { Array(Set(kinds.keys).union(pending.flatMap(\.manifest.sceneKinds))).sorted() }
    /// Validators by kind, for `Deck.load`. A pending plugin's validator opens it when first
    /// called, that is only when a deck uses one of its kinds. Each runs the plugin's `validate`
    /// marked for the crash watcher, and not for an entry skipped after it crashed the talk
    /// (`SceneCode.validate`).
    public var validators: [String: (SceneParameters) throws -> Void] {
        var v = kinds.mapValues { k in { p in try SceneCode.validate(kind: k.0.name, p) { try Self.validateAll(p, of: k.0) } } as (SceneParameters) throws -> Void }
        for c in pending {
            for k in c.manifest.sceneKinds where v[k] == nil {
                v[k] = { [unowned self] p in
                    guard let kind = self.sceneKind(k)?.kind else {
                        let why = self.refused.last { $0.origin.hasPrefix(c.directory.path) }?.reason ?? "not loaded"
                        throw PluginUnavailable(kind: k, plugin: c.manifest.id, reason: why)
                    }
                    try SceneCode.validate(kind: k, p) { try Self.validateAll(p, of: kind) }
                }
            }
        }
        for u in unavailable {
            for k in u.manifest.sceneKinds where v[k] == nil {
                v[k] = { _ in throw PluginUnavailable(kind: k, plugin: u.manifest.id, reason: "\(u.refusal.origin): \(u.refusal.reason)") }
            }
        }
        for k in goneKinds where v[k] == nil { v[k] = { _ in throw PluginUnavailable(kind: k, plugin: "", reason: "", gone: true) } }
        return v
    }
    /// Why `kind`, which no loaded or pending plugin declares, is unavailable: a refused plugin
    /// declares it (in a plugin.json refused as invalid, or in a library refused for listing other
    /// kinds than its plugin.json), or nil when none does. The pending external plugins are opened
    /// first, as `plugins --load` does: only a library says which kinds it really supplies. Only
    /// asked for a deck that already fails (an unknown kind), so no plugin code runs for a good one.
    public func unavailability(ofKind kind: String) -> PluginUnavailable? {
        while let c = pending.first(where: { !$0.isBuiltIn }) { openPending { $0.libraryPath == c.libraryPath } }
        guard let u = unavailable.last(where: { $0.manifest.sceneKinds.contains(kind) }) else {
            // No manifest read declares it, but one could not be read: the kind may be that plugin's.
            return unread.last.map { PluginUnavailable(kind: kind, plugin: $0.folder, reason: "\($0.refusal.origin): \($0.refusal.reason)", kindsUnknown: true) }
        }
        return PluginUnavailable(kind: kind, plugin: u.manifest.id, reason: "\(u.refusal.origin): \(u.refusal.reason)")
    }

    /// The assets directory of an external plugin, nil for built-in ones.
    public func assetsDirectory(ofPlugin id: String) -> URL? { loaded.first { $0.descriptor.id == id }?.assetsDirectory }

    /// A deck uses a kind whose plugin was found but refused when its library was opened.
    /// `kindsUnknown`: the plugin's kinds could not be read (`plugin` is then its folder), so the
    /// kind may be another's; `Deck.parse` says so after its "unknown scene kind" message.
    public struct PluginUnavailable: Error, CustomStringConvertible {
        public var kind: String, plugin: String, reason: String, kindsUnknown = false
        /// No plugin provides the kind now, though one did when the talk started (`goneKinds`).
        public var gone = false
        public init(kind: String, plugin: String, reason: String, kindsUnknown: Bool = false, gone: Bool = false) {
            self.kind = kind; self.plugin = plugin; self.reason = reason; self.kindsUnknown = kindsUnknown; self.gone = gone
        }
        public var description: String {
            if gone { return "scene kind \"\(kind)\" is unavailable: no plugin provides it now (one did when the talk started: was its folder removed or moved?)" }
            return kindsUnknown ? "it may be a kind of the plugin in \(plugin), which was refused: \(reason)"
                : "scene kind \"\(kind)\" is unavailable: plugin \(plugin) was refused: \(reason)"
        }
    }
}
