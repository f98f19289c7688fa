import Foundation
import PodiumKit
import PodiumTestSupport
import XCTest

/// A small presenter window (SDL's offscreen display: 819×614 points) with the phone remote on:
/// the pairing code shrinks so the notes keep room, and a phone can still read it.
final class SmallPresenterWindowTests: XCTestCase {
    var dir: URL!
    override func setUpWithError() throws {
        try XCTSkipUnless(FileManager.default.isExecutableFile(atPath: TestPaths.podium), "build first: swift build")
        dir = TestPaths.tempDir("small-presenter")
    }
    override func tearDown() { if let dir { try? FileManager.default.removeItem(at: dir) } }

    func testThePairingCodeGivesWayToTheNotesAndStaysReadable() throws {
        let deck = dir.appendingPathComponent("talk.json").path
        try #"{ "title": "T", "scenes": [ { "kind": "title", "notes": "Line one.\nLine two.\nLine three.", "parameters": { "heading": "Hi" } }, { "kind": "title", "parameters": { "heading": "Two" } } ] }"#
            .write(toFile: deck, atomically: true, encoding: .utf8)
        let app = try PodiumProcess(args: [deck, "--windowed", "--remote", "127.0.0.1:0"],
                                    environment: ["SDL_VIDEODRIVER": "offscreen", "SDL_RENDER_DRIVER": "software"], dir: dir)
        defer { app.stop() }
        let s = try app.send(["cmd": "state"])
        XCTAssertEqual(s["driver"]?.string, "offscreen")
        let presenter = try XCTUnwrap(s["windows"]?.array?.first { $0["role"]?.string == "presenter" })
        XCTAssertLessThan(presenter["size"]?["height"]?.number ?? 9999, 700, "a small presenter window")
        let controls = presenter["controls"]?.array ?? []
        func frame(_ id: String) -> JSONValue? { controls.first { $0["id"]?.string == id }?["frame"] }
        let notes = try XCTUnwrap(frame("console.notes"), "\(controls.map { $0["id"] ?? .null })")
        let code = try XCTUnwrap(frame("console.remotePairing"))
        XCTAssertGreaterThanOrEqual(notes["height"]?.number ?? 0, 60, "the notes keep room: \(notes)")
        XCTAssertLessThan(code["height"]?.number ?? 999, 150, "the code shrank: \(code)")
        if FileManager.default.isExecutableFile(atPath: "/usr/bin/zbarimg") {
            let png = dir.appendingPathComponent("presenter.png").path
            XCTAssertEqual(try app.send(["cmd": "screenshot", "window": "presenter", "path": .string(png)])["ok"]?.bool, true)
            let r = try runProcess("/usr/bin/zbarimg", ["--quiet", "--raw", "-Sdisable", "-Sqrcode.enable", png], environment: TestPaths.privateHome(in: dir))
            XCTAssertEqual(r.stdout.trimmingCharacters(in: .whitespacesAndNewlines), s["remote"]?["url"]?.string, "still readable: \(r.stderr)")
        }
    }
}
