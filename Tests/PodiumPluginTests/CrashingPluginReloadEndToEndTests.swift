import Foundation
import PodiumKit
import PodiumTestSupport
import XCTest

/// Trial 20 M1 and M2: a plugin that crashes or hangs in `validate` or `make` costs that plugin's
/// scene, never the talk, also across reloads (the deck saved mid-talk). Same plugin and talks as
/// `CrashingPluginEndToEndTests` (its greetings "crash-validate" and "hang-validate" trap or hang
/// in the kind's `validate`).
extension CrashingPluginEndToEndTests {
    /// Title, "Fine", an optional example scene "Checked" greeting `third`, and a title whose
    /// heading is `last` (an unrelated edit changes it).
    @discardableResult
    func writeDeck(third: String?, last: String = "Four", name: String = "reload.json") throws -> String {
        let path = work.appendingPathComponent(name)
        let checked = third.map { "{ \"kind\": \"example\", \"title\": \"Checked\", \"parameters\": { \"greeting\": \"\($0)\" } },\n" } ?? ""
        try """
        { "title": "Reloaded", "scenes": [
          { "kind": "title", "parameters": { "heading": "One" } },
          { "kind": "example", "title": "Fine", "parameters": { "greeting": "hello" } },
          \(checked)  { "kind": "title", "parameters": { "heading": "\(last)" } } ] }
        """.write(to: path, atomically: true, encoding: .utf8)
        return path.path
    }

    /// The speaker saves the deck with a scene whose plugin's `validate` traps (or hangs): the
    /// reload kills the talk, the restart reads the same deck and must not run that `validate`
    /// again (before: three restarts in a second, then the desktop). The talk comes back on the
    /// scene the room saw, the new scene is an error card, and the talk goes past it.
    func checkReload(adding greeting: String, kind: String) throws {
        let app = try launch(try writeDeck(third: nil), environment: ["PODIUM_HANG_SECONDS": "5"])
        XCTAssertEqual(try app.send(["cmd": "goto", "index": 1])["ok"]?.bool, true)
        try writeDeck(third: greeting)
        let said = "Podium \(kind) in the plugin code checking scene 3 “Checked” (reading the deck) and restarted; scene 3 “Checked” is skipped until its parameters change."
        XCTAssertTrue(waitUntil(90) { app.log.contains(said) }, "log:\n\(app.log)")
        let up = try waitForTalk(app, "the talk is up after the reload's \(kind) validate") { $0["scene"]?["index"]?.int == 1 }
        XCTAssertEqual(banner(up), said, "the speaker is told as the log says")
        // A `validate` is a scene's plugin code: the plugin code's budget, not the talk's own 3.
        XCTAssertTrue(app.log.contains("restarted after a \(kind == "crashed" ? "crash" : "hang") in a scene's plugin code (1 of at most 12"), app.log)
        let client = try ControlClient(path: app.socketPath, timeout: 10)
        XCTAssertEqual(try client.send(["cmd": "next"])["ok"]?.bool, true)
        let card = try client.send(["cmd": "state"])
        XCTAssertEqual(card["scene"]?["index"]?.int, 2)
        XCTAssertTrue(errorCard(card)?.contains("while checking this scene's parameters") == true, "\(errorCard(card) ?? "no error card"); log:\n\(app.log)")
        XCTAssertEqual(try client.send(["cmd": "next"])["ok"]?.bool, true)
        XCTAssertEqual(try client.send(["cmd": "state"])["scene"]?["index"]?.int, 3, "past it")
        XCTAssertFalse(app.log.contains(" (2 of at most"), "one crash or hang, not more; log:\n\(app.log)")
        _ = try? client.send(["cmd": "quit"])
    }

    func testAReloadWithACrashingValidateKeepsTheTalkOnItsScene() throws {
        try checkReload(adding: "crash-validate", kind: "crashed")
    }

    /// The hang is ended after `PODIUM_HANG_SECONDS` like any in the main loop.
    func testAReloadWithAHangingValidateIsRecovered() throws {
        try checkReload(adding: "hang-validate", kind: "stopped responding")
    }

    /// A `validate` that hangs as a fresh talk reads its deck, before any frame (no heartbeat of
    /// the loop yet): the plugin's code is watched alone, so the talk is ended and the restart
    /// skips that entry instead of hanging for good.
    func testAHangingValidateAtLaunchIsRecovered() throws {
        // The first process hangs before it opens its control socket and is ended: its restart
        // (the watcher's child) opens the same socket.
        let socket = work.appendingPathComponent("launch.sock").path
        let app = try PodiumProcess(args: [try writeDeck(third: "hang-validate"), "--windowed", "--plugin-path", plugins.path, "--control", "unix:\(socket)"],
                                    environment: ["SDL_VIDEODRIVER": "offscreen", "SDL_RENDER_DRIVER": "software", "XDG_DATA_HOME": work.path,
                                                  "PODIUM_RESTART_ON_CRASH": "1", "SWIFT_BACKTRACE": "enable=no", "PODIUM_HANG_SECONDS": "5"],
                                    dir: work, control: false)
        addTeardownBlock { [work] in endTalks(mentioning: work!.path); app.stop() }
        let said = "Podium stopped responding in the plugin code checking scene 3 “Checked” (reading the deck) and restarted; scene 3 “Checked” is skipped until its parameters change."
        XCTAssertTrue(waitUntil(90) { app.log.contains(said) }, "log:\n\(app.log)")
        var up: JSONValue?
        XCTAssertTrue(waitUntil(40) {
            up = try? ControlClient(path: socket, timeout: 2).send(["cmd": "state"])
            return up?["ok"]?.bool == true
        }, "the restarted talk answers; log:\n\(app.log)")
        XCTAssertEqual(up?["scene"]?["index"]?.int, 0)
        XCTAssertEqual(up.flatMap(banner), said, "the speaker is told as the log says")
        XCTAssertTrue(app.log.contains("the talk stopped responding (its main loop has not come round"), app.log)
        XCTAssertFalse(app.log.contains(" (2 of at most"), "one hang, not more; log:\n\(app.log)")
        let client = try ControlClient(path: socket, timeout: 10)
        XCTAssertEqual(try client.send(["cmd": "goto", "index": 2])["ok"]?.bool, true)
        XCTAssertTrue(errorCard(try client.send(["cmd": "state"]))?.contains("stopped Podium responding while checking this scene's parameters") == true, app.log)
        _ = try? client.send(["cmd": "quit"])
    }

    /// Trial 20 M2: a scene skipped after it crashed the talk (made for the next preview) was made
    /// again by every reload, also by a save for an unrelated edit, and crashed the talk again;
    /// three saves ended it. It stays skipped by its entry: four unrelated saves reload the deck
    /// and the talk never crashes again.
    func testUnrelatedSavesKeepASkippedSceneSkipped() throws {
        let path = try writeDeck(third: "crash")
        let app = try launch(path)
        _ = try? ControlClient(path: app.socketPath, timeout: 2).send(["cmd": "goto", "index": 1])
        XCTAssertTrue(waitUntil(30) { app.log.contains("Podium crashed in scene 3 “Checked” while the room was on another scene and restarted") }, "log:\n\(app.log)")
        _ = try waitForTalk(app, "the talk is up on Fine after Checked crashed it") { $0["scene"]?["index"]?.int == 1 }
        for save in 1...4 {
            try writeDeck(third: "crash", last: "Four, version \(save)")
            XCTAssertTrue(waitUntil(30) { occurrences(of: "reloaded \(path)", in: app.log) >= save }, "save \(save); log:\n\(app.log)")
            _ = try waitForTalk(app, "the talk is up after save \(save)") { $0["scene"]?["index"]?.int == 1 }
        }
        XCTAssertEqual(occurrences(of: "restarted after a crash", in: app.log), 1, "only the first crash; log:\n\(app.log)")
        let client = try ControlClient(path: app.socketPath, timeout: 10)
        XCTAssertEqual(try client.send(["cmd": "next"])["ok"]?.bool, true)
        let card = try client.send(["cmd": "state"])
        XCTAssertEqual(card["scene"]?["index"]?.int, 2)
        XCTAssertTrue(errorCard(card)?.contains("a reload keeps it skipped") == true, "\(errorCard(card) ?? "no error card"); log:\n\(app.log)")
        XCTAssertEqual(try client.send(["cmd": "next"])["ok"]?.bool, true)
        XCTAssertEqual(try client.send(["cmd": "state"])["scene"]?["index"]?.int, 3, "past it")
        _ = try? client.send(["cmd": "quit"])
    }
}
