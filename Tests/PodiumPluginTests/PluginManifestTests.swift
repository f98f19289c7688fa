import Foundation
import PodiumCore
import PodiumKit
import XCTest

final class PluginManifestTests: XCTestCase {
    let valid = """
    {"id": "org.example.hello", "name": "Hello", "version": "1.2.0", "api": "1.0",
     "library": "libHello.so", "sceneKinds": ["hello", "hello-2"], "assets": "Assets", "future": true}
    """

    func testValidManifestParsesEveryField() throws {
        let m = try PluginManifest.parse(Data(valid.utf8))
        XCTAssertEqual(m, PluginManifest(id: "org.example.hello", name: "Hello", version: "1.2.0", api: APIVersion(major: 1, minor: 0),
                                         library: "libHello.so", sceneKinds: ["hello", "hello-2"], assets: "Assets"))
    }

    /// Each bad manifest is refused naming the field and the problem.
    func testInvalidManifestsNameTheField() throws {
        func reason(_ patch: [String: Any?]) throws -> String {
            var o = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(valid.utf8)) as? [String: Any])
            for (k, v) in patch { o[k] = v }
            do { _ = try PluginManifest.parse(JSONSerialization.data(withJSONObject: o)); return "accepted" }
            catch { return "\(error)" }
        }
        XCTAssertEqual(try reason(["id": nil]), "manifest invalid at field id: missing (required string)")
        XCTAssertEqual(try reason(["id": "has space"]), #"manifest invalid at field id: expected letters, digits, '.', '_' or '-' (e.g. "org.example.hello"), found "has space""#)
        XCTAssertEqual(try reason(["name": 3]), "manifest invalid at field name: expected string, found number 3")
        XCTAssertEqual(try reason(["version": ""]), "manifest invalid at field version: empty string")
        XCTAssertEqual(try reason(["api": "1"]), #"manifest invalid at field api: expected "major.minor" such as "1.0", found "1""#)
        XCTAssertEqual(try reason(["library": "../evil.so"]), #"manifest invalid at field library: must be a path inside the plugin directory, found "../evil.so""#)
        XCTAssertEqual(try reason(["library": "hello.dylib"]), #"manifest invalid at field library: expected a shared library file name ending in .so, found "hello.dylib""#)
        XCTAssertEqual(try reason(["sceneKinds": nil]), "manifest invalid at field sceneKinds: missing (required array of scene kind names)")
        XCTAssertEqual(try reason(["sceneKinds": []]), "manifest invalid at field sceneKinds: empty: a plugin supplies at least one scene kind")
        XCTAssertEqual(try reason(["sceneKinds": ["ok", 7]]), "manifest invalid at field sceneKinds[1]: expected string, found number 7")
        XCTAssertEqual(try reason(["sceneKinds": ["Hello"]]), #"manifest invalid at field sceneKinds[0]: expected lower-case letters, digits and '-' (e.g. "band-list"), found "Hello""#)
        XCTAssertEqual(try reason(["sceneKinds": ["a", "a"]]), #"manifest invalid at field sceneKinds[1]: "a" is listed twice"#)
        XCTAssertEqual(try reason(["assets": "/usr/share"]), #"manifest invalid at field assets: must be a path inside the plugin directory, found "/usr/share""#)
    }

    func testNonObjectAndNonJSONAreRefused() {
        XCTAssertThrowsError(try PluginManifest.parse(Data("[1]".utf8))) { XCTAssertEqual("\($0)", "manifest invalid: expected a JSON object, found array") }
        XCTAssertThrowsError(try PluginManifest.parse(Data("{".utf8))) { XCTAssertTrue("\($0)".hasPrefix("manifest invalid: not valid JSON: "), "\($0)") }
    }

    /// Host rule: same major, plugin minor ≤ host minor.
    func testAPIVersionRule() {
        let host = APIVersion(major: 1, minor: 2)
        XCTAssertNil(APIVersion(major: 1, minor: 0).refusal(onHost: host))
        XCTAssertNil(APIVersion(major: 1, minor: 2).refusal(onHost: host))
        XCTAssertEqual(APIVersion(major: 1, minor: 3).refusal(onHost: host), "plugin API 1.3 is newer than the host's 1.2")
        XCTAssertEqual(APIVersion(major: 2, minor: 0).refusal(onHost: host), "plugin API 2.0 on a 1.2 host (major versions differ: update Podium, or rebuild the plugin against PodiumKit 1.x)")
        XCTAssertEqual(APIVersion(major: 0, minor: 9).refusal(onHost: host), "plugin API 0.9 on a 1.2 host (major versions differ: rebuild the plugin against PodiumKit 1.2)")
    }

    /// The numbers compiled into plugins by `PluginEntry.export` are the host's API version.
    func testEntryConstantsMatchHostAPIVersion() {
        XCTAssertEqual(APIVersion(major: Int(PluginEntry.apiMajor), minor: Int(PluginEntry.apiMinor)), PluginDescriptor.hostAPIVersion)
    }

    func testSearchPathOrderAndXDGDefault() {
        let s = PluginSearchPath(commandLine: "/a:/b", environment: ["PODIUM_PLUGIN_PATH": "/c:/a", "XDG_DATA_HOME": "/xdg", "HOME": "/home/u"])
        XCTAssertEqual(s.entries.map(\.directory.path), ["/a", "/b", "/c", "/xdg/podium/plugins"])
        XCTAssertEqual(s.entries.map(\.source), ["--plugin-path", "--plugin-path", "PODIUM_PLUGIN_PATH", "XDG_DATA_HOME"])
        let d = PluginSearchPath(commandLine: nil, environment: ["HOME": "/home/u"])
        XCTAssertEqual(d.entries.map(\.directory.path), ["/home/u/.local/share/podium/plugins"])
        XCTAssertEqual(d.entries.map(\.explicit), [false])
        XCTAssertEqual(d.entries.map(\.source), ["the default, XDG_DATA_HOME unset"], "not labelled XDG_DATA_HOME when it is unset (trial 25 m4)")
    }
}
