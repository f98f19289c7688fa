import Foundation
import PodiumKit
import PodiumTestSupport
import XCTest
@testable import MediaScene

/// Trial 11 F9: a `media` scene whose clip is missing does not stop the talk from starting (it
/// did: exit 2, no window): the talk starts and that scene is an error card for the speaker, as
/// a missing PDF or an unplayable clip is. `podium check` still refuses the deck.
final class MissingClipTests: XCTestCase {
    var dir: URL!
    override func setUp() { dir = TestPaths.tempDir("podium-media-missing") }
    override func tearDown() { try? FileManager.default.removeItem(at: dir) }

    func testAMissingClipIsAnErrorCardAtPresentAndAProblemForCheck() throws {
        let deck = dir.appendingPathComponent("talk.json")
        try Data("""
        {"title": "Clips", "scenes": [
          {"kind": "title", "parameters": {"heading": "Start"}},
          {"kind": "media", "parameters": {"file": "gone.webm"}},
          {"kind": "title", "parameters": {"heading": "After"}}
        ]}
        """.utf8).write(to: deck)
        let gone = dir.appendingPathComponent("gone.webm").path

        let check = try runProcess(TestPaths.podium, ["check", deck.path], environment: TestPaths.privateHome(in: dir))
        XCTAssertEqual(check.status, 2, "check stays strict: \(check.stderr)")
        XCTAssertTrue(check.stderr.contains("scenes[1].parameters.file: file not found: \(gone)"), check.stderr)

        let app = try PodiumProcess(args: [deck.path], environment: ["SDL_VIDEODRIVER": "offscreen", "SDL_RENDER_DRIVER": "software", "PODIUM_AUDIO": "null"], dir: dir)
        defer { XCTAssertEqual(app.stop(), 0, app.log) }
        let c = app.client!
        XCTAssertEqual(try c.send(["cmd": "state"])["driver"]?.string, "offscreen")
        XCTAssertEqual(try c.send(["cmd": "next"])["ok"]?.bool, true)
        let state = try c.send(["cmd": "state"])
        XCTAssertEqual(state["scene"]?["index"]?.int, 1)
        let presenter = state["windows"]?.array?.first { $0["role"]?.string == "presenter" }?["controls"]?.array ?? []
        let card = try XCTUnwrap(presenter.first { $0["id"]?.string == "scene.error" }, "no error card on the presenter view\n\(app.log)")
        XCTAssertTrue(card["label"]?.string?.contains("file not found: \(gone)") == true, "\(card)")
        let audience = state["windows"]?.array?.first { $0["role"]?.string == "audience" }?["controls"]?.array ?? []
        XCTAssertFalse(audience.contains { $0["id"]?.string == "scene.error" }, "the room never sees the card")
        XCTAssertEqual(try c.send(["cmd": "next"])["ok"]?.bool, true)
        XCTAssertEqual(try c.send(["cmd": "state"])["scene"]?["index"]?.int, 2, "the talk goes on past it")
    }

    /// Where each check stands: validation (the launch) lets a missing clip through, with every
    /// other parameter still checked; the check before a reload refuses it (a reload never swaps
    /// a working clip for a missing one); the launch's warnings pass say nothing of it.
    func testOnlyTheLaunchLetsAMissingClipThrough() throws {
        let kind = MediaPlugin.descriptor().sceneKinds[0]
        let missing = SceneParameters(["file": "gone.webm"], path: "scenes[1].parameters", baseDirectory: dir)
        XCTAssertNoThrow(try kind.validate(missing))
        XCTAssertThrowsError(try kind.validate(SceneParameters(["file": "gone.webm", "volume": 2], path: "scenes[1].parameters", baseDirectory: dir))) {
            XCTAssertTrue("\($0)".hasPrefix("scenes[1].parameters.volume"), "\($0)")
        }
        let reload = kind.checkFiles?(missing, SceneFileCheckRequest(deckDirectory: dir, complete: true))
        XCTAssertEqual(reload?.problem, "scenes[1].parameters.file: file not found: \(dir.appendingPathComponent("gone.webm").path)")
        XCTAssertEqual(kind.checkFiles?(missing, SceneFileCheckRequest(deckDirectory: dir, complete: false)), .fine)
    }
}
