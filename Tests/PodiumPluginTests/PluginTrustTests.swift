import Foundation
import PodiumCore
import PodiumKit
import PodiumTestSupport
import XCTest

/// Plugins are code: folders and files someone else could write are refused before `dlopen`, the
/// manifest is bounded, and a library runs no code (not even its ELF constructors) until a deck
/// uses one of its kinds. The marker library writes a file from its constructor, so "ran" is
/// observed, not assumed.
final class PluginTrustTests: XCTestCase {
    var root: URL!
    override func setUpWithError() throws {
        root = try Fixtures.temporaryDirectory("trust")
        addTeardownBlock { [root] in try? FileManager.default.removeItem(at: root!) }
    }

    /// A library with no Podium entry whose constructor writes `$PODIUM_TEST_MARK`.
    static let constructorSource = """
    #include <stdio.h>
    #include <stdlib.h>
    __attribute__((constructor)) static void ran(void) {
      const char *m = getenv("PODIUM_TEST_MARK"); FILE *f = m ? fopen(m, "w") : NULL;
      if (f) { fputs("constructor ran\\n", f); fclose(f); }
    }
    """

    func markerPlugin(_ name: String) throws -> URL {
        let dir = try Fixtures.pluginDirectory(root.appendingPathComponent("plugins/\(name)"), ["sceneKinds": ["marker"]])
        try Fixtures.cLibrary(Self.constructorSource, in: dir)
        return dir
    }

    func podium(_ args: [String], mark: URL) throws -> ProcessResult {
        try runPodium(args, environment: [
            "SDL_VIDEODRIVER": "offscreen", "XDG_DATA_HOME": root.appendingPathComponent("data").path,
            "XDG_CONFIG_HOME": root.appendingPathComponent("config").path, "HOME": root.path, "PODIUM_TEST_MARK": mark.path,
        ])
    }

    func refusals(_ dir: URL) -> [PluginRegistry.Refused] {
        let r = PluginRegistry()
        PluginLoader.loadAll(PluginSearchPath(commandLine: dir.path, environment: ["HOME": root.path]), into: r)
        XCTAssertTrue(r.refused.isEmpty || r.pending.isEmpty, "nothing of an untrusted plugin is kept: \(r.pending.map(\.libraryPath))")
        return r.refused
    }

    func testWorldAndGroupWritableFoldersAndFilesAreRefused() throws {
        let dir = try markerPlugin("open")
        chmod(dir.path, 0o777)
        XCTAssertEqual(refusals(dir), [.init(origin: dir.path, reason: "\(dir.path) is writable by others (mode 777): make it writable only by you (chmod go-w)")])
        chmod(dir.path, 0o755)
        let lib = dir.appendingPathComponent("libtest.so").path
        chmod(lib, 0o775)
        if getuid() == 0, let shared = getgrnam("nogroup") {
            // Group-writable is refused for a shared group, accepted for the owner's private one.
            let own = (try? FileManager.default.attributesOfItem(atPath: lib)[.groupOwnerAccountID] as? Int).flatMap { $0 }
            chown(lib, 0, shared.pointee.gr_gid)
            XCTAssertEqual(refusals(dir), [.init(origin: lib, reason: "\(lib) is writable by the group (mode 775): make it writable only by you (chmod go-w)")])
            if let own, String(cString: getgrgid(gid_t(own)).pointee.gr_name) == "root" {
                chown(lib, 0, gid_t(own))
                XCTAssertEqual(refusals(dir), [], "root's private group may write it")
            }
        }
        chmod(lib, 0o755)
        let manifest = dir.appendingPathComponent("plugin.json").path
        chmod(manifest, 0o666)
        XCTAssertEqual(refusals(dir).first?.origin, manifest)
        chmod(manifest, 0o644)
        // A writable folder further up is as bad: whoever can write it can swap the plugin folder.
        let parent = dir.deletingLastPathComponent().path
        chmod(parent, 0o777)
        XCTAssertEqual(refusals(dir).first?.reason, "\(parent) is writable by others (mode 777): make it writable only by you (chmod go-w)")
        chmod(parent, 0o755)
        XCTAssertEqual(refusals(dir), [], "the same plugin with safe modes is accepted")
    }

    /// Needs root to give the folder to another user; as another user it is the same check.
    func testFolderOwnedByAnotherUserIsRefused() throws {
        guard getuid() == 0, let nobody = getpwnam("nobody") else { throw XCTSkip("needs root to chown to nobody") }
        let dir = try markerPlugin("theirs")
        chown(dir.path, nobody.pointee.pw_uid, nobody.pointee.pw_gid)
        XCTAssertEqual(refusals(dir), [.init(origin: dir.path, reason: "\(dir.path) is owned by nobody, not by you or root")])
    }

    func testManifestIsBounded() throws {
        let big = try Fixtures.pluginDirectory(root.appendingPathComponent("big"), ["name": String(repeating: "x", count: 100)])
        try Data(count: PluginLoader.maxManifestBytes + 1).write(to: big.appendingPathComponent("plugin.json"))
        XCTAssertEqual(refusals(big).first?.reason, "manifest is \(PluginLoader.maxManifestBytes + 1) bytes, more than the 64 KB allowed")
        let kinds = (0...PluginManifest.maxSceneKinds).map { "k\($0)" }
        let many = try Fixtures.pluginDirectory(root.appendingPathComponent("many"), ["sceneKinds": kinds])
        XCTAssertEqual(refusals(many).first?.reason, "manifest invalid at field sceneKinds: 65 kinds, more than the 64 allowed")
        let fifo = root.appendingPathComponent("fifo")
        try FileManager.default.createDirectory(at: fifo, withIntermediateDirectories: true)
        mkfifo(fifo.appendingPathComponent("plugin.json").path, 0o644)
        XCTAssertEqual(refusals(fifo).first?.reason, "not a regular file but a FIFO (named pipe)", "a FIFO manifest is refused, not waited on")
    }

    /// From the reliability case plugin-untrusted-code: `check` of a deck that does not use the
    /// plugin runs none of its code; `plugins` lists it unopened; a deck using its kind opens it.
    func testLibraryRunsNoCodeUntilADeckUsesItsKind() throws {
        let dir = try markerPlugin("marker")
        let mark = root.appendingPathComponent("ran")
        let demo = Fixtures.packageRoot.appendingPathComponent("Assets/Decks/demo.json").path
        let check = try podium(["check", demo, "--plugin-path", dir.path], mark: mark)
        XCTAssertEqual(check.status, 0, check.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: mark.path), "check of an unrelated deck ran the library's constructor")

        let list = try podium(["plugins", "--json", "--plugin-path", dir.path], mark: mark)
        XCTAssertFalse(FileManager.default.fileExists(atPath: mark.path), "plugins without --load ran the library's constructor")
        let json = try JSONValue.parse(Data(list.stdout.utf8))
        // Built-in plugins (libraries beside podium) are listed first, not opened either.
        XCTAssertEqual(json["notLoaded"]?.array?.last?["sceneKinds"], ["marker"], list.stdout)
        XCTAssertEqual(json["refused"], [])

        let deck = root.appendingPathComponent("deck.json")
        try #"{"title":"m","scenes":[{"kind":"marker"}]}"#.write(to: deck, atomically: true, encoding: .utf8)
        let uses = try podium(["check", deck.path, "--plugin-path", dir.path], mark: mark)
        XCTAssertTrue(FileManager.default.fileExists(atPath: mark.path), "a deck using the kind opens the library")
        XCTAssertEqual(uses.status, 2)
        XCTAssertTrue(uses.stderr.contains("podium: plugin refused: \(dir.path)/libtest.so: missing entry point podium_plugin_entry"), uses.stderr)
        XCTAssertTrue(uses.stderr.contains(#"scene kind "marker" is unavailable: plugin org.test.marker was refused: missing entry point"#), uses.stderr)

        try FileManager.default.removeItem(at: mark)
        let load = try podium(["plugins", "--load", "--plugin-path", dir.path], mark: mark)
        XCTAssertTrue(FileManager.default.fileExists(atPath: mark.path), "--load opens every library")
        XCTAssertTrue(load.stdout.contains("refused (1):"), load.stdout)
    }
}
