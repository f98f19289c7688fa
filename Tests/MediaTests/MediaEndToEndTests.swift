import Foundation
import PodiumKit
import PodiumTestSupport
import XCTest

/// `podium present` on SDL's offscreen driver (one display: the presenter's preview is what the
/// room would see), driven over the control socket: the clip's frames reach the screen.
final class MediaEndToEndTests: XCTestCase {
    var dir: URL!
    override func setUp() { dir = TestPaths.tempDir("podium-media-e2e") }
    override func tearDown() { try? FileManager.default.removeItem(at: dir) }

    func screenshot(_ c: ControlClient, _ name: String) throws -> PNGImage { try PresenterShots(client: c, dir: dir).take(name) }
    func waitForShot(_ c: ControlClient, seconds: Double = 8, _ predicate: (PNGImage) -> Bool) throws -> PNGImage? {
        try PresenterShots(client: c, dir: dir).wait(seconds: seconds, predicate)
    }

    func testClipFramesShowInThePreviewAndKPlaysThem() throws {
        let clip = try TestClips.redThenBlue(in: dir)
        let deck = dir.appendingPathComponent("talk.json")
        try Data("""
        {"title": "Clip", "scenes": [
          {"kind": "media", "parameters": {"file": "\(clip.lastPathComponent)", "autoplay": false}},
          {"kind": "title", "parameters": {"heading": "After"}}
        ]}
        """.utf8).write(to: deck)
        let app = try PodiumProcess(args: [deck.path], environment: ["SDL_VIDEODRIVER": "offscreen", "SDL_RENDER_DRIVER": "software", "PODIUM_AUDIO": "null"], dir: dir)
        defer { app.stop() }
        let c = app.client!
        let state = try c.send(["cmd": "state"])
        XCTAssertEqual(state["driver"]?.string, "offscreen", "SDL used the offscreen driver")
        let scale = state["windows"]?.array?.first?["scale"]?.number ?? 1
        let controls = state["windows"]?.array?.first?["controls"]?.array ?? []
        let f = try XCTUnwrap(controls.first { $0["id"]?.string == "console.preview" }?["frame"], "no preview")
        let pf = Rect(f["x"]!.number!, f["y"]!.number!, f["width"]!.number!, f["height"]!.number!).scaled(by: scale)
        XCTAssertTrue(controls.contains { $0["id"]?.string == "media.seek" }, "the presenter has the seek slider")
        let cx = Int(pf.midX), cy = Int(pf.midY)
        // 16:9 in the 4:3 preview: black bands above and below the picture.
        let bandY = Int(pf.minY + pf.height * 0.06)
        func near(_ p: (Int, Int, Int), _ c: (Int, Int, Int)) -> Bool { abs(p.0 - c.0) < 50 && abs(p.1 - c.1) < 50 && abs(p.2 - c.2) < 50 }

        // Paused on its first frame: red, letterboxed.
        let first = try XCTUnwrap(try waitForShot(c) { near($0.rgb(cx, cy), (255, 0, 0)) }, "the first frame never showed red\n\(app.log)")
        XCTAssertTrue(near(first.rgb(cx, bandY), (0, 0, 0)), "no letterbox band: \(first.rgb(cx, bandY))")
        // It stays there while paused.
        usleep(1_300_000)
        XCTAssertTrue(near(try screenshot(c, "still").rgb(cx, cy), (255, 0, 0)), "a paused clip moved on")
        // k plays it into the blue second; the talk stays on the clip.
        XCTAssertEqual(try c.send(["cmd": "key", "key": "k"])["ok"]?.bool, true)
        XCTAssertNotNil(try waitForShot(c) { near($0.rgb(cx, cy), (0, 0, 255)) }, "playing never reached the blue second\n\(app.log)")
        XCTAssertEqual(try c.send(["cmd": "state"])["scene"]?["index"]?.int, 0)
    }
}
