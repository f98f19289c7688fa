import Foundation
import PodiumKit
import PodiumTestSupport
import XCTest

/// A clip on a real Xorg (dummy driver, two monitors): unplugging the projector keeps it playing
/// in the presenter's preview, and replugging continues on the projector without restarting it.
final class MediaHotplugTests: XCTestCase {
    var dir: URL!
    var rig: XorgRig!
    override func setUpWithError() throws {
        dir = TestPaths.tempDir("podium-media-hotplug")
        rig = try XorgRig(monitors: ["1280x800", "1920x1080"])
    }
    override func tearDown() { rig?.stop(); try? FileManager.default.removeItem(at: dir) }

    /// Seconds into the clip, from the presenter's seek slider (its value in the control tree).
    func position(_ s: JSONValue) -> Double? {
        let controls = s["windows"]?.array?.first?["controls"]?.array ?? []
        return controls.first { $0["id"]?.string == "media.seek" }?["value"]?.string.flatMap(Double.init)
    }
    func placement(_ s: JSONValue) -> String? { s["roles"]?["audiencePlacement"]?.string }

    /// `podium present FILE` on the rig (software renderer, audio to a fakesink), checking that
    /// SDL used the X server.
    func present(_ file: URL) throws -> PodiumProcess {
        let env = rig.environment.merging(["SDL_RENDER_DRIVER": "software", "PODIUM_AUDIO": "null"]) { $1 }
        let app = try PodiumProcess(args: [file.path], environment: env, dir: dir)
        // XCTAssert records a socket error as a failure: nothing is thrown past the caller's `defer`.
        XCTAssertEqual(try app.client.send(["cmd": "state"])["driver"]?.string, "x11", "SDL used the X server")
        return app
    }

    func testUnplugKeepsPlayingInThePreviewAndReplugContinues() throws {
        let clip = try TestClips.redThenBlue(in: dir, seconds: 6)
        let deck = dir.appendingPathComponent("talk.json")
        try Data("""
        {"title": "Clip", "scenes": [{"kind": "media", "parameters": {"file": "\(clip.lastPathComponent)"}}]}
        """.utf8).write(to: deck)
        let app = try present(deck)
        defer { app.stop() }
        let c = app.client!
        var s = try c.waitForState { self.placement($0) == "display" && (self.position($0) ?? 0) > 0.3 }

        try rig.unplug(1)
        s = try c.waitForState { self.placement($0) == "preview" }
        let atUnplug = try XCTUnwrap(position(s), "no seek slider")
        s = try c.waitForState { (self.position($0) ?? 0) > atUnplug + 0.8 }   // still playing
        // The preview shows the clip's frame (red in the first six seconds), not black.
        let shot = dir.appendingPathComponent("preview.png").path
        XCTAssertEqual(try c.send(["cmd": "screenshot", "window": "presenter", "path": .string(shot)])["ok"]?.bool, true)
        let controls = s["windows"]?.array?.first?["controls"]?.array ?? []
        let f = try XCTUnwrap(controls.first { $0["id"]?.string == "console.preview" }?["frame"])
        let scale = s["windows"]?.array?.first?["scale"]?.number ?? 1
        let png = try PNGImage(path: shot)
        let (r, g, b) = png.rgb(Int((f["x"]!.number! + f["width"]!.number! / 2) * scale), Int((f["y"]!.number! + f["height"]!.number! / 2) * scale))
        XCTAssertTrue(r > 200 && g < 60 && b < 60, "preview centre \(r),\(g),\(b) is not the red frame")

        let beforePlug = try XCTUnwrap(position(try c.send(["cmd": "state"])))
        try rig.plug(1, "1920x1080")
        s = try c.waitForState { self.placement($0) == "display" }
        let afterPlug = try XCTUnwrap(position(s))
        XCTAssertGreaterThanOrEqual(afterPlug, beforePlug, "the clip restarted on replug")
        let audienceShot = dir.appendingPathComponent("audience.png").path
        XCTAssertEqual(try c.send(["cmd": "screenshot", "window": "audience", "path": .string(audienceShot)])["ok"]?.bool, true)
        let a = try PNGImage(path: audienceShot)
        let (ar, ag, ab) = a.rgb(a.width / 2, a.height / 2)
        XCTAssertTrue((ar > 200 || ab > 200) && ag < 60, "audience centre \(ar),\(ag),\(ab) is not a clip frame")
    }

    /// A PDF page's autostart movie on the real audience window: its frames fill the movie's
    /// rectangle of the page there; unplugging keeps it playing in the preview, replugging
    /// continues it on the projector.
    func testPDFMovieOnTheProjectorSurvivesUnplugAndReplug() throws {
        _ = try TestClips.redThenBlue(in: dir, seconds: 6)
        let pdf = dir.appendingPathComponent("talk.pdf")
        try MoviePDF.write(pdf, .uri("redblue.webm?autostart"))
        let app = try present(pdf)
        defer { app.stop() }
        let c = app.client!
        var s = try c.waitForState { self.placement($0) == "display" && (self.position($0) ?? 0) > 0.3 }
        // The 1920×1080 projector shows the 16:9 page edge to edge: the movie's rectangle is red,
        // the orange box beside it is the page's.
        func audience(_ name: String) throws -> PNGImage {
            let path = dir.appendingPathComponent("\(name).png").path
            XCTAssertEqual(try c.send(["cmd": "screenshot", "window": "audience", "path": .string(path)])["ok"]?.bool, true)
            return try PNGImage(path: path)
        }
        func colour(_ a: PNGImage, _ u: (Double, Double)) -> (Int, Int, Int) { a.rgb(Int(u.0 * Double(a.width)), Int(u.1 * Double(a.height))) }
        let a = try audience("audience")
        for u in [(0.7, 0.4), (0.53, 0.24), (0.87, 0.56)] {
            let (r, g, b) = colour(a, u)
            XCTAssertTrue(r > 200 && g < 60 && b < 60, "audience \(u) \(r),\(g),\(b) is not the red frame\n\(app.log)")
        }
        let (or, og, ob) = colour(a, (0.2, 0.5)), (wr, wg, wb) = colour(a, (0.7, 0.15))
        XCTAssertTrue(or > 200 && og > 100 && og < 180 && ob < 60, "the orange box is \(or),\(og),\(ob)")
        XCTAssertTrue(wr > 230 && wg > 230 && wb > 230, "the paper above the movie is \(wr),\(wg),\(wb)")

        try rig.unplug(1)
        s = try c.waitForState { self.placement($0) == "preview" }
        let atUnplug = try XCTUnwrap(position(s), "no seek slider")
        s = try c.waitForState { (self.position($0) ?? 0) > atUnplug + 0.8 }
        XCTAssertGreaterThan(try XCTUnwrap(position(s)), atUnplug + 0.8, "the movie stopped when the projector went")
        let beforePlug = try XCTUnwrap(position(try c.send(["cmd": "state"])))
        try rig.plug(1, "1920x1080")
        s = try c.waitForState { self.placement($0) == "display" }
        XCTAssertGreaterThanOrEqual(try XCTUnwrap(position(s)), beforePlug, "the movie restarted on replug")
    }
}
