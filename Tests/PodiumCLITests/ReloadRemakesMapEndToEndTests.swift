import Foundation
import PodiumKit
import PodiumTestSupport
import XCTest

/// Trial 12 F9 with the real map: a co-author's edit of the map scene's zoom while the speaker
/// searched and typed on in the place field remade the scene, and the field, the results and the
/// pins were gone. The remade scene keeps them, and the field keeps the keys.
final class ReloadRemakesMapEndToEndTests: XCTestCase {
    var dir: URL!
    override func setUp() { dir = TestPaths.tempDir("e2e-reload-map") }
    override func tearDown() { try? FileManager.default.removeItem(at: dir) }

    func deck(zoom: Double) -> String {
        #"""
        { "title": "Stores", "scenes": [
          { "kind": "title", "title": "Welcome", "parameters": { "heading": "Welcome" } },
          { "kind": "map-search", "title": "Record Stores", "parameters": { "latitude": 60.1697, "longitude": 24.9445, "zoom": \#(zoom) } },
          { "kind": "title", "title": "Thanks", "parameters": { "heading": "Thanks" } } ] }
        """#
    }
    func controls(_ s: JSONValue) -> [JSONValue] {
        s["windows"]?.array?.first { $0["role"]?.string == "presenter" }?["controls"]?.array ?? []
    }
    func field(_ s: JSONValue) -> JSONValue? { controls(s).first { $0["id"]?.string == "map.search" } }
    func rows(_ s: JSONValue) -> [String] {
        controls(s).compactMap { $0["id"]?.string }.filter { $0.hasPrefix("map.results.row.") }
    }
    /// Clicks the place field at once: a notice (on a loaded machine the map's first draw is
    /// slow, and a notice says so) has its own line above the scene and never takes the click.
    func clickField(_ c: ControlClient) throws {
        XCTAssertEqual(try c.send(["cmd": "click", "id": "map.search"])["ok"]?.bool, true)
    }
    func type(_ c: ControlClient, _ text: String) throws {
        for ch in text {
            XCTAssertEqual(try c.send(["cmd": "key", "key": .string(ch == " " ? "Space" : String(ch))])["ok"]?.bool, true)
            XCTAssertEqual(try c.send(["cmd": "type", "text": .string(String(ch))])["ok"]?.bool, true)
        }
    }

    func testTheSearchAndTypedTextSurviveAReloadThatRemakesTheMap() throws {
        let deckPath = dir.appendingPathComponent("talk.json").path
        try deck(zoom: 16.5).write(toFile: deckPath, atomically: false, encoding: .utf8)
        let app = try PodiumProcess(args: [deckPath], environment: ["SDL_VIDEODRIVER": "offscreen", "SDL_RENDER_DRIVER": "software"], dir: dir)
        defer { app.stop() }
        let c = try XCTUnwrap(app.client)
        XCTAssertEqual(try c.send(["cmd": "goto", "index": 1])["ok"]?.bool, true)
        _ = try c.waitForState { self.field($0) != nil }
        try clickField(c)
        try type(c, "record stores")
        XCTAssertEqual(try c.send(["cmd": "key", "key": "Return"])["ok"]?.bool, true)
        var s = try c.waitForState { !self.rows($0).isEmpty }
        let found = rows(s)
        XCTAssertTrue(found.contains("map.results.row.node/5865570485"), "\(found) \(controls(s).map { "\($0["id"]?.string ?? ""): \($0["value"]?.string ?? $0["label"]?.string ?? "")" }) \(app.log)")
        // Typing on: the field has the keys again, and the speaker adds a word (no Return).
        try clickField(c)
        try type(c, " Kallio")
        s = try c.waitForState { self.field($0)?["value"]?.string == "record stores Kallio" }

        // A co-author's edit of this scene's zoom: the scene is made again.
        try deck(zoom: 15).write(toFile: deckPath, atomically: false, encoding: .utf8)
        let deadline = Date().addingTimeInterval(20)
        while !app.log.contains("has the keys again"), Date() < deadline { usleep(50_000) }
        XCTAssertTrue(app.log.contains("took over what the speaker made of it (the deck changed \"zoom\")"), app.log)
        s = try c.waitForState { !self.rows($0).isEmpty }
        XCTAssertEqual(field(s)?["value"]?.string, "record stores Kallio", "the typed text is kept")
        XCTAssertEqual(rows(s), found, "the results are shown again")
        XCTAssertTrue(app.log.contains("reload: the remade scene's \"map.search\" has the keys again"), app.log)
        try type(c, " 3")
        s = try c.waitForState { self.field($0)?["value"]?.string == "record stores Kallio 3" }
        XCTAssertEqual(s["scene"]?["index"]?.int, 1, "no typed Space moved the room")
    }
}
