import Foundation
import PodiumKit
import PodiumTestSupport
import XCTest

/// Builds `Plugins/Links` OUT of tree (its own package, with libqrencode through pkg-config),
/// installs it, and drives the real `podium` with it: `plugins`, `check`, `snapshot` (the PNG is
/// decoded with zbarimg, an independent QR reader) and `present` with the control socket (add a
/// link through the popover, see it on the audience, restart, still there, delete it through
/// the action sheet). Every podium gets a private HOME and XDG dirs under the test's folder.
final class LinksPluginEndToEndTests: OutOfTreePluginTestCase {
    override class var plugin: Plugin? {
        Plugin(folder: "Links", copying: ["Package.swift", "plugin.json", "Sources"],
               install: [".build/debug/libLinksScene.so", "plugin.json"], directory: "links")
    }

    /// The plugin's data directory for podiums started by this test.
    var dataDir: URL { URL(fileURLWithPath: env["XDG_DATA_HOME"]!).appendingPathComponent("podium/org.podium.links") }
    var env: [String: String] = [:]

    override func setUpWithError() throws {
        try super.setUpWithError()
        env = TestPaths.privateHome(in: work).merging(["SDL_VIDEODRIVER": "offscreen", "SDL_RENDER_DRIVER": "software"]) { $1 }
    }

    func deck(_ parameters: String, name: String = "deck.json") throws -> String {
        let path = work.appendingPathComponent(name)
        try #"{ "title": "Links test", "scenes": [ { "kind": "links", "parameters": \#(parameters) } ] }"#
            .write(to: path, atomically: true, encoding: .utf8)
        return path.path
    }

    static let seed = #"{ "links": [ { "title": "Slides", "url": "https://example.org/slides" }, { "title": "Code", "url": "https://git.example.org/podium?tab=readme#links" } ] }"#

    func podium(_ args: [String]) throws -> ProcessResult { try runPodium(args, environment: env) }

    /// The QR payloads zbarimg finds in a PNG (an independent decoder, from apt zbar-tools).
    func decodeQR(_ png: String) throws -> [String] {
        guard let zbar = Fixtures.tool("zbarimg") else { throw XCTSkip("zbarimg missing: make test-deps (zbar-tools)") }
        let r = try runProcess(zbar, ["--quiet", "--raw", "-Sdisable", "-Sqrcode.enable", png])
        return r.stdout.split(separator: "\n").map(String.init)
    }

    func testPluginsListsTheLinksPlugin() throws {
        let r = try podium(["plugins", "--json", "--load", "--plugin-path", plugins.path])
        XCTAssertEqual(r.status, 0, r.stderr)
        let json = try JSONValue.parse(Data(r.stdout.utf8))
        let links = try XCTUnwrap(json["loaded"]?.array?.first { $0["id"]?.string == "org.podium.links" }, r.stdout)
        XCTAssertEqual(links["sceneKinds"], ["links"])
        XCTAssertEqual(links["path"]?.string, plugins.appendingPathComponent("links/libLinksScene.so").path)
        XCTAssertEqual(json["refused"], [])
    }

    func testCheckNamesTheJSONPathOfBadParameters() throws {
        let ok = try podium(["check", try deck(Self.seed), "--plugin-path", plugins.path])
        XCTAssertEqual(ok.status, 0, ok.stderr)
        XCTAssertTrue(ok.stdout.contains("1 scene (links)"), ok.stdout)
        let cases: [(String, String)] = [
            (#"{ "links": [ { "title": "a", "url": "https://a.example" }, { "title": "b", "url": "ftp://files.example/x" } ] }"#,
             #"scenes[0].parameters.links[1].url: "ftp://files.example/x" is not an http or https URL"#),
            (#"{ "links": [ { "title": "no url" } ] }"#, "scenes[0].parameters.links[0].url: missing required string"),
            (#"{ "links": [ { "url": "https://a.example", "title": 7 } ] }"#, "scenes[0].parameters.links[0].title: expected string, found number 7"),
            (#"{ "links": { "title": "x" } }"#, #"scenes[0].parameters.links: expected an array of {"title", "url"}, found object"#),
            (#"{ "links": [ { "url": "https://a.example/has space" } ] }"#, #"scenes[0].parameters.links[0].url: the URL "https://a.example/has space" contains spaces"#),
            (#"{ "links": [ { "url": "https:///nohost" } ] }"#, #"scenes[0].parameters.links[0].url: "https:///nohost" has no host name"#),
            (#"{ "links": [ { "url": "https://a.example/\u001b[31m" } ] }"#, #"scenes[0].parameters.links[0].url: the URL "https://a.example/\u{1B}[31m" contains control characters"#),
            (#"{ "links": [ { "url": "https://a.example/\#(String(repeating: "x", count: 1200))" } ] }"#,
             "scenes[0].parameters.links[0].url: the URL is longer than 1000 characters (1218)"),
            (#"{ "select": 3 }"#, "scenes[0].parameters.select: expected string, found number 3"),
            (#"{ "list": "../escape" }"#, #"scenes[0].parameters.list: expected a name of letters"#),
        ]
        for (i, (parameters, message)) in cases.enumerated() {
            let r = try podium(["check", try deck(parameters, name: "bad\(i).json"), "--plugin-path", plugins.path])
            XCTAssertEqual(r.status, 2, "\(parameters): \(r.stdout)")
            XCTAssertTrue(r.stderr.contains("bad\(i).json") && r.stderr.contains(message), "expected \(message)\nin: \(r.stderr)")
            XCTAssertFalse(r.stderr.contains("\u{1B}") || r.stderr.count > 2000, "short, without control characters: \(r.stderr.prefix(300))")
        }
    }

    /// The audience view of a snapshot is a QR code that a real reader decodes to the selected URL.
    func testSnapshotOfTheAudienceDecodesToTheSelectedLink() throws {
        let d = try deck(#"{ "links": [ { "title": "Slides", "url": "https://example.org/slides" }, { "title": "Code", "url": "https://git.example.org/podium?tab=readme#links" } ], "select": "Code" }"#)
        let out = work.appendingPathComponent("links.png").path
        let r = try podium(["snapshot", d, "--plugin-path", plugins.path, "--scene", "0", "--view", "audience", "--size", "800x600", "--out", out])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertTrue(r.stdout.contains("driver offscreen"), r.stdout)
        XCTAssertEqual(try decodeQR(out), ["https://git.example.org/podium?tab=readme#links"])
        // Large: the white square with its quiet zone covers much of the 800×600 view.
        let png = try PNGImage(path: out)
        XCTAssertGreaterThan(png.fraction(near: (0xFF, 0xFF, 0xFF), tolerance: 8), 0.12)
        XCTAssertGreaterThan(png.fraction(near: (0, 0, 0), tolerance: 8), 0.08)
    }

    /// A saved list that is not JSON is moved aside (same bytes), named in the log, and the
    /// deck's links are shown instead.
    func testCorruptSavedListIsKeptAsideAndNamed() throws {
        try FileManager.default.createDirectory(at: dataDir, withIntermediateDirectories: true)
        let saved = dataDir.appendingPathComponent("links.json")
        try Data("{\"links\": [ {\"title\": \"half-writ".utf8).write(to: saved)
        let out = work.appendingPathComponent("links.png").path
        let r = try podium(["snapshot", try deck(Self.seed), "--plugin-path", plugins.path, "--scene", "0", "--view", "audience", "--size", "800x600", "--out", out])
        XCTAssertEqual(r.status, 0, r.stderr)
        let kept = try FileManager.default.contentsOfDirectory(atPath: dataDir.path).filter { $0.hasPrefix("links.corrupt-") && $0.hasSuffix(".json") }
        XCTAssertEqual(kept.count, 1, "\(kept)")
        XCTAssertFalse(FileManager.default.fileExists(atPath: saved.path), "never rewritten in place")
        if let k = kept.first {
            XCTAssertEqual(try String(contentsOf: dataDir.appendingPathComponent(k), encoding: .utf8), "{\"links\": [ {\"title\": \"half-writ")
            XCTAssertTrue(r.stderr.contains("[org.podium.links] links.json is not a list of links") && r.stderr.contains("kept as \(dataDir.path)/\(k)"), r.stderr)
        }
        XCTAssertEqual(try decodeQR(out), ["https://example.org/slides"], "the deck's first link")

        // A FIFO where the list belongs would block a read for good: it is moved aside unread.
        XCTAssertEqual(mkfifo(saved.path, 0o600), 0)
        let again = try podium(["snapshot", try deck(Self.seed), "--plugin-path", plugins.path, "--scene", "0", "--view", "audience", "--size", "800x600", "--out", out])
        XCTAssertEqual(again.status, 0, again.stderr)
        XCTAssertTrue(again.stderr.contains("\(saved.path) is not a regular file"), again.stderr)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dataDir.path).filter { $0.hasPrefix("links.corrupt-") }.count, 2)
    }

    /// In `present`: the presenter view names a corrupt list's new place, and a save that fails
    /// (here the temporary file cannot be created) is explained in the popover, which stays open,
    /// and changes nothing.
    func testPresenterNamesTheKeptFileAndAFailedSave() throws {
        try FileManager.default.createDirectory(at: dataDir, withIntermediateDirectories: true)
        try Data("[1, 2".utf8).write(to: dataDir.appendingPathComponent("links.json"))
        let p = try PodiumProcess(args: [try deck(Self.seed), "--windowed", "--plugin-path", plugins.path], environment: env, dir: work)
        defer { p.stop() }
        let c = p.client!
        func control(_ s: JSONValue, _ id: String) -> JSONValue? {
            s["windows"]?.array?.first { $0["role"] == "presenter" }?["controls"]?.array?.first { $0["id"]?.string == id }
        }
        let s0 = try c.send(["cmd": "state"])
        let kept = try FileManager.default.contentsOfDirectory(atPath: dataDir.path).filter { $0.hasPrefix("links.corrupt-") }
        XCTAssertEqual(kept.count, 1)
        let message = control(s0, "links.message")?["label"]?.string ?? ""
        XCTAssertTrue(message.hasPrefix("links.json is not a list of links") && message.contains("kept as \(dataDir.path)/\(kept.first ?? "?")"), "\(s0)")
        XCTAssertEqual(control(s0, "links.list.row.1")?["label"], "Code", "the deck's links are shown")

        // The store writes `.links.json.<pid>.tmp` first: a folder in its place makes the save fail.
        let temp = dataDir.appendingPathComponent(".links.json.\(p.process.processIdentifier).tmp")
        try FileManager.default.createDirectory(at: temp, withIntermediateDirectories: true)
        XCTAssertEqual(try c.send(["cmd": "click", "id": "links.add"])["ok"], true)
        _ = try c.send(["cmd": "click", "id": "links.editor.url"])
        _ = try c.send(["cmd": "type", "text": "https://example.org/new"])
        _ = try c.send(["cmd": "click", "id": "links.editor.save"])
        let failed = try c.send(["cmd": "state"])
        XCTAssertEqual(control(failed, "links.editor.message")?["label"]?.string,
                       "Not saved to \(dataDir.path)/links.json: cannot create \(temp.path)", "\(failed)")
        XCTAssertEqual(failed["popovers"]?.array?.count, 1, "the form stays open with what was typed")
        XCTAssertNil(control(failed, "links.list.row.2"), "the list is unchanged")
        XCTAssertFalse(FileManager.default.fileExists(atPath: dataDir.appendingPathComponent("links.json").path))
        XCTAssertEqual(p.stop(), 0, p.log)
    }

    /// The speaker's whole round: add through the popover (a bad URL is refused in it), the room
    /// sees the new code, restart and it is still there, delete through the action sheet.
    func testAddShowPersistAndDeleteThroughThePresenterView() throws {
        let d = try deck(#"{ "links": [ { "title": "Slides", "url": "https://example.org/slides" } ] }"#)
        let args = [d, "--windowed", "--plugin-path", plugins.path]
        func controls(_ s: JSONValue) -> [JSONValue] { s["windows"]?.array?.first { $0["role"] == "presenter" }?["controls"]?.array ?? [] }
        func control(_ s: JSONValue, _ id: String) -> JSONValue? { controls(s).first { $0["id"]?.string == id } }
        func popoverSources(_ s: JSONValue) -> [String] { s["popovers"]?.array?.compactMap { $0["source"]?.string } ?? [] }
        func ok(_ reply: JSONValue, _ what: String) { XCTAssertEqual(reply["ok"], true, "\(what): \(reply)") }
        let url = "https://example.org/paper?id=42&lang=en"
        let saved = dataDir.appendingPathComponent("links.json")

        // First run: add "Paper".
        let first = try PodiumProcess(args: args, environment: env, dir: work)
        do {
            defer { first.stop() }
            let c = first.client!
            let s0 = try c.send(["cmd": "state"])
            XCTAssertEqual(s0["scene"]?["kind"], "links", "\(s0)")
            XCTAssertEqual(control(s0, "links.list.row.0")?["label"], "Slides")
            XCTAssertEqual(control(s0, "links.list.row.0")?["value"], "selected")
            ok(try c.send(["cmd": "click", "id": "links.add"]), "Add…")
            XCTAssertEqual(popoverSources(try c.send(["cmd": "state"])), ["links.editor"])
            ok(try c.send(["cmd": "click", "id": "links.editor.title"]), "title field")
            ok(try c.send(["cmd": "type", "text": "Paper"]), "type title")
            ok(try c.send(["cmd": "click", "id": "links.editor.url"]), "url field")
            ok(try c.send(["cmd": "type", "text": "ftp://example.org/paper"]), "type url")
            ok(try c.send(["cmd": "click", "id": "links.editor.save"]), "Save")
            let refused = try c.send(["cmd": "state"])
            XCTAssertEqual(control(refused, "links.editor.message")?["label"]?.string, #"Not saved: "ftp://example.org/paper" is not an http or https URL."#, "\(refused)")
            XCTAssertEqual(popoverSources(refused), ["links.editor"], "the popover stays open with what was typed")
            XCTAssertNil(control(refused, "links.list.row.1"))
            XCTAssertFalse(FileManager.default.fileExists(atPath: saved.path), "nothing saved for a refused URL")

            ok(try c.send(["cmd": "click", "id": "links.editor.url"]), "url field again")
            ok(try c.send(["cmd": "key", "key": "Ctrl+A"]), "select all")
            ok(try c.send(["cmd": "type", "text": .string(url)]), "type url")
            ok(try c.send(["cmd": "click", "id": "links.editor.save"]), "Save")
            let added = try c.waitForState { popoverSources($0).isEmpty }
            XCTAssertEqual(popoverSources(added), [], "Save closes the popover")
            XCTAssertEqual(control(added, "links.list.row.1")?["label"], "Paper", "\(added)")
            XCTAssertEqual(control(added, "links.list.row.1")?["value"], "selected")
            XCTAssertEqual(control(added, "links.message")?["label"]?.string, "Saved to \(saved.path)")
            let shot = work.appendingPathComponent("added.png").path
            ok(try c.send(["cmd": "screenshot", "window": "audience", "path": .string(shot)]), "audience screenshot")
            XCTAssertEqual(try decodeQR(shot), [url], "the room sees the new link's code")
            XCTAssertTrue(first.log.contains("video driver offscreen"), first.log)
        }
        let file = try JSONValue.parse(Data(contentsOf: saved))
        XCTAssertEqual(file["links"], [["title": "Slides", "url": "https://example.org/slides"], ["title": "Paper", "url": .string(url)]])

        // Second run, same data directory: the list came back; show Paper, then delete it.
        let second = try PodiumProcess(args: args, environment: env, dir: work)
        defer { second.stop() }
        let c = second.client!
        let s0 = try c.send(["cmd": "state"])
        XCTAssertEqual(control(s0, "links.list.row.1")?["label"], "Paper", "persisted: \(s0)")
        ok(try c.send(["cmd": "click", "id": "links.list.row.1"]), "select Paper")
        let shot = work.appendingPathComponent("restarted.png").path
        ok(try c.send(["cmd": "screenshot", "window": "audience", "path": .string(shot)]), "audience screenshot")
        XCTAssertEqual(try decodeQR(shot), [url])

        // Edit… opens the same form filled in; the new title replaces the old in place.
        ok(try c.send(["cmd": "click", "id": "links.edit"]), "Edit…")
        XCTAssertEqual(popoverSources(try c.send(["cmd": "state"])), ["links.editor"])
        ok(try c.send(["cmd": "click", "id": "links.editor.title"]), "title field")
        ok(try c.send(["cmd": "key", "key": "End"]), "end of the title")
        ok(try c.send(["cmd": "type", "text": " (PDF)"]), "type")
        ok(try c.send(["cmd": "click", "id": "links.editor.save"]), "Save")
        let edited = try c.waitForState { popoverSources($0).isEmpty }
        XCTAssertEqual(control(edited, "links.list.row.1")?["label"], "Paper (PDF)", "\(edited)")
        XCTAssertNil(control(edited, "links.list.row.2"), "edited in place, not added")
        XCTAssertEqual(try JSONValue.parse(Data(contentsOf: saved))["links"]?.array?.last, ["title": "Paper (PDF)", "url": .string(url)])

        ok(try c.send(["cmd": "click", "id": "links.delete"]), "Delete…")
        let asking = try c.send(["cmd": "state"])
        XCTAssertEqual(popoverSources(asking), ["links.delete"], "an action sheet asks first")
        XCTAssertEqual(control(asking, "links.list.row.1")?["label"], "Paper (PDF)", "nothing deleted before the answer")
        ok(try c.send(["cmd": "click", "id": "sheet.links.delete.action.0"]), "Delete Link")
        let deleted = try c.waitForState { popoverSources($0).isEmpty }
        XCTAssertNil(control(deleted, "links.list.row.1"), "\(deleted)")
        XCTAssertEqual(control(deleted, "links.list.row.0")?["value"], "selected", "the remaining link is shown")
        let after = work.appendingPathComponent("deleted.png").path
        ok(try c.send(["cmd": "screenshot", "window": "audience", "path": .string(after)]), "audience screenshot")
        XCTAssertEqual(try decodeQR(after), ["https://example.org/slides"])
        XCTAssertEqual(try JSONValue.parse(Data(contentsOf: saved))["links"], [["title": "Slides", "url": "https://example.org/slides"]])
        XCTAssertEqual(second.stop(), 0, second.log)
    }
}
