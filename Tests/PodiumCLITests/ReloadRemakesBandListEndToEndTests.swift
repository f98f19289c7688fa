import Foundation
import PodiumKit
import PodiumTestSupport
import XCTest

/// Trial 10 F4 with the real band list: its own parameter (`"select"`) edited while the speaker
/// types in the band name field remakes the scene. The name field of the remade scene has the
/// keys again: the typing goes on, and no typed Space moves the room.
final class ReloadRemakesBandListEndToEndTests: XCTestCase {
    var dir: URL!
    override func setUp() { dir = TestPaths.tempDir("e2e-reload-bands") }
    override func tearDown() { try? FileManager.default.removeItem(at: dir) }

    func deck(select: String) -> String {
        #"""
        { "title": "Bands", "scenes": [
          { "kind": "title", "title": "Welcome", "parameters": { "heading": "Welcome" } },
          { "kind": "band-list", "title": "The Bands", "parameters": { "store": "bands.sqlite", "select": "\#(select)" } },
          { "kind": "title", "title": "Record Stores", "parameters": { "heading": "Stores" } },
          { "kind": "title", "title": "Every Language", "parameters": { "heading": "Languages" } } ] }
        """#
    }
    func nameField(_ s: JSONValue) -> JSONValue? {
        s["windows"]?.array?.first { $0["role"]?.string == "presenter" }?["controls"]?.array?.first { $0["id"]?.string == "bands.name" }
    }
    /// Types `text` as the keyboard does: each key, then its text.
    func type(_ c: ControlClient, _ text: String) throws {
        for ch in text {
            XCTAssertEqual(try c.send(["cmd": "key", "key": .string(ch == " " ? "Space" : String(ch))])["ok"]?.bool, true)
            XCTAssertEqual(try c.send(["cmd": "type", "text": .string(String(ch))])["ok"]?.bool, true)
        }
    }

    func testTypingGoesOnInTheNameFieldWhenTheBandListIsRemadeByAReload() throws {
        let deckPath = dir.appendingPathComponent("talk.json").path
        try deck(select: "Radiohead").write(toFile: deckPath, atomically: false, encoding: .utf8)
        let app = try PodiumProcess(args: [deckPath], environment: ["SDL_VIDEODRIVER": "offscreen", "SDL_RENDER_DRIVER": "software"], dir: dir)
        defer { app.stop() }
        let c = try XCTUnwrap(app.client)
        XCTAssertEqual(try c.send(["cmd": "state"])["driver"]?.string, "offscreen")
        XCTAssertEqual(try c.send(["cmd": "goto", "index": 1])["ok"]?.bool, true)
        var s = try c.waitForState { self.nameField($0) != nil }
        XCTAssertEqual(try c.send(["cmd": "click", "id": "bands.name"])["ok"]?.bool, true)
        try type(c, " AAA")
        s = try c.waitForState { self.nameField($0)?["value"]?.string?.hasSuffix(" AAA") == true }
        XCTAssertEqual(nameField(s)?["value"]?.string?.hasSuffix(" AAA"), true, "the click focused the field: \(nameField(s) ?? .null)")

        // A co-author's edit of this scene's own parameter: the scene is made again.
        try deck(select: "Portishead").write(toFile: deckPath, atomically: false, encoding: .utf8)
        let deadline = Date().addingTimeInterval(10)
        while !app.log.contains("has the keys again"), !app.log.contains("typed keys are held"), Date() < deadline { usleep(50_000) }
        XCTAssertTrue(app.log.contains("reload: the remade scene's \"bands.name\" has the keys again"), app.log)
        s = try c.send(["cmd": "state"])
        let before = try XCTUnwrap(nameField(s)?["value"]?.string)
        try type(c, " EEE FFF")
        s = try c.waitForState { self.nameField($0)?["value"]?.string == before + " EEE FFF" }
        XCTAssertEqual(nameField(s)?["value"]?.string, before + " EEE FFF", "every letter typed after the reload is in the field")
        XCTAssertEqual(s["scene"]?["index"]?.int, 1, "no typed Space moved the room")
        XCTAssertEqual(s["audienceMode"]?.string, "normal")
    }
}
