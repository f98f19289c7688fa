import Foundation
import PodiumKit
import PodiumTestSupport
import XCTest

/// A talk that crashes comes back by itself where it was (`CrashRestart`, the forked watcher in
/// `Sources/CCrashWatch`): the same binary restarted with `--resume`, no question asked. A clean
/// quit, kill -9 and a crash signal the talk survived restart nothing; a talk that keeps crashing
/// is restarted at most three times.
///
/// The crash is a SIGSEGV sent with kill(2) while Swift's backtracer is off
/// (`SWIFT_BACKTRACE=enable=no`): then, as for a real fault, the talk's handler writes to the
/// watcher and the default action ends the process. (With the backtracer on, a SIGSEGV sent by
/// kill is backtraced and survived; `testASurvivedCrashSignalThenAQuitRestartsNothing`.)
final class CrashRestartEndToEndTests: XCTestCase {
    var dir: URL!
    var deck: String!
    override func setUp() {
        dir = TestPaths.tempDir("e2e-crash-restart")
        deck = TestPaths.titleDeck(5, title: "Crash", in: dir)
    }
    override func tearDown() {
        // Whatever a failed test left running: the talk, a restarted talk (not our child) and
        // watchers, all named by this test's folder in their command line.
        for pid in (try? FileManager.default.contentsOfDirectory(atPath: "/proc"))?.compactMap(pid_t.init) ?? [] {
            guard let cmd = try? String(contentsOfFile: "/proc/\(pid)/cmdline", encoding: .utf8), cmd.contains(dir.path) else { continue }
            kill(pid, SIGKILL)
        }
        try? FileManager.default.removeItem(at: dir)
    }

    func launch(backtracer: Bool = false) throws -> PodiumProcess {
        let app = try PodiumProcess(args: [deck, "--windowed"],
                                    environment: ["SDL_VIDEODRIVER": "offscreen", "SDL_RENDER_DRIVER": "software",
                                                  "PODIUM_RESTART_ON_CRASH": "1", "SWIFT_BACKTRACE": backtracer ? "enable=yes,interactive=no" : "enable=no"],
                                    dir: dir)
        addTeardownBlock { app.stop() }
        XCTAssertEqual(try app.send(["cmd": "state"])["driver"]?.string, "offscreen")
        return app
    }

    /// The process's children (the watcher is one).
    func children(of pid: pid_t) -> [pid_t] {
        let text = (try? String(contentsOfFile: "/proc/\(pid)/task/\(pid)/children", encoding: .utf8)) ?? ""
        return text.split(separator: " ").compactMap { pid_t($0) }
    }
    /// Ended: gone, or a zombie nobody reaps (its parent, the crashed talk, is gone).
    func ended(_ pid: pid_t) -> Bool {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8) else { return true }
        return stat.split(separator: ")").last?.split(separator: " ").first == "Z"
    }
    func waitUntil(_ seconds: Double = 15, _ condition: () -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while !condition() { if Date() > deadline { return false }; usleep(50_000) }
        return true
    }
    func crash(_ app: PodiumProcess) {
        kill(app.process.processIdentifier, SIGSEGV)
        XCTAssertTrue([SIGSEGV, 128 + SIGSEGV].contains(app.waitForExit()), "ended by SIGSEGV")
    }
    /// Quits the restarted talk (not our child) over the control socket and waits for it and
    /// its own watcher to end.
    func quitRestarted(_ talk: pid_t) throws {
        let watcher = children(of: talk)
        _ = try? ControlClient(path: dir.appendingPathComponent("control.sock").path, timeout: 5).send(["cmd": "quit"])
        XCTAssertTrue(waitUntil { ended(talk) && watcher.allSatisfy(ended) }, "the restarted talk and its watcher end on quit")
    }

    func testACrashedTalkComesBackWhereItWasWithoutAsking() throws {
        let app = try launch()
        for _ in 0..<3 { XCTAssertEqual(try app.send(["cmd": "next"])["ok"]?.bool, true) }
        let watchers = children(of: app.process.processIdentifier)
        XCTAssertEqual(watchers.count, 1, "one watcher beside the talk")
        let restarted = try XCTUnwrap(watchers.first)
        crash(app)

        // The watcher became the talk again: scene 4, no question, both windows.
        let client = try ControlClient(path: app.socketPath, timeout: 30)
        let s = try client.waitForState { $0["scene"]?["index"]?.int == 3 }
        XCTAssertEqual(s["scene"]?["index"]?.int, 3, "back at scene 4")
        XCTAssertEqual(s["question"], .null, "no resume question: the speaker did not ask for the crash")
        XCTAssertEqual(s["windows"]?.array?.count, 2)
        XCTAssertFalse(ended(restarted))
        let cmdline = try String(contentsOfFile: "/proc/\(restarted)/cmdline", encoding: .utf8).split(separator: "\0").map(String.init)
        XCTAssertEqual(cmdline.last, "--resume")
        XCTAssertTrue(cmdline.contains(deck))
        XCTAssertEqual(try String(contentsOfFile: "/proc/\(restarted)/comm", encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines), "podium")
        XCTAssertTrue(app.log.contains("the talk crashed; restarting it where it was"), app.log)
        XCTAssertTrue(app.log.contains("restarted after a crash (1 of at most 3"), app.log)
        XCTAssertEqual(children(of: restarted).count, 1, "the restarted talk has a watcher of its own")
        try quitRestarted(restarted)
    }

    func testAQuitAndAKill9RestartNothing() throws {
        var app = try launch()
        var watcher = try XCTUnwrap(children(of: app.process.processIdentifier).first)
        app.stop()
        XCTAssertTrue(waitUntil { ended(watcher) }, "the watcher ends with the talk")

        app = try launch()
        watcher = try XCTUnwrap(children(of: app.process.processIdentifier).first)
        app.kill9()
        XCTAssertTrue(waitUntil { ended(watcher) }, "kill -9 is the speaker's (or the system's) choice: no restart")
        XCTAssertFalse(app.log.contains("restarting"), app.log)
    }

    func testASurvivedCrashSignalThenAQuitRestartsNothing() throws {
        let app = try launch(backtracer: true)
        let watcher = try XCTUnwrap(children(of: app.process.processIdentifier).first)
        kill(app.process.processIdentifier, SIGSEGV)
        // Swift's backtracer prints the backtrace and returns from a signal that kill(2) sent.
        XCTAssertEqual(try app.client.waitForState(timeout: 20) { $0["ok"]?.bool == true }["ok"]?.bool, true, "the talk runs on")
        XCTAssertTrue(app.log.contains("Backtrace"), "the backtracer saw the signal:\n\(app.log)")
        XCTAssertEqual(app.stop(), 0)
        XCTAssertTrue(waitUntil { ended(watcher) })
        XCTAssertFalse(app.log.contains("restarting"), app.log)
    }

    func testATalkThatKeepsCrashingIsRestartedThreeTimesThenLeftDown() throws {
        let app = try launch()
        var talk = try XCTUnwrap(children(of: app.process.processIdentifier).first)
        crash(app)
        for n in 1...3 {
            let client = try ControlClient(path: app.socketPath, timeout: 30)
            XCTAssertEqual(try client.send(["cmd": "state"])["ok"]?.bool, true, "restart \(n) is up")
            let next = try XCTUnwrap(children(of: talk).first, "restart \(n) has a watcher")
            kill(talk, SIGSEGV)
            XCTAssertTrue(waitUntil { ended(talk) }, "restart \(n) ended by the crash")
            talk = next
        }
        XCTAssertTrue(waitUntil { ended(talk) }, "the fourth watcher restarts nothing")
        XCTAssertTrue(app.log.contains("not restarting it (too many crashes in a short time)"), app.log)
        XCTAssertTrue(app.log.contains("restarted after a crash (3 of at most 3"), app.log)
        XCTAssertFalse(app.log.contains("restarted after a crash (4"), app.log)
    }
}
