import Foundation
import PodiumKit
import PodiumTestSupport
import XCTest

/// A misspelt parameter in one scene (trial 14 F2, `"colour"` in scene 3) stopped `present` from
/// starting at all (exit 2, no window), while a missing PDF only made that scene an error card.
/// Now the talk runs with that scene as the same presenter-only card; `check` still fails.
final class BadParameterSceneEndToEndTests: XCTestCase {
    var dir: URL!
    override func setUp() { dir = TestPaths.tempDir("e2e-badparam") }
    override func tearDown() { try? FileManager.default.removeItem(at: dir) }

    static let deck = #"""
    { "title": "Bad", "scenes": [
     { "kind": "title", "title": "One", "parameters": { "heading": "First" } },
     { "kind": "title", "title": "Two", "parameters": { "heading": "Second" } },
     { "kind": "title", "title": "Three", "parameters": { "heading": "Third", "colour": "red" } }
    ]}
    """#

    func controls(_ s: JSONValue, _ role: String) -> [JSONValue] {
        s["windows"]?.array?.first { $0["role"]?.string == role }?["controls"]?.array ?? []
    }

    func testAMisspeltParameterIsAnErrorCardAndTheTalkRuns() throws {
        let path = dir.appendingPathComponent("typo.json").path
        try Self.deck.write(toFile: path, atomically: false, encoding: .utf8)
        let problem = "scenes[2].parameters.colour: unknown parameter of a \"title\" scene"

        let app = try PodiumProcess(args: [path], environment: ["SDL_VIDEODRIVER": "offscreen", "SDL_RENDER_DRIVER": "software"], dir: dir)
        defer { app.stop() }
        let c = app.client!
        XCTAssertEqual(try c.send(["cmd": "state"])["scene"]?["count"]?.int, 3, "the talk started, every scene in it")
        XCTAssertTrue(app.log.contains(problem), "logged at the start: \(app.log)")
        XCTAssertEqual(try c.send(["cmd": "goto", "index": 2])["ok"]?.bool, true)
        let s = try c.waitForState { $0["scene"]?["index"]?.int == 2 }
        let card = try XCTUnwrap(controls(s, "presenter").first { $0["role"]?.string == "alert" }, "the scene is an error card on the presenter view")
        let label = card["label"]?.string ?? ""
        XCTAssertTrue(label.contains("typo.json: \(problem)") && label.contains("(scene 3)"), "names the file, scene and parameter: \(label)")
        XCTAssertTrue(card["value"]?.string?.contains("The room does not see this card") == true, "\(card)")
        XCTAssertNil(controls(s, "audience").first { $0["role"]?.string == "alert" }, "the room sees no error")
        XCTAssertFalse(controls(s, "audience").contains { $0["label"]?.string?.contains("colour") == true }, "nor its text")
        XCTAssertEqual(try c.send(["cmd": "goto", "index": 0])["ok"]?.bool, true, "the talk goes on")
        // The typo the talk started with does not block a reload of another edit.
        try Self.deck.replacingOccurrences(of: "\"One\"", with: "\"Uno\"").write(toFile: path, atomically: false, encoding: .utf8)
        XCTAssertEqual(try c.waitForState { $0["scene"]?["title"]?.string == "Uno" }["scene"]?["index"]?.int, 0)
        XCTAssertEqual(app.stop(), 0)

        let r = try runProcess(TestPaths.podium, ["check", path], environment: TestPaths.privateHome(in: dir))
        XCTAssertEqual(r.status, 2, "check still fails: \(r.stderr)")
        XCTAssertTrue(r.stderr.contains(problem), r.stderr)
    }
}
