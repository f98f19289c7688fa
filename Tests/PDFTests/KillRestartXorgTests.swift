import Foundation
import PodiumKit
import PodiumSDL
import PodiumTestSupport
import XCTest

/// Trial 13 F5 on a real X server: the talk killed by a SIGKILL it did not ask for (the kernel's
/// out-of-memory killer, `kill -9`) left the room on the bare desktop, and nothing restarted it.
/// Now the crash watcher treats it as a crash: a black cover over the room while the talk is
/// down, then the talk restarted on the same slide with its timer. What the room sees is read
/// back from the X server (`X11Screen`); the bare desktop is magenta, which no slide here draws.
/// (Here with the JSON deck's title scenes; the rig and pixel reader are the PDF tests'.)
final class KillRestartXorgTests: XorgPDFTestCase {
    /// Each scene's background, so the room's pixels say which slide it shows.
    static let backgrounds: [(hex: String, rgb: [UInt8])] = [
        ("#204060", [0x20, 0x40, 0x60]), ("#206040", [0x20, 0x60, 0x40]), ("#602040", [0x60, 0x20, 0x40]),
        ("#406020", [0x40, 0x60, 0x20]), ("#402060", [0x40, 0x20, 0x60]),
    ]

    /// The room's colour: the one colour (R, G, B) of nearly all pixels in a band at the top of
    /// the projector (DUMMY1, 1920x1080 at 1280,0; above the title's text), or nil when mixed
    /// or unreadable.
    func roomColour() -> [UInt8]? {
        guard let px = X11Screen.pixels(display: rig.display, x: 1280, y: 0, width: 1920, height: 120) else { return nil }
        var counts: [[UInt8]: Int] = [:]
        var total = 0
        for y in stride(from: 4, to: 120, by: 23) {
            for x in stride(from: 4, to: 1920, by: 37) {
                let i = (y * 1920 + x) * 4
                counts[[px[i], px[i + 1], px[i + 2]], default: 0] += 1
                total += 1
            }
        }
        guard let top = counts.max(by: { $0.value < $1.value }), top.value * 100 >= total * 95 else { return nil }
        return top.key
    }

    /// The talk on the rig (a deck of `backgrounds`' title scenes, its watcher restarting it), its
    /// restarts ended with the test's folder (they are the watcher's, not our children: watchers
    /// first), once its audience window is fullscreen on the projector.
    func launchPartsTalk() throws -> (app: PodiumProcess, client: ControlClient, state: JSONValue, deck: String) {
        let scenes = Self.backgrounds.enumerated().map { i, b in
            #"{ "kind": "title", "title": "Part \#(i + 1)", "parameters": { "heading": "Part \#(i + 1)", "background": "\#(b.hex)" } }"#
        }
        let deck = path("deck.json")
        try #"{ "title": "Killed", "scenes": [\#(scenes.joined(separator: ","))] }"#.write(toFile: deck, atomically: true, encoding: .utf8)
        let env = rig.environment.merging(["SDL_RENDER_DRIVER": "software", "PODIUM_RESTART_ON_CRASH": "1", "SWIFT_BACKTRACE": "enable=no"]) { $1 }
        let app = try PodiumProcess(args: [deck], environment: env, dir: dir)
        addTeardownBlock { [dir] in
            if let d = dir { endTalks(mentioning: d.path) }
            app.waitForExit(seconds: 5)
        }
        let c = try XCTUnwrap(app.client)
        let first = try c.waitForState { Self.audience($0)?["visible"]?.bool == true && Self.audience($0)?["bounds"]?["x"]?.number == 1280 }
        return (app, c, first, deck)
    }
    static func audience(_ s: JSONValue) -> JSONValue? { s["windows"]?.array?.first { $0["role"]?.string == "audience" } }

    func testATalkKilledWithSIGKILLIsCoveredBlackAndRestartedOnTheSameSlide() throws {
        let black: [UInt8] = [0, 0, 0]
        let root = try runProcess("/usr/bin/env", ["xsetroot", "-solid", "#ff00ff"], environment: rig.environment)
        XCTAssertEqual(root.status, 0, root.stderr)
        let (app, c, first, deck) = try launchPartsTalk()
        let text = try String(contentsOfFile: deck, encoding: .utf8)
        let audience = Self.audience
        XCTAssertEqual(first["driver"]?.string, "x11")
        XCTAssertTrue(waitUntil { self.roomColour() == Self.backgrounds[0].rgb }, "the room shows scene 1: \(String(describing: roomColour()))")

        // A few slides on, a second on the clock.
        for _ in 0..<3 { XCTAssertEqual(try c.send(["cmd": "next"])["ok"]?.bool, true) }
        let before = try c.waitForState { ($0["timers"]?["elapsed"]?.int ?? 0) >= 1 }
        XCTAssertEqual(before["scene"]?["index"]?.int, 3)
        XCTAssertTrue(waitUntil { self.roomColour() == Self.backgrounds[3].rgb }, "the room shows scene 4: \(String(describing: roomColour()))")

        // Held down: the restart waits for a deck being rewritten (half of it on disk) when it
        // has no kept version (removed here), so the room can be looked at while no talk draws
        // it. Then the talk, not its watcher, killed.
        let kept = dir.appendingPathComponent("home/.cache/podium/last-good")
        XCTAssertTrue(waitUntil(10) { ((try? FileManager.default.contentsOfDirectory(atPath: kept.path)) ?? []).contains { $0.hasSuffix(".json") } })
        try FileManager.default.removeItem(at: kept)
        try String(text.prefix(text.count / 2)).write(toFile: deck, atomically: true, encoding: .utf8)
        app.kill9()
        XCTAssertTrue(waitUntil(30) { app.log.contains("the deck does not load yet") }, "restarted, waiting for the deck; log:\n\(app.log)")
        XCTAssertTrue(waitUntil { self.roomColour() == black }, "the room is covered black while the talk is down: \(String(describing: roomColour())); log:\n\(app.log)")
        let tree = try runProcess("/usr/bin/env", ["xwininfo", "-root", "-tree"], environment: rig.environment).stdout
        XCTAssertTrue(tree.contains("\"podium cover\""), "the watcher's cover window: \(tree)")

        // The deck whole again: the talk comes back on scene 4, its timer kept, the cover gone.
        try text.write(toFile: deck, atomically: true, encoding: .utf8)
        let restarted = try ControlClient(path: app.socketPath, timeout: 30)
        let s = try restarted.waitForState(timeout: 30) { $0["scene"]?["index"]?.int == 3 && audience($0)?["visible"]?.bool == true }
        XCTAssertEqual(s["scene"]?["index"]?.int, 3, "back on the same slide; log:\n\(app.log)")
        XCTAssertGreaterThanOrEqual(s["timers"]?["elapsed"]?.int ?? 0, before["timers"]?["elapsed"]?.int ?? 1, "the timer kept: \(s["timers"] ?? .null)")
        XCTAssertEqual(s["question"], .null, "no resume question")
        XCTAssertTrue(waitUntil { self.roomColour() == Self.backgrounds[3].rgb }, "the room shows scene 4 again: \(String(describing: roomColour()))")
        XCTAssertTrue(app.log.contains("the talk was killed (SIGKILL"), app.log)

        // A quit ends the restarted talk for good (a speaker who wanted it gone presses q).
        _ = try? restarted.send(["cmd": "quit"])
        XCTAssertTrue(waitUntil { processes(mentioning: self.dir.path).isEmpty }, "the restarted talk and its watcher end on quit: \(processes(mentioning: dir.path))")
        XCTAssertEqual(occurrences(of: "restarting it", in: app.log), 1, "the quit restarted nothing; log:\n\(app.log)")
    }

    /// Trial 15 m5: a SIGKILL ended the talk's X connection and the X server destroyed its
    /// windows at once, so the room saw the bare desktop for ~25 ms until the watcher's cover was
    /// up. Now the talk's connection is in close-down mode RetainTemporary while its watcher runs:
    /// the room keeps the last frame until the cover is over it, and the watcher then frees what
    /// the server kept (XKillClient). Killed three times (the most that are restarted within
    /// 60 s) with the projector read continuously (`RoomSampler`): no read shows the desktop
    /// (magenta); after each restart the dead talk's windows are gone; after a quit nothing of the
    /// talk is left on the X server.
    func testKillsNeverShowTheDesktopAndLeaveNothingOfTheTalkOnTheXServer() throws {
        let root = try runProcess("/usr/bin/env", ["xsetroot", "-solid", "#ff00ff"], environment: rig.environment)
        XCTAssertEqual(root.status, 0, root.stderr)
        let before = try rootChildren()
        let (app, c, _, _) = try launchPartsTalk()
        let audience = Self.audience
        for _ in 0..<2 { XCTAssertEqual(try c.send(["cmd": "next"])["ok"]?.bool, true) }
        _ = try c.waitForState { $0["scene"]?["index"]?.int == 2 && ($0["timers"]?["elapsed"]?.int ?? 0) >= 1 }
        XCTAssertTrue(waitUntil { self.roomColour() == Self.backgrounds[2].rgb }, "the room shows scene 3: \(String(describing: roomColour()))")
        XCTAssertTrue(waitUntil { (try? self.talkWindows()) ?? [] == [1, 1] }, "one audience and one presenter window: \((try? talkWindows()) ?? [])")

        // The band at the top of the projector, above the title's text.
        let sampler = RoomSampler(display: rig.display, rect: (1280 + 100, 10, 400, 60), desktop: [255, 0, 255])
        defer { _ = sampler.stop() }
        XCTAssertTrue(waitUntil { sampler.counts.reads >= 20 }, "the room is read")
        XCTAssertTrue(waitUntil { self.occurrences(of: "first frame of both windows", in: app.log) == 1 }, app.log)
        for round in 1...3 {
            if round == 1 { app.kill9() } else { kill(try XCTUnwrap(talkProcess(), "the restarted talk"), SIGKILL) }
            XCTAssertTrue(waitUntil(30) { self.occurrences(of: "first frame of both windows", in: app.log) == round + 1 }, "restarted after kill \(round); log:\n\(app.log)")
            let restarted = try ControlClient(path: app.socketPath, timeout: 30)
            _ = try restarted.waitForState(timeout: 30) { $0["scene"]?["index"]?.int == 2 && audience($0)?["visible"]?.bool == true }
            XCTAssertTrue(waitUntil { self.roomColour() == Self.backgrounds[2].rgb }, "after kill \(round) the room shows scene 3 again: \(String(describing: roomColour()))")
            // The dead talk's kept windows freed under the cover: only the restart's are there.
            XCTAssertTrue(waitUntil { (try? self.talkWindows()) ?? [] == [1, 1] }, "after kill \(round), the restart's windows only: \((try? talkWindows()) ?? [])")
        }
        let counts = sampler.stop()
        XCTAssertEqual(counts.desktop, 0, "reads of the room that showed the desktop, of \(counts.reads); log:\n\(app.log)")
        XCTAssertGreaterThanOrEqual(counts.reads, 100, "the room was read all along")

        // A quit: nothing of the talk left on the X server, no window, no client kept.
        _ = try? ControlClient(path: app.socketPath, timeout: 10).send(["cmd": "quit"])
        XCTAssertTrue(waitUntil { processes(mentioning: self.dir.path).isEmpty }, "the talk and its watcher end on quit: \(processes(mentioning: dir.path))")
        XCTAssertTrue(waitUntil { (try? self.rootChildren()) == before }, "the root's windows as before the talk: \(before) then \((try? rootChildren()) ?? -1)\n"
                      + ((try? runProcess("/usr/bin/env", ["xwininfo", "-root", "-tree"], environment: rig.environment).stdout) ?? ""))
        XCTAssertEqual(try talkWindows(), [0, 0])
        XCTAssertEqual(occurrences(of: "restarting it", in: app.log), 3, "the quit restarted nothing; log:\n\(app.log)")
    }

    /// "Kill the watcher first" (README): a talk killed once its watcher is gone leaves nothing
    /// on the X server either; nobody would free what the server kept, so the talk's windows go
    /// with it again as soon as it hears its watcher ended.
    func testATalkKilledAfterItsWatcherLeavesNothingOnTheXServer() throws {
        let before = try rootChildren()
        let deck = path("deck.json")
        try #"{ "title": "Killed", "scenes": [{ "kind": "title", "title": "One", "parameters": { "heading": "One" } }] }"#.write(toFile: deck, atomically: true, encoding: .utf8)
        let env = rig.environment.merging(["SDL_RENDER_DRIVER": "software", "PODIUM_RESTART_ON_CRASH": "1", "SWIFT_BACKTRACE": "enable=no"]) { $1 }
        let app = try PodiumProcess(args: [deck], environment: env, dir: dir)
        addTeardownBlock { [dir] in
            if let d = dir { endTalks(mentioning: d.path) }
            app.waitForExit(seconds: 5)
        }
        let c = try XCTUnwrap(app.client)
        _ = try c.waitForState { $0["windows"]?.array?.first { $0["role"]?.string == "audience" }?["visible"]?.bool == true }
        XCTAssertTrue(waitUntil { (try? self.talkWindows()) ?? [] == [1, 1] }, "the talk's windows: \((try? talkWindows()) ?? [])")
        let watcher = try XCTUnwrap(processes(mentioning: dir.path).first { $0.watcher }, "the watcher")
        kill(watcher.pid, SIGKILL)
        XCTAssertTrue(waitUntil { app.log.contains("the crash watcher ended") }, app.log)
        // Reaped by the talk, its parent: not left a zombie beside it (trial 29).
        XCTAssertTrue(waitUntil { !FileManager.default.fileExists(atPath: "/proc/\(watcher.pid)") },
                      "the watcher is still in the process table: \((try? String(contentsOfFile: "/proc/\(watcher.pid)/stat", encoding: .utf8)) ?? "")")
        app.kill9()
        XCTAssertTrue(waitUntil { (try? self.talkWindows()) ?? [] == [0, 0] && (try? self.rootChildren()) == before },
                      "nothing of the talk left: \((try? talkWindows()) ?? []), root children \(before) then \((try? rootChildren()) ?? -1)")
        XCTAssertFalse(app.log.contains("restarting it"), app.log)
    }

    /// `pkill -9 podium` kills the talk and its crash watcher at once: the X server kept the
    /// talk's windows (for the watcher to free), and nobody freed them, a dead console and a
    /// stale room until an `xkill`. The next launch frees them before its windows map; a live
    /// talk's windows beside (`--windowed`) are never touched.
    func testTheNextLaunchFreesTheWindowsOfATalkKilledWithItsWatcher() throws {
        let env = rig.environment.merging(["SDL_RENDER_DRIVER": "software", "SWIFT_BACKTRACE": "enable=no"]) { $1 }
        let visible = Self.allVisible
        let killed = try PodiumProcess(args: [try deck("Killed")], environment: env.merging(["PODIUM_RESTART_ON_CRASH": "1"]) { $1 }, dir: try folder("killed"))
        addTeardownBlock { [dir] in
            if let d = dir { endTalks(mentioning: d.path) }
            killed.waitForExit(seconds: 5)
        }
        _ = try XCTUnwrap(killed.client).waitForState(visible)
        XCTAssertTrue(waitUntil { self.windows("Killed") == [1, 1] }, "the talk's windows: \(windows("Killed"))")
        let beside = try PodiumProcess(args: ["--windowed", try deck("Beside")], environment: env, dir: try folder("beside"))
        addTeardownBlock { beside.stop() }
        _ = try XCTUnwrap(beside.client).waitForState(visible)
        XCTAssertTrue(waitUntil { self.windows("Beside") == [1, 1] }, "the talk beside's windows: \(windows("Beside"))")

        // Both at the same instant, as `pkill -9 podium` does: stopped first, so neither sees
        // the other end (the talk would set its close-down back, the watcher free its windows).
        let watcher = try XCTUnwrap(processes(mentioning: dir.appendingPathComponent("killed").path).first { $0.watcher }, "the watcher")
        let talk = killed.process.processIdentifier
        kill(watcher.pid, SIGSTOP); kill(talk, SIGSTOP)
        kill(watcher.pid, SIGKILL); killed.kill9()
        XCTAssertTrue(waitUntil { processes(mentioning: self.dir.appendingPathComponent("killed").path).isEmpty }, "the talk and its watcher are gone")
        XCTAssertEqual(windows("Killed"), [1, 1], "the X server kept the dead talk's windows (nobody freed them)")

        // The next launch frees them before its own windows are up; the live talk beside keeps its.
        let next = try PodiumProcess(args: [try deck("Next")], environment: env, dir: try folder("next"))
        addTeardownBlock { next.stop() }
        _ = try XCTUnwrap(next.client).waitForState(visible)
        XCTAssertTrue(next.log.contains("freed the windows of a dead talk that the X server kept (killed with its crash watcher): pid \(talk) "), next.log)
        XCTAssertEqual(windows("Killed"), [0, 0], "the dead talk's windows are gone")
        XCTAssertTrue(waitUntil { self.windows("Next") == [1, 1] }, "the new talk's windows: \(windows("Next"))")
        XCTAssertEqual(windows("Beside"), [1, 1], "the live talk beside keeps its windows")
        XCTAssertEqual(try beside.send(["cmd": "state"])["windows"]?.array?.count, 2, "the talk beside still runs")
        XCTAssertNil(beside.exitStatus)
    }

    /// The same after a crash restart (the talk is its watcher's child then: killed together,
    /// it may stay a zombie no one waits for, its X connection closed all the same).
    func testTheNextLaunchFreesTheWindowsOfARestartedTalkKilledWithItsWatcher() throws {
        let env = rig.environment.merging(["SDL_RENDER_DRIVER": "software", "SWIFT_BACKTRACE": "enable=no"]) { $1 }
        let app = try PodiumProcess(args: [try deck("Killed")], environment: env.merging(["PODIUM_RESTART_ON_CRASH": "1"]) { $1 }, dir: try folder("killed"))
        addTeardownBlock { [dir] in
            if let d = dir { endTalks(mentioning: d.path) }
            app.waitForExit(seconds: 5)
        }
        _ = try XCTUnwrap(app.client).waitForState(Self.allVisible)
        // Its line logged (it may come a moment after both windows show): the restart's is the second.
        XCTAssertTrue(waitUntil { self.occurrences(of: "first frame of both windows", in: app.log) == 1 }, app.log)
        app.kill9()
        XCTAssertTrue(waitUntil(30) { self.occurrences(of: "first frame of both windows", in: app.log) == 2 }, "restarted; log:\n\(app.log)")
        XCTAssertTrue(waitUntil { self.windows("Killed") == [1, 1] }, "the restart's windows: \(windows("Killed"))")
        let marker = dir.appendingPathComponent("killed").path
        let watcher = try XCTUnwrap(processes(mentioning: marker).first { $0.watcher }, "the restart's watcher")
        let talk = try XCTUnwrap(talkProcess(), "the restarted talk")
        kill(watcher.pid, SIGSTOP); kill(talk, SIGSTOP)
        kill(watcher.pid, SIGKILL); kill(talk, SIGKILL)
        XCTAssertTrue(waitUntil { processes(mentioning: marker).isEmpty }, "the talk and its watcher are gone")
        XCTAssertEqual(windows("Killed"), [1, 1], "the X server kept the dead talk's windows")

        let next = try PodiumProcess(args: [try deck("Next")], environment: env, dir: try folder("next"))
        addTeardownBlock { next.stop() }
        _ = try XCTUnwrap(next.client).waitForState(Self.allVisible)
        XCTAssertTrue(next.log.contains("(killed with its crash watcher): pid \(talk) "), next.log)
        XCTAssertEqual(windows("Killed"), [0, 0], "the dead talk's windows are gone")
        XCTAssertTrue(waitUntil { self.windows("Next") == [1, 1] }, "the new talk's windows: \(windows("Next"))")
    }

    /// Both windows of a state are up.
    static func allVisible(_ s: JSONValue) -> Bool { s["windows"]?.array?.allSatisfy { $0["visible"]?.bool == true } == true }

    /// A one-scene deck titled `title` in the test's folder; its path.
    func deck(_ title: String) throws -> String {
        let file = path("\(title).json")
        try #"{ "title": "\#(title)", "scenes": [{ "kind": "title", "title": "One", "parameters": { "heading": "\#(title)" } }] }"#
            .write(toFile: file, atomically: true, encoding: .utf8)
        return file
    }

    /// A subfolder of the test's folder (one talk's HOME, socket and log).
    func folder(_ name: String) throws -> URL {
        let url = dir.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// How many audience and presenter windows of the deck titled `title` the X server has.
    func windows(_ title: String) -> [Int] {
        let tree = (try? runProcess("/usr/bin/env", ["xwininfo", "-root", "-tree"], environment: rig.environment).stdout) ?? ""
        return ["\"Podium Audience — \(title)\"", "\"Podium Presenter — \(title)\""].map { occurrences(of: $0, in: tree) }
    }

    /// How many X windows are named as the talk's audience and presenter windows (anywhere in
    /// the tree, mapped or not, kept after their client died or not).
    func talkWindows() throws -> [Int] {
        let tree = try runProcess("/usr/bin/env", ["xwininfo", "-root", "-tree"], environment: rig.environment).stdout
        return ["\"Podium Audience", "\"Podium Presenter"].map { occurrences(of: $0, in: tree) }
    }

    /// A `--windowed` console the speaker moved and resized comes back there after a kill -9
    /// restart (trial 28 m5: it came back at the default place and size).
    func testAWindowedConsoleComesBackWhereTheSpeakerHadIt() throws {
        let deck = path("deck.json")
        try #"{ "title": "Windowed", "scenes": [{ "kind": "title", "title": "One", "parameters": { "heading": "One" } }] }"#.write(toFile: deck, atomically: true, encoding: .utf8)
        let env = rig.environment.merging(["SDL_RENDER_DRIVER": "software", "PODIUM_RESTART_ON_CRASH": "1", "SWIFT_BACKTRACE": "enable=no"]) { $1 }
        let app = try PodiumProcess(args: [deck, "--windowed"], environment: env, dir: dir)
        addTeardownBlock { [dir] in
            if let d = dir { endTalks(mentioning: d.path) }
            app.waitForExit(seconds: 5)
        }
        func presenter(_ s: JSONValue) -> [Double]? {
            guard let b = s["windows"]?.array?.first(where: { $0["role"]?.string == "presenter" && $0["visible"]?.bool == true })?["bounds"] else { return nil }
            return ["x", "y", "width", "height"].compactMap { b[$0]?.number }
        }
        let c = try XCTUnwrap(app.client)
        let first = try c.waitForState { presenter($0) != nil && Self.audience($0)?["visible"]?.bool == true }
        let theirs: [Double] = [200, 120, 900, 600]
        XCTAssertNotEqual(presenter(first), theirs)
        let id = try XCTUnwrap(try runProcess("/usr/bin/env", ["xdotool", "search", "--name", "^Podium Presenter"], environment: rig.environment)
            .stdout.split(separator: "\n").first.map(String.init))
        XCTAssertEqual(try runProcess("/usr/bin/env", ["xdotool", "windowsize", id, "900", "600", "windowmove", id, "200", "120"], environment: rig.environment).status, 0)
        _ = try c.waitForState { presenter($0) == theirs }
        app.kill9()
        let restarted = try ControlClient(path: app.socketPath, timeout: 30)
        let s = try restarted.waitForState(timeout: 30) { presenter($0) != nil }
        XCTAssertTrue(waitUntil(10) { (try? restarted.send(["cmd": "state"])).flatMap(presenter) == theirs },
                      "the console where the speaker had it: \(presenter(s) ?? []); log:\n\(app.log)")
        // Sized past the display's bottom edge (trial 35 F10: it came back at the default
        // 1024x640): it comes back at that size, moved up onto its display (800 tall).
        let again = try XCTUnwrap(try runProcess("/usr/bin/env", ["xdotool", "search", "--name", "^Podium Presenter"], environment: rig.environment)
            .stdout.split(separator: "\n").first.map(String.init))
        XCTAssertEqual(try runProcess("/usr/bin/env", ["xdotool", "windowsize", again, "640", "760", "windowmove", again, "128", "80"], environment: rig.environment).status, 0)
        _ = try restarted.waitForState { presenter($0) == [128, 80, 640, 760] }
        let talk = try XCTUnwrap(talkProcess(), "the restarted talk")
        kill(talk, SIGKILL)
        XCTAssertTrue(waitUntil(10) { kill(talk, 0) != 0 }, "gone, reaped by its watcher (else the client below talks to its socket)")
        let second = try ControlClient(path: app.socketPath, timeout: 30)
        XCTAssertTrue(waitUntil(15) { (try? second.send(["cmd": "state"])).flatMap(presenter) == [128, 40, 640, 760] },
                      "the console at its size, on its display: \((try? second.send(["cmd": "state"])).flatMap(presenter) ?? []); log:\n\(app.log)")
        _ = try? second.send(["cmd": "quit"])
    }

    /// How many children the root window has (xwininfo's "N children").
    func rootChildren() throws -> Int {
        let out = try runProcess("/usr/bin/env", ["xwininfo", "-root", "-children"], environment: rig.environment).stdout
        let line = try XCTUnwrap(out.split(separator: "\n").first { $0.contains("child") }, out)
        return Int(line.split(separator: " ").first ?? "") ?? 0
    }

    /// The talk now (a restart is exec'd by its watcher, not this test's child): the one process
    /// of this test's folder named podium (not its watcher, not a cover's holder).
    func talkProcess() -> pid_t? {
        let talks = processes(mentioning: dir.path).filter {
            (try? String(contentsOfFile: "/proc/\($0.pid)/comm", encoding: .utf8))?.trimmingCharacters(in: .whitespacesAndNewlines) == "podium"
        }
        return talks.count == 1 ? talks[0].pid : nil
    }

    func occurrences(of text: String, in log: String) -> Int { log.components(separatedBy: text).count - 1 }
}
