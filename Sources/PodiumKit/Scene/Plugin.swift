/// How a plugin tells the host what it supplies. Built-in plugins return one from a static
/// function; external plugins (shared libraries) return one through their C entry point
/// (`PluginEntry.export`, docs/WritingPlugins.md).
///
/// Evolution rule (after OBS's module API): fields are only ever appended, new fields have
/// defaults, and `apiVersion` rises — minor for additions, major for anything else. The host
/// accepts a plugin with the same major and a minor no newer than its own.
public struct PluginDescriptor {
    /// The plugin API version this build of PodiumKit implements.
    public static let hostAPIVersion = APIVersion(major: 3, minor: 0)

    /// Reverse-DNS identifier (`"org.podium.links"`); the host refuses a second plugin with the
    /// same id. Names the plugin's data directory (`$XDG_DATA_HOME/podium/<id>`).
    public var id: String
    /// Human-readable name for `podium plugins` and messages (`"Links"`).
    public var name: String
    /// The plugin's own version, free text (`"1.0.0"`); shown to people, never compared for
    /// compatibility (that is `apiVersion`).
    public var version: String
    /// The plugin API the plugin was built against; the host refuses it by
    /// ``APIVersion/refusal(onHost:)``. Leave the default.
    public var apiVersion: APIVersion
    /// The scene kinds the plugin makes; the host refuses a plugin supplying a kind another one
    /// already does.
    public var sceneKinds: [SceneKind]
    /// Files this plugin opens as a whole deck (`podium present talk.pdf`). (API 2.1; default none.)
    public var deckOpeners: [DeckOpener] = []
    /// `podium NAME …` subcommands. (API 2.1; default none.)
    public var commands: [PluginCommand] = []
    /// Runs `body` (the host loading and checking a new version of the deck for a reload) with
    /// every file the plugin opens during it read afresh, not from its caches; when `body`
    /// returns true the fresh state replaces the old, otherwise it is dropped. Nil: nothing is
    /// cached across loads. (API 2.1.)
    public var loadFresh: ((() -> Bool) -> Bool)?
    /// Blocks until the plugin's background work for the scenes made so far is done (headless
    /// `podium snapshot` then finds every page rendered). Nil: none. (API 2.1.)
    public var waitUntilIdle: (() -> Void)?

    /// A descriptor of scene kinds; `apiVersion` defaults to the version this PodiumKit implements.
    /// Deck openers, commands and the other optional fields are set afterwards.
    public init(id: String, name: String, version: String, apiVersion: APIVersion = PluginDescriptor.hostAPIVersion,
                sceneKinds: [SceneKind]) {
        self.id = id; self.name = name; self.version = version; self.apiVersion = apiVersion; self.sceneKinds = sceneKinds
    }
}

/// One kind of scene a plugin can make, named as decks name it (`"kind": "band-list"`).
public struct SceneKind {
    /// The name decks use in a scene's `"kind"` (`"band-list"`).
    public var name: String
    /// One-line description for `podium plugins` and `podium check`.
    public var summary: String
    /// Validates parameters without making the scene (for `podium check`). Throws
    /// `SceneParameterError` naming the bad field.
    public var validate: (SceneParameters) throws -> Void
    /// Makes the scene. Throwing shows an error card in its place; the talk goes on.
    public var make: @MainActor (SceneParameters, SceneContext) throws -> Scene
    /// For `SceneContext.openScene` when no scene's deck parameters include the segue's exactly:
    /// whether a scene with these deck parameters (first argument) can show the segue's (second),
    /// e.g. a PDF page-range scene for one of its pages. Nil: only exact matches. (API 1.0, optional.)
    public var accepts: ((SceneParameters, [String: JSONValue]) -> Bool)?
    /// Checks the files a scene with these (valid) parameters uses, by opening them: a missing,
    /// damaged or (with `complete`) half-written file is a problem; something the speaker should
    /// know (a PDF page that looks like slide + notes shown whole) is a warning. `podium check`,
    /// the presenter's banner and reloads ask it. Nil: nothing to check. (API 2.1.)
    public var checkFiles: ((SceneParameters, SceneFileCheckRequest) -> SceneFileCheck)?
    /// Every parameter name the kind reads from a deck (`"parameters": {…}`). When set, the
    /// host refuses a deck whose scene of this kind has another name (a misspelt key is
    /// otherwise ignored without a word), naming the file, the scene, the key and the closest
    /// known name. Nil: names are not checked. (Added after API 2.1; optional.)
    public var parameterNames: [String]?

    /// A kind named `name`; `validate` defaults to accepting every parameter set.
    public init(name: String, summary: String, validate: @escaping (SceneParameters) throws -> Void = { _ in },
                accepts: ((SceneParameters, [String: JSONValue]) -> Bool)? = nil,
                make: @escaping @MainActor (SceneParameters, SceneContext) throws -> Scene) {
        self.name = name; self.summary = summary; self.validate = validate; self.accepts = accepts; self.make = make
    }

    /// This kind with `parameterNames` set (for building descriptors in one expression).
    public func parameterNames(_ names: [String]) -> SceneKind {
        var k = self
        k.parameterNames = names
        return k
    }
}

/// A plugin API version: `major` changes break plugins, `minor` ones only add. Compared major
/// first, then minor.
public struct APIVersion: Equatable, Comparable, Sendable, CustomStringConvertible {
    /// The major and minor numbers, both ≥ 0.
    public var major: Int, minor: Int
    /// Version `major.minor`.
    public init(major: Int, minor: Int) { self.major = major; self.minor = minor }
    /// Parses "1.0"; nil for anything else.
    public init?(_ s: String) {
        let p = s.split(separator: ".")
        guard p.count == 2, let a = Int(p[0]), let b = Int(p[1]), a >= 0, b >= 0 else { return nil }
        major = a; minor = b
    }
    public var description: String { "\(major).\(minor)" }
    public static func < (a: APIVersion, b: APIVersion) -> Bool { (a.major, a.minor) < (b.major, b.minor) }
    /// The host rule: same major, plugin minor ≤ host minor. Returns the refusal reason or nil:
    /// an older plugin is to be rebuilt, a newer one wants a newer Podium (or a rebuild against
    /// the host's major).
    public func refusal(onHost host: APIVersion) -> String? {
        if major > host.major { return "plugin API \(self) on a \(host) host (major versions differ: update Podium, or rebuild the plugin against PodiumKit \(host.major).x)" }
        if major != host.major { return "plugin API \(self) on a \(host) host (major versions differ: rebuild the plugin against PodiumKit \(host))" }
        if minor > host.minor { return "plugin API \(self) is newer than the host's \(host)" }
        return nil
    }
}
