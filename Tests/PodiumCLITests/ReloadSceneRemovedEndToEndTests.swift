import Foundation
import PodiumKit
import PodiumTestSupport
import XCTest

/// Trial 20 m6: the scene on screen deleted from the deck file mid-talk: the talk goes to the
/// scene now at its place, the banner says the scene the room saw is gone and what it shows
/// now, and the log does not claim the place was found by label.
extension ReloadDeckEndToEndTests {
    func testDeletingTheSceneOnScreenSaysItIsGoneAndWhereTheTalkIs() throws {
        let deckPath = dir.appendingPathComponent("demo.json").path
        try deck(["Welcome", "The Bands", "Record Stores", "Read More", "Every Language", "Thank you"]).write(toFile: deckPath, atomically: true, encoding: .utf8)
        let app = try PodiumProcess(args: [deckPath], environment: ["SDL_VIDEODRIVER": "offscreen", "SDL_RENDER_DRIVER": "software"], dir: dir)
        defer { app.stop() }
        let c = app.client!
        XCTAssertEqual(try c.send(["cmd": "state"])["driver"]?.string, "offscreen")
        XCTAssertEqual(try c.send(["cmd": "goto", "index": 3])["ok"]?.bool, true)
        try deck(["Welcome", "The Bands", "Record Stores", "Every Language", "Thank you"]).write(toFile: deckPath, atomically: true, encoding: .utf8)
        let s = try c.waitForState(timeout: 15) { $0["scene"]?["count"]?.int == 5 }
        XCTAssertEqual(s["scene"]?["index"]?.int, 3)
        XCTAssertEqual(banner(s)?.text, "Reloaded demo.json; “Read More” is not in demo.json any more: the room now shows “Every Language”")
        XCTAssertTrue(app.log.contains("scene 4 → 4 (place found nowhere: the scene is not in the new version"), app.log)
        XCTAssertFalse(app.log.contains("place found by label"), app.log)
        XCTAssertEqual(app.stop(), 0)
    }
}
