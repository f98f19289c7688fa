import Foundation
import PodiumKit
import PodiumTestSupport
import XCTest

/// Trial 20 m6: the scene on screen deleted from the deck file mid-talk: the console goes to the
/// scene now at its place, the banner says the scene the room saw is gone, and the log does not
/// claim the place was found by label. Trial 21 M1: the room keeps its picture until the speaker
/// moves, and the scene pasted back (the second save of a cut and paste) is the place again.
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
        XCTAssertEqual(banner(s)?.text, "Reloaded demo.json; “Read More” is not in demo.json any more: the room keeps its picture until you move; next: “Every Language”")
        XCTAssertEqual(s["held"]?.bool, true, "trial 21 M1: the room keeps the removed scene's picture")
        XCTAssertTrue(app.log.contains("scene 4 → 4 (place found nowhere: the scene is not in the new version"), app.log)
        XCTAssertFalse(app.log.contains("place found by label"), app.log)
        // The paste of the cut (trial 21 M1): one scene later; the talk is back on it.
        try deck(["Welcome", "The Bands", "Record Stores", "Every Language", "Read More", "Thank you"]).write(toFile: deckPath, atomically: true, encoding: .utf8)
        let back = try c.waitForState(timeout: 15) { $0["scene"]?["count"]?.int == 6 }
        XCTAssertEqual(back["scene"]?["index"]?.int, 4)
        XCTAssertEqual(back["scene"]?["title"]?.string, "Read More")
        XCTAssertEqual(back["held"]?.bool, false, "the room sees the scene itself again")
        XCTAssertEqual(app.stop(), 0)
    }
}
