import Foundation
import PodiumCore
import PodiumKit
import PodiumTestSupport
import XCTest

/// A deck using a kind of a refused plugin names that plugin and why, never just "unknown scene
/// kind"; and the list of available kinds never names a kind the same run called unavailable.
final class RefusedPluginKindMessageTests: XCTestCase {
    var root: URL!
    override func setUpWithError() throws {
        root = try Fixtures.temporaryDirectory("refusedkind")
        addTeardownBlock { [root] in try? FileManager.default.removeItem(at: root!) }
    }

    func check(_ deckJSON: String, pluginPath: URL) throws -> ProcessResult {
        let deck = root.appendingPathComponent("deck.json")
        try deckJSON.write(to: deck, atomically: true, encoding: .utf8)
        return try runPodium(["check", deck.path, "--plugin-path", pluginPath.path], environment: [
            "SDL_VIDEODRIVER": "offscreen", "XDG_DATA_HOME": root.appendingPathComponent("data").path,
            "XDG_CONFIG_HOME": root.appendingPathComponent("config").path, "XDG_STATE_HOME": root.appendingPathComponent("state").path,
            "HOME": root.path,
        ])
    }

    /// The trial's hello plugin with `"api": "2.1"` in plugin.json: refused before its library
    /// opens; a deck using "hello" says which plugin declares it and why it was refused.
    func testAKindOfAPluginRefusedForItsAPINamesThePluginAndWhy() throws {
        let dir = try Fixtures.pluginDirectory(root.appendingPathComponent("plugins/hello"),
                                               ["id": "org.example.hello", "api": "2.1", "sceneKinds": ["hello"]])
        try Fixtures.cLibrary("int unused(void) { return 0; }", in: dir)
        let r = try check(#"{"title":"h","scenes":[{"kind":"hello"}]}"#, pluginPath: dir)
        XCTAssertEqual(r.status, 2, r.stderr)
        let manifest = dir.appendingPathComponent("plugin.json").path
        XCTAssertTrue(r.stderr.contains(#"scene kind "hello" is unavailable: plugin org.example.hello was refused: \#(manifest): plugin API 2.1 on a 3.0 host"#), r.stderr)
        XCTAssertFalse(r.stderr.contains("unknown scene kind"), r.stderr)
    }

    /// A plugin refused when its library opens (here: no entry point; the trial's was a stale
    /// plugin.json): "hello" is unavailable, and the unknown kind's list of available kinds in the
    /// same run does not offer "hello".
    func testTheAvailableKindsNeverListAKindJustFoundUnavailable() throws {
        let dir = try Fixtures.pluginDirectory(root.appendingPathComponent("plugins/hello"),
                                               ["id": "org.example.hello", "sceneKinds": ["hello"]])
        try Fixtures.cLibrary("int unused(void) { return 0; }", in: dir)
        let r = try check(#"{"title":"h","scenes":[{"kind":"hello"},{"kind":"setlist"}]}"#, pluginPath: dir)
        XCTAssertEqual(r.status, 2, r.stderr)
        // Trial 17 m9: the kind is what is wrong, not the scene's parameters.
        XCTAssertTrue(r.stderr.contains(#"scenes[0].kind: scene kind "hello" is unavailable: plugin org.example.hello was refused: missing entry point"#), r.stderr)
        XCTAssertFalse(r.stderr.contains("scenes[0].parameters"), r.stderr)
        let unknown = try XCTUnwrap(r.stderr.split(separator: "\n").first { $0.contains(#"unknown scene kind "setlist""#) }, r.stderr)
        XCTAssertTrue(unknown.contains("(available: "), String(unknown))
        XCTAssertFalse(unknown.contains("hello"), "lists hello as available after calling it unavailable: \(unknown)")
    }

    /// Trial 17 m9: a plugin.json cut short before its kinds (not JSON, no kind to salvage): the
    /// kind is unknown, and the message says a plugin in that folder was refused, so it may be its.
    func testAKindUnknownBesideAPluginWhoseKindsCouldNotBeReadSaysThatPluginWasRefused() throws {
        let dir = root.appendingPathComponent("plugins/pp-badjson")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        try #"{ "id": "org.example.hello", "name": "Hello", "#.write(to: dir.appendingPathComponent("plugin.json"), atomically: true, encoding: .utf8)
        try Fixtures.cLibrary("int unused(void) { return 0; }", in: dir)
        let r = try check(#"{"title":"h","scenes":[{"kind":"hello"}]}"#, pluginPath: dir)
        XCTAssertEqual(r.status, 2, r.stderr)
        let line = try XCTUnwrap(r.stderr.split(separator: "\n").first { $0.contains("scenes[0].kind") }, r.stderr)
        XCTAssertTrue(line.contains(#"unknown scene kind "hello" (available: "#), String(line))
        XCTAssertTrue(line.contains("; it may be a kind of the plugin in \(dir.path), which was refused: \(dir.path)/plugin.json: manifest invalid: not valid JSON"), String(line))
    }

    /// Every way a plugin.json can be refused names the plugin to a deck that uses a kind it lists
    /// (trial 8: bad JSON, a number for "api", no id, a library outside the folder gave only
    /// "unknown scene kind … (available: …)"), and no list of available kinds offers it.
    func testEveryRefusedManifestNamesThePluginForItsKinds() throws {
        let valid = #""name": "Hello", "version": "1.0.0", "library": "libtest.so", "sceneKinds": ["hello"]"#
        let cases: [(String, String, String)] = [
            ("badjson", #"{"id": "org.example.hello", "api": "3.0", \#(valid),"#, "manifest invalid: not valid JSON"),
            ("apinumber", #"{"id": "org.example.hello", "api": 3.0, \#(valid)}"#, "manifest invalid at field api: expected string, found number"),
            ("noid", #"{"api": "3.0", \#(valid)}"#, "manifest invalid at field id: missing"),
            ("outside", #"{"id": "org.example.hello", "api": "3.0", "name": "Hello", "version": "1.0.0", "library": "../libtest.so", "sceneKinds": ["hello"]}"#,
             "manifest invalid at field library: must be a path inside the plugin directory"),
            // Trial 11 F14: the plugin line was exact, but the deck line said "unknown scene kind".
            ("kindstring", #"{"id": "org.example.hello", "api": "3.0", "name": "Hello", "version": "1.0.0", "library": "libtest.so", "sceneKinds": "hello"}"#,
             "manifest invalid at field sceneKinds: expected array of strings, found string"),
            ("kindsfield", #"{"id": "org.example.hello", "api": "3.0", "name": "Hello", "version": "1.0.0", "library": "libtest.so", "kinds": ["hello"]}"#,
             "manifest invalid at field"),
            ("uppercase", #"{"id": "org.example.hello", "api": "3.0", "name": "Hello", "version": "1.0.0", "library": "libtest.so", "sceneKinds": ["Hello"]}"#,
             "manifest invalid at field sceneKinds"),
        ]
        for (name, manifest, why) in cases {
            let dir = root.appendingPathComponent("plugins-\(name)/hello")
            try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
            try manifest.write(to: dir.appendingPathComponent("plugin.json"), atomically: true, encoding: .utf8)
            try Fixtures.cLibrary("int unused(void) { return 0; }", in: dir)
            let r = try check(#"{"title":"h","scenes":[{"kind":"hello"},{"kind":"setlist"}]}"#, pluginPath: dir)
            XCTAssertEqual(r.status, 2, r.stderr)
            let plugin = name == "noid" ? dir.path : "org.example.hello"
            XCTAssertTrue(r.stderr.contains(#"scene kind "hello" is unavailable: plugin \#(plugin) was refused: \#(dir.path)/plugin.json: \#(why)"#), "\(name): \(r.stderr)")
            XCTAssertFalse(r.stderr.contains(#"unknown scene kind "hello""#), "\(name): \(r.stderr)")
            let unknown = try XCTUnwrap(r.stderr.split(separator: "\n").first { $0.contains(#"unknown scene kind "setlist""#) }, r.stderr)
            XCTAssertFalse(unknown.contains("hello"), "\(name): offers hello as available: \(unknown)")
        }
    }
}
