import Foundation
import PodiumKit
import PodiumTestSupport
import XCTest

/// One room per display server: while a talk presents on the Xorg rig's projector, a `present` of
/// another deck on the same server is refused before it opens any window (it would cover the
/// room, blackout and all), naming the talk that holds it; `--windowed` still opens; once the
/// talk quits, the other deck presents.
final class DisplayLockXorgTests: XCTestCase {
    var dir: URL!
    override func setUp() { dir = TestPaths.tempDir("display-lock") }
    override func tearDown() { try? FileManager.default.removeItem(at: dir) }

    func testASecondTalkOnTheSameDisplayIsRefusedUnlessWindowed() throws {
        let rig = try XorgRig(monitors: ["1280x800", "1920x1080"])
        defer { rig.stop() }
        for d in ["first", "other"] { try FileManager.default.createDirectory(at: dir.appendingPathComponent(d), withIntermediateDirectories: true) }
        let first = TestPaths.titleDeck(2, title: "First", in: dir.appendingPathComponent("first"))
        let other = TestPaths.titleDeck(3, title: "Other", in: dir.appendingPathComponent("other"))
        let app = try PodiumProcess(args: [first], environment: rig.environment, dir: dir)
        defer { app.stop() }
        XCTAssertEqual(try app.send(["cmd": "state"])["driver"]?.string, "x11")
        XCTAssertEqual(try app.send(["cmd": "key", "key": "w"])["ok"]?.bool, true)   // the room whited out

        let env = TestPaths.privateHome(in: dir).merging(rig.environment) { $1 }
        // Under timeout(1): a second talk that is not refused fails the test (124) instead of hanging it.
        let second = try runProcess("/usr/bin/timeout", ["20", TestPaths.podium, "present", other], environment: env)
        XCTAssertEqual(second.status, 2, second.stderr)
        XCTAssertTrue(second.stderr.contains("another podium (pid \(app.process.processIdentifier)) is presenting"), second.stderr)
        XCTAssertTrue(second.stderr.contains("talk.json") && second.stderr.contains("--windowed"), second.stderr)
        let s = try app.send(["cmd": "state"])
        XCTAssertEqual(s["audienceMode"]?.string, "white", "the room keeps the speaker's cover: \(s)")

        // In windows it cannot cover the projector: allowed beside the running talk.
        let windowed = try PodiumProcess(args: [other, "--windowed"], environment: env, dir: dir.appendingPathComponent("other"))
        XCTAssertEqual(try windowed.send(["cmd": "state"])["scene"]?["count"]?.int, 3)
        XCTAssertEqual(windowed.stop(), 0)

        // Once the talk quits, the display is free.
        XCTAssertEqual(app.stop(), 0)
        let next = try PodiumProcess(args: [other], environment: env, dir: dir.appendingPathComponent("other"))
        XCTAssertEqual(try next.send(["cmd": "state"])["scene"]?["count"]?.int, 3)
        XCTAssertEqual(next.stop(), 0)
    }

    /// The refusal's advice leads somewhere safe (trial 12 F1): while another talk holds the
    /// display, a `--windowed` talk (and `--windowed audience`, whose presenter would fill a
    /// display) opens every window as an ordinary window on the primary display (DUMMY0, the
    /// laptop), none on the projector over the running talk's audience view, none fullscreen.
    /// Under openbox, from the X server's own geometry (xwininfo) and state (xprop).
    func testAWindowedTalkBesideARunningOneKeepsOffTheProjector() throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/openbox") else { throw XCTSkip("openbox is not installed (make test-deps)") }
        let rig = try XorgRig(monitors: ["1280x800", "1920x1080"])
        defer { rig.stop() }
        try rig.startWindowManager()
        for d in ["first", "other", "other2"] { try FileManager.default.createDirectory(at: dir.appendingPathComponent(d), withIntermediateDirectories: true) }
        let first = TestPaths.titleDeck(2, title: "First", in: dir.appendingPathComponent("first"))
        let app = try PodiumProcess(args: [first], environment: rig.environment, dir: dir.appendingPathComponent("first"))
        defer { app.stop() }
        XCTAssertEqual(try app.send(["cmd": "state"])["driver"]?.string, "x11")
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("refused"), withIntermediateDirectories: true)
        let refusedDeck = TestPaths.titleDeck(2, title: "Refused", in: dir.appendingPathComponent("refused"))
        let refused = try runProcess("/usr/bin/timeout", ["20", TestPaths.podium, "present", refusedDeck],
                                     environment: TestPaths.privateHome(in: dir).merging(rig.environment) { $1 })
        XCTAssertTrue(refused.stderr.contains("--windowed opens this deck in windows on your own screen"), refused.stderr)

        for (i, mode) in [["--windowed"], ["--windowed", "audience"]].enumerated() {
            let title = "Other\(i)"
            let deck = TestPaths.titleDeck(3, title: title, in: dir.appendingPathComponent(i == 0 ? "other" : "other2"))
            let home = dir.appendingPathComponent(i == 0 ? "other" : "other2")
            let env = TestPaths.privateHome(in: home).merging(rig.environment) { $1 }
            let second = try PodiumProcess(args: [deck] + mode, environment: env, dir: home)
            defer { second.stop() }
            let c = try XCTUnwrap(second.client)
            let s = try c.waitForState { ($0["windows"]?.array ?? []).filter { $0["visible"]?.bool == true }.count == 2 }
            XCTAssertEqual(s["roles"]?["audiencePlacement"]?.string, "window", "\(mode): \(s["roles"] ?? .null)\n\(second.log)")
            XCTAssertEqual(s["roles"]?["presenterDisplay"]?.string, "DUMMY0", "\(mode)")
            XCTAssertTrue(second.log.contains("opens in windows on the primary display only"), second.log)
            Thread.sleep(forTimeInterval: 1)   // the window manager's own moves
            for role in ["^Podium Presenter.*\(title)$", "^Podium Audience.*\(title)$"] {
                let w = try xWindow(role, on: rig)
                XCTAssertTrue(w.viewable, "\(mode) \(role)")
                XCTAssertFalse(w.fullscreen, "\(mode) \(role): \(w)")
                let f = w.frame
                // Left of the projector (x 1280 on), mostly on the laptop: openbox's title bar may
                // push a window's foot a little below the laptop's 800 rows, onto no display.
                XCTAssertTrue(f[0] >= 0 && f[1] >= 0 && f[0] + f[2] <= 1280 && f[1] < 400 && f[2] * f[3] < 1280 * 800,
                              "\(mode) \(role): \(f) is not a window on the laptop (0,0 1280×800)\n\(second.log)")
            }
            XCTAssertEqual(second.stop(), 0)
        }
        XCTAssertNotNil(try? app.send(["cmd": "state"]), "the running talk goes on")
    }

    /// The X window whose title matches `title` (a regular expression): its frame in root coordinates, mapped, fullscreen.
    func xWindow(_ title: String, on rig: XorgRig) throws -> (frame: [Int], viewable: Bool, fullscreen: Bool) {
        let ids = try runProcess("/usr/bin/env", ["xdotool", "search", "--name", title], environment: rig.environment).stdout
        let id = try XCTUnwrap(ids.split(separator: "\n").first.map(String.init), "no X window titled \(title)")
        let info = try runProcess("/usr/bin/env", ["xwininfo", "-id", id], environment: rig.environment).stdout
        func field(_ name: String) -> String {
            info.split(separator: "\n").first { $0.contains(name) }.map { String($0.split(separator: ":", maxSplits: 1)[1]).trimmingCharacters(in: .whitespaces) } ?? ""
        }
        let state = try runProcess("/usr/bin/env", ["xprop", "-id", id, "_NET_WM_STATE"], environment: rig.environment).stdout
        let frame = ["Absolute upper-left X", "Absolute upper-left Y", "Width", "Height"].map { Int(field($0)) ?? -1 }
        return (frame, field("Map State") == "IsViewable", state.contains("_NET_WM_STATE_FULLSCREEN"))
    }

    /// A follower screen rehearsed on the presenting laptop (`podium follow` on the X server a
    /// talk presents on) covered the console or, with `--display`, the room, fullscreen. Beside a
    /// talk it opens as a window in the primary display's top-left quarter, whatever `--display`
    /// says, and the talk goes on. (No broker answers here: the follower waits, which is enough.)
    func testAFollowerBesideARunningTalkOpensInAWindowOnThePrimaryDisplay() throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/openbox") else { throw XCTSkip("openbox is not installed (make test-deps)") }
        let rig = try XorgRig(monitors: ["1280x800", "1920x1080"])
        defer { rig.stop() }
        try rig.startWindowManager()
        for d in ["talk", "follower"] { try FileManager.default.createDirectory(at: dir.appendingPathComponent(d), withIntermediateDirectories: true) }
        let deck = TestPaths.titleDeck(2, title: "Rehearsed", in: dir.appendingPathComponent("talk"))
        let app = try PodiumProcess(args: [deck], environment: rig.environment, dir: dir.appendingPathComponent("talk"))
        defer { app.stop() }
        XCTAssertEqual(try app.send(["cmd": "state"])["driver"]?.string, "x11")
        let home = dir.appendingPathComponent("follower")
        let follower = try PodiumProcess(args: ["mqtt://127.0.0.1:1/rehearsal", deck, "--display", "1"],
                                         environment: TestPaths.privateHome(in: home).merging(rig.environment) { $1 }, dir: home, command: "follow")
        defer { follower.stop() }
        XCTAssertTrue(follower.log.contains("the follower opens in a window on the primary display (--display is not used beside a talk)"), follower.log)
        var w = try xWindow("^Podium Follower", on: rig)
        // The window manager's own moves settle within a second or two on a loaded machine.
        XCTAssertTrue(waitUntil(10) { (try? self.xWindow("^Podium Follower", on: rig)).map { w = $0; return $0.viewable && $0.frame[0] >= 0 } ?? false })
        XCTAssertTrue(w.viewable, "\(w)")
        XCTAssertFalse(w.fullscreen, "\(w)")
        let f = w.frame
        XCTAssertTrue(f[0] >= 0 && f[1] >= 0 && f[0] + f[2] <= 1280 && f[2] * f[3] <= 640 * 400 * 2,
                      "\(f) is not a window on the laptop's (0,0 1280×800) top-left part\n\(follower.log)")
        XCTAssertNotNil(try? app.send(["cmd": "state"]), "the talk goes on")
        XCTAssertEqual(follower.stop(), 0)
    }

    /// The lock is the X server's (a selection it holds), not a file under the user's state
    /// folder: a second talk with another HOME and XDG_STATE_HOME (another account, sudo), and
    /// DISPLAY spelled with the screen, is refused naming the running talk (trial 10 F1). Killed
    /// outright (no clean-up of its own runs), the first talk's claim ends with its connection:
    /// the other deck presents at once.
    func testASecondTalkUnderAnotherHomeIsRefusedByTheXServer() throws {
        let rig = try XorgRig(monitors: ["1280x800", "1920x1080"])
        defer { rig.stop() }
        for d in ["first", "other", "home1", "home2"] { try FileManager.default.createDirectory(at: dir.appendingPathComponent(d), withIntermediateDirectories: true) }
        let first = TestPaths.titleDeck(2, title: "First", in: dir.appendingPathComponent("first"))
        let other = TestPaths.titleDeck(3, title: "Other", in: dir.appendingPathComponent("other"))
        let app = try PodiumProcess(args: [first], environment: rig.environment, dir: dir.appendingPathComponent("home1"))
        defer { app.stop() }
        XCTAssertEqual(try app.send(["cmd": "state"])["driver"]?.string, "x11")

        let home2 = dir.appendingPathComponent("home2")
        let env = TestPaths.privateHome(in: home2).merging(rig.environment) { $1 }.merging(["DISPLAY": rig.display + ".0"]) { $1 }
        XCTAssertNotEqual(env["XDG_STATE_HOME"], TestPaths.privateHome(in: dir.appendingPathComponent("home1"))["XDG_STATE_HOME"])
        let second = try runProcess("/usr/bin/timeout", ["20", TestPaths.podium, "present", other], environment: env)
        XCTAssertEqual(second.status, 2, second.stderr)
        XCTAssertTrue(second.stderr.contains("another podium (pid \(app.process.processIdentifier)) is presenting"), second.stderr)
        XCTAssertTrue(second.stderr.contains(first), second.stderr)
        XCTAssertNotNil(try? app.send(["cmd": "state"]), "the running talk goes on")

        kill(app.process.processIdentifier, SIGKILL)
        XCTAssertTrue([SIGKILL, 128 + SIGKILL].contains(app.waitForExit(seconds: 10)), "ended by SIGKILL")
        let next = try PodiumProcess(args: [other], environment: env, dir: home2)
        XCTAssertEqual(try next.send(["cmd": "state"])["scene"]?["count"]?.int, 3)
        XCTAssertEqual(next.stop(), 0)
    }
}
