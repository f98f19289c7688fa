import XCTest
import PodiumKit
import PodiumTestSupport

/// The real `podium` binary (offscreen SDL, software renderer) driven through its control socket,
/// searching the loopback wiki: proves network answers reach the main thread (the SDL wake-up),
/// the action sheet, the audience switch and the offline fallback.
final class WebSearchEndToEndTests: XCTestCase {
    func testSearchReadShowAndFallBackThroughTheControlSocket() throws {
        guard FileManager.default.isExecutableFile(atPath: TestPaths.podium) else { throw XCTSkip("build podium first (swift build)") }
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
        let app = try PodiumProcess(args: [deck.path, "--windowed"], environment: [
            "SDL_VIDEODRIVER": "offscreen", "SDL_RENDER_DRIVER": "software", "XDG_DATA_HOME": dir.appendingPathComponent("data").path,
        ], dir: dir)
        defer { app.stop() }
        let c = app.client!

        func controls(_ s: JSONValue, _ window: String = "presenter") -> [JSONValue] {
            s["windows"]?.array?.first { $0["role"]?.string == window }?["controls"]?.array ?? []
        }
        func value(_ s: JSONValue, _ id: String, _ window: String = "presenter") -> String? {
            controls(s, window).first { $0["id"]?.string == id }?["value"]?.string
        }

        var state = try c.send(["cmd": "state"])
        XCTAssertEqual(state["driver"]?.string, "offscreen")
        XCTAssertEqual(state["scene"]?["kind"]?.string, "web-search")

        // Online search against the loopback wiki.
        XCTAssertEqual(try c.send(["cmd": "click", "id": "websearch.field"])["ok"], true)
        XCTAssertEqual(try c.send(["cmd": "type", "text": "Radiohead"])["ok"], true)
        XCTAssertEqual(try c.send(["cmd": "key", "key": "Return"])["ok"], true)
        state = try c.waitForState { value($0, "websearch.reader") == "Radiohead" }
        XCTAssertEqual(value(state, "websearch.reader"), "Radiohead", "the page extract arrives off the main thread and is shown")
        let rows = controls(state).filter { $0["role"]?.string == "row" }.compactMap { $0["label"]?.string }
        XCTAssertEqual(rows, ["Radiohead", "Radiohead discography", "Kid A"])
        XCTAssertEqual(value(state, "websearch.status"), "3 results from 127.0.0.1.")
        XCTAssertEqual(wiki.requests().first?["ua"] as? String, "Podium/1.0 (web-search scene; a Podium presenter) swift-corelibs-foundation")

        // Actions… → Show to Audience.
        XCTAssertNil(value(state, "websearch.audience.reader", "audience"))
        XCTAssertEqual(try c.send(["cmd": "click", "id": "websearch.actions"])["ok"], true)
        XCTAssertEqual(try c.send(["cmd": "click", "id": "sheet.websearch.actions.action.0"])["ok"], true)
        XCTAssertEqual(value(try c.send(["cmd": "state"]), "websearch.audience.reader", "audience"), "Radiohead")

        // A broken answer: the scene says so and offers the band pages.
        try c.send(["cmd": "click", "id": "websearch.field"])
        try c.send(["cmd": "key", "key": "Ctrl+U"])
        try c.send(["cmd": "type", "text": "malformed bristol"])
        try c.send(["cmd": "key", "key": "Return"])
        state = try c.waitForState { (value($0, "websearch.status") ?? "").contains("not valid search JSON") }
        let status = value(state, "websearch.status") ?? ""
        XCTAssertTrue(status.hasPrefix("127.0.0.1 sent a response that is not valid search JSON"), status)
        XCTAssertTrue(status.hasSuffix("Showing 2 offline results from Band pages."), status)

        let png = URL(fileURLWithPath: ProcessInfo.processInfo.environment["WEBSEARCH_SCREENSHOT"] ?? dir.appendingPathComponent("presenter.png").path)
        XCTAssertEqual(try c.send(["cmd": "screenshot", "window": "presenter", "path": .string(png.path)])["ok"], true)
        XCTAssertGreaterThan((try FileManager.default.attributesOfItem(atPath: png.path)[.size] as? Int) ?? 0, 1000)
        XCTAssertEqual(app.stop(), 0)
    }
}
