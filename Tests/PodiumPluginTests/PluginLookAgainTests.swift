import Foundation
import PodiumCore
import PodiumKit
import PodiumTestSupport
import XCTest

/// Trial 32 F3: a reload looks on the plugin search path again (`PluginLoader.lookAgain`), so a
/// plugin whose folder came back, or whose plugin.json was fixed, serves the talk again without
/// a quit; a refusal that still holds is not said again, and a library already opened is never
/// opened a second time.
final class PluginLookAgainTests: XCTestCase {
    var root: URL!
    override func setUpWithError() throws {
        root = try Fixtures.temporaryDirectory("look-again")
        addTeardownBlock { [root] in try? FileManager.default.removeItem(at: root!) }
    }

    func searchPath() -> PluginSearchPath { PluginSearchPath(commandLine: root.appendingPathComponent("plugins").path, environment: ["HOME": root.path]) }

    func testAPluginJSONFixedSinceItWasRefusedBecomesPending() throws {
        let dir = try Fixtures.pluginDirectory(root.appendingPathComponent("plugins/poll"), ["api": "99.0", "sceneKinds": ["poll"]])
        try Fixtures.cLibrary("int unused;", in: dir)
        let r = PluginRegistry()
        var said: [String] = []
        r.onRefuse = { said.append($0.reason) }
        PluginLoader.loadAll(searchPath(), into: r)
        XCTAssertEqual(said.count, 1, "refused at launch: \(said)")
        XCTAssertTrue(r.unavailability(ofKind: "poll")?.description.contains("99.0") == true, "\(String(describing: r.unavailability(ofKind: "poll")))")
        XCTAssertEqual(PluginLoader.lookAgain(searchPath(), into: r), [], "nothing changed")
        XCTAssertEqual(said.count, 1, "the same refusal is not said again: \(said)")
        _ = try Fixtures.pluginDirectory(dir, ["sceneKinds": ["poll"]])   // the api fixed
        let found = PluginLoader.lookAgain(searchPath(), into: r)
        XCTAssertEqual(found, ["plugin org.test.poll found at \(dir.standardizedFileURL.path) (kinds poll)"])
        XCTAssertEqual(r.pending.map(\.manifest.id), ["org.test.poll"])
        XCTAssertTrue(r.kindNames.contains("poll"))
        XCTAssertTrue(r.refused.isEmpty, "the stale refusal is gone: \(r.refused)")
        XCTAssertEqual(PluginLoader.lookAgain(searchPath(), into: r), [], "pending already: left as it is")
    }

    func testAFolderPutBackEndsTheKindsGoneAndANewRefusalIsSaid() throws {
        let r = PluginRegistry()
        var said: [String] = []
        r.onRefuse = { said.append($0.reason) }
        try FileManager.default.createDirectory(at: root.appendingPathComponent("plugins"), withIntermediateDirectories: true)
        PluginLoader.loadAll(searchPath(), into: r)   // the poll plugin's folder removed
        XCTAssertEqual(said, [])
        r.goneKinds = ["poll"]
        let dir = try Fixtures.pluginDirectory(root.appendingPathComponent("plugins/poll"), ["sceneKinds": ["poll"]])
        try Fixtures.cLibrary("int unused;", in: dir)
        XCTAssertEqual(PluginLoader.lookAgain(searchPath(), into: r).count, 1)
        XCTAssertEqual(r.goneKinds, [], "the kind is provided again")
        // A second folder with a broken plugin.json: refused once, with its reason.
        let bad = root.appendingPathComponent("plugins/broken")
        try FileManager.default.createDirectory(at: bad, withIntermediateDirectories: true)
        try Data("{ not json".utf8).write(to: bad.appendingPathComponent("plugin.json"))
        XCTAssertEqual(PluginLoader.lookAgain(searchPath(), into: r), [])
        XCTAssertEqual(said.count, 1, "\(said)")
        XCTAssertEqual(PluginLoader.lookAgain(searchPath(), into: r), [])
        XCTAssertEqual(said.count, 1, "not again: \(said)")
    }

    func testALibraryOpenedAlreadyIsNotOpenedAgain() throws {
        let dir = try Fixtures.pluginDirectory(root.appendingPathComponent("plugins/poll"), ["sceneKinds": ["poll"]])
        try Fixtures.cLibrary("int unused;", in: dir)   // no entry: refused when opened
        let r = PluginRegistry()
        PluginLoader.loadAll(searchPath(), into: r)
        XCTAssertNil(r.sceneKind("poll"), "opened and refused")
        XCTAssertEqual(r.openedLibraries, [dir.appendingPathComponent("libtest.so").path])
        XCTAssertEqual(PluginLoader.lookAgain(searchPath(), into: r), [], "a library opened in this process is not pending again")
        XCTAssertTrue(r.pending.isEmpty)
    }
}
