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
