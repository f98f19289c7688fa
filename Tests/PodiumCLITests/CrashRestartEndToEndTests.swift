import Foundation
import PodiumKit
import PodiumTestSupport
import XCTest

/// A talk that crashes comes back by itself where it was (`CrashRestart`, the forked watcher in
/// `Sources/CCrashWatch`): the same binary restarted with `--resume`, no question asked. So does
/// a talk killed by a SIGKILL it did not ask for (the out-of-memory killer, kill -9: trial 13
/// F5). A quit (the control socket's, SIGTERM, SIGINT) and a crash signal the talk survived
/// restart nothing; a talk that keeps crashing or being killed is restarted at most three times.
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
        // watchers, all named by this test's folder in their command line (watchers first).
        endTalks(mentioning: dir.path)
        try? FileManager.default.removeItem(at: dir)
    }

    func launch(backtracer: Bool = false, extra: [String] = [], environment: [String: String] = [:]) throws -> PodiumProcess {
        let app = try PodiumProcess(args: [deck, "--windowed"] + extra,
                                    environment: ["SDL_VIDEODRIVER": "offscreen", "SDL_RENDER_DRIVER": "software",
                                                  "PODIUM_RESTART_ON_CRASH": "1", "SWIFT_BACKTRACE": backtracer ? "enable=yes,interactive=no" : "enable=no"]
                                        .merging(environment) { $1 },
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
        // Two seconds on scene 4: the console's time on the scene goes on after the restart.
        _ = try app.client.waitForState(timeout: 10) { ($0["timers"]?["sceneElapsed"]?.int ?? 0) >= 2 }
        let watchers = children(of: app.process.processIdentifier)
        XCTAssertEqual(watchers.count, 1, "one watcher beside the talk")
        let restarted = try XCTUnwrap(watchers.first)
        crash(app)

        // The watcher became the talk again: scene 4, no question, both windows.
        let client = try ControlClient(path: app.socketPath, timeout: 30)
        let s = try client.waitForState { $0["scene"]?["index"]?.int == 3 }
        XCTAssertEqual(s["scene"]?["index"]?.int, 3, "back at scene 4")
        XCTAssertGreaterThanOrEqual(s["timers"]?["sceneElapsed"]?.int ?? 0, 2, "time on the scene kept: \(s["timers"] ?? .null)")
        XCTAssertEqual(s["question"], .null, "no resume question: the speaker did not ask for the crash")
        XCTAssertEqual(s["windows"]?.array?.count, 2)
        XCTAssertFalse(ended(restarted))
        let cmdline = try String(contentsOfFile: "/proc/\(restarted)/cmdline", encoding: .utf8).split(separator: "\0").map(String.init)
        XCTAssertEqual(cmdline.last, "--resume")
        XCTAssertTrue(cmdline.contains(deck))
        XCTAssertEqual(try String(contentsOfFile: "/proc/\(restarted)/comm", encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines), "podium")
        XCTAssertTrue(app.log.contains("the talk crashed; restarting it where it was"), app.log)
        XCTAssertTrue(app.log.contains("restarted after a crash (1 of at most 3"), app.log)
        // The restart resumed before its windows drew: the room's first frame is scene 4, not 1.
        // The state can answer before the presenter's first frame is logged: wait for that line.
        let drawnBy = Date().addingTimeInterval(30)
        func sinceRestart() -> String { app.log.components(separatedBy: "restarted after a crash (1 of at most 3").last ?? "" }
        while Date() < drawnBy, !sinceRestart().contains("first frame of both windows") { usleep(20_000) }
        let restartLog = sinceRestart()
        let resumed = try XCTUnwrap(restartLog.range(of: "resumed at scene 4"), restartLog)
        let drawn = try XCTUnwrap(restartLog.range(of: "first frame of both windows"), restartLog)
        XCTAssertLessThan(resumed.lowerBound, drawn.lowerBound, "resumed before the first frame: \(restartLog)")
        XCTAssertEqual(children(of: restarted).count, 1, "the restarted talk has a watcher of its own")
        // Trial 9 F4: the speaker is told why the talk blinked (the presenter view only).
        // Trial 11 F10: naming the scene it came back on.
        XCTAssertEqual(banner(s), "Podium crashed on scene 4 “Part 4” and was restarted there.")
        try quitRestarted(restarted)
    }

    func banner(_ s: JSONValue) -> String? {
        s["windows"]?.array?.first { $0["role"]?.string == "presenter" }?["controls"]?.array?
            .first { $0["id"]?.string == "console.banner" }?["label"]?.string
    }

    /// Trial 9 F6: with a journal that cannot be written (here a file where its folder should
    /// be; a read-only or full state folder alike) a crash restart started over at scene 1,
    /// 0:00, and the speaker was never told. The place and timer are kept in the watcher's
    /// memory too, and the speaker is warned once, in a short line naming the folder.
    func testACrashRestartKeepsThePlaceAndTimerWhenTheJournalCannotBeWritten() throws {
        let state = dir.appendingPathComponent("state")
        try FileManager.default.createDirectory(at: state, withIntermediateDirectories: true)
        try Data("not a folder".utf8).write(to: state.appendingPathComponent("podium"))
        let app = try launch(environment: ["XDG_STATE_HOME": state.path])
        for _ in 0..<3 { XCTAssertEqual(try app.send(["cmd": "next"])["ok"]?.bool, true) }
        let before = try app.client.waitForState(timeout: 10) { ($0["timers"]?["elapsed"]?.int ?? 0) >= 2 }
        let notice = try XCTUnwrap(banner(before), "the speaker is warned")
        XCTAssertTrue(notice.hasPrefix("The talk's place cannot be saved: \(state.path)/podium: "), notice)
        XCTAssertFalse(notice.contains("Domain="), notice)
        XCTAssertTrue(app.log.contains("the talk's place cannot be saved: \(state.path)/podium/journal-"), app.log)
        XCTAssertFalse(app.log.contains("NSCocoaErrorDomain"), "no NSError dump; log:\n\(app.log)")
        let restarted = try XCTUnwrap(children(of: app.process.processIdentifier).first)
        crash(app)

        let client = try ControlClient(path: app.socketPath, timeout: 30)
        let s = try client.waitForState { $0["scene"]?["index"]?.int == 3 }
        XCTAssertEqual(s["scene"]?["index"]?.int, 3, "back at scene 4, from the watcher's memory; log:\n\(app.log)")
        XCTAssertGreaterThanOrEqual(s["timers"]?["elapsed"]?.int ?? 0, 2, "the timer kept: \(s["timers"] ?? .null)")
        XCTAssertFalse(app.log.contains("starting fresh"), app.log)
        try quitRestarted(restarted)
    }

    /// Phones paired with the remote stay paired across a crash: the restart serves the same
    /// tokens on the same port (the system's pick, `--remote 127.0.0.1:0`), and the old control
    /// URL answers with the page, a wrong token still does not.
    func testAPhoneRemoteKeepsItsPairingAcrossACrash() throws {
        let app = try launch(extra: ["--remote", "127.0.0.1:0"])
        let before = try app.send(["cmd": "state"])["remote"]
        let url = try XCTUnwrap(before?["url"]?.string, "\(before ?? .null)")
        let viewURL = try XCTUnwrap(before?["viewUrl"]?.string)
        XCTAssertEqual(try app.send(["cmd": "next"])["ok"]?.bool, true)
        let restarted = try XCTUnwrap(children(of: app.process.processIdentifier).first)
        crash(app)
        let client = try ControlClient(path: app.socketPath, timeout: 30)
        let s = try client.waitForState { $0["scene"]?["index"]?.int == 1 && $0["remote"]?["url"]?.string != nil }
        XCTAssertEqual(s["remote"]?["url"]?.string, url, "the same control URL: token and port")
        XCTAssertEqual(s["remote"]?["viewUrl"]?.string, viewURL)
        XCTAssertTrue(app.log.contains("(the crashed talk's pairing, kept)"), app.log)
        // The restarted server answers the old link, and still refuses a wrong token.
        let get = """
            import http.client, sys, urllib.parse
            u = urllib.parse.urlsplit(sys.argv[1])
            def status(query):
                c = http.client.HTTPConnection(u.hostname, u.port, timeout=10)
                c.request("GET", "/?" + query, headers={"Host": u.netloc}); return c.getresponse().status
            print(status(u.query), status("t=" + "0" * 32))
            """
        let r = try runProcess("/usr/bin/python3", ["-c", get, url], environment: TestPaths.privateHome(in: dir))
        XCTAssertEqual(r.stdout.trimmingCharacters(in: .whitespacesAndNewlines), "200 403", r.stderr)
        try quitRestarted(restarted)
    }

    /// A crash while the deck is being rewritten (half written on disk), or saved with a typo:
    /// the restart comes back at once on the version the talk loaded (kept by it, `LastGoodDeck`),
    /// says so, and reloads the file once it loads (trial 18b F4: it waited 30 s with the console
    /// gone, then left the room the desktop).
    func testARestartWhileTheDeckHasATypoComesBackOnTheVersionShown() throws {
        // Another talk's copy, not written for 40 days: a launch prunes it (`LastGoodCopies`).
        let kept = dir.appendingPathComponent("home/.cache/podium/last-good")
        try FileManager.default.createDirectory(at: kept, withIntermediateDirectories: true)
        let stale = kept.appendingPathComponent("0123456789abcdef.pdf").path
        XCTAssertTrue(FileManager.default.createFile(atPath: stale, contents: Data("%PDF".utf8)))
        try FileManager.default.setAttributes([.modificationDate: Date().addingTimeInterval(-40 * 86_400)], ofItemAtPath: stale)
        let app = try launch()
        for _ in 0..<2 { XCTAssertEqual(try app.send(["cmd": "next"])["ok"]?.bool, true) }
        XCTAssertTrue(waitUntil(10) { ((try? FileManager.default.contentsOfDirectory(atPath: kept.path)) ?? []).contains { $0.hasSuffix(".json") } }, "the deck loaded is kept")
        XCTAssertFalse(FileManager.default.fileExists(atPath: stale), "a copy no talk wrote for 40 days is removed at launch")
        let full = try String(contentsOfFile: deck, encoding: .utf8)
        try full.replacingOccurrences(of: "\"scenes\"", with: "\"scenes\",,").write(toFile: deck, atomically: true, encoding: .utf8)
        XCTAssertTrue(waitUntil(15) { app.log.contains("refused") }, "the typo's reload is refused; log:\n\(app.log)")
        let restarted = try XCTUnwrap(children(of: app.process.processIdentifier).first)
        crash(app)
        let client = try ControlClient(path: app.socketPath, timeout: 30)
        let s = try client.waitForState(timeout: 30) { $0["scene"]?["index"]?.int == 2 }
        XCTAssertEqual(s["scene"]?["index"]?.int, 2, "back where it was, at once")
        XCTAssertFalse(app.log.contains("the deck does not load yet"), app.log)
        let told = try client.waitForState { ($0["console"]?["notice"]?.string ?? "").contains("does not load now") }
        XCTAssertTrue((told["console"]?["notice"]?.string ?? "").contains("the talk goes on with the version shown before the restart"), "\(told["console"] ?? .null)")
        try full.write(toFile: deck, atomically: true, encoding: .utf8)
        XCTAssertTrue(waitUntil(15) { app.log.contains("reloaded") }, "the fixed file is reloaded; log:\n\(app.log)")
        try quitRestarted(restarted)
    }

    /// The deck's kept copy is the bytes the talk loaded, byte for byte, not a second read of the
    /// file in the background (which cost a read and could keep a later version than the one loaded).
    func testTheDecksKeptCopyIsTheFileReadOnce() throws {
        let name = (deck as NSString).lastPathComponent
        let opens = try XCTUnwrap(FileOpens(folder: (deck as NSString).deletingLastPathComponent))
        let app = try launch()
        let kept = dir.appendingPathComponent("home/.cache/podium/last-good")
        func copy() -> Data? {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: kept.path))?.filter { $0.hasSuffix(".json") } ?? []
            return names.count == 1 ? try? Data(contentsOf: kept.appendingPathComponent(names[0])) : nil
        }
        XCTAssertTrue(waitUntil(10) { copy() != nil }, "the deck loaded is kept")
        XCTAssertEqual(opens.count(of: name), 1, "the deck file is read once at launch; log:\n\(app.log)")
        XCTAssertEqual(copy(), try Data(contentsOf: URL(fileURLWithPath: deck)), "byte for byte")
    }

    /// Without a kept version (a talk started before it was kept, or its copy gone), a crash while
    /// the deck is half written waits for the complete file instead of failing to load it and
    /// leaving the talk down (trial 8).
    func testARestartWaitsForAHalfWrittenDeck() throws {
        let app = try launch()
        for _ in 0..<2 { XCTAssertEqual(try app.send(["cmd": "next"])["ok"]?.bool, true) }
        let kept = dir.appendingPathComponent("home/.cache/podium/last-good")
        XCTAssertTrue(waitUntil(10) { ((try? FileManager.default.contentsOfDirectory(atPath: kept.path)) ?? []).contains { $0.hasSuffix(".json") } })
        try FileManager.default.removeItem(at: kept)
        let full = try Data(contentsOf: URL(fileURLWithPath: deck))
        try full.prefix(full.count / 2).write(to: URL(fileURLWithPath: deck))
        let restarted = try XCTUnwrap(children(of: app.process.processIdentifier).first)
        crash(app)
        XCTAssertTrue(waitUntil(10) { app.log.contains("the deck does not load yet") }, app.log)
        try full.write(to: URL(fileURLWithPath: deck))
        let client = try ControlClient(path: app.socketPath, timeout: 30)
        let s = try client.waitForState(timeout: 30) { $0["scene"]?["index"]?.int == 2 }
        XCTAssertEqual(s["scene"]?["index"]?.int, 2, "back where it was once the deck is whole")
        try quitRestarted(restarted)
    }

    /// The watcher is `podium-watch`, a program of its own exec'd from the fork (issue 19): it
    /// maps none of the talk's libraries (SDL, Pango, PodiumKit, the plugins) and holds nothing
    /// of its heap, and it has open only stdio, the pipe, the talk's binary (for a restart), the
    /// state it shares with the talk (the scene whose code runs, what a restart carries) and the
    /// pipe that answers the talk's crash handler once the room is covered. libX11 (the cover,
    /// the display check of a hung talk) is opened only when needed.
    func testTheWatcherIsASmallProgramHoldingNoneOfTheTalksLibraries() throws {
        let app = try launch()
        let watcher = try XCTUnwrap(children(of: app.process.processIdentifier).first)
        let exe = try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(watcher)/exe")
        XCTAssertEqual((exe as NSString).lastPathComponent, "podium-watch")
        XCTAssertEqual(try String(contentsOfFile: "/proc/\(watcher)/comm", encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines), "podium-watch")
        let maps = try runProcess("/bin/cat", ["/proc/\(watcher)/maps"]).stdout
        let libs = Set(maps.split(separator: "\n").compactMap { $0.split(separator: " ").last.map { ($0 as NSString).lastPathComponent } }.filter { $0.contains(".so") })
        for absent in ["libSDL2", "libpango", "libcairo", "libPodiumKit", "libFoundation", "libTitleScene", "libX11", "libXrandr"] {
            XCTAssertFalse(libs.contains { $0.hasPrefix(absent) }, "the watcher maps no \(absent): \(libs.sorted())")
        }
        XCTAssertLessThanOrEqual(libs.count, 8, "libc and the loader (and the Swift runtime swiftc links in): \(libs.sorted())")
        let fds = try FileManager.default.contentsOfDirectory(atPath: "/proc/\(watcher)/fd").compactMap(Int.init).sorted()
        XCTAssertEqual(fds, [0, 1, 2, 3, 4, 5, 6], "stdio, the pipe, the talk's binary, the state it shares with the talk, the crash handler's answer")
        let binary = try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(watcher)/fd/4")
        XCTAssertEqual(binary, try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(app.process.processIdentifier)/exe"))
    }

    /// A crash while the resume question is still open (after a kill -9 with no watcher, as after
    /// a power cut, and a relaunch) must not resume the old talk without the speaker's answer:
    /// the restart asks again. A room covered before the talk started stays covered across a crash.
    func testACrashBeforeThePlaceIsSettledAsksAgainAndACoverIsKept() throws {
        var app = try launch(environment: ["PODIUM_RESTART_ON_CRASH": "0"])
        for _ in 0..<3 { XCTAssertEqual(try app.send(["cmd": "next"])["ok"]?.bool, true) }
        app.kill9()
        app = try launch()
        XCTAssertEqual(try app.send(["cmd": "state"])["question"]?["holdsTalk"]?.bool, true, "the resume question is open")
        let restarted = try XCTUnwrap(children(of: app.process.processIdentifier).first)
        crash(app)
        let client = try ControlClient(path: app.socketPath, timeout: 30)
        var s = try client.waitForState { $0["question"]?["holdsTalk"]?.bool == true }
        XCTAssertEqual(s["question"]?["holdsTalk"]?.bool, true, "asked again: \(String(describing: s["question"]))")
        XCTAssertEqual(s["scene"]?["index"]?.int, 0, "the room still sees the start, not the old talk")
        let cmdline = try String(contentsOfFile: "/proc/\(restarted)/cmdline", encoding: .utf8).split(separator: "\0").map(String.init)
        XCTAssertFalse(cmdline.contains("--resume"), "\(cmdline)")
        XCTAssertTrue(app.log.contains("restarting it as it was launched"), app.log)
        XCTAssertEqual(try client.send(["cmd": "key", "key": "Return"])["ok"]?.bool, true)
        s = try client.send(["cmd": "state"])
        XCTAssertEqual(s["scene"]?["index"]?.int, 3, "the speaker's answer resumes it")
        try quitRestarted(restarted)

        // Blacked out before the talk starts, then a crash: still black.
        let covered = try launch()
        XCTAssertEqual(try covered.send(["cmd": "blackout"])["ok"]?.bool, true)
        let again = try XCTUnwrap(children(of: covered.process.processIdentifier).first)
        crash(covered)
        let c2 = try ControlClient(path: covered.socketPath, timeout: 30)
        s = try c2.waitForState { $0["audienceMode"]?.string == "black" }
        XCTAssertEqual(s["audienceMode"]?.string, "black", "the room stays covered")
        try quitRestarted(again)
    }

    /// A talk stopped on purpose (Ctrl+Z, a debugger) is held, not hung: the watcher counts no
    /// time while the talk is stopped, so SIGCONT finds the same talk going on. (The hang
    /// itself: CrashingPluginEndToEndTests, a plugin that never returns from `make`.)
    func testAStoppedTalkIsNotTakenForHung() throws {
        let app = try launch(environment: ["PODIUM_HANG_SECONDS": "2"])
        let pid = app.process.processIdentifier
        kill(pid, SIGSTOP)
        usleep(5_000_000)
        kill(pid, SIGCONT)
        XCTAssertEqual(try app.send(["cmd": "next"])["ok"]?.bool, true, "the same talk answers")
        usleep(3_000_000)   // an idle talk's loop comes round each second: still no hang
        XCTAssertEqual(try app.send(["cmd": "state"])["scene"]?["index"]?.int, 1)
        XCTAssertFalse(app.log.contains("stopped responding"), app.log)
        XCTAssertFalse(app.log.contains("restarting"), app.log)
        XCTAssertEqual(app.stop(), 0)
    }

    /// Every deliberate end: the control socket's quit (as `q`, Ctrl+Q), SIGTERM and SIGINT.
    func testAQuitSIGTERMAndSIGINTRestartNothing() throws {
        for way in ["quit", "SIGTERM", "SIGINT"] {
            let app = try launch()
            let watcher = try XCTUnwrap(children(of: app.process.processIdentifier).first)
            switch way {
            case "quit": XCTAssertEqual(app.stop(), 0)
            default:
                kill(app.process.processIdentifier, way == "SIGTERM" ? SIGTERM : SIGINT)
                XCTAssertEqual(app.waitForExit(), 0, "\(way): a quit; log:\n\(app.log)")
            }
            XCTAssertTrue(waitUntil { ended(watcher) }, "\(way): the watcher ends with the talk")
            XCTAssertFalse(app.log.contains("restarting"), "\(way): \(app.log)")
        }
    }

    /// Ctrl+C twice ends the talk the default way, before it can say it ended (here SIGINT and
    /// SIGTERM arrive together): it was quitting, so that is no kill to restart. The same holds
    /// for a SIGKILL ending a quit that takes too long (`podium_crash_watch_stopping`).
    func testASecondQuitSignalEndsTheTalkForGood() throws {
        let app = try launch()
        let watcher = try XCTUnwrap(children(of: app.process.processIdentifier).first)
        let pid = app.process.processIdentifier
        kill(pid, SIGSTOP)
        kill(pid, SIGINT)
        kill(pid, SIGTERM)
        kill(pid, SIGCONT)
        let status = app.waitForExit()
        XCTAssertTrue([0, SIGINT, SIGTERM, 128 + SIGINT, 128 + SIGTERM].contains(status), "a quit, or the second signal's default end: \(status); log:\n\(app.log)")
        XCTAssertTrue(waitUntil { ended(watcher) }, "the watcher ends with the talk")
        XCTAssertFalse(app.log.contains("restarting"), app.log)
    }

    /// SIGTERM (or Ctrl+C) while a talk still launches, before it handles quit signals itself
    /// (here while it waits for the deck's lock, which another talk holds): the default end at
    /// once, as ever, and no restart.
    func testASIGTERMWhileLaunchingRestartsNothing() throws {
        let first = try launch(environment: ["PODIUM_RESTART_ON_CRASH": "0"])   // holds the deck's lock
        let log = dir.appendingPathComponent("second.log").path
        let second = try ChildProcess(TestPaths.podium, ["present", deck, "--windowed", "--control", "unix:\(dir.path)/second.sock"],
                                      environment: ["SDL_VIDEODRIVER": "offscreen", "SDL_RENDER_DRIVER": "software",
                                                    "PODIUM_RESTART_ON_CRASH": "1", "SWIFT_BACKTRACE": "enable=no"],
                                      home: dir, stdout: .file(log), stderr: .file(log))
        let pid = second.process.processIdentifier
        XCTAssertTrue(waitUntil { !children(of: pid).isEmpty }, "its watcher started")
        let watcher = try XCTUnwrap(children(of: pid).first)
        kill(pid, SIGTERM)
        let status = second.waitForExit()
        let text = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
        XCTAssertTrue([SIGTERM, 128 + SIGTERM].contains(status), "ended by SIGTERM while launching: \(status); log:\n\(text)")
        XCTAssertTrue(waitUntil { ended(watcher) }, "the watcher ends with the talk")
        XCTAssertFalse(((try? String(contentsOfFile: log, encoding: .utf8)) ?? "").contains("restarting"), text)
        XCTAssertEqual(first.stop(), 0)
    }

    /// Trial 13 F5: a SIGKILL the talk did not ask for (the out-of-memory killer, kill -9) is
    /// restarted like a crash, on the same scene with its time, no question asked, and the
    /// speaker is told. (The room covered black meanwhile, on a real X server:
    /// `KillRestartXorgTests`.) The restart quits with `q` as any talk.
    func testAKill9IsRestartedLikeACrash() throws {
        let app = try launch()
        for _ in 0..<3 { XCTAssertEqual(try app.send(["cmd": "next"])["ok"]?.bool, true) }
        _ = try app.client.waitForState(timeout: 10) { ($0["timers"]?["sceneElapsed"]?.int ?? 0) >= 2 }
        let restarted = try XCTUnwrap(children(of: app.process.processIdentifier).first)
        app.kill9()

        let client = try ControlClient(path: app.socketPath, timeout: 30)
        let s = try client.waitForState { $0["scene"]?["index"]?.int == 3 }
        XCTAssertEqual(s["scene"]?["index"]?.int, 3, "back at scene 4; log:\n\(app.log)")
        XCTAssertGreaterThanOrEqual(s["timers"]?["sceneElapsed"]?.int ?? 0, 2, "time on the scene kept: \(s["timers"] ?? .null)")
        XCTAssertEqual(s["question"], .null, "no resume question")
        let cmdline = try String(contentsOfFile: "/proc/\(restarted)/cmdline", encoding: .utf8).split(separator: "\0").map(String.init)
        XCTAssertEqual(cmdline.last, "--resume")
        XCTAssertTrue(app.log.contains("the talk was killed (SIGKILL, e.g. the out-of-memory killer or kill -9, not a quit); restarting it where it was"), app.log)
        XCTAssertTrue(app.log.contains("restarted after a kill (1 of at most 3"), app.log)
        XCTAssertTrue(app.log.contains("the talk was killed (SIGKILL) without quitting; restarted"), app.log)
        XCTAssertEqual(banner(s), "Podium was killed on scene 4 “Part 4” and was restarted there.")
        try quitRestarted(restarted)
        XCTAssertEqual(occurrences(of: "restarting it", in: app.log), 1, "the quit restarted nothing; log:\n\(app.log)")
    }

    /// A web search "Read More" on the offline pages the tests ship.
    var webSearchScene: JSONValue {
        ["kind": "web-search", "title": "Read More",
         "parameters": ["query": "Radiohead", "documents": .string(TestPaths.root.appendingPathComponent("Assets/WebSearch").path)]]
    }
    /// Writes a deck of `scenes` in the test's folder and launches on it from now on.
    func useDeck(_ scenes: [JSONValue]) throws {
        let file = dir.appendingPathComponent("web.json")
        try Data(JSONValue.object(["title": "Crash", "scenes": .array(scenes)]).jsonString.utf8).write(to: file)
        deck = file.path
    }
    /// The part of a page the room reads ("part 3 of 4"), from a `state` reply.
    func part(_ s: JSONValue) -> String? {
        s["windows"]?.array?.first { $0["role"]?.string == "audience" }?["controls"]?.array?
            .first { $0["id"]?.string == "websearch.audience.position" }?["label"]?.string
    }

    /// Trial 17 m4: a web search the room read a part at a time (Actions… → Show to Audience,
    /// ▼) came back after a kill -9 as its results list. The restart hands the scene its state
    /// as a reload does: the room reads the same page at the same part.
    func testAKill9KeepsThePartOfAPageTheRoomRead() throws {
        try useDeck([["kind": "title", "parameters": ["heading": "One"]], webSearchScene])
        let app = try launch()
        XCTAssertEqual(try app.send(["cmd": "next"])["ok"]?.bool, true)
        XCTAssertEqual(try app.send(["cmd": "click", "id": "websearch.actions"])["ok"], true)
        XCTAssertEqual(try app.send(["cmd": "click", "id": "sheet.websearch.actions.action.0"])["ok"], true)
        for _ in 0..<2 { XCTAssertEqual(try app.send(["cmd": "click", "id": "websearch.room-on"])["ok"], true) }
        let before = try app.client.waitForState { part($0)?.hasPrefix("part 3 of ") == true && ($0["timers"]?["sceneElapsed"]?.int ?? 0) >= 1 }
        let read = try XCTUnwrap(part(before), "the room reads a part of the page: \(before)")
        XCTAssertTrue(read.hasPrefix("part 3 of "), read)
        let restarted = try XCTUnwrap(children(of: app.process.processIdentifier).first)
        app.kill9()

        let client = try ControlClient(path: app.socketPath, timeout: 30)
        let s = try client.waitForState(timeout: 20) { $0["scene"]?["index"]?.int == 1 && part($0) == read }
        XCTAssertEqual(s["scene"]?["index"]?.int, 1, "back on the web search; log:\n\(app.log)")
        XCTAssertEqual(part(s), read, "the room reads the same part of the same page, not the results list; log:\n\(app.log)")
        try quitRestarted(restarted)
    }

    /// Trial 34 m6: scenes other than the current one came back after a kill -9 as the deck
    /// starts them (the map search made there, the band picked). The web search the room read at
    /// part 3, left for the next scene: after the restart, Page Up reads part 3 again.
    func testAKill9KeepsWhatTheSpeakerMadeOfAScenesLeft() throws {
        try useDeck([webSearchScene, ["kind": "title", "parameters": ["heading": "Two"]]])
        let app = try launch()
        XCTAssertEqual(try app.send(["cmd": "click", "id": "websearch.actions"])["ok"], true)
        XCTAssertEqual(try app.send(["cmd": "click", "id": "sheet.websearch.actions.action.0"])["ok"], true)
        for _ in 0..<2 { XCTAssertEqual(try app.send(["cmd": "click", "id": "websearch.room-on"])["ok"], true) }
        let read = try XCTUnwrap(part(try app.client.waitForState { part($0)?.hasPrefix("part 3 of ") == true }))
        XCTAssertEqual(try app.send(["cmd": "next"])["ok"]?.bool, true)
        _ = try app.client.waitForState { $0["scene"]?["index"]?.int == 1 && ($0["timers"]?["sceneElapsed"]?.int ?? 0) >= 1 }
        let restarted = try XCTUnwrap(children(of: app.process.processIdentifier).first)
        app.kill9()

        let client = try ControlClient(path: app.socketPath, timeout: 30)
        _ = try client.waitForState(timeout: 20) { $0["scene"]?["index"]?.int == 1 }
        XCTAssertEqual(try client.send(["cmd": "previous"])["ok"]?.bool, true)
        let s = try client.waitForState(timeout: 10) { $0["scene"]?["index"]?.int == 0 && part($0) != nil }
        XCTAssertEqual(part(s), read, "the room reads the part it read before the scene was left, not the results list; log:\n\(app.log)")
        try quitRestarted(restarted)
    }

    func occurrences(of text: String, in log: String) -> Int { log.components(separatedBy: text).count - 1 }

    func testASurvivedCrashSignalThenAQuitRestartsNothing() throws {
        let app = try launch(backtracer: true)
        let watcher = try XCTUnwrap(children(of: app.process.processIdentifier).first)
        kill(app.process.processIdentifier, SIGSEGV)
        // Swift's backtracer prints the backtrace and returns from a signal that kill(2) sent.
        XCTAssertEqual(try app.client.waitForState(timeout: 20) { $0["ok"]?.bool == true }["ok"]?.bool, true, "the talk runs on")
        // Its "*** Signal 11: Backtracing" line comes first; the talk may answer before the rest.
        XCTAssertTrue(waitUntil(10) { app.log.contains("Backtrace") }, "the backtracer saw the signal:\n\(app.log)")
        XCTAssertEqual(app.stop(), 0)
        XCTAssertTrue(waitUntil { ended(watcher) })
        XCTAssertFalse(app.log.contains("restarting"), app.log)
    }

    func testATalkThatKeepsCrashingIsRestartedThreeTimesThenLeftDown() throws {
        let app = try keepEnding(with: SIGSEGV)
        XCTAssertTrue(app.log.contains("the talk crashed again; not restarting it (too many crashes in a short time)"), app.log)
    }

    /// The same limit for kills (the out-of-memory killer again and again): then the talk stays
    /// down, as after crashes, rather than flickering on the room.
    func testATalkThatKeepsBeingKilledIsRestartedThreeTimesThenLeftDown() throws {
        let app = try keepEnding(with: SIGKILL)
        XCTAssertTrue(app.log.contains("the talk was killed again; not restarting it (too many crashes in a short time)"), app.log)
        XCTAssertTrue(app.log.contains("restarted after a kill (3 of at most 3"), app.log)
    }

    /// Ends the talk with `signal`, then each of its three restarts; the fourth watcher restarts nothing.
    func keepEnding(with signal: Int32) throws -> PodiumProcess {
        let app = try launch()
        var talk = try XCTUnwrap(children(of: app.process.processIdentifier).first)
        if signal == SIGKILL { app.kill9() } else { crash(app) }
        for n in 1...3 {
            // Up: its control socket answers and its own watcher is there (a connection made
            // while the socket file still named the dead talk's is tried again).
            let up = waitUntil(30) {
                (try? ControlClient(path: app.socketPath, timeout: 1).send(["cmd": "state"])["ok"]?.bool) == true && !children(of: talk).isEmpty
            }
            XCTAssertTrue(up, "restart \(n) is up; log:\n\(app.log)")
            let next = try XCTUnwrap(children(of: talk).first, "restart \(n) has a watcher")
            kill(talk, signal)
            XCTAssertTrue(waitUntil { ended(talk) }, "restart \(n) ended by signal \(signal)")
            talk = next
        }
        XCTAssertTrue(waitUntil { ended(talk) }, "the fourth watcher restarts nothing")
        XCTAssertTrue(app.log.contains("not restarting it (too many crashes in a short time)"), app.log)
        XCTAssertTrue(app.log.contains("(3 of at most 3"), app.log)
        XCTAssertFalse(app.log.contains("(4 of at most 3"), app.log)
        return app
    }
}
