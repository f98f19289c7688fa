import Foundation
@testable import PodiumCore
import PodiumKit
import PodiumTestSupport
import XCTest

/// Trial 20 #8: a plugin's scene that returns one view as both `presenterView` and
/// `audienceView` is refused when made, with the error card naming the plugin, the scene and
/// the problem (it was a blank console, the view in the room, and nothing in the log).
@MainActor
final class SameSceneViewTests: XCTestCase {
    final class SameViewScene: Scene {
        let title = "Same"
        let only = View()
        var presenterView: View { only }
        var audienceView: View { only }
    }
    final class TwoViewScene: Scene {
        let title = "Two"
        let presenterView = View(), audienceView = View()
    }

    func testOneViewForBothWindowsIsAnErrorCard() async {
        let r = PluginRegistry()
        r.register(PluginDescriptor(id: "org.example.nasty", name: "Nasty", version: "1", sceneKinds: [
            SceneKind(name: "same", summary: "") { _, _ in SameViewScene() },
            SceneKind(name: "two", summary: "") { _, _ in TwoViewScene() },
        ]))
        let p = Presentation(deck: Deck(title: "T", scenes: [DeckScene(kind: "two"), DeckScene(kind: "two"), DeckScene(kind: "same"), DeckScene(kind: "two")], path: "/talks/t.json"),
                             registry: r, metrics: FixedMetrics(), clock: { 0 })
        var lines: [String] = []
        p.log = { lines.append($0) }
        p.presenter.resize(to: Size(1000, 700))
        XCTAssertTrue(p.currentScene is TwoViewScene, "two views: made")
        p.next()   // (made with the log hooked: the next preview makes the scene after the current)
        p.next()
        XCTAssertTrue(p.currentScene is ErrorCardScene, "one view for both: refused")
        let problem = "plugin org.example.nasty, scene kind \"same\": presenterView and audienceView are the same view"
        let card = p.currentScene.presenterView.accessibilityLabel ?? ""
        XCTAssertTrue(card.hasPrefix("Plugin org.example.nasty: \(problem)"), card)
        func texts(_ r: WindowRoot) -> [String] { r.drawList().commands.compactMap { if case let .text(b, _, _) = $0 { b.text } else { nil } } }
        XCTAssertTrue(texts(p.presenter).contains("Plugin: org.example.nasty"), "\(texts(p.presenter))")
        XCTAssertFalse(texts(p.audience).contains { $0.contains("same view") }, "the room sees no card: \(texts(p.audience))")
        XCTAssertTrue(lines.contains { $0.hasPrefix("scene 3 “same” (same): \(problem)") }, "\(lines)")
        p.next()
        XCTAssertTrue(p.currentScene is TwoViewScene, "the talk goes on")
    }
}
