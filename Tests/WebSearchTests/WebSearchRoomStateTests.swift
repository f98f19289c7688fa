import Foundation
import PodiumKit
import PodiumTestSupport
@testable import WebSearchScene
import XCTest

/// What the room and the status line say at the edges: no hits, a new audience size, more
/// matches than the result cap.
extension WebSearchSceneTests {
    /// A search with no hits: the room says "No results" as the presenter does, not "Search
    /// results appear here"; the next search waits with the usual text.
    func testTheRoomSaysNoResultsWhenTheSearchFoundNothing() async throws {
        let (scene, audienceRoot) = try sceneWithAudience()
        let roomTexts = { self.texts(in: scene.audience, audienceRoot).map(\.text) }
        XCTAssertTrue(roomTexts().contains("Search results appear here"))
        scene.search("qqqzzzxxy")
        XCTAssertTrue(scene.status.hasPrefix("No results"), scene.status)
        XCTAssertTrue(roomTexts().contains("No results"), "\(roomTexts())")
        XCTAssertFalse(roomTexts().contains("Search results appear here"))
        scene.search("Radiohead")
        XCTAssertFalse(roomTexts().contains("No results"))
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
