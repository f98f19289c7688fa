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

    func testATalkKilledWithSIGKILLIsCoveredBlackAndRestartedOnTheSameSlide() throws {
        let black: [UInt8] = [0, 0, 0]
        let root = try runProcess("/usr/bin/env", ["xsetroot", "-solid", "#ff00ff"], environment: rig.environment)
        XCTAssertEqual(root.status, 0, root.stderr)
        let scenes = Self.backgrounds.enumerated().map { i, b in
            #"{ "kind": "title", "title": "Part \#(i + 1)", "parameters": { "heading": "Part \#(i + 1)", "background": "\#(b.hex)" } }"#
        }
        let deck = path("deck.json")
        let text = #"{ "title": "Killed", "scenes": [\#(scenes.joined(separator: ","))] }"#
        try text.write(toFile: deck, atomically: true, encoding: .utf8)
        let env = rig.environment.merging(["SDL_RENDER_DRIVER": "software", "PODIUM_RESTART_ON_CRASH": "1", "SWIFT_BACKTRACE": "enable=no"]) { $1 }
        let app = try PodiumProcess(args: [deck], environment: env, dir: dir)
        // The restart is the watcher's, not our child: ended by this test's folder, watchers first.
        addTeardownBlock { [dir] in
            if let d = dir { endTalks(mentioning: d.path) }
            app.waitForExit(seconds: 5)
        }
        let c = try XCTUnwrap(app.client)
        let audience = { (s: JSONValue) in s["windows"]?.array?.first { $0["role"]?.string == "audience" } }
        let first = try c.waitForState { audience($0)?["visible"]?.bool == true && audience($0)?["bounds"]?["x"]?.number == 1280 }
        XCTAssertEqual(first["driver"]?.string, "x11")
        XCTAssertTrue(waitUntil { self.roomColour() == Self.backgrounds[0].rgb }, "the room shows scene 1: \(String(describing: roomColour()))")

        // A few slides on, a second on the clock.
        for _ in 0..<3 { XCTAssertEqual(try c.send(["cmd": "next"])["ok"]?.bool, true) }
        let before = try c.waitForState { ($0["timers"]?["elapsed"]?.int ?? 0) >= 1 }
        XCTAssertEqual(before["scene"]?["index"]?.int, 3)
        XCTAssertTrue(waitUntil { self.roomColour() == Self.backgrounds[3].rgb }, "the room shows scene 4: \(String(describing: roomColour()))")

        // Held down: the restart waits for a deck being rewritten (half of it on disk), so the
        // room can be looked at while no talk draws it. Then the talk, not its watcher, killed.
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

    func occurrences(of text: String, in log: String) -> Int { log.components(separatedBy: text).count - 1 }
}
