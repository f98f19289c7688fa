import Foundation
import PodiumKit
import PodiumTestSupport
import XCTest

/// A JSON deck and its key map edited while presenting: a broken edit keeps the deck on screen
/// and tells the speaker; a good one replaces it in place; a changed key map takes effect.
final class ReloadDeckEndToEndTests: XCTestCase {
    var dir: URL!
    override func setUp() { dir = TestPaths.tempDir("e2e-reload") }
    override func tearDown() { try? FileManager.default.removeItem(at: dir) }

    func deck(_ titles: [String]) -> String {
        let scenes = titles.map { #"{ "kind": "title", "title": "\#($0)", "parameters": { "heading": "\#($0)" } }"# }
        return #"{ "title": "Edited", "scenes": [\#(scenes.joined(separator: ",\n"))] }"#
    }
    func banner(_ s: JSONValue) -> (text: String, kind: String)? {
        let controls = s["windows"]?.array?.first { $0["role"]?.string == "presenter" }?["controls"]?.array ?? []
        return controls.first { $0["id"]?.string == "console.banner" }.map { ($0["label"]?.string ?? "", $0["value"]?.string ?? "") }
    }

    func testEditingTheDeckAndKeyMapWhilePresenting() throws {
        let deckPath = dir.appendingPathComponent("talk.json").path
        let keymap = dir.appendingPathComponent("keys.json").path
        try deck(["One", "Two", "Three"]).write(toFile: deckPath, atomically: false, encoding: .utf8)
        try #"{ "pauseTimer": ["t"] }"#.write(toFile: keymap, atomically: false, encoding: .utf8)
        let app = try PodiumProcess(args: [deckPath, "--keymap", keymap], environment: ["SDL_VIDEODRIVER": "offscreen", "SDL_RENDER_DRIVER": "software"], dir: dir)
        defer { app.stop() }
        let c = app.client!
        XCTAssertEqual(try c.send(["cmd": "state"])["driver"]?.string, "offscreen")
        XCTAssertEqual(try c.send(["cmd": "goto", "index": 1])["ok"]?.bool, true)

        // A syntax error: the deck on screen stays, the banner names the file and the place.
        try #"{ "title": "Edited", "scenes": [ "#.write(toFile: deckPath, atomically: false, encoding: .utf8)
        var s = try c.waitForState { self.banner($0)?.kind == "error" }
        XCTAssertTrue(banner(s)?.text.contains("talk.json") == true, "\(String(describing: banner(s)))")
        XCTAssertEqual(s["scene"]?["title"]?.string, "Two")
        XCTAssertEqual(s["scene"]?["count"]?.int, 3)

        // A wrong parameter: the notice names the scene as the console numbers it, too.
        try #"{ "title": "Edited", "scenes": [ { "kind": "title", "parameters": { "heading": "One" } }, { "kind": "title", "parameters": { "heading": 5 } } ] }"#
            .write(toFile: deckPath, atomically: false, encoding: .utf8)
        s = try c.waitForState { self.banner($0)?.text.contains("heading") == true }
        XCTAssertTrue(banner(s)?.text == "Not reloaded, the version on screen stays: talk.json: scenes[1].parameters.heading: expected string, found number 5 (scene 2)",
                      "\(String(describing: banner(s)))")

        // Fixed, with a scene inserted before: the talk follows "Two" to its new place.
        try deck(["Zero", "One", "Two", "Three"]).write(toFile: deckPath, atomically: false, encoding: .utf8)
        s = try c.waitForState { $0["scene"]?["count"]?.int == 4 }
        XCTAssertEqual(s["scene"]?["count"]?.int, 4)
        XCTAssertEqual(s["scene"]?["index"]?.int, 2)
        XCTAssertEqual(s["scene"]?["title"]?.string, "Two")
        XCTAssertNotEqual(banner(s)?.kind, "error", "the error is cleared")
        XCTAssertEqual(s["timers"]?["running"]?.bool, true, "the timer started at the first move runs on")
        XCTAssertTrue(app.log.contains("4 scenes, scene 2 → 3"), "the log numbers scenes as the console does: \(app.log)")

        // The key map now binds `x` to next: written to a temporary file and renamed.
        let tmp = keymap + ".tmp"
        try #"{ "next": ["x"] }"#.write(toFile: tmp, atomically: false, encoding: .utf8)
        XCTAssertEqual(rename(tmp, keymap), 0)
        let deadline = Date().addingTimeInterval(10)
        var index = 2
        while index == 2 && Date() < deadline {
            XCTAssertEqual(try c.send(["cmd": "key", "key": "x"])["ok"]?.bool, true)
            index = try c.send(["cmd": "state"])["scene"]?["index"]?.int ?? -1
            usleep(100_000)
        }
        XCTAssertEqual(index, 3, "x moves on once the new key map is loaded")
        XCTAssertTrue(app.log.contains("reloaded"), app.log)
        XCTAssertEqual(app.stop(), 0)
    }

    /// A deck opened through a symbolic link (a talk linked from a repository) is reloaded when
    /// the file the link points to is edited in its own folder, and when the link is re-pointed.
    func testADeckOpenedThroughALinkFollowsEditsOfItsTarget() throws {
        let real = dir.appendingPathComponent("repo"), links = dir.appendingPathComponent("talks")
        try FileManager.default.createDirectory(at: real, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: links, withIntermediateDirectories: true)
        let target = real.appendingPathComponent("deck.json").path, other = real.appendingPathComponent("other.json").path
        let link = links.appendingPathComponent("talk.json").path
        try deck(["One", "Two"]).write(toFile: target, atomically: false, encoding: .utf8)
        try deck(["Alpha", "Beta", "Gamma", "Delta"]).write(toFile: other, atomically: false, encoding: .utf8)
        XCTAssertEqual(symlink("../repo/deck.json", link), 0)
        let app = try PodiumProcess(args: [link], environment: ["SDL_VIDEODRIVER": "offscreen", "SDL_RENDER_DRIVER": "software"], dir: dir)
        defer { app.stop() }
        let c = app.client!
        XCTAssertEqual(try c.send(["cmd": "state"])["driver"]?.string, "offscreen")

        try deck(["One", "Two", "Three"]).write(toFile: target, atomically: false, encoding: .utf8)
        var s = try c.waitForState { $0["scene"]?["count"]?.int == 3 }
        XCTAssertEqual(s["scene"]?["count"]?.int, 3, "an edit of the link's target is reloaded")

        // Re-pointed to another deck, as `ln -sfn` does (a new link renamed over the old one).
        XCTAssertEqual(symlink("../repo/other.json", link + ".new"), 0)
        XCTAssertEqual(rename(link + ".new", link), 0)
        s = try c.waitForState { $0["scene"]?["count"]?.int == 4 }
        XCTAssertEqual(s["scene"]?["count"]?.int, 4, "re-pointing the link is reloaded")

        // Edits of the new target are followed; the old target is no longer the talk's file.
        try deck(["Alpha", "Beta", "Gamma", "Delta", "Epsilon"]).write(toFile: other, atomically: false, encoding: .utf8)
        s = try c.waitForState { $0["scene"]?["count"]?.int == 5 }
        XCTAssertEqual(s["scene"]?["count"]?.int, 5, "the new target is watched after the reload")
        XCTAssertEqual(app.stop(), 0)
    }

    /// A scene whose PDF was missing from the start (an error card) does not hold back other edits;
    /// a PDF that goes missing later does.
    func testAFileMissingFromTheStartDoesNotBlockOtherEdits() throws {
        let deckPath = dir.appendingPathComponent("talk.json").path
        func write(_ titles: [String]) throws {
            let scenes = titles.map { #"{ "kind": "title", "title": "\#($0)", "parameters": { "heading": "\#($0)" } }"# }
                + [#"{ "kind": "pdf", "title": "Slides", "parameters": { "file": "absent.pdf" } }"#]
            try #"{ "title": "Edited", "scenes": [\#(scenes.joined(separator: ",\n"))] }"#.write(toFile: deckPath, atomically: false, encoding: .utf8)
        }
        try write(["One"])
        let app = try PodiumProcess(args: [deckPath], environment: ["SDL_VIDEODRIVER": "offscreen", "SDL_RENDER_DRIVER": "software"], dir: dir)
        defer { app.stop() }
        let c = app.client!
        XCTAssertEqual(try c.send(["cmd": "state"])["driver"]?.string, "offscreen")
        try write(["Zero", "One"])
        let s = try c.waitForState { $0["scene"]?["count"]?.int == 3 }
        XCTAssertEqual(s["scene"]?["count"]?.int, 3, "reloaded although absent.pdf is still missing: \(app.log)")
        XCTAssertEqual(banner(s)?.kind, "info")
        XCTAssertTrue(banner(s)?.text.contains("absent.pdf") == true, "the reload says what is still wrong: \(String(describing: banner(s)))")
        XCTAssertEqual(app.stop(), 0)
    }

    /// Trial 21: a file the deck names moved away mid-talk (`mv clip.webm /tmp/`) was logged as a
    /// refused reload, but the console said nothing until a later deck edit. Once the files are
    /// still, the refusal reaches the speaker, and it names the file.
    func testAFileMovedAwayMidTalkIsToldToTheSpeaker() throws {
        let deckPath = dir.appendingPathComponent("talk.json").path
        let pdf = dir.appendingPathComponent("slides.pdf").path
        // A one-page PDF (poppler rebuilds the cross-reference table it lacks).
        try "%PDF-1.4\n1 0 obj <</Type/Catalog/Pages 2 0 R>> endobj\n2 0 obj <</Type/Pages/Kids[3 0 R]/Count 1>> endobj\n3 0 obj <</Type/Page/Parent 2 0 R/MediaBox[0 0 200 100]>> endobj\ntrailer <</Root 1 0 R>>\n%%EOF\n"
            .write(toFile: pdf, atomically: true, encoding: .utf8)
        try #"{ "title": "T", "scenes": [ { "kind": "title", "parameters": { "heading": "One" } }, { "kind": "pdf", "title": "Slides", "parameters": { "file": "slides.pdf" } } ] }"#
            .write(toFile: deckPath, atomically: true, encoding: .utf8)
        let app = try PodiumProcess(args: [deckPath], environment: ["SDL_VIDEODRIVER": "offscreen", "SDL_RENDER_DRIVER": "software"], dir: dir)
        defer { app.stop() }
        let c = app.client!
        XCTAssertEqual(try c.send(["cmd": "state"])["driver"]?.string, "offscreen")
        XCTAssertNil(banner(try c.send(["cmd": "state"]))?.text, "a sound deck: \(app.log)")
        _ = try c.send(["cmd": "next"])   // the clip's scene was current in the trial
        XCTAssertEqual(try c.waitForState { $0["scene"]?["index"]?.int == 1 }["scene"]?["index"]?.int, 1)
        XCTAssertEqual(rename(pdf, dir.appendingPathComponent("moved.pdf").path), 0)
        let s = try c.waitForState(timeout: 30) { self.banner($0)?.kind == "error" }
        XCTAssertEqual(banner(s)?.kind, "error", "the refusal reached the console: \(app.log)")
        XCTAssertTrue(banner(s)?.text.contains("slides.pdf") == true, "\(String(describing: banner(s)))")
        XCTAssertEqual(s["scene"]?["count"]?.int, 2, "the version on screen stays")
        XCTAssertEqual(app.stop(), 0)
    }
}

