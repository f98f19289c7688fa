import Foundation
import PodiumKit
import PodiumTestSupport
import XCTest

/// Trial 13, F4 and F7: after `kill -9` a speaker with only a clicker (Page Down/Up, F5/Esc from
/// the slideshow button, b) can resume, one Esc throws nothing away, and even "start fresh"
/// keeps the old journal until the new talk moves; the `--start-time` countdown is journaled.
/// Keys go through the control socket's `key` request, the presenter's key handling.
final class ResumeClickerEndToEndTests: XCTestCase {
    var dir: URL!
    var deck: String!
    var env: [String: String] { ["SDL_VIDEODRIVER": "offscreen", "SDL_RENDER_DRIVER": "software"] }
    override func setUpWithError() throws {
        try XCTSkipUnless(FileManager.default.isExecutableFile(atPath: TestPaths.podium), "build first: swift build")
        dir = TestPaths.tempDir("e2e-resume-clicker")
        deck = TestPaths.titleDeck(5, title: "Clicker", in: dir)
    }
    override func tearDown() { if let dir { try? FileManager.default.removeItem(at: dir) } }

    func journal() throws -> JSONValue? {
        let folder = URL(fileURLWithPath: TestPaths.privateHome(in: dir)["XDG_STATE_HOME"]!).appendingPathComponent("podium")
        let files = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        guard let f = files.first(where: { $0.hasPrefix("journal-") && $0.hasSuffix(".json") }) else { return nil }
        return try JSONValue.parse(try Data(contentsOf: folder.appendingPathComponent(f)))
    }
    func launch(_ extra: [String] = []) throws -> PodiumProcess {
        let app = try PodiumProcess(args: [deck, "--windowed"] + extra, environment: env, dir: dir)
        XCTAssertEqual(try app.send(["cmd": "state"])["driver"]?.string, "offscreen")
        return app
    }
    @discardableResult
    func key(_ app: PodiumProcess, _ k: String) throws -> JSONValue {
        let reply = try app.send(["cmd": "key", "key": .string(k)])
        XCTAssertEqual(reply["ok"]?.bool, true, "\(k): \(reply)")
        return try app.send(["cmd": "state"])
    }
    /// A talk moved to scene 4 by three `next`s, journaled there, then killed (kill -9): no
    /// clean-up of its own ran, so the next launch asks whether to resume.
    func interruptedAtSceneFour() throws {
        let app = try launch()
        for _ in 0..<3 { XCTAssertEqual(try app.send(["cmd": "next"])["ok"]?.bool, true) }
        XCTAssertTrue(try waitUntil { try journal()?["scene"]?.int == 3 }, "journaled at scene 4")
        app.kill9()
    }
    /// Relaunched after a kill -9 at scene 4: the question is open, the room black.
    func relaunchAsked() throws -> PodiumProcess {
        let app = try launch()
        let s = try app.send(["cmd": "state"])
        XCTAssertEqual(s["question"]?["holdsTalk"]?.bool, true, "\(s["question"] ?? .null)")
        XCTAssertEqual(s["audienceMode"]?.string, "black", "the room is black while the speaker decides, not the title slide")
        return app
    }

    func testAClickerResumesAndOneEscLosesNothing() throws {
        try interruptedAtSceneFour()

        // Page Down resumes (and does not also advance).
        var app = try relaunchAsked()
        var s = try key(app, "Page Down")
        XCTAssertEqual(s["scene"]?["index"]?.int, 3, "Page Down resumed at scene 4")
        XCTAssertEqual(s["question"], .null)
        XCTAssertEqual(s["timers"]?["running"]?.bool, true)
        XCTAssertEqual(s["audienceMode"]?.string, "normal", "the room sees the place")
        app.kill9()

        // The slideshow button: Esc only asks again; F5 then resumes (not a restart).
        app = try relaunchAsked()
        s = try key(app, "Escape")
        XCTAssertEqual(s["question"]?["holdsTalk"]?.bool, true, "one Esc throws nothing away")
        XCTAssertTrue(s["question"]?["text"]?.string?.contains("Esc again starts fresh") == true, "\(s["question"] ?? .null)")
        XCTAssertEqual(try journal()?["scene"]?.int, 3)
        s = try key(app, "F5")
        XCTAssertEqual(s["scene"]?["index"]?.int, 3, "F5 resumed at scene 4")
        XCTAssertEqual(s["question"], .null)
        XCTAssertEqual(s["timers"]?["running"]?.bool, true, "the talk's timer goes on")
        app.kill9()

        // Esc twice starts fresh, but the old place stays journaled until the talk moves: a
        // quit and relaunch offers it again.
        app = try relaunchAsked()
        try key(app, "Escape")
        usleep(400_000)   // the speaker's second Esc, not a bounce (`confirmRepeatSeconds`)
        s = try key(app, "Escape")
        XCTAssertEqual(s["question"], .null, "Esc twice starts fresh")
        XCTAssertEqual(s["scene"]?["index"]?.int, 0)
        XCTAssertEqual(s["audienceMode"]?.string, "normal")
        XCTAssertEqual(try journal()?["scene"]?.int, 3, "the old place is kept until the fresh talk moves")
        XCTAssertEqual(app.stop(), 0, app.log)
        XCTAssertEqual(try journal()?["scene"]?.int, 3, "a quit before the fresh talk moved keeps it too")
        app = try relaunchAsked()
        s = try key(app, "Return")
        XCTAssertEqual(s["scene"]?["index"]?.int, 3, "the fresh start was undone by a relaunch")
        XCTAssertEqual(app.stop(), 0, app.log)
        XCTAssertFalse(app.log.contains("journal error"), app.log)
    }

    /// A `--start-time` countdown survives kill -9 and a relaunch without the option.
    func testTheStartTimeIsJournaled() throws {
        let start = Calendar.current.dateComponents([.hour, .minute], from: Date().addingTimeInterval(600))
        var app = try launch(["--start-time", String(format: "%02d:%02d", start.hour!, start.minute!)])
        XCTAssertNotEqual(try app.send(["cmd": "state"])["timers"]?["untilStart"], .null)
        XCTAssertTrue(try waitUntil { try journal()?["startTime"]?.number != nil }, "journaled")
        app.kill9()

        app = try launch()
        let s = try app.send(["cmd": "state"])
        let until = try XCTUnwrap(s["timers"]?["untilStart"]?.number, "still counting down: \(s["timers"] ?? .null)")
        XCTAssertGreaterThan(until, 60)
        XCTAssertLessThanOrEqual(until, 600)
        XCTAssertEqual(s["question"], .null, "nothing else to resume: no question")
        XCTAssertEqual(app.stop(), 0, app.log)
    }
    /// With a mouse in hand (trial 13 F4 rest): the banner's Resume and Start Fresh buttons answer
    /// as Return and Esc, through the control socket's `click`, while other clicks are refused.
    func testTheQuestionsButtonsAnswerIt() throws {
        try interruptedAtSceneFour()
        let app = try relaunchAsked()
        defer { app.stop() }
        let controls = try app.send(["cmd": "state"])["windows"]?.array?.first?["controls"]?.array ?? []
        XCTAssertEqual(controls.first { $0["id"]?.string == "console.banner.yes" }?["label"]?.string, "Resume")
        XCTAssertEqual(controls.first { $0["id"]?.string == "console.banner.no" }?["label"]?.string, "Start Fresh")
        XCTAssertNotEqual(try app.send(["cmd": "click", "id": "console.next"])["ok"]?.bool, true, "other clicks wait for the answer")
        XCTAssertEqual(try app.send(["cmd": "click", "id": "console.banner.no"])["ok"]?.bool, true)
        var s = try app.send(["cmd": "state"])
        XCTAssertEqual(s["question"]?["holdsTalk"]?.bool, true, "one Start Fresh throws nothing away")
        XCTAssertTrue(s["question"]?["text"]?.string?.contains("Esc again starts fresh") == true, "\(s["question"] ?? .null)")
        XCTAssertEqual(try app.send(["cmd": "click", "id": "console.banner.yes"])["ok"]?.bool, true)
        s = try app.send(["cmd": "state"])
        XCTAssertEqual(s["question"], .null)
        XCTAssertEqual(s["scene"]?["index"]?.int, 3, "Resume resumed at scene 4")
        XCTAssertEqual(s["audienceMode"]?.string, "normal")
        XCTAssertEqual(app.stop(), 0)
    }

    /// Trial 16 m11: SIGTERM (a logout, a service stop, a stray script) is no one's answer at the
    /// talk: it ends the talk cleanly, but the place is kept and the next launch asks; the
    /// speaker's own quit (here the control socket's, as `q` confirmed) ends the journal.
    func testSIGTERMKeepsThePlaceAndAQuitDoesNot() throws {
        var app = try launch()
        for _ in 0..<3 { XCTAssertEqual(try app.send(["cmd": "next"])["ok"]?.bool, true) }
        XCTAssertTrue(try waitUntil { try journal()?["scene"]?.int == 3 }, "journaled at scene 4")
        kill(app.process.processIdentifier, SIGTERM)
        XCTAssertEqual(app.waitForExit(), 0, app.log)
        XCTAssertTrue(app.log.contains("the talk's place is kept (SIGTERM)"), app.log)
        XCTAssertEqual(try journal()?["scene"]?.int, 3)
        app = try relaunchAsked()
        _ = try key(app, "Page Down")
        XCTAssertEqual(try app.send(["cmd": "state"])["scene"]?["index"]?.int, 3, "resumed at scene 4")
        XCTAssertEqual(app.stop(), 0)

        app = try launch()
        XCTAssertEqual(try app.send(["cmd": "state"])["question"], .null, "the quit left nothing to resume")
        XCTAssertEqual(app.stop(), 0)
    }
}
