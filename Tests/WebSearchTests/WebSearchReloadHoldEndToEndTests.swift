import XCTest
import PodiumKit
import PodiumTestSupport

/// The real `podium` binary (offscreen SDL) with the online web search on the loopback wiki: the
/// room reads Radiohead's page, a co-author's edit of the scene's `limit` remakes the scene, and
/// the room keeps its picture while the carried search and page come back over the network, then
/// sees the page again; the wait ends because the scene restored it, not at the 5 s bound.
final class WebSearchReloadHoldEndToEndTests: XCTestCase {
    func writeDeck(_ path: URL, endpoint: String, limit: Int) throws {
        let p: JSONValue = ["provider": "online", "api": .string(endpoint), "timeout": 3, "limit": .number(Double(limit)),
                            "documents": .string(Fixtures.packageRoot.appendingPathComponent("Assets/WebSearch").path)]
        let deck: JSONValue = ["title": "Web search test", "scenes": [["kind": "web-search", "title": "Search", "parameters": p]]]
        try Data(deck.jsonString.utf8).write(to: path)
    }

    func testTheRoomKeepsItsPictureUntilTheReloadedSearchHasThePageAgain() throws {
        guard FileManager.default.isExecutableFile(atPath: TestPaths.podium) else { throw XCTSkip("build podium first (swift build)") }
        let wiki = try LoopbackWiki()
        defer { wiki.stop() }
        let dir = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let deck = dir.appendingPathComponent("deck.json")
        try writeDeck(deck, endpoint: wiki.endpoint, limit: 10)
        let app = try PodiumProcess(args: [deck.path, "--windowed"], environment: [
            "SDL_VIDEODRIVER": "offscreen", "SDL_RENDER_DRIVER": "software", "XDG_DATA_HOME": dir.appendingPathComponent("data").path,
        ], dir: dir)
        defer { app.stop() }
        let c = try XCTUnwrap(app.client)
        func value(_ s: JSONValue, _ id: String, _ window: String) -> String? {
            let controls = s["windows"]?.array?.first { $0["role"]?.string == window }?["controls"]?.array ?? []
            return controls.first { $0["id"]?.string == id }?["value"]?.string
        }

        XCTAssertEqual(try c.send(["cmd": "click", "id": "websearch.field"])["ok"], true)
        XCTAssertEqual(try c.send(["cmd": "type", "text": "Radiohead"])["ok"], true)
        XCTAssertEqual(try c.send(["cmd": "key", "key": "Return"])["ok"], true)
        _ = try c.waitForState { value($0, "websearch.reader", "presenter") == "Radiohead" }
        XCTAssertEqual(try c.send(["cmd": "click", "id": "websearch.actions"])["ok"], true)
        XCTAssertEqual(try c.send(["cmd": "click", "id": "sheet.websearch.actions.action.0"])["ok"], true)
        XCTAssertEqual(value(try c.send(["cmd": "state"]), "websearch.audience.reader", "audience"), "Radiohead")

        // A co-author's edit of the scene's parameters: the scene is made again.
        try writeDeck(deck, endpoint: wiki.endpoint, limit: 9)
        func waitForLog(_ found: (String) -> Bool) {
            let deadline = Date().addingTimeInterval(30)
            while !found(app.log), Date() < deadline { usleep(50_000) }
        }
        waitForLog { $0.contains("(files changed): 1 scenes") }
        XCTAssertTrue(app.log.contains("took over what the speaker made of it (the deck changed \"limit\")"), app.log)
        XCTAssertTrue(app.log.contains("reload: the room keeps its picture while scene 1 “Search” restores it"), app.log)
        waitForLog { $0.contains("restored what the room saw") || $0.contains("still restoring") || !$0.contains("keeps its picture") }
        XCTAssertTrue(app.log.contains("reload: scene 1 “Search” restored what the room saw"), app.log)
        XCTAssertFalse(app.log.contains("still restoring"), app.log)
        let s = try c.send(["cmd": "state"])
        XCTAssertEqual(s["held"]?.bool, false)
        XCTAssertEqual(value(s, "websearch.audience.reader", "audience"), "Radiohead", "the room reads its page again")
        XCTAssertEqual(app.stop(), 0)
    }
}
