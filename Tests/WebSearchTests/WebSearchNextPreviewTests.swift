import Foundation
import PodiumKit
import PodiumTestSupport
@testable import WebSearchScene
import XCTest

/// The console's "Next:" preview draws the next scene's audience view before that scene was
/// ever shown: a web search with a deck `query` showed "Search results appear here" there,
/// not what the room would see once the talk reached it.
extension WebSearchSceneTests {
    func audienceRoot(_ scene: WebSearchScene) -> WindowRoot {
        let root = WindowRoot(metrics: FixedMetrics())
        root.content.addSubview(scene.audienceView.pinned(.fill()))
        root.resize(to: Size(1280, 720))
        return root
    }

    func testBeforeItShowsTheRoomViewPreviewsTheDecksQueryWithItsOfflineResults() async throws {
        let scene = try offlineScene(["query": "Sigur Rós"])
        let root = audienceRoot(scene)
        let before = texts(in: scene.audience, root).map(\.text)
        XCTAssertTrue(before.contains("“Sigur Rós”"), "the query, as the room will see it: \(before)")
        XCTAssertTrue(before.contains("Sigur Rós"), "and its first result: \(before)")
        XCTAssertFalse(before.contains(WebSearchScene.roomWaiting), "\(before)")
        XCTAssertEqual(scene.history.queries, [], "a preview is not a search the speaker made")
        scene.didBecomeCurrent()
        XCTAssertEqual(texts(in: scene.audience, root).map(\.text), before, "the room sees what the preview showed")
        // The deck's query with no hits: "No results", as the room will see it (trial 16 m2).
        let none = try offlineScene(["query": "Nirvana"])
        let shown = texts(in: none.audience, audienceRoot(none)).map(\.text)
        XCTAssertTrue(shown.contains("“Nirvana”") && shown.contains(WebSearchScene.roomNoResults), "\(shown)")
    }

    /// An online provider is not asked before the scene shows (no traffic for a scene nobody
    /// sees): the preview shows the query over the waiting text.
    func testAnOnlineSearchIsPreviewedByItsQueryAlone() async throws {
        let online = ScriptedProvider(name: "wiki.example")
        let scene = WebSearchScene(config: try WebSearchConfig(SceneParameters(["provider": "online", "fallback": false, "query": "Kino"])),
                                   primary: online, fallback: nil, context: context)
        let shown = texts(in: scene.audience, audienceRoot(scene)).map(\.text)
        XCTAssertTrue(shown.contains("“Kino”") && shown.contains(WebSearchScene.roomWaiting), "\(shown)")
        XCTAssertTrue(online.pending.isEmpty, "nothing asked of the network yet")
    }

    /// A band handed over (`receive`) replaces the deck's query: its preview goes, and a handed
    /// search that finds nothing shows the room that query with "No results" (it is planned, as
    /// the deck's query; trial 24 F1), never the deck's query.
    func testAHandedOverSearchReplacesThePreview() async throws {
        let scene = try offlineScene(["query": "Sigur Rós"])
        let root = audienceRoot(scene)
        scene.receive(SceneParameters(["query": "qqqzzzxxy"]))
        scene.didBecomeCurrent()
        let shown = texts(in: scene.audience, root).map(\.text)
        XCTAssertFalse(shown.contains { $0.contains("Sigur") }, "the deck's query never ran: \(shown)")
        XCTAssertTrue(shown.contains("“qqqzzzxxy”") && shown.contains(WebSearchScene.roomNoResults), "\(shown)")
    }
}
