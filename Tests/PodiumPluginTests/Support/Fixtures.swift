import Foundation
import PodiumKit
import PodiumTestSupport
import XCTest

/// Paths, processes and plugin directories for the plugin tests.
enum Fixtures {
    /// The package root, found from this file's path.
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
    static var podium: URL { packageRoot.appendingPathComponent(".build/debug/podium") }

    /// A fresh temporary directory, removed by the caller's `addTeardownBlock` when given.
    static func temporaryDirectory(_ name: String) throws -> URL {
        let d = FileManager.default.temporaryDirectory.appendingPathComponent("podium-plugins-\(name)-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: d, withIntermediateDirectories: true)
        return d
    }

    /// The first of `names` found on PATH (or in the Swift toolchain's bin directory).
    static func tool(_ names: String...) -> String? {
        let dirs = (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":").map(String.init) + ["/opt/swift/usr/bin", "/usr/bin"]
        for n in names { for d in dirs where FileManager.default.isExecutableFile(atPath: "\(d)/\(n)") { return "\(d)/\(n)" } }
        return nil
    }

    /// Writes `plugin.json` into `dir` (created), with `overrides` replacing fields of a valid manifest
    /// (`.null` removes a field).
    @discardableResult
    static func pluginDirectory(_ dir: URL, _ overrides: [String: Any] = [:]) throws -> URL {
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        var m: [String: Any] = ["id": "org.test.\(dir.lastPathComponent)", "name": "Test", "version": "0.1.0", "api": "\(PluginDescriptor.hostAPIVersion)",
                                "library": "libtest.so", "sceneKinds": ["test-\(dir.lastPathComponent)"]]
        for (k, v) in overrides { if v is NSNull { m[k] = nil } else { m[k] = v } }
        try JSONSerialization.data(withJSONObject: m, options: [.sortedKeys]).write(to: dir.appendingPathComponent("plugin.json"))
        return dir
    }

    /// Compiles C source into `dir/libtest.so`, for plugins that are broken on purpose.
    static func cLibrary(_ source: String, in dir: URL, name: String = "libtest.so") throws {
        guard let cc = tool("cc", "clang", "gcc") else { throw XCTSkip("no C compiler found") }
        let src = dir.appendingPathComponent("fixture.c")
        try source.write(to: src, atomically: true, encoding: .utf8)
        let r = try runProcess(cc, ["-shared", "-fPIC", "-o", dir.appendingPathComponent(name).path, src.path])
        guard r.status == 0 else { throw NSError(domain: "cc", code: Int(r.status), userInfo: [NSLocalizedDescriptionKey: r.stderr]) }
    }

    /// C source of a library whose `podium_plugin_entry` returns a layout-1 entry with these fields.
    static func cEntry(magic: UInt32 = 0x504D_4450, major: Int, minor: Int, size: Int = 32,
                       fingerprint: UInt32 = PluginEntry.layoutFingerprint) -> String {
        """
        #include <stdint.h>
        #include <stddef.h>
        struct entry { uint32_t magic; uint16_t major, minor; uint32_t size, fingerprint; void *(*make)(void *); void *context; };
        static struct entry e = { \(magic)u, \(major), \(minor), \(size), \(fingerprint)u, NULL, NULL };
        const void *podium_plugin_entry(void) { return &e; }
        """
    }
}
