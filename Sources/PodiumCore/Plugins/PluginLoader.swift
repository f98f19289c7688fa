import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif
import PodiumKit

/// Loads external plugins into a registry in two stages, so that no plugin code runs before it is
/// needed:
///
/// 1. `inspect`: the folder and files are trusted (`PluginTrust`), `plugin.json` is read (bounded)
///    and checked, and the library is an ELF shared object. Nothing is opened with `dlopen`.
///    The plugin's kinds become known to the registry as *pending*.
/// 2. `open`: the first time a deck uses one of its kinds (or `podium plugins --load`), the
///    library is opened with `dlopen`, which runs its ELF constructors, then the C entry (see
///    `PluginEntry`) is read and the descriptor registered.
///
/// Every failure becomes a `Refused` entry with the reason; nothing here crashes on bad input
/// (a library that crashes in its own code can still take the process down: Swift has no
/// recovery from traps).
///
/// Libraries are never closed: Swift registers a library's type metadata and conformances with
/// the runtime when it is opened, and unloading it would leave dangling pointers there.
public enum PluginLoader {
    /// Largest `plugin.json` read, in bytes; a larger one is refused unread.
    public static let maxManifestBytes = 64 * 1024

    /// A plugin whose manifest and files passed every check that needs no code of its own.
    public struct Candidate {
        public var manifest: PluginManifest
        public var directory: URL
        public var libraryPath: String
        public var assetsDirectory: URL?
        /// Shipped beside the executable (`addBuiltIn`): its manifest is the host's own list.
        public var isBuiltIn = false
        public init(manifest: PluginManifest, directory: URL, libraryPath: String, assetsDirectory: URL? = nil) {
            self.manifest = manifest; self.directory = directory; self.libraryPath = libraryPath; self.assetsDirectory = assetsDirectory
        }
    }

    /// Makes a plugin shipped beside the executable (`libPDFScene.so` next to `podium`) known to
    /// `registry` without opening it: `manifest` comes from the host's one list of built-in
    /// plugins, its `library` is looked for in `directory`. The same trust rules as for external
    /// plugins apply (a library another user could replace is refused); a missing library is
    /// refused with the reason (`podium plugins` lists it), and decks that use its kinds fail.
    public static func addBuiltIn(_ manifest: PluginManifest, directory: URL, into registry: PluginRegistry) {
        let lib = directory.appendingPathComponent(manifest.library).path
        guard FileManager.default.fileExists(atPath: lib) else {
            registry.refuse(manifest, lib, "built-in plugin \(manifest.id) is missing: build it with `swift build --product \(manifest.library.dropFirst(3).dropLast(3))` (make build builds every one)")
            return
        }
        if let why = PluginTrust.refusal(lib) { registry.refuse(manifest, lib, why); return }
        guard isELFSharedObject(lib) else { registry.refuse(manifest, lib, "not a shared library (no ELF shared-object header)"); return }
        if let why = registry.conflict(id: manifest.id, kinds: manifest.sceneKinds) { registry.refuse(lib, why); return }
        var c = Candidate(manifest: manifest, directory: directory, libraryPath: lib, assetsDirectory: nil)
        c.isBuiltIn = true
        registry.addPending(c)
    }

    /// Finds every plugin on `searchPath` and makes its kinds known to `registry` without opening
    /// any library; with `open: true` (`podium plugins --load`) every library is opened at once.
    public static func loadAll(_ searchPath: PluginSearchPath, into registry: PluginRegistry, open: Bool = false) {
        let found = searchPath.discover()
        for p in found.problems { registry.refuse(p.origin, p.reason) }
        for dir in found.pluginDirectories {
            switch inspect(directory: dir, registry: registry) {
            case let .success(c): registry.addPending(c)
            case let .failure(r): r.record(in: registry)
            }
        }
        if open { registry.openAllPending() }
    }

    /// Inspects and opens one plugin directory now. Returns true when the plugin was registered.
    @discardableResult
    public static func load(directory: URL, into registry: PluginRegistry) -> Bool {
        switch inspect(directory: directory, registry: registry) {
        case let .success(c): return open(c, into: registry)
        case let .failure(refusal):
            refusal.record(in: registry)
            return false
        }
    }

    /// Why a plugin was refused; `manifest` once its plugin.json was read, so a deck using one of
    /// the kinds it declares names the plugin and the reason (`PluginRegistry.unavailable`)
    /// instead of calling the kind unknown.
    /// `folder`: the plugin's folder when its kinds could not be read at all (a plugin.json that
    /// is not JSON and names none): a deck's unknown kind may then be that plugin's.
    struct Refusal: Error {
        var origin: String; var reason: String; var manifest: PluginManifest? = nil; var folder: String? = nil
        func record(in registry: PluginRegistry) {
            if let manifest { registry.refuse(manifest, origin, reason) }
            else if let folder { registry.refuse(unread: folder, origin, reason) }
            else { registry.refuse(origin, reason) }
        }
    }

    /// Stage 1: everything that can be checked without running the plugin's code.
    static func inspect(directory: URL, registry: PluginRegistry) -> Result<Candidate, Refusal> {
        let manifestURL = directory.appendingPathComponent("plugin.json")
        // Once read, the manifest goes with every refusal: a deck using a kind it declares names it.
        var known: PluginManifest?
        func refuse(_ origin: String, _ reason: String) -> Result<Candidate, Refusal> {
            .failure(Refusal(origin: origin, reason: reason, manifest: known, folder: known == nil ? directory.path : nil))
        }
        if let why = PluginTrust.refusal(directory.path) { return refuse(directory.path, why) }
        if let why = PluginTrust.refusal(manifestURL.path) { return refuse(manifestURL.path, why) }
        let data: Data
        do { data = try InputFile.read(manifestURL.path, maxBytes: maxManifestBytes) }
        catch let e as InputFileError {
            if case let .tooLarge(size, limit) = e.reason { return refuse(manifestURL.path, "manifest is \(size) bytes, more than the \(limit / 1024) KB allowed") }
            return refuse(manifestURL.path, e.problem)
        } catch { return refuse(manifestURL.path, "cannot read: \(error)") }
        let manifest: PluginManifest
        do { manifest = try PluginManifest.parse(data) } catch {
            // What it still says (its id and kinds) names it to a deck that uses one of them.
            known = PluginManifest.salvage(data, folder: directory.path)
            return refuse(manifestURL.path, "\(error)")
        }
        known = manifest
        let host = PluginDescriptor.hostAPIVersion
        if let why = manifest.api.refusal(onHost: host) { return refuse(manifestURL.path, why) }
        if let why = registry.conflict(id: manifest.id, kinds: manifest.sceneKinds) { return refuse(directory.path, why) }

        var assets: URL?
        if let a = manifest.assets {
            let url = directory.appendingPathComponent(a)
            var isDir: Bool = false
            guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDir), isDir else {
                return refuse(manifestURL.path, "manifest invalid at field assets: directory \"\(a)\" not found in \(directory.path)")
            }
            assets = url
        }

        let lib = directory.appendingPathComponent(manifest.library).path
        guard FileManager.default.fileExists(atPath: lib) else {
            return refuse(manifestURL.path, "manifest invalid at field library: \"\(manifest.library)\" not found in \(directory.path)")
        }
        if let why = PluginTrust.refusal(lib) { return refuse(lib, why) }
        var st = stat()
        guard stat(lib, &st) == 0, (st.st_mode & S_IFMT) == S_IFREG else { return refuse(lib, "not a regular file") }
        guard isELFSharedObject(lib) else { return refuse(lib, "not a shared library (no ELF shared-object header)") }
        return .success(Candidate(manifest: manifest, directory: directory, libraryPath: lib, assetsDirectory: assets))
    }

    /// Stage 2: opens the library (its constructors run here) and registers its descriptor.
    /// Returns true when the plugin was registered; otherwise the refusal is recorded.
    @discardableResult
    static func open(_ c: Candidate, into registry: PluginRegistry) -> Bool {
        switch openLibrary(c, opened: { registry.noteOpened(c.libraryPath) }) {
        case let .success(d): return registry.register(d, origin: c.libraryPath, assetsDirectory: c.assetsDirectory, manifestVersion: c.manifest.version)
        case let .failure(r):
            // A deck using a kind of its manifest, or one its library supplies instead (plugin.json
            // lists "exampel", the library "example"), hears that this plugin was refused and why.
            var m = c.manifest
            m.sceneKinds += r.manifest?.sceneKinds.filter { !m.sceneKinds.contains($0) } ?? []
            registry.refuse(m, r.origin, r.reason); return false
        }
    }

    /// `opened` is told once `dlopen` has loaded the library (a failed one may be tried again).
    private static func openLibrary(_ c: Candidate, opened: () -> Void) -> Result<PluginDescriptor, Refusal> {
        let lib = c.libraryPath, manifest = c.manifest, host = PluginDescriptor.hostAPIVersion
        func refuse(_ origin: String, _ reason: String) -> Result<PluginDescriptor, Refusal> {
            .failure(Refusal(origin: origin, reason: reason))
        }
        // Checked again right before dlopen: the files may have changed since they were inspected.
        if let why = PluginTrust.refusal(lib) { return refuse(lib, why) }
        // RTLD_NOW: a library built against another PodiumKit usually misses symbols; that fails
        // here, with dlerror's text, instead of later in the middle of a talk.
        guard let handle = dlopen(lib, RTLD_NOW | RTLD_LOCAL) else {
            let error = dlerror().map { String(cString: $0) } ?? "unknown dlopen error"
            // A PodiumKit symbol this host lacks: the library was built against another API
            // than its manifest claims (a 2.x plugin whose plugin.json was edited to say 3.0).
            if let why = MissingSymbol.explain(error, host: "\(host)", manifestAPI: "\(manifest.api)") { return refuse(lib, why) }
            return refuse(lib, "cannot load: \(error)")
        }
        opened()
        let symbol = manifest.entry ?? PluginEntry.symbolName
        guard let sym = dlsym(handle, symbol) else {
            return refuse(lib, "missing entry point \(symbol) (export it with @_cdecl(\"\(symbol)\"))")
        }
        typealias Entry = @convention(c) () -> UnsafeRawPointer?
        guard let entry = unsafeBitCast(sym, to: Entry.self)() else { return refuse(lib, "\(PluginEntry.symbolName) returned NULL") }

        let e = EntryHeader(entry)
        guard e.magic == PluginEntry.magic else { return refuse(lib, "\(PluginEntry.symbolName) did not return a Podium plugin entry (bad magic)") }
        let built = APIVersion(major: Int(e.apiMajor), minor: Int(e.apiMinor))
        if let why = built.refusal(onHost: host) { return refuse(lib, why) }
        guard e.size >= PluginEntry.layout1Size else { return refuse(lib, "plugin entry is \(e.size) bytes, smaller than layout 1 (\(PluginEntry.layout1Size))") }
        guard e.layoutFingerprint == PluginEntry.layoutFingerprint else {
            return refuse(lib, String(cFormat: "built against a different PodiumKit (layout fingerprint %08x, host %08x): rebuild the plugin against this host's PodiumKit with the same compiler", e.layoutFingerprint, PluginEntry.layoutFingerprint))
        }
        guard built == manifest.api else {
            return refuse(lib, "plugin.json says API \(manifest.api) but the library was built against API \(built)")
        }
        guard let make = e.makeDescriptor, let raw = make(e.context) else { return refuse(lib, "the entry's make_descriptor is missing or returned NULL") }
        guard let box = Unmanaged<AnyObject>.fromOpaque(raw).takeRetainedValue() as? PluginDescriptorBox else {
            return refuse(lib, "the library's PodiumKit types are not the host's: link PodiumKit as the shared library libPodiumKit.so, not statically")
        }
        let d = box.descriptor
        guard d.id == manifest.id else { return refuse(lib, "the library's plugin id \"\(d.id)\" differs from plugin.json's \"\(manifest.id)\"") }
        let libKinds = d.sceneKinds.map(\.name)
        guard Set(libKinds) == Set(manifest.sceneKinds) else {
            var supplied = manifest; supplied.sceneKinds = libKinds
            return .failure(Refusal(origin: lib, reason: "the library supplies scene kinds [\(libKinds.joined(separator: ", "))] but plugin.json lists [\(manifest.sceneKinds.joined(separator: ", "))]", manifest: supplied))
        }
        let openers = d.deckOpeners.map(PluginManifest.DeckOpenerInfo.init)
        guard openers == manifest.deckOpeners else {
            return refuse(lib, "the library's deck openers \(describe(openers)) differ from plugin.json's \(describe(manifest.deckOpeners))")
        }
        let commands = d.commands.map(\.name)
        guard commands == manifest.commands.map(\.name) else {
            return refuse(lib, "the library supplies commands [\(commands.joined(separator: ", "))] but plugin.json lists [\(manifest.commands.map(\.name).joined(separator: ", "))]")
        }
        return .success(d)
    }

    private static func describe(_ openers: [PluginManifest.DeckOpenerInfo]) -> String {
        "[" + openers.map { "\($0.extensions.joined(separator: "/")) (options \(($0.flags + $0.values).joined(separator: " ")))" }.joined(separator: ", ") + "]"
    }


    /// True when the file starts with an ELF header of type ET_DYN (shared object).
    static func isELFSharedObject(_ path: String) -> Bool {
        // InputFile: a directory, FIFO or /proc file is not read (nor waited on).
        guard let b = (try? InputFile(path: path).read(upTo: 18)).map({ [UInt8]($0) }) else { return false }
        // e_ident: 0x7f 'E' 'L' 'F'; e_type at offset 16 (little-endian x86-64/arm64): 3 = ET_DYN.
        return b.count == 18 && b[0] == 0x7F && b[1] == 0x45 && b[2] == 0x4C && b[3] == 0x46 && b[16] == 3 && b[17] == 0
    }

    /// The fixed part of the C entry, read by offset (see `PluginEntry` for the layout).
    struct EntryHeader {
        var magic: UInt32, apiMajor: UInt16, apiMinor: UInt16, size: UInt32, layoutFingerprint: UInt32
        var makeDescriptor: (@convention(c) (UnsafeMutableRawPointer?) -> UnsafeMutableRawPointer?)?
        var context: UnsafeMutableRawPointer?
        init(_ p: UnsafeRawPointer) {
            magic = p.loadUnaligned(fromByteOffset: 0, as: UInt32.self)
            apiMajor = p.loadUnaligned(fromByteOffset: 4, as: UInt16.self)
            apiMinor = p.loadUnaligned(fromByteOffset: 6, as: UInt16.self)
            size = p.loadUnaligned(fromByteOffset: 8, as: UInt32.self)
            layoutFingerprint = p.loadUnaligned(fromByteOffset: 12, as: UInt32.self)
            // Only read the pointers when the entry claims to have them.
            let complete = magic == PluginEntry.magic && size >= PluginEntry.layout1Size
            makeDescriptor = complete ? p.load(fromByteOffset: 16, as: (@convention(c) (UnsafeMutableRawPointer?) -> UnsafeMutableRawPointer?)?.self) : nil
            context = complete ? p.load(fromByteOffset: 24, as: UnsafeMutableRawPointer?.self) : nil
        }
    }
}
