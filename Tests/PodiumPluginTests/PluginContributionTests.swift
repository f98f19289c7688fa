import Foundation
import PodiumCore
import PodiumKit
import XCTest

/// API 2.1's contributions in the registry, with a fake plugin registered in process: a deck
/// opener chosen by extension (a third-party `*.md` opener), a command found by name and listed,
/// a scene kind's file check, and `loadFresh` nesting. Manifests declare the same for plugins not
/// opened yet. (The real shared libraries: `ExamplePluginEndToEndTests`, `BuiltInPluginTests`.)
final class PluginContributionTests: XCTestCase {
    var opened: [DeckOpenRequest] = []
    var ran: [PluginCommandContext] = []
    var order: [String] = []

    func fakePlugin(id: String = "org.test.markdown") -> PluginDescriptor {
        var kind = SceneKind(name: "markdown-page", summary: "a page of Markdown", make: { _, _ in throw SceneParameterError(path: "", message: "not made here") })
        kind.checkFiles = { p, r in
            SceneFileCheck(problem: p.values["file"]?.string == "missing.md" ? "missing.md: file not found" : nil,
                           warning: r.complete ? nil : "a warning for \(r.deckDirectory.lastPathComponent)")
        }
        var d = PluginDescriptor(id: id, name: "Markdown", version: "1.0.0", sceneKinds: [kind])
        d.deckOpeners = [DeckOpener(extensions: ["MD", "markdown"], summary: "one scene per heading",
                                    options: [PluginOption(name: "--split-level", takesValue: true, summary: "1|2"),
                                              PluginOption(name: "--no-title", takesValue: false, summary: "skip the title page")]) { [unowned self] r in
            opened.append(r)
            return OpenedDeck(title: "md", scenes: [OpenedDeck.Scene(kind: "markdown-page")])
        }]
        d.commands = [PluginCommand(name: "md-export", summary: "Export Markdown", usage: "FILE") { [unowned self] c in
            ran.append(c); return c.arguments == ["x.md"] ? 0 : 2
        }]
        d.loadFresh = { [unowned self] body in order.append("open"); let kept = body(); order.append("close \(kept)"); return kept }
        return d
    }

    func testDeckOpenerIsChosenByExtensionIgnoringCase() throws {
        let r = PluginRegistry()
        XCTAssertTrue(r.register(fakePlugin()))
        let found = try XCTUnwrap(try r.deckOpener(for: "/talks/Intro.Md"))
        XCTAssertEqual(found.pluginID, "org.test.markdown")
        _ = try found.opener.open(DeckOpenRequest(path: "/talks/Intro.Md", values: ["--split-level": "2"]))
        XCTAssertEqual(opened.first?.values, ["--split-level": "2"])
        XCTAssertNotNil(try r.deckOpener(for: "notes.markdown"))
        XCTAssertNil(try r.deckOpener(for: "deck.json"), "a JSON deck has no opener")
        XCTAssertNil(try r.deckOpener(for: "md"), "no extension, no opener")
        XCTAssertEqual(r.deckExtensions, ["markdown", "md"])
        XCTAssertEqual(r.allDeckOpenerOptions.flags, ["--no-title"])
        XCTAssertEqual(r.allDeckOpenerOptions.values, ["--split-level"])
        XCTAssertEqual(r.deckOpenerOptions(for: "a.md"), ["--no-title", "--split-level"])
        XCTAssertEqual(r.deckOpenerOptions(for: "a.json"), [], "the opener's options do not apply to other decks")
        XCTAssertEqual(r.deckExtensionsAccepting("--split-level"), ["markdown", "md"])
    }

    func testCommandIsListedAndDispatchedWithItsContext() throws {
        let r = PluginRegistry()
        r.register(fakePlugin())
        XCTAssertEqual(r.commandList, [PluginManifest.CommandInfo(name: "md-export", summary: "Export Markdown", usage: "FILE")])
        let (command, id) = try XCTUnwrap(try r.command(named: "md-export"))
        XCTAssertNil(try r.command(named: "present"), "unknown names find nothing")
        let context = r.commandContext(pluginID: id, arguments: ["x.md"], environment: ["XDG_DATA_HOME": "/data", "HOME": "/home/h"])
        XCTAssertEqual(try command.run(context), 0)
        XCTAssertEqual(ran.first?.arguments, ["x.md"])
        XCTAssertEqual(ran.first?.dataDirectory.path, "/data/podium/org.test.markdown")
        let noXDG = r.commandContext(pluginID: id, arguments: [], environment: ["HOME": "/home/h"])
        XCTAssertEqual(noXDG.dataDirectory.path, "/home/h/.local/share/podium/org.test.markdown")
    }

    func testFileChecksAndLoadFreshGoThroughTheRegistry() {
        let r = PluginRegistry()
        r.register(fakePlugin())
        let dir = URL(fileURLWithPath: "/talks/q3")
        let missing = SceneParameters(["file": .string("missing.md")], path: "scenes[0].parameters")
        XCTAssertEqual(r.checkFiles(kind: "markdown-page", missing, SceneFileCheckRequest(deckDirectory: dir, complete: false)),
                       SceneFileCheck(problem: "missing.md: file not found", warning: "a warning for q3"))
        XCTAssertEqual(r.checkFiles(kind: "markdown-page", SceneParameters(), SceneFileCheckRequest(deckDirectory: dir, complete: true)), .fine)
        XCTAssertEqual(r.checkFiles(kind: "no-such-kind", SceneParameters(), SceneFileCheckRequest(deckDirectory: dir, complete: false)), .fine)
        XCTAssertFalse(r.loadFresh { order.append("body"); return false })
        XCTAssertTrue(r.loadFresh { order.append("body"); return true })
        XCTAssertEqual(order, ["open", "body", "close false", "open", "body", "close true"])
    }

    func testManifestDeclaresOpenersCommandsAndEntry() throws {
        let m = try PluginManifest.parse(Data("""
        {"id": "org.test.md", "name": "MD", "version": "1", "api": "3.0", "library": "libmd.so", "sceneKinds": ["markdown-page"],
         "entry": "podium_plugin_entry_md",
         "deckOpeners": [{"extensions": ["md", "markdown"], "flags": ["--no-title"], "values": ["--split-level"]}],
         "commands": [{"name": "md-export", "summary": "Export Markdown", "usage": "FILE"}]}
        """.utf8))
        XCTAssertEqual(m.entry, "podium_plugin_entry_md")
        XCTAssertEqual(m.deckOpeners, [PluginManifest.DeckOpenerInfo(extensions: ["markdown", "md"], flags: ["--no-title"], values: ["--split-level"])])
        XCTAssertEqual(m.deckOpeners, fakePlugin().deckOpeners.map(PluginManifest.DeckOpenerInfo.init), "the loader compares them this way")
        XCTAssertEqual(m.commands.map(\.name), ["md-export"])
        func problem(_ extra: String) -> String {
            let text = #"{"id": "a", "name": "A", "version": "1", "api": "3.0", "library": "liba.so", "sceneKinds": ["a"], "# + extra + "}"
            do { _ = try PluginManifest.parse(Data(text.utf8)); return "accepted" } catch { return "\(error)" }
        }
        XCTAssertEqual(problem(#""deckOpeners": [{"extensions": []}]"#), "manifest invalid at field deckOpeners[0].extensions: missing or empty (the file extensions it opens, e.g. [\"md\"])")
        XCTAssertEqual(problem(#""deckOpeners": [{"extensions": ["md"], "values": ["notes"]}]"#), "manifest invalid at field deckOpeners[0].values[0]: expected a string like \"--notes\", found \"notes\"")
        XCTAssertEqual(problem(#""commands": [{"name": "Bad Name", "summary": "x"}]"#), "manifest invalid at field commands[0].name: expected lower-case letters, digits and '-' (e.g. \"bands\"), found \"Bad Name\"")
        XCTAssertEqual(problem(#""entry": "no spaces allowed""#), "manifest invalid at field entry: expected a C symbol name like \"podium_plugin_entry\", found \"no spaces allowed\"")
    }
}
