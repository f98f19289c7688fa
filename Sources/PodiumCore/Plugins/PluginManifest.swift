import FoundationEssentials
import Glibc
import PodiumKit

/// An external plugin's `plugin.json`, read and checked before its library is opened:
///
/// ```json
/// { "id": "org.example.hello", "name": "Hello", "version": "1.0.0", "api": "1.0",
///   "library": "libHelloScene.so", "sceneKinds": ["hello"], "assets": "Assets" }
/// ```
///
/// Unknown fields are ignored, so a manifest written for a newer host still parses.
public struct PluginManifest: Equatable, Sendable {
    public var id: String
    public var name: String
    public var version: String
    public var api: APIVersion
    /// The shared library, relative to the plugin directory.
    public var library: String
    public var sceneKinds: [String]
    /// Assets directory relative to the plugin directory, if the plugin has one.
    public var assets: String?
    /// The C entry point's symbol (`entry`), when not `podium_plugin_entry`: built-in plugins,
    /// which are also linked together into test binaries, each need their own.
    public var entry: String?
    /// Deck openers (`deckOpeners`) and commands (`commands`) the library supplies, so the host
    /// can parse the command line and list them without opening it
    /// (`PluginManifest+Contributions.swift`).
    public var deckOpeners: [DeckOpenerInfo] = []
    public var commands: [CommandInfo] = []

    public init(id: String, name: String, version: String, api: APIVersion, library: String, sceneKinds: [String], assets: String? = nil) {
        self.id = id; self.name = name; self.version = version; self.api = api
        self.library = library; self.sceneKinds = sceneKinds; self.assets = assets
    }

    /// A manifest problem. `field` is the JSON path (`sceneKinds[1]`), empty for the whole file.
    public struct Invalid: Error, CustomStringConvertible, Equatable {
        public var field: String
        public var message: String
        public var description: String {
            field.isEmpty ? "manifest invalid: \(message)" : "manifest invalid at field \(field): \(message)"
        }
    }

    /// Most scene kinds one plugin may list.
    public static let maxSceneKinds = 64

    /// Parses and validates manifest text. Throws `Invalid` naming the first bad field.
    public static func parse(_ data: Data) throws -> PluginManifest {
        let root: JSONValue
        do { root = try JSONValue.parse(data) } catch { throw Invalid(field: "", message: "not valid JSON: \(error)") }
        guard let o = root.object else { throw Invalid(field: "", message: "expected a JSON object, found \(root.typeName)") }

        func string(_ key: String, required: Bool = true) throws -> String? {
            guard let v = o[key], v != .null else {
                if required { throw Invalid(field: key, message: "missing (required string)") }
                return nil
            }
            guard let s = v.string else { throw Invalid(field: key, message: "expected string, found \(v.typeName) \(v.jsonString.prefix(40))") }
            guard !s.trimmingSpaces().isEmpty else { throw Invalid(field: key, message: "empty string") }
            guard s.utf8.count <= 256 else { throw Invalid(field: key, message: "\(s.utf8.count) bytes, more than the 256 allowed") }
            return s
        }
        func relativePath(_ key: String, _ s: String) throws -> String {
            if s.hasPrefix("/") || s.split(separator: "/").contains("..") {
                throw Invalid(field: key, message: "must be a path inside the plugin directory, found \"\(s)\"")
            }
            return s
        }

        let id = try string("id")!
        guard ManifestName.id.matches(id) else {
            throw Invalid(field: "id", message: "expected letters, digits, '.', '_' or '-' (e.g. \"org.example.hello\"), found \"\(id)\"")
        }
        let name = try string("name")!
        let version = try string("version")!
        let apiText = try string("api")!
        guard let api = APIVersion(apiText) else { throw Invalid(field: "api", message: "expected \"major.minor\" such as \"1.0\", found \"\(apiText)\"") }
        let library = try relativePath("library", try string("library")!)
        guard library.hasSuffix(".so") || library.contains(".so.") else {
            throw Invalid(field: "library", message: "expected a shared library file name ending in .so, found \"\(library)\"")
        }

        guard let kv = o["sceneKinds"] else { throw Invalid(field: "sceneKinds", message: "missing (required array of scene kind names)") }
        guard let ka = kv.array else { throw Invalid(field: "sceneKinds", message: "expected array of strings, found \(kv.typeName)") }
        guard !ka.isEmpty else { throw Invalid(field: "sceneKinds", message: "empty: a plugin supplies at least one scene kind") }
        guard ka.count <= maxSceneKinds else { throw Invalid(field: "sceneKinds", message: "\(ka.count) kinds, more than the \(maxSceneKinds) allowed") }
        var kinds: [String] = []
        for (i, k) in ka.enumerated() {
            guard let s = k.string else { throw Invalid(field: "sceneKinds[\(i)]", message: "expected string, found \(k.typeName) \(k.jsonString.prefix(40))") }
            guard ManifestName.kind.matches(s) else {
                throw Invalid(field: "sceneKinds[\(i)]", message: "expected lower-case letters, digits and '-' (e.g. \"band-list\"), found \"\(s)\"")
            }
            guard !kinds.contains(s) else { throw Invalid(field: "sceneKinds[\(i)]", message: "\"\(s)\" is listed twice") }
            kinds.append(s)
        }
        let assets = try string("assets", required: false).map { try relativePath("assets", $0) }
        var m = PluginManifest(id: id, name: name, version: version, api: api, library: library, sceneKinds: kinds, assets: assets)
        try m.parseContributions(o)
        return m
    }
}
