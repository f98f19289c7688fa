import Foundation
import PodiumKit
import PodiumTestSupport
import XCTest

/// A talk killed with SIGKILL comes back where it was: the journal in `$XDG_STATE_HOME/podium`
/// holds the scene and the timer; the next launch asks on the presenter screen only (Return
/// resumes, Esc twice starts fresh), `--resume` does not ask, and a clean quit ends the journal.
/// (A clicker's answers: `ResumeClickerEndToEndTests`.)
final class ResumeEndToEndTests: XCTestCase {
    var dir: URL!
    var deck: String!
    override func setUp() {
        dir = TestPaths.tempDir("e2e-resume")
        deck = TestPaths.titleDeck(5, title: "Resume", in: dir)
    }
    override func tearDown() { try? FileManager.default.removeItem(at: dir) }

    var journalFolder: URL { URL(fileURLWithPath: TestPaths.privateHome(in: dir)["XDG_STATE_HOME"]!).appendingPathComponent("podium") }
    func journal() throws -> JSONValue? {
        let files = (try? FileManager.default.contentsOfDirectory(atPath: journalFolder.path)) ?? []
        guard let f = files.first(where: { $0.hasPrefix("journal-") && $0.hasSuffix(".json") }) else { return nil }
        return try JSONValue.parse(try Data(contentsOf: journalFolder.appendingPathComponent(f)))
    }

    func launch(_ extra: [String] = []) throws -> PodiumTestSupport.PodiumProcess {
        let app = try PodiumTestSupport.PodiumProcess(args: [deck, "--windowed"] + extra,
                                                       environment: ["SDL_VIDEODRIVER": "offscreen", "SDL_RENDER_DRIVER": "software"], dir: dir)
        XCTAssertEqual(try app.client.send(["cmd": "state"])["driver"]?.string, "offscreen")
        return app
    }
    func kill9(_ app: PodiumTestSupport.PodiumProcess) {
        kill(app.process.processIdentifier, SIGKILL)
        // Reap reports the signal, or 128 + it when Foundation reaped the process first.
        XCTAssertTrue([SIGKILL, 128 + SIGKILL].contains(reap(app.process)), "killed by SIGKILL")
    }
    func banner(_ s: JSONValue, window: String = "presenter") -> JSONValue? {
        let controls = s["windows"]?.array?.first { $0["role"]?.string == window }?["controls"]?.array ?? []
        return controls.first { $0["id"]?.string == "console.banner" }
    }
    func key(_ c: ControlClient, _ k: String) throws { XCTAssertEqual(try c.send(["cmd": "key", "key": .string(k)])["ok"]?.bool, true, k) }

    /// Trial 33 m10: the deck does not load after a kill (a failed compile deleted the PDF, an
    /// editor left the JSON half-saved): the refusal says that `--resume` may bring the talk back,
    /// from the copies kept of its files, not only "file not found".
    func testADeckThatDoesNotLoadAfterAKillPointsToResume() throws {
        let app = try launch()
        for _ in 0..<2 { XCTAssertEqual(try app.client.send(["cmd": "next"])["ok"]?.bool, true) }
        usleep(600_000)
        kill9(app)
        try "{ \"title\": \"Resume\", \"scenes\": [".write(toFile: deck, atomically: true, encoding: .utf8)
        let r = try runProcess(TestPaths.podium, ["present", deck, "--windowed"],
                               environment: TestPaths.privateHome(in: dir).merging(["SDL_VIDEODRIVER": "offscreen"]) { a, _ in a })
        XCTAssertEqual(r.status, 2, r.stderr)
        XCTAssertTrue(r.stderr.contains("an interrupted talk of \(deck.pathLastComponent) is journaled (on scene 3): `podium present \(deck!) --resume` resumes it"), r.stderr)
    }

    func testAKilledTalkResumesWhereItWas() throws {
        // 1. Scene 4, the timer running; then SIGKILL.
        var app = try launch()
        for _ in 0..<3 { XCTAssertEqual(try app.client.send(["cmd": "next"])["ok"]?.bool, true) }
        usleep(600_000)
        let before = try XCTUnwrap(try app.client.send(["cmd": "state"])["timers"]?["elapsed"]?.number)
        var j = try XCTUnwrap(try journal(), "journaled while the talk runs")
        XCTAssertEqual(j["scene"]?.int, 3)
        XCTAssertEqual(j["started"]?.bool, true)
        XCTAssertEqual(j["deck"]?.string, URL(fileURLWithPath: deck).standardizedFileURL.path)
        kill9(app)

        // 2. Relaunched: asked on the presenter screen only; nothing moves until answered; Return resumes.
        app = try launch()
        var s = try app.client.send(["cmd": "state"])
        XCTAssertEqual(s["scene"]?["index"]?.int, 0)
        let q = try XCTUnwrap(banner(s), "the resume question on the presenter screen")
        XCTAssertEqual(q["value"]?.string, "question")
        XCTAssertTrue(q["label"]?.string?.contains("scene 4") == true, "\(q)")
        XCTAssertTrue(q["label"]?.string?.contains("Part 4") == true, "\(q)")
        XCTAssertNil(banner(s, window: "audience"), "the room sees nothing of it")
        XCTAssertEqual(s["windows"]?.array?.count, 2)
        XCTAssertEqual(try app.client.send(["cmd": "key", "key": "b"])["ok"]?.bool, false, "keys that change the talk are refused")
        XCTAssertEqual(try app.client.send(["cmd": "state"])["scene"]?["index"]?.int, 0, "keys wait for the answer")
        try key(app.client, "Return")
        s = try app.client.send(["cmd": "state"])
        XCTAssertEqual(s["scene"]?["index"]?.int, 3, "back at scene 4")
        XCTAssertEqual(s["timers"]?["running"]?.bool, true)
        XCTAssertGreaterThanOrEqual(s["timers"]?["elapsed"]?.number ?? 0, before, "the elapsed time goes on from where it was")
        XCTAssertNil(banner(s).flatMap { $0["value"]?.string == "question" ? $0 : nil }, "the question is gone")

        // 3. Paused, killed again; `--resume` resumes without asking, still paused.
        try key(app.client, "t")
        let paused = try XCTUnwrap(try app.client.send(["cmd": "state"])["timers"]?["elapsed"]?.number)
        j = try XCTUnwrap(try journal())
        XCTAssertEqual(j["paused"]?.bool, true, "the pause is journaled at once")
        kill9(app)
        app = try launch(["--resume"])
        s = try app.client.send(["cmd": "state"])
        XCTAssertEqual(s["scene"]?["index"]?.int, 3)
        XCTAssertEqual(s["timers"]?["paused"]?.bool, true)
        XCTAssertEqual(s["timers"]?["elapsed"]?.number ?? 0, paused, accuracy: 0.01)
        XCTAssertNil(banner(s), "no question with --resume")

        // 4. A clean quit ends the journal: no offer next time.
        XCTAssertEqual(app.stop(), 0)
        XCTAssertNil(try journal(), "the journal ends with a clean quit")
        app = try launch()
        s = try app.client.send(["cmd": "state"])
        XCTAssertNil(banner(s))
        XCTAssertEqual(s["scene"]?["index"]?.int, 0)

        // 5. Esc twice starts fresh (and the journal follows the fresh talk once it moves).
        XCTAssertEqual(try app.client.send(["cmd": "goto", "index": 2])["ok"]?.bool, true)
        kill9(app)
        app = try launch()
        XCTAssertEqual(banner(try app.client.send(["cmd": "state"]))?["value"]?.string, "question")
        try key(app.client, "Escape")
        usleep(400_000)   // the second Esc of a speaker, not a bounce (`confirmRepeatSeconds`)
        try key(app.client, "Escape")
        s = try app.client.send(["cmd": "state"])
        XCTAssertEqual(s["scene"]?["index"]?.int, 0)
        XCTAssertEqual(s["timers"]?["running"]?.bool, false)
        XCTAssertEqual(try journal()?["scene"]?.int, 2, "the old record stays until the fresh talk moves")
        try key(app.client, "Page Down")
        XCTAssertEqual(try app.client.send(["cmd": "state"])["scene"]?["index"]?.int, 1)
        XCTAssertEqual(try journal()?["scene"]?.int, 1, "the fresh talk moved: it replaced the old record")
        XCTAssertEqual(app.stop(), 0)
        XCTAssertFalse(app.log.contains("journal"), "no journal errors: \(app.log)")
    }

    /// Ctrl+Q gets out while the resume question is open, and the talk is still offered next
    /// time; a relaunch without `--duration` keeps the planned length the talk had.
    func testQuitDuringTheQuestionKeepsTheTalkAndItsPlan() throws {
        var app = try launch(["--duration", "25"])
        for _ in 0..<2 { XCTAssertEqual(try app.client.send(["cmd": "next"])["ok"]?.bool, true) }
        XCTAssertEqual(try XCTUnwrap(try journal())["durationMinutes"]?.number, 25)
        kill9(app)

        app = try launch()
        XCTAssertEqual(banner(try app.client.send(["cmd": "state"]))?["value"]?.string, "question")
        _ = try? app.client.send(["cmd": "key", "key": "Ctrl+Q"])
        XCTAssertEqual(reap(app.process, seconds: 5), 0, "Ctrl+Q quits while the question is open: \(app.log)")
        XCTAssertEqual(try journal()?["scene"]?.int, 2, "the unanswered talk is still journaled")

        app = try launch(["--resume"])
        let s = try app.client.send(["cmd": "state"])
        XCTAssertEqual(s["scene"]?["index"]?.int, 2)
        let remaining = try XCTUnwrap(s["timers"]?["remaining"]?.number, "\(s)")
        XCTAssertGreaterThan(remaining, 20 * 60, "25 minutes planned, not the deck's 10")
        XCTAssertEqual(app.stop(), 0)
    }

    /// A second `present` of a deck that is being presented is refused (it would stack another
    /// audience window on the projector and offer to resume the running talk); once the first
    /// quits, or is killed, the deck can be presented again.
    func testASecondPresentOfTheSameDeckIsRefused() throws {
        var app = try launch()
        let second = try runProcess(TestPaths.podium, ["present", deck, "--windowed"],
                                    environment: TestPaths.privateHome(in: dir).merging(["SDL_VIDEODRIVER": "offscreen"]) { $1 })
        XCTAssertEqual(second.status, 2, second.stderr)
        XCTAssertTrue(second.stderr.contains("is already being presented by another podium (pid \(app.process.processIdentifier))"), second.stderr)
        XCTAssertFalse(second.stderr.contains("usage:"), "a refusal, not a usage mistake: \(second.stderr)")
        kill9(app)
        app = try launch()
        XCTAssertEqual(app.stop(), 0)
    }
}
