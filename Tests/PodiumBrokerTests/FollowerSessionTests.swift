import Foundation
import PodiumBroker
import PodiumCore
import PodiumKit
import PodiumTestSupport
import TitleScene
import XCTest

/// What a follower does with each state it is handed (no broker needed: the session's client
/// only retries in the background against a closed port).
@MainActor
final class FollowerSessionTests: XCTestCase {
    var session: FollowerSession!
    var p: Presentation!

    override func setUp() async throws {
        let r = PluginRegistry()
        r.register(TitlePlugin.descriptor())
        let scenes = (0..<5).map { DeckScene(kind: "title", title: "S\($0)", parameters: SceneParameters(["heading": .string("Slide \($0)")], path: "scenes[\($0)]")) }
        p = Presentation(deck: Deck(title: "T", scenes: scenes, path: "/tmp/follow-unit.json"), registry: r, metrics: FixedMetrics())
        session = try FollowerSession(url: BrokerURL(parsing: "mqtt://127.0.0.1:9/unit"), caFile: nil, presentation: p, deckHash: "sha256:aa")
    }
    override func tearDown() async throws { session.stop() }

    func state(run: String = "r1", seq: Int, scene: Int, hash: String = "sha256:aa", scenes: Int = 5, mode: String = "normal",
               frozen: Bool = false, frozenScene: Int? = nil) -> TalkState {
        TalkState(run: run, seq: seq, sentAt: 0, deckHash: hash, deckTitle: "T", sceneCount: scenes, scene: scene, slide: scene, overlay: 0,
                  audienceMode: mode, frozen: frozen, frozenScene: frozenScene, pointer: nil)
    }
    var cover: String? { session.stateJSON["cover"]?.string }

    func testCoveredUntilAMatchingStateThenInStep() async {
        XCTAssertEqual(session.status, .waiting)
        XCTAssertNotNil(cover, "no slide before the presenter's state")
        session.apply(state(seq: 1, scene: 3, mode: "white"))
        XCTAssertEqual([p.currentIndex], [3])
        XCTAssertEqual(p.audienceMode, .white)
        XCTAssertNil(cover)
        XCTAssertEqual(session.status, .following)
    }

    func testOlderMessagesOfARunAreDroppedButANewRunStartsAgain() async {
        session.apply(state(seq: 5, scene: 3))
        session.apply(state(seq: 4, scene: 1))
        XCTAssertEqual(p.currentIndex, 3, "an older state must not move the screen back")
        session.apply(state(run: "r2", seq: 1, scene: 0))
        XCTAssertEqual(p.currentIndex, 0, "a restarted presenter counts from 1 again")
    }

    func testOtherDeckOrSceneCountCoversTheScreen() async {
        session.apply(state(seq: 1, scene: 2))
        session.apply(state(seq: 2, scene: 4, hash: "sha256:bb"))
        XCTAssertEqual(session.status, .mismatch)
        XCTAssertEqual(p.currentIndex, 2, "a state for another deck moves nothing")
        XCTAssertTrue(cover?.contains("not the presenter's") == true, cover ?? "no cover")
        session.apply(state(seq: 3, scene: 1, scenes: 4))
        XCTAssertEqual(session.status, .mismatch)
        XCTAssertTrue(cover?.contains("4 scenes") == true, cover ?? "no cover")
        session.apply(state(seq: 4, scene: 1))
        XCTAssertEqual(session.status, .following)
        XCTAssertNil(cover)
    }

    func testFreezeKeepsTheFrozenScenesFrameAndThawsToTheCurrentOne() async {
        session.apply(state(seq: 1, scene: 4, frozen: true, frozenScene: 1))
        XCTAssertTrue(p.isFrozen)
        XCTAssertEqual(p.currentIndex, 4, "the talk behind the frozen frame")
        XCTAssertTrue(p.audience.content.isHidden, "the room sees the frozen frame only")
        session.apply(state(seq: 2, scene: 4))
        XCTAssertFalse(p.isFrozen)
        XCTAssertFalse(p.audience.content.isHidden)
    }
}
