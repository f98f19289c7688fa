import Foundation
import PodiumKit
import PodiumTestSupport
import XCTest

/// `podium present` driven through its control socket, on a real X server with two monitors and
/// on the offscreen driver with one.
final class PresentEndToEndTests: XCTestCase {
    var dir: URL!
    override func setUp() { dir = TestPaths.tempDir("e2e") }
    override func tearDown() { try? FileManager.default.removeItem(at: dir) }

    func testTwoDisplaysNextStateAndScreenshots() throws {
        let rig = try XorgRig(monitors: ["1280x800", "1920x1080"])
        defer { rig.stop() }
        let app = try PodiumProcess(environment: rig.environment, dir: dir)
        defer { app.stop() }
        let c = app.client!

        var s = try c.waitForState { $0["windows"]?.array?.last?["visible"]?.bool == true }
        XCTAssertEqual(s["driver"]?.string, "x11", "SDL used the X server, not a fallback")
        XCTAssertEqual(s["displays"]?.array?.count, 2)
        XCTAssertEqual(s["scene"]?["index"]?.int, 0)
        let windows = s["windows"]?.array ?? []
        XCTAssertEqual(windows.map { $0["role"]?.string }, ["presenter", "audience"])
        XCTAssertEqual(windows[0]["display"]?.string, "DUMMY0")
        XCTAssertEqual(windows[1]["display"]?.string, "DUMMY1")
        XCTAssertEqual(windows[1]["bounds"]?["width"]?.number, 1920)
        XCTAssertEqual(windows[1]["bounds"]?["x"]?.number, 1280)

        XCTAssertEqual(try c.send(["cmd": "next"])["ok"]?.bool, true)
        s = try c.send(["cmd": "state"])
        XCTAssertEqual(s["scene"]?["kind"]?.string, "band-list")
        let controls = s["windows"]?.array?.first?["controls"]?.array ?? []
        XCTAssertTrue(controls.contains { $0["id"]?.string == "console.next" && $0["role"]?.string == "button" })
        XCTAssertTrue(controls.contains { $0["role"]?.string == "row" && $0["label"]?.string == "Radiohead" && $0["value"]?.string == "selected" })

        let shot = dir.appendingPathComponent("audience.png").path
        let r = try c.send(["cmd": "screenshot", "window": "audience", "path": .string(shot)])
        XCTAssertEqual(r["width"]?.number, 1920, "\(r)")
        let img = try PNGImage(path: shot)
        XCTAssertGreaterThan(img.count(x: 800, y: 250, w: 1000, h: 250) { $0.r > 220 && $0.g > 220 }, 5000, "the band's name, large")

        // Click a row by its control id: the audience follows.
        let kino = controls.first { $0["label"]?.string == "Кино" }?["id"]?.string
        if let id = kino {
            XCTAssertEqual(try c.send(["cmd": "click", "id": .string(id)])["ok"]?.bool, true)
            let after = try c.send(["cmd": "state"])
            let sel = after["windows"]?.array?.first?["controls"]?.array?.first { $0["value"]?.string == "selected" && $0["role"]?.string == "row" }
            XCTAssertEqual(sel?["label"]?.string, "Кино")
        }

        XCTAssertEqual(try c.send(["cmd": "key", "key": "Left"])["ok"]?.bool, true)
        XCTAssertEqual(try c.send(["cmd": "state"])["scene"]?["index"]?.int, 0)

        // A real key press through the X server (XTEST), as a clicker sends it: Page Down.
        let xdo = try runProcess("/usr/bin/env", ["xdotool", "key", "Next"], environment: rig.environment)
        XCTAssertEqual(xdo.status, 0, xdo.stderr)
        let moved = try c.waitForState { $0["scene"]?["index"]?.int == 1 }
        XCTAssertEqual(moved["scene"]?["index"]?.int, 1, "Page Down from the keyboard advances")
        XCTAssertEqual(try c.send(["cmd": "goto", "index": 0])["ok"]?.bool, true)
        XCTAssertEqual(try c.send(["cmd": "key", "key": "NotAKey"])["error"]?.string?.hasPrefix("unknown key name \"NotAKey\""), true)
        let bad = try c.sendRaw("{nope")
        XCTAssertEqual(bad["ok"]?.bool, false)
        XCTAssertTrue(bad["error"]?.string?.hasPrefix("malformed JSON") ?? false)
        XCTAssertEqual(try c.send(["cmd": "goto", "index": 99])["error"]?.string, "index: expected an integer 0–\((s["scene"]?["count"]?.int ?? 0) - 1), found 99")
        XCTAssertEqual(try c.send(["cmd": "state"])["ok"]?.bool, true, "still running after bad requests")
        XCTAssertEqual(app.stop(), 0)
    }

    func testSingleDisplayOffscreenShowsAudienceInPreview() throws {
        let app = try PodiumProcess(args: ["--audience-display", "7"], environment: ["SDL_VIDEODRIVER": "offscreen", "SDL_RENDER_DRIVER": "software"], dir: dir)
        defer { app.stop() }
        let c = app.client!
        let s = try c.send(["cmd": "state"])
        XCTAssertTrue(app.log.contains("--audience-display display 7 is not connected"), "an absent chosen display is reported: \(app.log)")
        XCTAssertEqual(s["driver"]?.string, "offscreen")
        XCTAssertEqual(s["displays"]?.array?.count, 1)
        XCTAssertEqual(s["windows"]?.array?.last?["visible"]?.bool, false, "no audience window with one display")
        // A client that asks and hangs up before the answer must not end the talk (SIGPIPE).
        for _ in 0..<3 {
            let rude = try ControlClient(path: app.socketPath)
            try rude.hangUpAfterSending(["cmd": "state"])
        }
        usleep(300_000)
        XCTAssertTrue(app.process.isRunning, "podium survives clients that hang up: \(app.log)")
        XCTAssertEqual(try c.send(["cmd": "state"])["ok"]?.bool, true)
        let r = try c.send(["cmd": "screenshot", "window": "audience", "path": "/tmp/never.png"])
        XCTAssertEqual(r["ok"]?.bool, false)
        let shot = dir.appendingPathComponent("presenter.png").path
        XCTAssertEqual(try c.send(["cmd": "screenshot", "window": "presenter", "path": .string(shot)])["ok"]?.bool, true)
        let preview = s["windows"]?.array?.first?["controls"]?.array?.first { $0["id"]?.string == "console.preview" }?["frame"]
        let img = try PNGImage(path: shot)
        let x = Int(preview?["x"]?.number ?? 0), y = Int(preview?["y"]?.number ?? 0)
        let w = Int(preview?["width"]?.number ?? 0), h = Int(preview?["height"]?.number ?? 0)
        XCTAssertGreaterThan(w, 100)
        XCTAssertGreaterThan(img.count(x: x, y: y, w: w, h: h) { $0.r > 200 && $0.g > 200 }, 200, "title text visible in the preview")
    }
}
