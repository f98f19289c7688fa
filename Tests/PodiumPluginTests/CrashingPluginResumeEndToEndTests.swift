import Foundation
import PodiumKit
import PodiumTestSupport
import XCTest

/// Closing note 16 (plugsafe11 gap): a scene skipped after its plugin's `validate` or `make`
/// crashed the talk was skipped only by the crash watcher's restarts. Killed with its watcher
/// (`pkill -9 podium`), the talk resumed by hand with `podium present --resume` ran that code
/// again and died again. The skips are kept with the journal, which any resume reads.
extension CrashingPluginEndToEndTests {
    /// The talk crashes on "Checked" (`greeting`; `reload`: added by a save mid-talk, else in the
    /// deck from the launch, made for the next preview) and the restart skips it; then the
    /// watcher and the talk are killed, and the speaker resumes by hand without a watcher.
    func checkResumeByHand(greeting: String, reload: Bool, said: String) throws {
        let path = try writeDeck(third: reload ? nil : greeting, name: "resume.json")
        let app = try launch(path)
        _ = try? ControlClient(path: app.socketPath, timeout: 2).send(["cmd": "goto", "index": 1])
        if reload { try writeDeck(third: greeting, name: "resume.json") }
        XCTAssertTrue(waitUntil(90) { app.log.contains(said) }, "log:\n\(app.log)")
        _ = try waitForTalk(app, "the restarted talk is up on Fine") { $0["scene"]?["index"]?.int == 1 }
        let state = work.appendingPathComponent("home/.local/state/podium")
        XCTAssertTrue(waitUntil(30) {
            let files = (try? FileManager.default.contentsOfDirectory(atPath: state.path)) ?? []
            return files.contains { $0.hasPrefix("journal-") && $0.hasSuffix(".json")
                && ((try? String(contentsOfFile: state.appendingPathComponent($0).path, encoding: .utf8)) ?? "").contains("skippedScenes") }
        }, "the journal keeps the skip")
        endTalks(mentioning: work.path)   // the watcher first, then the talk: nothing restarts it

        let resumed = try PodiumProcess(args: [path, "--resume", "--windowed", "--plugin-path", plugins.path],
                                        environment: ["SDL_VIDEODRIVER": "offscreen", "SDL_RENDER_DRIVER": "software", "XDG_DATA_HOME": work.path,
                                                      "PODIUM_RESTART_ON_CRASH": "0", "SWIFT_BACKTRACE": "enable=no"], dir: work)
        addTeardownBlock { resumed.stop() }
        let up = try waitForTalk(resumed, "the talk resumed by hand is up") { $0["scene"]?["index"]?.int == 1 }
        XCTAssertEqual(up["scene"]?["index"]?.int, 1, "where the room was")
        XCTAssertTrue(resumed.log.contains("the interrupted talk skipped 1 scene whose plugin code crashed or hung it (its journal says so): skipped here too, until its parameters change"), resumed.log)
        // The console says so too, until the first move (trial 22: only the log did).
        XCTAssertEqual(up["console"]?["notice"]?.string, "Skipped, as in the interrupted talk, whose plugin code they crashed or hung: scene 3 “Checked”, until its parameters change.", resumed.log)
        let client = try ControlClient(path: resumed.socketPath, timeout: 10)
        XCTAssertEqual(try client.send(["cmd": "next"])["ok"]?.bool, true, resumed.log)
        let card = try client.send(["cmd": "state"])
        XCTAssertEqual(card["scene"]?["index"]?.int, 2)
        XCTAssertTrue(errorCard(card)?.contains("It is skipped until its parameters change") == true, "\(errorCard(card) ?? "no error card"); log:\n\(resumed.log)")
        XCTAssertEqual(try client.send(["cmd": "next"])["ok"]?.bool, true)
        XCTAssertEqual(try client.send(["cmd": "state"])["scene"]?["index"]?.int, 3, "past it, the talk still up")
    }

    /// Its `validate` crashed as a save mid-talk was read: the resume reads the same deck.
    func testAResumeByHandSkipsAValidateThatCrashedTheTalk() throws {
        try checkResumeByHand(greeting: "crash-validate", reload: true,
                              said: "Podium crashed in the plugin code checking scene 3 “Checked” (reading the deck) and restarted")
    }

    /// Its `make` crashed for the next preview: the resume on "Fine" makes that preview again.
    func testAResumeByHandSkipsAMakeThatCrashedTheTalk() throws {
        try checkResumeByHand(greeting: "crash", reload: false,
                              said: "Podium crashed in scene 3 “Checked” while the room was on another scene and restarted")
    }
}
