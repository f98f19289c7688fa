import Foundation
import PodiumKit
import PodiumTestSupport
import XCTest

/// The stage display (`/stage`) and the audience page (`/audience`), both on the view link, in
/// Debian's chromium (headless, via chromedriver and Selenium; Tests/Remote/stage_browser.py) on a
/// 1280×720 "TV" and at phone size. The talk is driven through the control socket meanwhile: the
/// pages must follow by push alone. Screenshots stay in the test's folder while it runs
/// (PODIUM_KEEP_SHOTS=DIR copies them there to be looked at).
final class RemoteStageBrowserTests: XCTestCase {
    var dir: URL!
    override func setUpWithError() throws {
        try XCTSkipUnless(FileManager.default.isExecutableFile(atPath: TestPaths.podium), "build first: swift build")
        dir = TestPaths.tempDir("remote-stage")
    }
    override func tearDown() {
        guard let dir else { return }
        if let keep = ProcessInfo.processInfo.environment["PODIUM_KEEP_SHOTS"] {
            for f in (try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? [] where f.hasSuffix(".png") {
                try? FileManager.default.removeItem(atPath: keep + "/" + f)
                try? FileManager.default.copyItem(atPath: dir.path + "/" + f, toPath: keep + "/" + f)
            }
        }
        try? FileManager.default.removeItem(at: dir)
    }

    func testStageDisplayAndAudiencePageFollowTheTalkByPush() throws {
        let app = try PodiumProcess(args: ["--windowed", "--remote", "127.0.0.1:0"],
                                    environment: ["SDL_VIDEODRIVER": "offscreen", "SDL_RENDER_DRIVER": "software"], dir: dir)
        defer { XCTAssertEqual(app.stop(), 0, app.log) }
        let c = app.client!
        let state = try c.send(["cmd": "state"])
        XCTAssertEqual(state["driver"]?.string, "offscreen", "SDL used the driver the test asked for")
        let remote = try XCTUnwrap(state["remote"])
        let stage = try XCTUnwrap(remote["stageUrl"]?.string), audience = try XCTUnwrap(remote["audienceUrl"]?.string)
        let viewToken = try XCTUnwrap(URLComponents(string: try XCTUnwrap(remote["viewUrl"]?.string))?.queryItems?.first { $0.name == "t" }?.value)
        XCTAssertTrue(stage.hasSuffix("/stage?t=\(viewToken)") && audience.contains("/audience?t=") && !audience.contains(viewToken), "\(remote)")
        XCTAssertEqual(app.log.components(separatedBy: stage).count - 1, 1, "the log names the stage link once: \(app.log)")
        let start = try XCTUnwrap(state["scene"]?["index"]?.int), count = try XCTUnwrap(state["scene"]?["count"]?.int)

        let browser = try BrowserScript("stage_browser.py", [stage, audience, dir.path], dir: dir)
        defer { browser.finish() }
        let first = try browser.phase("stage")
        // Stage display: position, both pictures, the timers in the pace colour, in large type; no
        // controls; the notes only when asked (then large too), and the choice kept in the link.
        XCTAssertEqual(first["position"]?.string, "\(start + 1) / \(count)")
        XCTAssertGreaterThan(first["currentPicture"]?.array?.first?.int ?? 0, 600, "\(first)")
        XCTAssertGreaterThan(first["nextPicture"]?.int ?? 0, 0)
        XCTAssertEqual(first["status"]?.string, "LIVE")
        XCTAssertFalse(first["remaining"]?.string?.isEmpty ?? true, "the remaining time shows (20 min talk): \(first)")
        XCTAssertEqual(first["pace"]?.string, "", "no pace before the talk's timer starts")
        XCTAssertEqual(first["paceColor"]?.string, "rgb(242, 242, 247)")
        XCTAssertGreaterThan(first["remainingPx"]?.number ?? 0, 60, "the remaining time is readable from metres away on a 720-line TV")
        XCTAssertGreaterThan(first["positionPx"]?.number ?? 0, 30)
        XCTAssertEqual(first["controls"]?.int, 0, "the stage display has nothing that drives the talk")
        XCTAssertEqual(first["notesShownAtFirst"]?.bool, false)
        XCTAssertEqual(first["notesShown"]?.bool, true)
        XCTAssertTrue(first["notesText"]?.string?.hasPrefix("Welcome everyone") == true, "\(first["notesText"] ?? .null)")
        XCTAssertGreaterThan(first["notesPx"]?.number ?? 0, 28)
        XCTAssertEqual(first["notesInLink"]?.bool, true)
        XCTAssertEqual(first["fits"]?.bool, true); XCTAssertEqual(first["fitsWithNotes"]?.bool, true)

        // The talk moves on (control socket): the stage display follows without being asked.
        _ = try c.send(["cmd": "next"])
        browser.proceed()
        let second = try browser.phase("audience")
        XCTAssertEqual(second["positionAfterNext"]?.string, "\(start + 2) / \(count)")
        XCTAssertEqual(second["pictureReplaced"]?.bool, true)
        XCTAssertTrue(second["notesAfterNext"]?.string?.hasPrefix("Pick a band") == true, "\(second["notesAfterNext"] ?? .null)")
        XCTAssertEqual(second["notesStillShown"]?.bool, true)
        // The first advance started the timer: the remaining time is coloured by the pace.
        let pace = try XCTUnwrap(second["paceAfterNext"]?.string)
        XCTAssertTrue(["ahead", "onTime", "behind"].contains(pace), pace)
        let colour = ["ahead": "rgb(48, 209, 88)", "onTime": "rgb(242, 242, 247)", "behind": "rgb(255, 69, 58)"][pace]
        XCTAssertEqual(second["paceColorAfterNext"]?.string, colour, "the remaining time is coloured by pace (\(pace))")
        // Audience page: the audience view's picture alone, filling the window, at the widest
        // client's size (the 1280-pixel TV asks for 1280, capped at 1600).
        let picture = try XCTUnwrap(second["audiencePicture"]?.array?.compactMap(\.int))
        XCTAssertEqual(picture.first, 1280, "\(picture)")
        XCTAssertEqual(second["audienceFills"]?.bool, true)
        XCTAssertEqual(second["audienceOtherElements"]?.int, 0)
        XCTAssertGreaterThan(second["audienceBrightness"]?.number ?? 0, 10, "the live slide is not black")

        // Blackout (control socket): the second room goes black as the first does.
        XCTAssertEqual(try c.send(["cmd": "blackout"])["ok"]?.bool, true)
        browser.proceed()
        let third = try browser.phase("black")
        XCTAssertLessThan(third["blackBrightness"]?.number ?? 255, 2, "the audience page shows the blackout")
        XCTAssertEqual(try c.send(["cmd": "blackout"])["ok"]?.bool, true)
        browser.proceed()

        let done = try browser.phase("done")
        XCTAssertEqual(done["phoneStagePosition"]?.string, "\(start + 2) / \(count)")
        XCTAssertEqual(done["phoneStageFitsWidth"]?.bool, true)
        XCTAssertEqual(done["phoneStageNotes"]?.bool, true, "&notes=1 in the link shows the notes")
        XCTAssertGreaterThan(done["phoneAudienceBrightness"]?.number ?? 0, 10, "live again after the blackout")
        XCTAssertEqual(done["phoneAudienceFitsWidth"]?.bool, true)
        for shot in ["stage-tv", "stage-tv-notes", "audience-tv", "audience-black", "stage-phone", "audience-phone"] {
            XCTAssertTrue(FileManager.default.fileExists(atPath: dir.appendingPathComponent("\(shot).png").path), shot)
        }
        // The talk is where the control socket left it, and the room is live.
        let after = try c.send(["cmd": "state"])
        XCTAssertEqual(after["scene"]?["index"]?.int, start + 1)
        XCTAssertEqual(after["audienceMode"]?.string, "normal")
    }
}
