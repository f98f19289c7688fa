import Foundation
import PodiumKit
import PodiumTestSupport
import XCTest

/// Builds `Plugins/Example` OUT of tree, exactly as docs/WritingPlugins.md says (a copy in a temp
/// folder, `PODIUM_SOURCE=<repo> swift build`), installs it in a plugin directory, and drives the
/// real `.build/debug/podium` with it: `plugins`, `check`, `snapshot` and `present` + control socket.
/// The example is built once for the class.
final class ExamplePluginEndToEndTests: OutOfTreePluginTestCase {
    /// Installed: the library, its manifest and its assets in one plugin directory.
    override class var plugin: Plugin? {
        Plugin(folder: "Example", copying: ["Package.swift", "plugin.json", "Sources", "Assets"],
               install: [".build/debug/libExampleScene.so", "plugin.json", "Assets"], directory: "example")
    }

    /// A deck: an `example` scene, a title, and an `example` scene whose text file is missing.
    func deck() throws -> String {
        let path = work.appendingPathComponent("deck.json")
        try """
        { "title": "Plugin test", "scenes": [
          { "kind": "example", "title": "Hello", "parameters": { "color": "#ff8800" } },
          { "kind": "title", "parameters": { "heading": "Built-in" } },
          { "kind": "example", "title": "Broken", "parameters": { "textFile": "missing.txt" } } ] }
        """.write(to: path, atomically: true, encoding: .utf8)
        return path.path
    }

    func podium(_ args: [String], env: [String: String] = [:]) throws -> ProcessResult {
        try runPodium(args, environment: ["SDL_VIDEODRIVER": "offscreen", "SDL_RENDER_DRIVER": "software",
                                                                  "XDG_DATA_HOME": work.path].merging(env) { $1 })
    }

    func testHostLinksTheSharedPodiumKit() throws {
        guard let ldd = Fixtures.tool("ldd") else { throw XCTSkip("no ldd") }
        let r = try runProcess(ldd, [Fixtures.podium.path])
        XCTAssertTrue(r.stdout.contains("libPodiumKit.so => \(Fixtures.podium.deletingLastPathComponent().path)/libPodiumKit.so"), r.stdout)
    }

    func testPluginsListsTheExampleFromEachSearchPathSource() throws {
        let unopened = try podium(["plugins", "--json", "--plugin-path", plugins.path])
        XCTAssertEqual(try JSONValue.parse(Data(unopened.stdout.utf8))["notLoaded"]?.array?.first { $0["id"] == "org.podium.example" }?["path"]?.string,
                       plugins.appendingPathComponent("example/libExampleScene.so").path, "without --load the library is not opened")
        let viaFlag = try podium(["plugins", "--json", "--load", "--plugin-path", plugins.path])
        XCTAssertEqual(viaFlag.status, 0, viaFlag.stderr)
        let json = try JSONValue.parse(Data(viaFlag.stdout.utf8))
        let example = try XCTUnwrap(json["loaded"]?.array?.first { $0["id"]?.string == "org.podium.example" }, viaFlag.stdout)
        XCTAssertEqual(example["version"], "1.0.0")
        XCTAssertEqual(example["manifestVersion"], .null, "plugin.json and the library agree")
        XCTAssertEqual(example["sceneKinds"], ["example"])
        XCTAssertEqual(example["path"]?.string, plugins.appendingPathComponent("example/libExampleScene.so").path)
        XCTAssertEqual(json["refused"], [])

        let viaEnv = try podium(["plugins"], env: ["PODIUM_PLUGIN_PATH": plugins.path])
        XCTAssertTrue(viaEnv.stdout.contains("org.podium.example 1.0.0  kinds: example"), viaEnv.stdout)
        let xdg = work.appendingPathComponent("podium")
        try FileManager.default.createDirectory(at: xdg, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: plugins, to: xdg.appendingPathComponent("plugins"))
        let viaXDG = try podium(["plugins", "--load"])
        XCTAssertTrue(viaXDG.stdout.contains("org.podium.example 1.0.0  kinds: example  opens: *.greetings  commands: greet  \(xdg.path)/plugins/example/libExampleScene.so"), viaXDG.stdout)
    }

    /// A plugin.json whose `version` is not the library's (a stale manifest, or another build of
    /// the library copied in): `plugins --load` says both (trial 22 m9: it listed the library's
    /// version alone once opened, the manifest's before, and never said they differ).
    func testPluginsSaysWhenPluginJsonAndTheLibraryDisagreeOnTheVersion() throws {
        let copy = work.appendingPathComponent("stale")
        try FileManager.default.copyItem(at: plugins, to: copy)
        let manifest = copy.appendingPathComponent("example/plugin.json")
        let text = try String(contentsOf: manifest, encoding: .utf8)
        XCTAssertTrue(text.contains("\"1.0.0\""), text)
        try text.replacingOccurrences(of: "\"1.0.0\"", with: "\"0.9.0\"").write(to: manifest, atomically: true, encoding: .utf8)
        let listed = try podium(["plugins", "--load", "--plugin-path", copy.path])
        XCTAssertEqual(listed.status, 0, listed.stderr)
        XCTAssertTrue(listed.stdout.contains("org.podium.example 1.0.0 (plugin.json says 0.9.0)  kinds: example"), listed.stdout)
        let json = try JSONValue.parse(Data(try podium(["plugins", "--json", "--load", "--plugin-path", copy.path]).stdout.utf8))
        let example = try XCTUnwrap(json["loaded"]?.array?.first { $0["id"]?.string == "org.podium.example" })
        XCTAssertEqual(example["version"], "1.0.0")
        XCTAssertEqual(example["manifestVersion"], "0.9.0")
    }

    /// The same plugin twice on the path: the second copy is refused as a duplicate.
    func testSecondCopyIsRefusedAsDuplicate() throws {
        let second = work.appendingPathComponent("second")
        try FileManager.default.copyItem(at: plugins, to: second)
        let r = try podium(["plugins", "--json", "--plugin-path", "\(plugins.path):\(second.path)"])
        let refused = try JSONValue.parse(Data(r.stdout.utf8))["refused"]?.array ?? []
        XCTAssertEqual(refused, [["path": .string(second.appendingPathComponent("example").path),
                                  "reason": .string("duplicate plugin id \"org.podium.example\" (the copy at \(plugins.path)/example/libExampleScene.so, earlier on the search path, is the one used)")]])
    }

    func testCheckKnowsTheExternalKindAndListsKindsForUnknownOnes() throws {
        let deck = try deck()
        // Trial 17 m9: the Example checks its `textFile` in `validate`, so `check` names the
        // missing file (it said "OK" and the talk showed an error card).
        let missing = try podium(["check", deck, "--plugin-path", plugins.path])
        XCTAssertEqual(missing.status, 2, missing.stderr)
        XCTAssertTrue(missing.stderr.contains("scenes[2].parameters.textFile: file not found: \(work.appendingPathComponent("missing.txt").path)"), missing.stderr)
        let text = work.appendingPathComponent("missing.txt")
        try "Read from the deck's folder".write(to: text, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: text) }
        let ok = try podium(["check", deck, "--plugin-path", plugins.path])
        XCTAssertEqual(ok.status, 0, ok.stderr)
        XCTAssertTrue(ok.stdout.contains("3 scenes (example, title, example)"), ok.stdout)
        let without = try podium(["check", deck])
        XCTAssertEqual(without.status, 2)
        XCTAssertTrue(without.stderr.contains(#"scenes[0].kind: unknown scene kind "example" (available: band-list, "#), without.stderr)
        XCTAssertTrue(without.stderr.contains(", title"), "built-in kinds are listed, sorted: \(without.stderr)")
        let bad = work.appendingPathComponent("bad.json")
        try #"{"title":"x","scenes":[{"kind":"example","parameters":{"color":"orange"}}]}"#.write(to: bad, atomically: true, encoding: .utf8)
        let invalid = try podium(["check", bad.path, "--plugin-path", plugins.path])
        XCTAssertEqual(invalid.status, 2)
        XCTAssertTrue(invalid.stderr.contains(#"scenes[0].parameters.color: expected a colour like #1a2b3c, found "orange""#), invalid.stderr)
        // The Example declares its parameter names: a misspelt key is refused, not ignored.
        try ##"{"title":"x","scenes":[{"kind":"example","parameters":{"colr":"#112233"}}]}"##.write(to: bad, atomically: true, encoding: .utf8)
        let misspelt = try podium(["check", bad.path, "--plugin-path", plugins.path])
        XCTAssertEqual(misspelt.status, 2)
        XCTAssertTrue(misspelt.stderr.contains(#"scenes[0].parameters.colr: unknown parameter of an "example" scene; did you mean "color"?"#), misspelt.stderr)
    }

    /// A plugin.json listing another kind than its library supplies ("exampel" for "example"):
    /// a deck using "example" hears that the plugin was refused and why, and no list of available
    /// kinds offers "exampel" (trial 8: "unknown scene kind "example" (available: …, exampel, …)").
    func testAKindMismatchNamesTheRefusedPluginAndIsNotOfferedAsAvailable() throws {
        let misnamed = work.appendingPathComponent("misnamed")
        try FileManager.default.copyItem(at: plugins, to: misnamed)
        let manifest = misnamed.appendingPathComponent("example/plugin.json")
        let text = try String(contentsOf: manifest, encoding: .utf8)
        XCTAssertTrue(text.contains(#""sceneKinds": ["example"]"#), text)
        try text.replacingOccurrences(of: #""sceneKinds": ["example"]"#, with: #""sceneKinds": ["exampel"]"#).write(to: manifest, atomically: true, encoding: .utf8)
        let deck = work.appendingPathComponent("mismatch.json")
        try #"{"title":"x","scenes":[{"kind":"example"},{"kind":"setlist"}]}"#.write(to: deck, atomically: true, encoding: .utf8)
        let r = try podium(["check", deck.path, "--plugin-path", misnamed.path])
        XCTAssertEqual(r.status, 2, r.stderr)
        let lib = misnamed.appendingPathComponent("example/libExampleScene.so").path
        XCTAssertTrue(r.stderr.contains(#"scenes[0].kind: scene kind "example" is unavailable: plugin org.podium.example was refused: \#(lib): the library supplies scene kinds [example] but plugin.json lists [exampel]"#), r.stderr)
        let unknown = try XCTUnwrap(r.stderr.split(separator: "\n").first { $0.contains(#"unknown scene kind "setlist""#) }, r.stderr)
        XCTAssertFalse(unknown.contains("exampel"), "offers the refused plugin's kind: \(unknown)")
    }

    func testSnapshotDrawsThePluginScene() throws {
        let out = work.appendingPathComponent("example.png").path
        let r = try podium(["snapshot", try deck(), "--plugin-path", plugins.path, "--scene", "0", "--view", "audience", "--size", "640x360", "--out", out])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertTrue(r.stdout.contains("driver offscreen"), r.stdout)
        let png = try PNGImage(path: out)
        XCTAssertEqual(png.width, 640)
        XCTAssertEqual(png.rgb(8, 8).0, 0xFF); XCTAssertEqual(png.rgb(8, 8).1, 0x88); XCTAssertEqual(png.rgb(8, 8).2, 0x00)
        let orange = png.fraction(near: (0xFF, 0x88, 0x00))
        let white = png.fraction(near: (0xFF, 0xFF, 0xFF), tolerance: 30)
        XCTAssertGreaterThan(orange, 0.6, "the card's colour fills most of the view")
        XCTAssertGreaterThan(white, 0.02, "the greeting (white text from the plugin's assets) is drawn")
    }

    /// `present` with a control socket: the plugin's controls work, its state survives going back,
    /// a scene whose parameters were refused (a missing file) and one that reports an error later
    /// both show error cards.
    func testPresentDrivesThePluginScene() throws {
        guard let python = Fixtures.tool("python3") else { throw XCTSkip("python3 needed for scripts/podium-control.py") }
        let app = try PodiumProcess(args: [try deck(), "--windowed", "--plugin-path", plugins.path],
                                    environment: ["SDL_VIDEODRIVER": "offscreen", "SDL_RENDER_DRIVER": "software", "XDG_DATA_HOME": work.path,
                                                  "XDG_STATE_HOME": work.path], dir: work)
        defer { app.stop() }
        let socket = app.socketPath

        let shot = work.appendingPathComponent("presenter.png").path
        let requests: [JSONValue] = [
            ["cmd": "state"],
            ["cmd": "click", "id": "example.count"], ["cmd": "click", "id": "example.count"], ["cmd": "key", "key": "="],
            ["cmd": "state"],
            ["cmd": "goto", "index": 2], ["cmd": "state"],
            ["cmd": "goto", "index": 0], ["cmd": "state"],
            ["cmd": "screenshot", "window": "presenter", "path": .string(shot)],
            ["cmd": "click", "id": "example.fail"], ["cmd": "state"],
            ["cmd": "quit"],
        ]
        let client = Fixtures.packageRoot.appendingPathComponent("scripts/podium-control.py").path
        let r = try runProcess(python, [client, socket] + requests.map(\.jsonString))
        let logText = app.log
        XCTAssertEqual(r.status, 0, "\(r.stdout)\n\(r.stderr)\n\(logText)")
        let replies = try r.stdout.split(separator: "\n").map { try JSONValue.parse(Data($0.utf8)) }
        XCTAssertEqual(replies.count, requests.count, r.stdout)
        guard replies.count == requests.count else { return }
        func controls(_ reply: JSONValue) -> [JSONValue] { reply["windows"]?.array?.first?["controls"]?.array ?? [] }
        func control(_ reply: JSONValue, _ id: String) -> JSONValue? { controls(reply).first { $0["id"]?.string == id } }

        XCTAssertEqual(replies[0]["scene"]?["kind"], "example")
        XCTAssertEqual(control(replies[0], "example.count")?["label"], "Count: 0")
        XCTAssertEqual(control(replies[4], "example.count")?["label"], "Count: 3", "two clicks and the '=' key")
        // Its missing `textFile` was found by `validate` when the deck was read: an error card naming it.
        XCTAssertEqual(control(replies[6], "scene.error")?["label"]?.string?.contains("scenes[2].parameters.textFile: file not found: \(work.appendingPathComponent("missing.txt").path)"), true, "\(replies[6])")
        XCTAssertEqual(control(replies[8], "example.count")?["label"], "Count: 3", "state survives going back")
        XCTAssertEqual(control(replies[11], "scene.error")?["label"], "Plugin org.podium.example: the Fail button was pressed")
        XCTAssertNil(control(replies[11], "example.count"))
        XCTAssertEqual(app.waitForExit(), 0, app.log)
        let png = try PNGImage(path: shot)
        XCTAssertGreaterThan(png.fraction(near: (0xFF, 0x88, 0x00)), 0.01, "the audience preview in the presenter shows the orange card")
        XCTAssertTrue(logText.contains("video driver offscreen"), logText)
    }

    /// The trap the shared libPodiumKit.so avoids: a plugin with its OWN static copy of PodiumKit
    /// has distinct Swift types, so the host's `as?` on its descriptor fails. The host says so
    /// and goes on, instead of crashing.
    func testPluginWithStaticPodiumKitIsRefused() throws {
        guard let swift = Fixtures.tool("swift") else { throw XCTSkip("swift not found") }
        let src = work.appendingPathComponent("StaticKit")
        let fm = FileManager.default
        try fm.createDirectory(at: src.appendingPathComponent("Sources"), withIntermediateDirectories: true)
        try fm.copyItem(at: Fixtures.packageRoot.appendingPathComponent("Plugins/Example/Sources/ExampleScene"),
                        to: src.appendingPathComponent("Sources/ExampleScene"))
        try fm.copyItem(at: Fixtures.packageRoot.appendingPathComponent("Sources/PodiumKit"), to: src.appendingPathComponent("Sources/PodiumKit"))
        try fm.removeItem(at: src.appendingPathComponent("Sources/PodiumKit/Package.swift"))
        try fm.moveItem(at: src.appendingPathComponent("Sources/PodiumKit/CJansson"), to: src.appendingPathComponent("Sources/CJansson"))
        try """
        // swift-tools-version:6.0
        import PackageDescription
        let package = Package(name: "ExampleScene",
            products: [.library(name: "ExampleScene", type: .dynamic, targets: ["ExampleScene"])],
            targets: [.systemLibrary(name: "CJansson", pkgConfig: "jansson"), .target(name: "PodiumKit", dependencies: ["CJansson"]),
                      .target(name: "ExampleScene", dependencies: ["PodiumKit"])],
            swiftLanguageModes: [.v5])
        """.write(to: src.appendingPathComponent("Package.swift"), atomically: true, encoding: .utf8)
        let b = try runProcess(swift, ["build"], cwd: src)
        XCTAssertEqual(b.status, 0, b.stderr)
        let dir = work.appendingPathComponent("static/example")
        try fm.createDirectory(at: dir, withIntermediateDirectories: true)
        try fm.copyItem(at: src.appendingPathComponent(".build/debug/libExampleScene.so"), to: dir.appendingPathComponent("libExampleScene.so"))
        try fm.copyItem(at: plugins.appendingPathComponent("example/plugin.json"), to: dir.appendingPathComponent("plugin.json"))
        try fm.copyItem(at: plugins.appendingPathComponent("example/Assets"), to: dir.appendingPathComponent("Assets"))
        let r = try podium(["plugins", "--json", "--load", "--plugin-path", dir.deletingLastPathComponent().path])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(try JSONValue.parse(Data(r.stdout.utf8))["refused"], [[
            "path": .string(dir.appendingPathComponent("libExampleScene.so").path),
            "reason": "the library's PodiumKit types are not the host's: link PodiumKit as the shared library libPodiumKit.so, not statically",
        ]])
    }

    // MARK: Deck opener and command (API 2.1)

    /// A third-party deck opener: `check` and `present` open `*.greetings` through it, like the
    /// PDF plugin's `*.pdf`; its option is accepted only for such a deck.
    func testDeckOpenerOpensItsFileTypeWithItsOption() throws {
        let talk = work.appendingPathComponent("hello.greetings")
        try "Hej\n\nSalut\nHola\n".write(to: talk, atomically: true, encoding: .utf8)
        let ok = try podium(["check", talk.path, "--greeting-color", "#112233", "--plugin-path", plugins.path])
        XCTAssertEqual(ok.status, 0, ok.stderr)
        XCTAssertTrue(ok.stdout.contains("3 scenes (example ×3)"), ok.stdout)
        let bad = try podium(["check", talk.path, "--greeting-color", "blue", "--plugin-path", plugins.path])
        XCTAssertEqual(bad.status, 2)
        XCTAssertTrue(bad.stderr.hasPrefix("podium: --greeting-color expects a colour like #1a2b3c, got \"blue\"\nusage:"), bad.stderr)
        let elsewhere = try podium(["check", try deck(), "--greeting-color", "#112233", "--plugin-path", plugins.path])
        XCTAssertEqual(elsewhere.status, 2)
        XCTAssertTrue(elsewhere.stderr.contains("--greeting-color applies to a deck of *.greetings (e.g. talk.greetings), not "), elsewhere.stderr)
        let without = try podium(["check", talk.path, "--greeting-color", "#112233"])
        XCTAssertEqual(without.status, 2, "without the plugin the option is unknown")
        XCTAssertTrue(without.stderr.contains("unknown option \"--greeting-color\""), without.stderr)

        let shot = work.appendingPathComponent("greeting.png").path
        let s = try podium(["snapshot", talk.path, "--scene", "1", "--size", "640x360", "--out", shot, "--greeting-color", "#ff0000", "--plugin-path", plugins.path])
        XCTAssertEqual(s.status, 0, s.stderr)
        XCTAssertTrue(s.stdout.contains("scene 1 \"Greeting 2\""), s.stdout)
    }

    /// A third-party command: listed by `--help` and the usage, dispatched by name with its own
    /// arguments and usage errors; an unknown command is still an error.
    func testCommandIsListedAndDispatched() throws {
        let help = try podium(["--help"], env: ["PODIUM_PLUGIN_PATH": plugins.path])
        XCTAssertTrue(help.stdout.contains("  greet NAME…\n      Print a greeting (the Example plugin's command)"), help.stdout)
        XCTAssertTrue(help.stdout.contains("  *.greetings  options: --greeting-color"), help.stdout)
        XCTAssertTrue(help.stdout.contains("  bands export|import FILE [--store PATH]"), "built-in commands too: \(help.stdout)")
        let greet = try podium(["greet", "Ada", "Linus", "--plugin-path", plugins.path])
        XCTAssertEqual(greet.status, 0, greet.stderr)
        XCTAssertEqual(greet.stdout, "Hello, Ada! (data directory \(work.path)/podium/org.podium.example)\nHello, Linus! (data directory \(work.path)/podium/org.podium.example)\n")
        let usage = try podium(["greet"], env: ["PODIUM_PLUGIN_PATH": plugins.path])
        XCTAssertEqual(usage.status, 2)
        XCTAssertEqual(usage.stderr, "podium: greet needs at least one NAME\nusage: podium greet NAME…\n")
        let unknown = try podium(["greet", "Ada"])
        XCTAssertEqual(unknown.status, 2, "without the plugin there is no such command")
        XCTAssertTrue(unknown.stderr.hasPrefix("podium: unknown command or option \"greet\"\nusage: podium present"), unknown.stderr)
    }
}
