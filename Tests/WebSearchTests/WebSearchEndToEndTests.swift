import XCTest
import PodiumKit

/// The real `podium` binary (offscreen SDL, software renderer) driven through its control socket,
/// searching the loopback wiki: proves network answers reach the main thread (the SDL wake-up),
/// the action sheet, the audience switch and the offline fallback.
final class WebSearchEndToEndTests: XCTestCase {
    func testSearchReadShowAndFallBackThroughTheControlSocket() throws {
        let binary = Fixtures.packageRoot.appendingPathComponent(".build/debug/podium")
        guard FileManager.default.isExecutableFile(atPath: binary.path) else { throw XCTSkip("build podium first (swift build)") }
        let wiki = try LoopbackWiki()
        defer { wiki.stop() }
        let dir = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let deck = dir.appendingPathComponent("deck.json")
        let deckJSON: JSONValue = ["title": "Web search test", "scenes": [
            ["kind": "web-search", "title": "Search",
             "parameters": ["provider": "online", "api": .string(wiki.endpoint), "timeout": 3,
                            "documents": .string(Fixtures.packageRoot.appendingPathComponent("Assets/WebSearch").path)]],
        ]]
        try Data(deckJSON.jsonString.utf8).write(to: deck)
        let socketPath = dir.appendingPathComponent("control.sock").path

        let app = Process()
        app.executableURL = binary
        app.arguments = ["present", deck.path, "--windowed", "--control", "unix:\(socketPath)"]
        var env = ProcessInfo.processInfo.environment
        env["SDL_VIDEODRIVER"] = "offscreen"; env["SDL_RENDER_DRIVER"] = "software"
        env["XDG_DATA_HOME"] = dir.appendingPathComponent("data").path
        app.environment = env
        app.standardError = FileHandle(forWritingAtPath: "/dev/null")
        try app.run()
        defer { if app.isRunning { app.terminate() }; app.waitUntilExit() }

        let c = try ControlClient(path: socketPath)
        let state = try c.send(["cmd": "state"])
        XCTAssertEqual(state["driver"]?.string, "offscreen")
        XCTAssertEqual(state["scene"]?["kind"]?.string, "web-search")

        // Online search against the loopback wiki.
        XCTAssertEqual(try c.send(["cmd": "click", "id": "websearch.field"])["ok"], true)
        XCTAssertEqual(try c.send(["cmd": "type", "text": "Radiohead"])["ok"], true)
        XCTAssertEqual(try c.send(["cmd": "key", "key": "Return"])["ok"], true)
        XCTAssertTrue(try c.wait { try c.value(of: "websearch.reader") == "Radiohead" }, "the page extract arrives off the main thread and is shown")
        let rows = try c.controls("presenter").filter { $0["role"]?.string == "row" }.compactMap { $0["label"]?.string }
        XCTAssertEqual(rows, ["Radiohead", "Radiohead discography", "Kid A"])
        XCTAssertEqual(try c.value(of: "websearch.status"), "3 results from 127.0.0.1.")
        XCTAssertEqual(wiki.requests().first?["ua"] as? String, "Podium/1.0 (web-search scene; a Podium presenter) swift-corelibs-foundation")

        // Actions… → Show to Audience.
        XCTAssertNil(try c.value(of: "websearch.audience.reader", in: "audience"))
        XCTAssertEqual(try c.send(["cmd": "click", "id": "websearch.actions"])["ok"], true)
        XCTAssertEqual(try c.send(["cmd": "click", "id": "sheet.websearch.actions.action.0"])["ok"], true)
        XCTAssertEqual(try c.value(of: "websearch.audience.reader", in: "audience"), "Radiohead")

        // A broken answer: the scene says so and offers the band pages.
        _ = try c.send(["cmd": "click", "id": "websearch.field"])
        _ = try c.send(["cmd": "key", "key": "Ctrl+U"])
        _ = try c.send(["cmd": "type", "text": "malformed bristol"])
        _ = try c.send(["cmd": "key", "key": "Return"])
        XCTAssertTrue(try c.wait { (try c.value(of: "websearch.status") ?? "").contains("not valid search JSON") })
        XCTAssertTrue(try c.value(of: "websearch.status")?.hasSuffix("Showing 2 offline results from Band pages.") == true)

        let png = URL(fileURLWithPath: ProcessInfo.processInfo.environment["WEBSEARCH_SCREENSHOT"] ?? dir.appendingPathComponent("presenter.png").path)
        XCTAssertEqual(try c.send(["cmd": "screenshot", "window": "presenter", "path": .string(png.path)])["ok"], true)
        XCTAssertGreaterThan((try FileManager.default.attributesOfItem(atPath: png.path)[.size] as? Int) ?? 0, 1000)
        XCTAssertEqual(try c.send(["cmd": "quit"])["ok"], true)
        app.waitUntilExit()
        XCTAssertEqual(app.terminationStatus, 0)
    }
}
