import Foundation
import PodiumKit
import PodiumTestSupport
import XCTest

/// The room during a hang's restart, on a real X server (the rig of `hangRig`): nobody else takes
/// the room's lock while the talk restarts (trial 12 F11), and a display change under the hung
/// talk is covered the moment the X server reports it (trial 12 F5).
extension CrashingPluginEndToEndTests {
    /// Trial 12 F11: the hung talk's X connection closed with it, the room's lock (the selection
    /// `_PODIUM_AUDIENCE_S0`) was free until the restart claimed it, and a second `podium present`
    /// started in that gap took the room; the restart was then refused and the speaker's talk was
    /// gone. The watcher's cover now takes the lock over before the kill and hands it to the
    /// restart only. Second presents are started every half second from just before the kill
    /// until the restart's first frame (each waits up to 1.5 s for a holder to let go, so one is
    /// always waiting when the talk dies): every one is refused, and the restart keeps the lock.
    func testASecondPresentDuringAHangRestartIsRefusedAndTheRestartKeepsTheRoom() throws {
        let (rig, app) = try hangRig(hangSeconds: 3)
        let otherDir = work.appendingPathComponent("other")
        let env = TestPaths.privateHome(in: otherDir).merging(rig.environment) { $1 }
        // Each its own deck: one deck is presented once at a time (`TalkLock`) whatever the room.
        func secondPresent(_ n: Int) throws -> (ChildProcess, URL) {
            let dir = otherDir.appendingPathComponent("\(n)")
            try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
            let err = dir.appendingPathComponent("stderr.txt")
            return (try ChildProcess(TestPaths.podium, ["present", TestPaths.titleDeck(2, title: "Other", in: dir)], environment: env, stderr: .file(err.path)), err)
        }
        // To scene 2 "Fine" with a real key: its next preview makes scene 3, which hangs.
        let xdo = try runProcess("/usr/bin/env", ["xdotool", "key", "Next"], environment: rig.environment)
        XCTAssertEqual(xdo.status, 0, xdo.stderr)
        usleep(1_000_000)   // the hang limit is 3 s: from 1 s on, a second present is waiting at the kill
        var seconds: [(ChildProcess, URL)] = []
        let deadline = Date().addingTimeInterval(60)
        while occurrences(of: "first frame of both windows", in: app.log) < 2, Date() < deadline, seconds.count < 40 {
            seconds.append(try secondPresent(seconds.count))
            usleep(500_000)
        }
        XCTAssertTrue(app.log.contains("the talk stopped responding in the plugin code of scene 3"), "log:\n\(app.log)")
        XCTAssertGreaterThanOrEqual(occurrences(of: "first frame of both windows", in: app.log), 2, "the restart presents; log:\n\(app.log)")
        // Refused with the usual message, naming the speaker's deck (the cover's or the restart's).
        let answers = seconds.map { (process, err) in (process.waitForExit(seconds: 30), (try? String(contentsOf: err, encoding: .utf8)) ?? "") }
        let taken = answers.enumerated().filter { $0.element.0 != 2 || !$0.element.1.contains("is presenting") || !$0.element.1.contains("deck.json") }
        XCTAssertTrue(taken.isEmpty, "\(taken.count) of \(answers.count) second presents were not refused, the first (\(taken.first?.offset ?? -1), status \(taken.first?.element.0 ?? 0)): \(taken.first?.element.1 ?? "")\nlog:\n\(app.log)")
        XCTAssertFalse(app.log.contains("is presenting"), "the restart was not refused; log:\n\(app.log)")

        // Afterwards the restart holds the lock itself (the cover is gone): one more present is
        // refused naming the restarted talk, a live `podium` on this deck.
        let s = try waitForTalk(app, "the talk is up after one hang") { $0["scene"]?["index"]?.int == 1 }
        XCTAssertEqual(s["scene"]?["index"]?.int, 1)
        XCTAssertTrue(waitUntil(20) { !((try? runProcess("/usr/bin/env", ["xwininfo", "-root", "-tree"], environment: rig.environment).stdout) ?? "").contains("podium cover") },
                      "the cover is gone after the restart's first frame")
        let (last, err) = try secondPresent(seconds.count)
        XCTAssertEqual(last.waitForExit(seconds: 30), 2)
        let text = (try? String(contentsOf: err, encoding: .utf8)) ?? ""
        let pid = text.range(of: #"\(pid (\d+)\)"#, options: .regularExpression).map { Int32(text[$0].dropFirst(5).dropLast()) ?? 0 } ?? 0
        XCTAssertNotEqual(pid, app.process.processIdentifier, "not the hung talk: \(text)")
        let cmdline = (try? String(contentsOfFile: "/proc/\(pid)/cmdline", encoding: .utf8)) ?? ""
        let comm = (try? String(contentsOfFile: "/proc/\(pid)/comm", encoding: .utf8)) ?? ""
        XCTAssertEqual(comm, "podium\n", "the lock's holder is the restarted talk: \(text)")
        XCTAssertTrue(cmdline.contains("deck.json") && cmdline.contains("--resume"), "the restarted talk: \(cmdline)")
        _ = try? ControlClient(path: app.socketPath, timeout: 5).send(["cmd": "quit"])
    }

    /// Trial 12 F5: the lid closes while the talk hangs (the window manager moves the console
    /// onto the projector). The watcher learnt of it only at its next look, up to 250 ms later,
    /// the room seeing the stale console meanwhile; now, once the talk's loop is late, it waits
    /// on the X server's RandR notifications, covers the room the moment one comes, and restarts
    /// the talk at once. The cover is over the new layout (the projector moved to the origin).
    func testADisplayChangeUnderAHungTalkIsCoveredOnTheRandREvent() throws {
        let (rig, app) = try hangRig(hangSeconds: 120)
        let watch = try RoomWatch(rig: rig, rect: (384, 256, 256, 256), in: work)
        defer { watch.stop() }
        XCTAssertTrue(waitUntil(10) { watch.lines.count > 3 }, "the screen is watched")
        let xdo = try runProcess("/usr/bin/env", ["xdotool", "key", "Next"], environment: rig.environment)
        XCTAssertEqual(xdo.status, 0, xdo.stderr)
        usleep(2_500_000)   // the loop is stuck from now on; over 1.5 s late, the watcher listens
        let lid = try runProcess("/usr/bin/env", ["xrandr", "--output", "DUMMY0", "--off"], environment: rig.environment)
        XCTAssertEqual(lid.status, 0, lid.stderr)
        XCTAssertTrue(waitUntil(30) { app.log.contains("the displays changed while the talk was not responding in the plugin code of scene 3") }, "log:\n\(app.log)")
        let log = app.log
        let event = try XCTUnwrap(log.range(of: #"a display change \(RandR [a-zA-Z ]+\) while the talk was not responding[^\n]*the room covered at once"#, options: .regularExpression),
                                  "the RandR event covered the room; log:\n\(log)")
        let restart = try XCTUnwrap(log.range(of: "the displays changed while the talk was not responding"))
        XCTAssertLessThan(event.lowerBound, restart.lowerBound, "covered on the event, before the restart was decided")
        print(log[event])
        _ = try waitForTalk(app, "the talk is up again") { $0["scene"]?["index"]?.int == 1 }
        watch.stop()
        // The projector (1024x768) is at the origin now: a cover window was over all of it.
        let covers = watch.lines.filter { $0.hasPrefix("cover ") }.compactMap { line -> [Int]? in
            let v = line.dropFirst(6).split(whereSeparator: { "x+".contains($0) }).compactMap { Int($0) }
            return v.count == 4 ? v : nil
        }
        XCTAssertTrue(covers.contains { $0[2] <= 0 && $0[3] <= 0 && $0[2] + $0[0] >= 1024 && $0[3] + $0[1] >= 768 },
                      "the cover was over the projector at its new place: \(Set(watch.lines.filter { $0.hasPrefix("cover ") }))")
        XCTAssertTrue(app.log.contains("restarted after a hang in a scene's plugin code (1 of at most 12"), app.log)
        _ = try? ControlClient(path: app.socketPath, timeout: 5).send(["cmd": "quit"])
    }
}

extension CrashingPluginEndToEndTests {
    /// A crash signal the talk survives (kill -SEGV with Swift's backtracer on: it prints the
    /// backtrace and returns): the cover took the room's lock over from the talk, so when the
    /// cover comes down the lock must stay held for the talk (its holder kept, naming the talk)
    /// until the talk ends; it was freed with the cover, and a second present took the room.
    func testATalkThatSurvivesItsCrashSignalKeepsTheRoomsLock() throws {
        let (rig, app) = try hangRig(hangSeconds: 120, backtracer: true)
        kill(app.process.processIdentifier, SIGSEGV)
        XCTAssertTrue(waitUntil(30) { app.log.contains("Backtrace") }, "the backtracer saw the signal; log:\n\(app.log)")
        _ = try waitForTalk(app, "the talk runs on") { _ in true }
        XCTAssertTrue(waitUntil(20) { !((try? runProcess("/usr/bin/env", ["xwininfo", "-root", "-tree"], environment: rig.environment).stdout) ?? "").contains("podium cover") },
                      "the cover is gone: the talk runs on")
        let otherDir = work.appendingPathComponent("other")
        try FileManager.default.createDirectory(at: otherDir, withIntermediateDirectories: true)
        let env = TestPaths.privateHome(in: otherDir).merging(rig.environment) { $1 }
        let other = TestPaths.titleDeck(2, title: "Other", in: otherDir)
        let second = try runProcess("/usr/bin/timeout", ["20", TestPaths.podium, "present", other], environment: env)
        XCTAssertEqual(second.status, 2, "refused: \(second.stderr)")
        XCTAssertTrue(second.stderr.contains("another podium (pid \(app.process.processIdentifier)) is presenting") && second.stderr.contains("deck.json"), second.stderr)
        XCTAssertFalse(app.log.contains("restarting"), "nothing restarted; log:\n\(app.log)")

        // Once the talk quits, the display is free.
        _ = try? ControlClient(path: app.socketPath, timeout: 5).send(["cmd": "quit"])
        XCTAssertEqual(app.waitForExit(), 0)
        let next = try PodiumProcess(args: [other], environment: env, dir: otherDir)
        XCTAssertEqual(try next.send(["cmd": "state"])["scene"]?["count"]?.int, 2, next.log)
        XCTAssertEqual(next.stop(), 0)
    }
}
