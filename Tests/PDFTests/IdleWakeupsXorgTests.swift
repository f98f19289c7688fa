import Foundation
import PodiumKit
import PodiumTestSupport
import XCTest

/// What an idle talk wakes for (issue 19: idle CPU ≤ 0.1 % with the timer running), on the Xorg
/// rig: a PDF talk resting on a page with its clock ticking. Counted from each thread's voluntary
/// context switches (/proc: every sleep, so every wake) of podium and its crash watcher, which
/// the load of other programs does not add to. The main loop sleeps until its next timer (the
/// clock's second; the display check every 10 s, RandR notices waking it for a change) and
/// blocks on a few X replies per tick (the frame's, the check's); every other thread sleeps until
/// it is given work (no Dispatch worker pool, whose monitor wakes every second), and the watcher
/// looks at the heartbeat once a second. A poll or a frame loop at idle (a popover's animation
/// left running: ~60 a second) fails this.
final class IdleWakeupsXorgTests: XorgPDFTestCase {
    /// Per thread of `pid` and its children: (name, voluntary switches).
    func switches(_ pid: Int32) -> [Int32: (name: String, count: Int)] {
        var out: [Int32: (String, Int)] = [:]
        let kids = (try? String(contentsOfFile: "/proc/\(pid)/task/\(pid)/children", encoding: .utf8))?.split(separator: " ").compactMap { Int32($0) } ?? []
        for p in [pid] + kids {
            for t in (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(p)/task")) ?? [] {
                guard let tid = Int32(t), let status = try? String(contentsOfFile: "/proc/\(p)/task/\(t)/status", encoding: .utf8) else { continue }
                let field = status.split(separator: "\n").first { $0.hasPrefix("voluntary_ctxt_switches:") }
                let name = status.split(separator: "\n").first { $0.hasPrefix("Name:") }.map { $0.dropFirst(5).trimmingCharacters(in: .whitespaces) } ?? "?"
                if let n = field.flatMap({ Int($0.split(separator: "\t").last ?? "") }) { out[tid] = (name, n) }
            }
        }
        return out
    }

    /// A PDF talk (with its crash watcher, as a talk runs; the tests' default is without) on its
    /// fourth page with the timer running, resting: no frame but the clock's for 2 s (the
    /// worker's pages and previews are in).
    func restingTalk() throws -> PodiumProcess {
        TestPDF.write(path("talk.pdf"), .init(pages: 6))
        let env = rig.environment.merging(["SDL_RENDER_DRIVER": "software", "PODIUM_RESTART_ON_CRASH": "1", "SWIFT_BACKTRACE": "enable=no"]) { $1 }
        let app = try PodiumProcess(args: [path("talk.pdf")], environment: env, dir: dir)
        let c = try XCTUnwrap(app.client)
        _ = try c.waitForState { $0["windows"]?.array?.last?["visible"]?.bool == true }
        for _ in 0..<3 { XCTAssertEqual(try c.send(["cmd": "next"])["ok"]?.bool, true) }   // the first advance starts the timer
        var s = try c.waitForState { $0["slide"]?["position"]?.string == "4 / 6" && $0["timers"]?["running"]?.bool == true }
        var quiet = 0, audience = frames(s).last
        while quiet < 20 {
            usleep(100_000)
            s = try c.send(["cmd": "state"])
            quiet = frames(s).last == audience ? quiet + 1 : 0
            audience = frames(s).last
        }
        return app
    }

    /// Each window's frames drawn so far (presenter, audience).
    func frames(_ s: JSONValue) -> [Int] { (s["windows"]?.array ?? []).map { $0["framesDrawn"]?.int ?? -1 } }

    func testAnIdleTalkWakesItsMainLoopAFewTimesASecondAndNoOtherThreadMoreThanOnce() throws {
        let app = try restingTalk()
        defer { app.stop() }
        let pid = app.process.processIdentifier
        let before = switches(pid), start = Date()
        sleep(5)
        let after = switches(pid), seconds = Date().timeIntervalSince(start)
        XCTAssertTrue(after.values.contains { $0.name == "podium-watch" }, "the crash watcher is counted: \(after)")
        var rows: [String] = []
        for (tid, a) in after {
            guard let b = before[tid] else { continue }   // started meanwhile
            let woke = a.count - b.count
            rows.append("\(a.name)/\(tid): \(woke)")
            if tid == pid {
                XCTAssertLessThanOrEqual(Double(woke), 8 * seconds + 2, "the main loop woke \(woke) times in \(seconds) s")
            } else if a.name == "podium-watch" {
                // Once a second, every 250 ms while the loop's heartbeat seems over 1 s old (a tick
                // late on a loaded machine): a slack of that, not of a poll.
                XCTAssertLessThanOrEqual(Double(woke), 2 * seconds + 2, "the crash watcher woke \(woke) times in \(seconds) s")
            } else {
                // No other thread has a timer: each sleeps until given work (twice allowed: a
                // page packed again, a log line in the deck's folder). libdispatch's worker-pool
                // monitor, started by the first work on Dispatch's global queues (the last good
                // copies at launch, the file watcher's read source), woke once a second for good.
                XCTAssertLessThanOrEqual(woke, 2, "thread \(a.name)/\(tid) woke \(woke) times in \(seconds) s")
            }
        }
        print("wakes in \(String(format: "%.1f", seconds)) s: \(rows.sorted().joined(separator: ", "))")
        XCTAssertEqual(app.stop(), 0)
    }

    /// A tick of the clock is drawn from the timer strip alone, builds the talk's place (the
    /// crash watcher's and the journal's record) once, not before its frame and again after it, and encodes nothing (nothing
    /// changed); with RandR notices waking the loop on a display change (X11) the displays are
    /// looked at without a cue every 10 s, not every 2 s (`DisplayCheck`; issue 19).
    func testAnIdleTickBuildsThePlaceOnceAndTheDisplaysAreNotPolledEveryTwoSeconds() throws {
        let app = try restingTalk()
        defer { app.stop() }
        let c = try XCTUnwrap(app.client)
        let before = try c.send(["cmd": "state"]), start = Date()
        sleep(5)
        let after = try c.send(["cmd": "state"]), seconds = Date().timeIntervalSince(start)
        func count(_ s: JSONValue, _ key: String) throws -> Int { try XCTUnwrap(s[key]?.int, "state has \(key)") }
        let ticks = frames(after)[0] - frames(before)[0]
        XCTAssertGreaterThanOrEqual(ticks, 3, "the clock ticked on the console")
        XCTAssertEqual(frames(after)[1], frames(before)[1], "the room drew nothing")
        // The ticks' frames made from the timer strip's commands alone (`RenderIsland`), not the
        // whole console (a request's own frame and a display check's aside).
        let islands = try count(after["windows"]?.array?.first ?? .null, "islandFrames") - count(before["windows"]?.array?.first ?? .null, "islandFrames")
        XCTAssertGreaterThanOrEqual(islands, max(1, ticks - 2), "\(islands) of \(ticks) console frames drawn from the timer strip alone")
        // At most once a turn of the loop (a tick that draws nothing builds it after its turn);
        // the first request adds its answer's and its frame's.
        let places = try count(after, "placeRecordsBuilt") - count(before, "placeRecordsBuilt")
        let turns = try count(after, "loopTurns") - count(before, "loopTurns")
        XCTAssertLessThanOrEqual(places, turns + 2, "\(places) places built in \(turns) turns of the loop, \(ticks) console frames")
        let checks = try count(after, "periodicDisplayChecks") - count(before, "periodicDisplayChecks")
        // Every 10 s (`DisplayCheck.fallbackInterval`): at most one in 5 s (every 2 s: two or three).
        XCTAssertLessThanOrEqual(checks, Int(seconds / 10) + 1, "\(checks) display checks in \(seconds) s")
        XCTAssertEqual(after["driver"]?.string, "x11")
        XCTAssertEqual(app.stop(), 0)
    }
}
