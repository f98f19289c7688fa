import Foundation
import PodiumKit
import PodiumTestSupport
import XCTest

/// The phone remote says when the room is held, as the console's "AUDIENCE HELD" does: the scene
/// the room saw was removed from the deck, so the room keeps its picture until the speaker moves
/// (trial 21 M1); the phone's state says `held` (its page shows "HELD") until then.
extension ReloadDeckEndToEndTests {
    func testThePhoneRemoteIsToldTheRoomIsHeld() throws {
        let deckPath = dir.appendingPathComponent("demo.json").path
        try deck(["Welcome", "The Bands", "Record Stores", "Read More", "Thank you"]).write(toFile: deckPath, atomically: true, encoding: .utf8)
        let app = try PodiumProcess(args: [deckPath, "--remote", "127.0.0.1:0"],
                                    environment: ["SDL_VIDEODRIVER": "offscreen", "SDL_RENDER_DRIVER": "software"], dir: dir)
        defer { app.stop() }
        let c = app.client!
        let s0 = try c.send(["cmd": "state"])
        XCTAssertEqual(s0["driver"]?.string, "offscreen")
        let url = try XCTUnwrap(s0["remote"]?["url"]?.string)
        let port = try XCTUnwrap(URLComponents(string: url)?.port)
        let token = try XCTUnwrap(URLComponents(string: url)?.queryItems?.first { $0.name == "t" }?.value)
        func phoneState() throws -> JSONValue {
            let phone = try runProcess("/usr/bin/python3", ["-c", """
                import json, sys
                sys.path.insert(0, sys.argv[1])
                import remote_client as rc
                ws = rc.WS("127.0.0.1", int(sys.argv[2]), sys.argv[3])
                print(json.dumps(ws.until(rc.text("state"))))
                """, TestPaths.root.appendingPathComponent("Tests/Remote").path, "\(port)", token], environment: TestPaths.privateHome(in: dir))
            XCTAssertEqual(phone.status, 0, phone.stderr)
            return try JSONValue.parse(Data(phone.stdout.utf8))
        }
        XCTAssertEqual(try c.send(["cmd": "goto", "index": 3])["ok"]?.bool, true)
        XCTAssertEqual(try phoneState()["held"]?.bool, false, "the room sees the scene")
        try deck(["Welcome", "The Bands", "Record Stores", "Thank you"]).write(toFile: deckPath, atomically: true, encoding: .utf8)
        let s = try c.waitForState(timeout: 15) { $0["scene"]?["count"]?.int == 4 }
        XCTAssertEqual(s["held"]?.bool, true, "the room keeps the removed scene's picture")
        let held = try phoneState()
        XCTAssertEqual(held["held"]?.bool, true, "the phone is told: \(held)")
        XCTAssertEqual(held["audienceMode"]?.string, "normal")
        // The speaker moves: the room sees a scene of the deck again, and the phone says so.
        XCTAssertEqual(try c.send(["cmd": "next"])["ok"]?.bool, true)
        _ = try c.waitForState(timeout: 15) { $0["held"]?.bool == false }
        XCTAssertEqual(try phoneState()["held"]?.bool, false)
        XCTAssertEqual(app.stop(), 0)
    }
}
