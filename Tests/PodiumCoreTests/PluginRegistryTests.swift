import PodiumCore
import PodiumKit
import XCTest

final class PluginRegistryTests: XCTestCase {
    func plugin(_ id: String, kinds: [String], api: APIVersion = PluginDescriptor.hostAPIVersion) -> PluginDescriptor {
        PluginDescriptor(id: id, name: id, version: "1", apiVersion: api, sceneKinds: kinds.map { k in
            SceneKind(name: k, summary: k, make: { _, _ in throw SceneParameterError(path: "x", message: "unused") })
        })
    }

    func testRefusesDuplicateIdsKindsAndOtherMajors() {
        let r = PluginRegistry()
        XCTAssertTrue(r.register(plugin("a", kinds: ["one"])))
        XCTAssertFalse(r.register(plugin("a", kinds: ["two"]), origin: "/p/a2.so"))
        XCTAssertFalse(r.register(plugin("b", kinds: ["one"]), origin: "/p/b.so"))
        XCTAssertFalse(r.register(plugin("c", kinds: ["three"], api: APIVersion(major: 4, minor: 0)), origin: "/p/c.so"))
        XCTAssertFalse(r.register(plugin("d", kinds: ["four"], api: APIVersion(major: 3, minor: 99)), origin: "/p/d.so"))
        XCTAssertEqual(r.kindNames, ["one"])
        XCTAssertEqual(r.refused.map(\.reason), [
            #"duplicate plugin id "a" (already loaded from built-in)"#,
            #"duplicate scene kind "one" (already supplied by a)"#,
            "plugin API 4.0 on a 3.0 host (major versions differ: update Podium, or rebuild the plugin against PodiumKit 3.x)",
            "plugin API 3.99 is newer than the host's \(PluginDescriptor.hostAPIVersion)",
        ])
    }

    func testAPIVersionParsing() {
        XCTAssertEqual(APIVersion("1.2"), APIVersion(major: 1, minor: 2))
        XCTAssertNil(APIVersion("1"))
        XCTAssertNil(APIVersion("1.x"))
        XCTAssertNil(APIVersion(major: 1, minor: 0).refusal(onHost: APIVersion(major: 1, minor: 3)))
    }
}
