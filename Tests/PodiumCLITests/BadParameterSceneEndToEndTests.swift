import Foundation
import PodiumKit
import PodiumTestSupport
import XCTest

/// A misspelt parameter in one scene (trial 14 F2, `"colour"` in scene 3) stopped `present` from
/// starting at all (exit 2, no window), while a missing PDF only made that scene an error card.
/// Now the talk runs with that scene as the same presenter-only card, and `follow` and
/// `snapshot` go on as `present` does; `check` still fails.
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

    /// `snapshot` of such a deck goes on as `present` does, with a warning naming the file, the
    /// scene and the parameter: the presenter view of that scene is its error card, the audience
    /// view the picture the room had (the snapshot's talk starts on the first scene and goes
    /// there, as `goto` would: the room keeps the first scene), never the card.
    func testSnapshotWarnsAndDrawsTheSceneAsTheTalkShowsIt() throws {
        let path = dir.appendingPathComponent("typo.json").path
        try Self.deck.write(toFile: path, atomically: false, encoding: .utf8)
        func snapshot(_ scene: Int, _ view: String) throws -> (ProcessResult, PNGImage?) {
            let out = dir.appendingPathComponent("\(view)-\(scene).png").path
            let r = try runProcess(TestPaths.podium, ["snapshot", path, "--scene", "\(scene)", "--view", view, "--size", "640x360", "--out", out],
                                   environment: TestPaths.privateHome(in: dir))
            return (r, try? PNGImage(path: out))
        }
        let (r, card) = try snapshot(2, "presenter")
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertTrue(r.stderr.contains("warning: \(path): scenes[2].parameters.colour: unknown parameter of a \"title\" scene"), r.stderr)
        XCTAssertTrue(r.stderr.contains("(scene 3)") && r.stderr.contains("error card on the presenter view"), r.stderr)
        let red = try XCTUnwrap(card, "the presenter view was written").count(x: 0, y: 0, w: 640, h: 360) { $0.r > 200 && $0.g < 110 && $0.b < 110 }
        XCTAssertGreaterThan(red, 200, "the card's red heading (\"This scene could not be shown\") is drawn")
        let (r0, first) = try snapshot(0, "audience"), (r2, held) = try snapshot(2, "audience")
        XCTAssertEqual(r0.status, 0, r0.stderr)
        XCTAssertEqual(r2.status, 0, r2.stderr)
        let (a, b) = (try XCTUnwrap(held).rgba, try XCTUnwrap(first).rgba)
        XCTAssertTrue(a == b, "the audience view of scene 3 is the first scene's picture, as the room keeps it (\(zip(a, b).filter { $0 != $1 }.count) bytes differ)")
        XCTAssertTrue(Set(stride(from: 0, to: a.count, by: 4).map { a[$0] }).count > 2, "and that picture is a scene, not the plain background")
    }

    /// `follow` of such a deck starts as `present` does (the talk it follows runs), with a
    /// warning naming the file, the scene and the parameter. No broker answers here: the
    /// follower waits, which is enough.
    func testAFollowerWarnsAndStarts() throws {
        let path = dir.appendingPathComponent("typo.json").path
        try Self.deck.write(toFile: path, atomically: false, encoding: .utf8)
        let follower = try PodiumProcess(args: ["mqtt://127.0.0.1:1/rehearsal", path], environment: ["SDL_VIDEODRIVER": "offscreen", "SDL_RENDER_DRIVER": "software"],
                                         dir: dir, command: "follow")
        defer { follower.stop() }
        XCTAssertEqual(try follower.send(["cmd": "state"])["scene"]?["count"]?.int, 3, "the follower started, every scene in it\n\(follower.log)")
        XCTAssertTrue(follower.log.contains("warning: \(path): scenes[2].parameters.colour: unknown parameter of a \"title\" scene"), follower.log)
        XCTAssertTrue(follower.log.contains("(scene 3)"), follower.log)
        XCTAssertEqual(follower.stop(), 0)
    }
}
