import Foundation
import PodiumBroker
import PodiumCore
import PodiumKit
import PodiumTestSupport
import XCTest

/// Follower screens during a removed scene's hold (`ReloadRemovedScene.swift`): the room keeps
/// its picture of a scene a reload removed while the console is on the scene next goes to. The
/// publisher sent that scene, so every follower screen showed the room's next scene before the
/// speaker moved (review 17). Followers now get nothing new until the speaker moves.
@MainActor
final class FollowerRemovedSceneTests: XCTestCase {
    func deck(_ titles: [String]) -> Deck {
        Deck(title: "T", scenes: titles.map { DeckScene(kind: "mark", title: $0, parameters: SceneParameters(["t": .string($0)])) }, path: "/tmp/follow-removed-unit.json")
    }

    func testFollowersKeepTheirPictureWhileTheRoomHoldsARemovedScene() async throws {
        let r = PluginRegistry()
        r.register(PluginDescriptor(id: "test.mark", name: "Mark", version: "1.0.0", sceneKinds: [
            SceneKind(name: "mark", summary: "") { p, _ in TitledScene(p.values["t"]?.string ?? "?") },
        ]))
        let p = Presentation(deck: deck(["M0", "M1", "M2", "M3"]), registry: r, metrics: FixedMetrics(), clock: { 100 })
        p.presenter.resize(to: Size(1280, 800)); p.audience.resize(to: Size(1920, 1080))
        p.goTo(2)
        let pub = try BrokerPublisher(url: BrokerURL(parsing: "mqtt://127.0.0.1:9/unit"), caFile: nil, presentation: p, deckFiles: { [] }, timers: { _ in .null })
        defer { pub.stop() }
        pub.tick()
        XCTAssertEqual(pub.last?.scene, 2)
        let seq = try XCTUnwrap(pub.last?.seq)
        p.replaceDeck(deck(["M0", "M3"]))   // M1 and M2 cut in one save
        XCTAssertEqual(p.heldRemovedSceneTitle, "M2")
        XCTAssertEqual(p.currentIndex, 1, "the console is on M3, where next goes")
        pub.tick()
        XCTAssertEqual(pub.last?.seq, seq, "nothing published: followers keep the room's picture")
        XCTAssertEqual(pub.last?.scene, 2)
        p.next()
        XCTAssertNil(p.heldRemovedSceneTitle)
        pub.tick()
        XCTAssertEqual(pub.last?.scene, 1, "the speaker moved: followers follow to M3")
        XCTAssertGreaterThan(pub.last?.seq ?? 0, seq)
    }
}

/// A scene whose room shows its title.
@MainActor
private final class TitledScene: Scene {
    let title: String
    let presenterView = View(), audienceView = View()
    init(_ title: String) {
        self.title = title
        audienceView.addSubview(Label("room: " + title, font: .system(40)).pinned(.fill()))
    }
}
