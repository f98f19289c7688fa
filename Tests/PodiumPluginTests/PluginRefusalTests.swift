import Foundation
@testable import PodiumCore
import PodiumKit
import XCTest

/// The loader refuses bad plugins with the exact reason and never crashes on them. The broken
/// libraries are small C files compiled per test: they export the C entry (or do not) without
/// any Swift, which is exactly what the host must be able to inspect safely.
final class PluginRefusalTests: XCTestCase {
    var root: URL!
    override func setUpWithError() throws {
        root = try Fixtures.temporaryDirectory("refusal")
        addTeardownBlock { [root] in try? FileManager.default.removeItem(at: root!) }
    }

    /// Loads one plugin directory into a fresh registry and returns its single refusal.
    func refusal(_ dir: URL, registry: PluginRegistry = PluginRegistry(), file: StaticString = #filePath, line: UInt = #line) -> PluginRegistry.Refused? {
        XCTAssertFalse(PluginLoader.load(directory: dir, into: registry), "loaded", file: file, line: line)
        XCTAssertEqual(registry.refused.count, 1, "\(registry.refused)", file: file, line: line)
        return registry.refused.first
    }

    func testNotASharedLibrary() throws {
        let dir = try Fixtures.pluginDirectory(root.appendingPathComponent("text"))
        try "not ELF".write(to: dir.appendingPathComponent("libtest.so"), atomically: true, encoding: .utf8)
        let r = refusal(dir)
        XCTAssertEqual(r?.origin, dir.appendingPathComponent("libtest.so").path)
        XCTAssertEqual(r?.reason, "not a shared library (no ELF shared-object header)")
    }

    func testMissingEntryPoint() throws {
        let dir = try Fixtures.pluginDirectory(root.appendingPathComponent("noentry"))
        try Fixtures.cLibrary("int something_else(void) { return 1; }", in: dir)
        XCTAssertEqual(refusal(dir)?.reason, #"missing entry point podium_plugin_entry (export it with @_cdecl("podium_plugin_entry"))"#)
    }

    /// A 4.x library is refused from its C entry alone, even when its manifest claims the host's API.
    func testMajorAPIMismatchFromTheEntry() throws {
        let dir = try Fixtures.pluginDirectory(root.appendingPathComponent("api4"))
        try Fixtures.cLibrary(Fixtures.cEntry(major: 4, minor: 0), in: dir)
        XCTAssertEqual(refusal(dir)?.reason, "plugin API 4.0 on a 3.0 host (major versions differ: update Podium, or rebuild the plugin against PodiumKit 3.x)")
    }

    /// A plugin built for API 2.1 (before scenes and views were main-actor types) is refused, never
    /// loaded: its closures' mangled types are not this PodiumKit's and calling them would crash.
    func testPreviousMajorFromTheEntryIsRefused() throws {
        let dir = try Fixtures.pluginDirectory(root.appendingPathComponent("api2"))
        try Fixtures.cLibrary(Fixtures.cEntry(major: 2, minor: 1), in: dir)
        XCTAssertEqual(refusal(dir)?.reason, "plugin API 2.1 on a 3.0 host (major versions differ: rebuild the plugin against PodiumKit 3.0)")
    }

    /// A manifest that declares 4.0 is refused before the library is even opened.
    func testMajorAPIMismatchFromTheManifest() throws {
        let dir = try Fixtures.pluginDirectory(root.appendingPathComponent("manifest4"), ["api": "4.0"])
        let r = refusal(dir)
        XCTAssertEqual(r?.origin, dir.appendingPathComponent("plugin.json").path)
        XCTAssertEqual(r?.reason, "plugin API 4.0 on a 3.0 host (major versions differ: update Podium, or rebuild the plugin against PodiumKit 3.x)")
    }

    func testNewerMinorIsRefused() throws {
        let host = PluginDescriptor.hostAPIVersion
        let dir = try Fixtures.pluginDirectory(root.appendingPathComponent("minor"))
        try Fixtures.cLibrary(Fixtures.cEntry(major: host.major, minor: host.minor + 1), in: dir)
        XCTAssertEqual(refusal(dir)?.reason, "plugin API \(host.major).\(host.minor + 1) is newer than the host's \(host)")
    }

    func testBadMagicAndShortEntry() throws {
        let bad = try Fixtures.pluginDirectory(root.appendingPathComponent("magic"))
        try Fixtures.cLibrary(Fixtures.cEntry(magic: 0xDEAD_BEEF, major: 3, minor: 0), in: bad)
        XCTAssertEqual(refusal(bad)?.reason, "podium_plugin_entry did not return a Podium plugin entry (bad magic)")
        let short = try Fixtures.pluginDirectory(root.appendingPathComponent("short"))
        try Fixtures.cLibrary(Fixtures.cEntry(major: 3, minor: 0, size: 16), in: short)
        XCTAssertEqual(refusal(short)?.reason, "plugin entry is 16 bytes, smaller than layout 1 (32)")
    }

    /// A library compiled against a PodiumKit whose structs have other sizes.
    func testLayoutFingerprintMismatch() throws {
        let dir = try Fixtures.pluginDirectory(root.appendingPathComponent("layout"))
        let other = PluginEntry.layoutFingerprint ^ 0x5A5A
        try Fixtures.cLibrary(Fixtures.cEntry(major: PluginDescriptor.hostAPIVersion.major, minor: PluginDescriptor.hostAPIVersion.minor, fingerprint: other), in: dir)
        XCTAssertEqual(refusal(dir)?.reason, String(format: "built against a different PodiumKit (layout fingerprint %08x, host %08x): rebuild the plugin against this host's PodiumKit with the same compiler", other, PluginEntry.layoutFingerprint))
    }

    /// A well-formed entry whose descriptor function is NULL.
    func testMissingDescriptorFunction() throws {
        let dir = try Fixtures.pluginDirectory(root.appendingPathComponent("nomake"))
        try Fixtures.cLibrary(Fixtures.cEntry(major: PluginDescriptor.hostAPIVersion.major, minor: PluginDescriptor.hostAPIVersion.minor), in: dir)
        XCTAssertEqual(refusal(dir)?.reason, "the entry's make_descriptor is missing or returned NULL")
    }

    func testManifestInvalidAtField() throws {
        let dir = try Fixtures.pluginDirectory(root.appendingPathComponent("badkinds"), ["sceneKinds": ["ok", 3]])
        let r = refusal(dir)
        XCTAssertEqual(r?.origin, dir.appendingPathComponent("plugin.json").path)
        XCTAssertEqual(r?.reason, "manifest invalid at field sceneKinds[1]: expected string, found number 3")
        let missing = try Fixtures.pluginDirectory(root.appendingPathComponent("nolib"), ["library": "libgone.so"])
        XCTAssertEqual(refusal(missing)?.reason, "manifest invalid at field library: \"libgone.so\" not found in \(missing.path)")
        let assets = try Fixtures.pluginDirectory(root.appendingPathComponent("noassets"), ["assets": "Assets"])
        XCTAssertEqual(refusal(assets)?.reason, "manifest invalid at field assets: directory \"Assets\" not found in \(assets.path)")
    }

    /// Duplicates are refused from the manifest, before the library is opened (so the file need not exist).
    func testDuplicateIDAndDuplicateKind() throws {
        let registry = PluginRegistry()
        XCTAssertTrue(registry.register(PluginDescriptor(id: "org.test.taken", name: "Taken", version: "1", sceneKinds: [
            SceneKind(name: "taken-kind", summary: "") { _, _ in throw SceneParameterError(path: "", message: "unused") },
        ])))
        let dupID = try Fixtures.pluginDirectory(root.appendingPathComponent("dupid"), ["id": "org.test.taken"])
        XCTAssertEqual(refusal(dupID, registry: registry)?.reason, #"duplicate plugin id "org.test.taken" (already loaded from built-in)"#)
        let other = PluginRegistry()
        XCTAssertTrue(other.register(PluginDescriptor(id: "org.test.first", name: "First", version: "1", sceneKinds: [
            SceneKind(name: "taken-kind", summary: "") { _, _ in throw SceneParameterError(path: "", message: "unused") },
        ])))
        let dupKind = try Fixtures.pluginDirectory(root.appendingPathComponent("dupkind"), ["sceneKinds": ["taken-kind"]])
        XCTAssertEqual(refusal(dupKind, registry: other)?.reason, #"duplicate scene kind "taken-kind" (already supplied by org.test.first)"#)
    }

    /// Discovery: a plugin dir given directly, a folder of plugin dirs, a loose library, a missing dir.
    func testDiscoveryReportsWhatCannotBeAPlugin() throws {
        let folder = root.appendingPathComponent("folder")
        let a = try Fixtures.pluginDirectory(folder.appendingPathComponent("a"))
        let b = try Fixtures.pluginDirectory(folder.appendingPathComponent("b"))
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("c"), withIntermediateDirectories: true)
        try Data().write(to: folder.appendingPathComponent("c/libc.so"))
        try Data().write(to: folder.appendingPathComponent("loose.so"))
        let single = try Fixtures.pluginDirectory(root.appendingPathComponent("single"))
        let gone = root.appendingPathComponent("gone")
        let found = PluginSearchPath(commandLine: "\(folder.path):\(single.path):\(gone.path)", environment: ["HOME": root.path]).discover()
        XCTAssertEqual(found.pluginDirectories.map(\.lastPathComponent), [a, b, single].map(\.lastPathComponent))
        XCTAssertEqual(found.problems, [
            .init(origin: folder.appendingPathComponent("c").path, reason: "no plugin.json next to the shared library"),
            .init(origin: folder.appendingPathComponent("loose.so").path,
                  reason: "a shared library outside a plugin directory: put it in \(folder.path)/<name>/ with a plugin.json"),
            .init(origin: gone.path, reason: "plugin directory (from --plugin-path) does not exist or is not a directory"),
        ])
    }
}

/// A library's undefined PodiumKit symbol explained (trial 22 F4): a `View` subclass calling the
/// convenience `View.init(id:background:)` through `super.init` builds, then misses its
/// initializing entry at load; the message names the call and the fix, not a rebuild.
final class MissingSymbolTests: XCTestCase {
    func testASuperCallToAConvenienceInitializerIsNamedWithItsFix() throws {
        let dl = "/p/libTrap.so: undefined symbol: $s9PodiumKit4ViewC2id10backgroundACSSSg_AA5ColorVtcfc"
        let why = try XCTUnwrap(MissingSymbol.explain(dl, host: "3.0", manifestAPI: "3.0"))
        XCTAssertTrue(why.contains("convenience initializer View.init(id: String?, background: Color) through super.init"), why)
        XCTAssertTrue(why.contains("call the designated super.init() and set the properties"), why)
        XCTAssertFalse(why.contains("rebuild"), why)
    }

    func testAnotherMissingSymbolStillSaysRebuildAndNamesIt() throws {
        // View.init(id:background:)'s allocating entry (…fC), as a library built against another API would miss it.
        let dl = "/p/libOld.so: undefined symbol: $s9PodiumKit4ViewC2id10backgroundACSSSg_AA5ColorVtcfC"
        let why = try XCTUnwrap(MissingSymbol.explain(dl, host: "3.0", manifestAPI: "3.0"))
        XCTAssertTrue(why.hasPrefix("cannot load: built against another PodiumKit API than this host's 3.0"), why)
        XCTAssertTrue(why.contains("; PodiumKit.View.__allocating_init(id: Swift.Optional<Swift.String>"), "the symbol demangled: \(why)")
        XCTAssertNil(MissingSymbol.explain("/p/lib.so: undefined symbol: g_free_sized", host: "3.0", manifestAPI: "3.0"))
    }
}
