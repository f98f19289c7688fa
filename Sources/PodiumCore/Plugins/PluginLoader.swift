import Foundation
#if canImport(Glibc)
import Glibc
#endif
import PodiumKit

/// Loads external plugins into a registry: reads each `plugin.json`, checks it, opens the shared
/// library with `dlopen`, reads the C entry (see `PluginEntry`), and registers the descriptor.
/// Every failure becomes a `Refused` entry with the reason; nothing here crashes on bad input
/// (a library that crashes in its own code can still take the process down: Swift has no
/// recovery from traps).
///
/// Libraries are never closed: Swift registers a library's type metadata and conformances with
/// the runtime when it is opened, and unloading it would leave dangling pointers there.
public enum PluginLoader {
    /// Loads every plugin found on `searchPath` into `registry`, after the built-in ones.
    public static func loadAll(_ searchPath: PluginSearchPath, into registry: PluginRegistry) {
        let found = searchPath.discover()
        for p in found.problems { registry.refuse(p.origin, p.reason) }
        for dir in found.pluginDirectories { load(directory: dir, into: registry) }
    }

    /// Loads one plugin directory. Returns true when the plugin was registered.
    @discardableResult
    public static func load(directory: URL, into registry: PluginRegistry) -> Bool {
        switch check(directory: directory, registry: registry) {
        case let .success((descriptor, libraryPath, assets)):
            return registry.register(descriptor, origin: libraryPath, assetsDirectory: assets)
        case let .failure(refusal):
            registry.refuse(refusal.origin, refusal.reason)
            return false
        }
    }

    struct Refusal: Error { var origin: String; var reason: String }

    private static func check(directory: URL, registry: PluginRegistry) -> Result<(PluginDescriptor, String, URL?), Refusal> {
        let manifestURL = directory.appendingPathComponent("plugin.json")
        func refuse(_ origin: String, _ reason: String) -> Result<(PluginDescriptor, String, URL?), Refusal> {
            .failure(Refusal(origin: origin, reason: reason))
        }
        let data: Data
        do { data = try InputFile.read(manifestURL.path, maxBytes: 1 << 20) } catch { return refuse(directory.path, "cannot read \(error)") }
        let manifest: PluginManifest
        do { manifest = try PluginManifest.parse(data) } catch { return refuse(manifestURL.path, "\(error)") }
        let host = PluginDescriptor.hostAPIVersion
        if let why = manifest.api.refusal(onHost: host) { return refuse(manifestURL.path, why) }
        if let why = registry.conflict(id: manifest.id, kinds: manifest.sceneKinds) { return refuse(directory.path, why) }

        var assets: URL?
        if let a = manifest.assets {
            let url = directory.appendingPathComponent(a)
            var isDir: ObjCBool = false
            guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDir), isDir.boolValue else {
                return refuse(manifestURL.path, "manifest invalid at field assets: directory \"\(a)\" not found in \(directory.path)")
            }
            assets = url
        }

        let lib = directory.appendingPathComponent(manifest.library).path
        guard FileManager.default.fileExists(atPath: lib) else {
            return refuse(manifestURL.path, "manifest invalid at field library: \"\(manifest.library)\" not found in \(directory.path)")
        }
        guard isELFSharedObject(lib) else { return refuse(lib, "not a shared library (no ELF shared-object header)") }
        // RTLD_NOW: a library built against another PodiumKit usually misses symbols; that fails
        // here, with dlerror's text, instead of later in the middle of a talk.
        guard let handle = dlopen(lib, RTLD_NOW | RTLD_LOCAL) else {
            return refuse(lib, "cannot load: \(dlerror().map { String(cString: $0) } ?? "unknown dlopen error")")
        }
        guard let sym = dlsym(handle, PluginEntry.symbolName) else {
            return refuse(lib, "missing entry point \(PluginEntry.symbolName) (export it with @_cdecl(\"\(PluginEntry.symbolName)\"))")
        }
        typealias Entry = @convention(c) () -> UnsafeRawPointer?
        guard let entry = unsafeBitCast(sym, to: Entry.self)() else { return refuse(lib, "\(PluginEntry.symbolName) returned NULL") }

        let e = EntryHeader(entry)
        guard e.magic == PluginEntry.magic else { return refuse(lib, "\(PluginEntry.symbolName) did not return a Podium plugin entry (bad magic)") }
        let built = APIVersion(major: Int(e.apiMajor), minor: Int(e.apiMinor))
        if let why = built.refusal(onHost: host) { return refuse(lib, why) }
        guard e.size >= PluginEntry.layout1Size else { return refuse(lib, "plugin entry is \(e.size) bytes, smaller than layout 1 (\(PluginEntry.layout1Size))") }
        guard e.layoutFingerprint == PluginEntry.layoutFingerprint else {
            return refuse(lib, String(format: "built against a different PodiumKit (layout fingerprint %08x, host %08x): rebuild the plugin against this host's PodiumKit with the same compiler", e.layoutFingerprint, PluginEntry.layoutFingerprint))
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
            return refuse(lib, "the library supplies scene kinds [\(libKinds.joined(separator: ", "))] but plugin.json lists [\(manifest.sceneKinds.joined(separator: ", "))]")
        }
        return .success((d, lib, assets))
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
