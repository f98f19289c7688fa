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

    func testResultsToAudienceAsksTheHostToShowTheSceneToTheRoom() async throws {
        let scene = try offlineScene()
        scene.search("Radiohead")
        XCTAssertEqual(context.showToRoomRequests, 0, "a search that found something is not the speaker's choice")
        XCTAssertTrue(context.root.click(controlID: "websearch.audience-results"))
        XCTAssertEqual(context.showToRoomRequests, 1, "Results to Audience is")
        scene.setAudience(.reader)   // Show to Audience, a double-click
        XCTAssertEqual(context.showToRoomRequests, 2)
    }
}
