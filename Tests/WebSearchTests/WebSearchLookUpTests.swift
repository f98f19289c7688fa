import Foundation
import PodiumKit
import PodiumTestSupport
@testable import WebSearchScene
import XCTest

/// The web search opened as a look-up (the band list's Search the Web): the room is held on the
/// band list meanwhile, so the status line claims nothing about what the room sees (trial 15 m3),
/// and the speaker's Results to Audience shows the search to the room as `f` does.
extension WebSearchSceneTests {
    func testTheStatusLineSaysNothingOfTheRoomWhileTheRoomSeesSomethingElse() async throws {
        let scene = try offlineScene()
        scene.search("Radiohead")
        scene.search("Nirvanna")
        XCTAssertEqual(scene.status, "No results for “Nirvanna” on Band pages. The room still sees “Radiohead”.", "live: it does")
        for held in [AudienceState(isFrozen: true), AudienceState(isCovered: true)] {
            context.audienceState = held   // a look-up holds the room on the band list (or `f`, a blackout)
            scene.search("Nirvana")
            XCTAssertEqual(scene.status, "No results for “Nirvana” on Band pages.", "the room sees another picture: \(held)")
        }
        context.audienceState = .live
        scene.search("Nirvana")
        XCTAssertEqual(scene.status, "No results for “Nirvana” on Band pages. The room still sees “Radiohead”.")
    }

    /// Trial 24 F1: the band list's Search the Web for a band with no page (a look-up: the room
    /// is held on the band list), then `f`: the room saw the deck's "Sigur Rós" results, which
    /// the console no longer showed. A handed-over query is planned: with no results the room's
    /// picture is that query with "No results", as the console's.
    func testAHandedOverQueryWithNoResultsIsWhatTheRoomSeesNotAnEarlierSearch() async throws {
        let scene = try offlineScene(["query": "sigur ros"])
        let root = audienceRoot(scene)
        let roomTexts = { self.texts(in: scene.audience, root).map(\.text) }
        context.audienceState = AudienceState(isFrozen: true)   // the look-up holds the room on the band list
        scene.didBecomeCurrent()   // the deck's query runs first, as when the look-up opens the scene
        XCTAssertTrue(roomTexts().contains { $0.contains("Sigur") }, "\(roomTexts())")
        scene.receive(SceneParameters(["query": "Nirvana"]))
        XCTAssertEqual(scene.status, "No results for “Nirvana” on Band pages.")
        XCTAssertTrue(roomTexts().contains("“Nirvana”"), "\(roomTexts())")
        XCTAssertTrue(roomTexts().contains("No results"), "\(roomTexts())")
        XCTAssertFalse(roomTexts().contains { $0.contains("Sigur") }, "no earlier search behind the speaker's back: \(roomTexts())")
        scene.search("qqqzzzxxy")   // typed: the room keeps the handed-over query's picture
        XCTAssertTrue(roomTexts().contains("“Nirvana”"), "\(roomTexts())")
    }

    func testResultsToAudienceAsksTheHostToShowTheSceneToTheRoom() async throws {
        let scene = try offlineScene()
        scene.search("Radiohead")
        XCTAssertEqual(context.showToRoomRequests, 0, "a search that found something is not the speaker's choice")
        XCTAssertTrue(context.root.click(controlID: "websearch.audience-results"))
        XCTAssertEqual(context.showToRoomRequests, 1, "Results to Audience is")
        scene.setAudience(.reader)   // Show to Audience, a double-click
        XCTAssertEqual(context.showToRoomRequests, 2)
    }
    /// Trial 31 m8: during a look-up the bar said "Audience: 1 of 8" and ▼ moved it to "3 of 8"
    /// while the room saw the band list; `f` then showed the room the results from card 3. Held
    /// (or covered), the bar claims no position and ▲/▼ are off, so the room's list stays where
    /// it was until the room sees it again.
    func testWhileTheRoomIsHeldTheBarClaimsNoPositionAndTheArrowsAreOff() async throws {
        let (scene, audienceRoot) = try sceneWithAudience()
        context.audienceState = AudienceState(isFrozen: true)   // the look-up holds the room on the band list
        scene.search("band")
        _ = audienceRoot.renderFrame(); _ = context.root.renderFrame()
        let list = scene.audience.results
        XCTAssertGreaterThan(scene.results.count, list.rowsPerScreen, "more cards than fit the room")
        XCTAssertEqual(scene.presenter.audienceLabel.text, "Audience: held")
        XCTAssertFalse(scene.presenter.roomOnButton.isEnabled)
        XCTAssertFalse(scene.presenter.roomBackButton.isEnabled)
        _ = context.root.click(controlID: "websearch.room-on")
        scene.moveRoomPage(by: 1)
        XCTAssertEqual(list.firstRow, 0, "the room's list is not moved behind its back")
        context.audienceState = AudienceState(isCovered: true)
        XCTAssertEqual(scene.presenter.audienceLabel.text, "Audience: covered")
        XCTAssertFalse(scene.presenter.roomOnButton.isEnabled)
        // `f`: the room sees the search from its first card, and the bar says so again.
        context.audienceState = .live
        XCTAssertEqual(scene.presenter.audienceLabel.text, "Audience: \(scene.audience.positionText)")
        XCTAssertTrue(scene.audience.positionText.hasPrefix("1"), scene.audience.positionText)
        XCTAssertTrue(scene.presenter.roomOnButton.isEnabled)
    }
}
