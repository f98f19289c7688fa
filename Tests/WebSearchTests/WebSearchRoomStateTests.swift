import Foundation
import PodiumKit
import PodiumTestSupport
@testable import WebSearchScene
import XCTest

/// What the room and the status line say at the edges: no hits, a new audience size, more
/// matches than the result cap.
extension WebSearchSceneTests {
    /// A search with no hits (a typo) stays on the presenter: the room keeps what it showed
    /// (trial 11 F13: it showed "“Nirvana”" and "No results" at once). Only the speaker's Results
    /// to Audience shows the room "No results".
    func testASearchWithNoHitsLeavesTheRoomAsItWas() async throws {
        let (scene, audienceRoot) = try sceneWithAudience()
        let roomTexts = { self.texts(in: scene.audience, audienceRoot).map(\.text) }
        XCTAssertTrue(roomTexts().contains("Search results appear here"))
        scene.search("qqqzzzxxy")
        XCTAssertTrue(scene.status.hasPrefix("No results for “qqqzzzxxy”"), scene.status)
        XCTAssertFalse(roomTexts().contains { $0.contains("qqqzzzxxy") || $0 == "No results" }, "the room saw the typo: \(roomTexts())")
        XCTAssertTrue(roomTexts().contains("Search results appear here"))
        scene.search("Radiohead")
        XCTAssertTrue(roomTexts().contains("“Radiohead”"), "\(roomTexts())")
        let shown = roomTexts()
        scene.search("Nirvanna")
        XCTAssertEqual(scene.status, "No results for “Nirvanna” on Band pages. The room still sees “Radiohead”.")
        XCTAssertEqual(scene.results, [], "the presenter's list is the new search's")
        XCTAssertEqual(roomTexts(), shown, "the room keeps the last results")
        // The room's page stays too.
        scene.search("Radiohead")
        scene.setAudience(.reader)
        XCTAssertEqual(scene.audience.reader.document?.title, "Radiohead")
        scene.search("zzzqqq")
        XCTAssertEqual(scene.audienceContent, .reader)
        XCTAssertEqual(scene.audience.reader.document?.title, "Radiohead", "the room keeps its page")
        XCTAssertTrue(scene.status.hasSuffix("The room still sees its page."), scene.status)
        // The speaker's choice: Results to Audience shows the room the empty search.
        XCTAssertTrue(context.root.click(controlID: "websearch.audience-results"))
        XCTAssertTrue(roomTexts().contains("No results"), "\(roomTexts())")
        XCTAssertTrue(roomTexts().contains("“zzzqqq”"), "\(roomTexts())")
        scene.search("Radiohead")
        XCTAssertFalse(roomTexts().contains("No results"))
    }

    /// Trial 16 m2: the deck's own `query` with no offline hits showed the room the placeholder
    /// "Search results appear here". It is planned, so the room sees it with "No results"; a
    /// query the speaker types with no hits still stays on the presenter. `check` warns of it.
    func testTheDecksQueryWithNoHitsShowsTheRoomTheQueryAndNoResults() async throws {
        let scene = try offlineScene(["query": "Nirvana"])
        let audienceRoot = WindowRoot(metrics: FixedMetrics())
        audienceRoot.content.addSubview(scene.audienceView.pinned(.fill()))
        audienceRoot.resize(to: Size(1280, 720))
        let roomTexts = { self.texts(in: scene.audience, audienceRoot).map(\.text) }
        scene.didBecomeCurrent()
        XCTAssertEqual(scene.status, "No results for “Nirvana” on Band pages.")
        XCTAssertTrue(roomTexts().contains("“Nirvana”"), "\(roomTexts())")
        XCTAssertTrue(roomTexts().contains("No results"), "\(roomTexts())")
        XCTAssertFalse(roomTexts().contains("Search results appear here"), "\(roomTexts())")
        scene.search("qqqzzzxxy")
        XCTAssertEqual(scene.status, "No results for “qqqzzzxxy” on Band pages. The room still sees “Nirvana”.")
        XCTAssertFalse(roomTexts().contains { $0.contains("qqqzzzxxy") }, "the speaker's typo stays on the presenter: \(roomTexts())")

        let check = try XCTUnwrap(WebSearchPlugin.descriptor().sceneKinds[0].checkFiles)
        var request = SceneFileCheckRequest(deckDirectory: dir, complete: false, probe: true)
        request.assetsDirectory = context.assetsDirectory
        func warning(_ p: [String: JSONValue]) -> String? { check(SceneParameters(p, path: "scenes[3].parameters"), request).warning }
        let pages = context.assetsDirectory.appendingPathComponent("WebSearch").path
        XCTAssertEqual(warning(["query": "Nirvana"]),
                       "scenes[3].parameters.query: \"Nirvana\" finds nothing in the offline pages (\(pages)): the room sees the query and \"No results\"")
        XCTAssertNil(warning(["query": "sigur ros"]))
        XCTAssertNil(warning(["query": "Nirvana", "provider": "online"]), "the online answer is not known before the talk")
        request.probe = false
        XCTAssertNil(warning(["query": "Nirvana"]), "only check indexes the pages, not the talk's launch")
    }

    /// A failed online search (no fallback) stays on the presenter too.
    func testAFailedSearchLeavesTheRoomAsItWas() async throws {
        let online = ScriptedProvider(name: "wiki.example")
        let scene = WebSearchScene(config: try WebSearchConfig(SceneParameters(["provider": "online", "fallback": false])),
                                   primary: online, fallback: nil, context: context)
        scene.search("Nirvana")
        XCTAssertEqual(scene.roomQuery, "", "nothing reaches the room while searching")
        online.answer("Nirvana", .success([ScriptedProvider.result("Nirvana")]))
        context.waitAndDrain()
        context.waitAndDrain()   // the page of the first result, loaded off the main thread
        XCTAssertEqual(scene.roomQuery, "Nirvana")
        XCTAssertEqual(scene.roomResults.map(\.title), ["Nirvana"])
        scene.search("Nirvanna")
        XCTAssertEqual(scene.roomQuery, "Nirvana", "the room keeps its results while the next search runs")
        online.answer("Nirvanna", .failure(.rateLimited(host: "wiki.example", retryAfter: 30)))
        context.waitAndDrain()
        XCTAssertEqual(scene.status, "wiki.example is rate limiting requests; try again in 30 s. The room still sees “Nirvana”.")
        XCTAssertEqual(scene.roomQuery, "Nirvana")
        XCTAssertEqual(scene.roomResults.map(\.title), ["Nirvana"])
        XCTAssertEqual(scene.audience.queryLabel.text, "“Nirvana”")
    }

    /// After a new audience size left the room between screens ("6 of 6", two cards a screen),
    /// ▲ shows "5–6 of 6" and then "3–4 of 6": whole screens from the first card.
    func testBackAfterANewAudienceSizeLandsOnWholeScreens() async throws {
        let (scene, audienceRoot) = try sceneWithAudience()
        scene.search("band")
        _ = audienceRoot.renderFrame()
        let count = scene.results.count, list = scene.audience.results
        XCTAssertEqual(list.rowsPerScreen, 1, "one card a screen on 16:9")
        XCTAssertEqual(count, 6)
        while scene.presenter.roomOnButton.isEnabled { scene.moveRoomPage(by: 1) }
        XCTAssertEqual(scene.audience.position.text, "6 of 6")
        audienceRoot.resize(to: Size(1280, 1024))
        _ = audienceRoot.renderFrame()
        XCTAssertEqual(list.rowsPerScreen, 2)
        XCTAssertEqual(scene.audience.position.text, "6 of 6", "the room stays at its card")
        XCTAssertTrue(context.root.click(controlID: "websearch.room-back"))
        XCTAssertEqual(scene.audience.position.text, "5–6 of 6")
        XCTAssertTrue(context.root.click(controlID: "websearch.room-back"))
        XCTAssertEqual(scene.audience.position.text, "3–4 of 6")
        XCTAssertTrue(context.root.click(controlID: "websearch.room-on"))
        XCTAssertEqual(scene.audience.position.text, "5–6 of 6")
    }

    /// More matches than the `limit`: the status says "First N results", not "N results".
    func testMoreMatchesThanTheCapSayFirst() async throws {
        let capped = try offlineScene(["limit": 4])
        capped.search("band")
        XCTAssertEqual(capped.results.count, 4)
        XCTAssertEqual(capped.status, "First 4 results from Band pages.")
        let all = try offlineScene(["limit": 6])
        all.search("band")
        XCTAssertEqual(all.results.count, 6)
        XCTAssertEqual(all.status, "6 results from Band pages.", "exactly the cap: all of them")
    }
}
