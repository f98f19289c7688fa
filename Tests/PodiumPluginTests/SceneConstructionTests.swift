import Foundation
@testable import PodiumCore
import PodiumKit
import PodiumTestSupport
import XCTest

/// A scene without a deck title, whose plugin calls the host while the scene is being made
/// (as band-list, web-search and map-search do), is made once and never recursively.
@MainActor
final class SceneConstructionTests: XCTestCase {
    /// Calls back into the host from its initializer: redraw (which asks for the title), log,
    /// and a segue to another scene.
    final class EagerScene: Scene {
        let title: String
        let presenterView: View = Button("Eager", id: "eager.button")
        let audienceView = View()
        init(_ c: SceneContext, title: String, segue: Bool) {
            self.title = title
            c.setNeedsDisplay()
            c.log("made")
            if segue { c.openScene(kind: "plain", parameters: [:]) }
        }
    }
    final class PlainScene: Scene {
        let title = "Plain"
        let presenterView = View()
        let audienceView = View()
    }

    var made: [String: Int] = [:]
    var now = 0.0

    func presentation(_ scenes: [DeckScene]) -> Presentation {
        let r = PluginRegistry()
        r.register(PluginDescriptor(id: "org.test.eager", name: "Eager", version: "1", sceneKinds: [
            SceneKind(name: "eager", summary: "") { [unowned self] p, c in
                made["eager", default: 0] += 1
                return EagerScene(c, title: "Own title", segue: (try? p.bool("segue")) == true)
            },
            SceneKind(name: "plain", summary: "") { [unowned self] _, _ in made["plain", default: 0] += 1; return PlainScene() },
        ]))
        let p = Presentation(deck: Deck(title: "T", scenes: scenes, path: "/tmp/t.json"), registry: r, metrics: FixedMetrics(),
                             clock: { [unowned self] in now })
        p.log = { _ in }
        p.presenter.resize(to: Size(1024, 640))
        return p
    }

    func testUntitledSceneThatRedrawsWhileBeingMadeIsMadeOnce() async {
        let p = presentation([DeckScene(kind: "plain", title: "Start"), DeckScene(kind: "eager")])
        XCTAssertTrue(p.goTo(1))
        XCTAssertEqual(made["eager"], 1, "made once, not again from inside its own initializer")
        XCTAssertEqual(p.title(at: 1), "Own title", "the scene's own title once it is made")
        XCTAssertEqual(p.console.titleLabel.text, "Own title")
        p.presenter.layoutIfNeeded()
        XCTAssertTrue(p.presenter.controlTree().contains { $0.id == "eager.button" }, "the real scene is shown, not a stand-in")
    }

    func testUntitledSceneAsNextPreviewAndFirstScene() async {
        let p = presentation([DeckScene(kind: "eager"), DeckScene(kind: "eager")])
        p.attachNextPreview()
        XCTAssertEqual(made["eager"], 2)
        XCTAssertEqual(p.title(at: 0), "Own title")
        XCTAssertEqual(p.title(at: 1), "Own title")
    }

    func testSegueAskedForDuringConstructionHappensAfterIt() async {
        let p = presentation([DeckScene(kind: "eager", parameters: SceneParameters(["segue": true])), DeckScene(kind: "plain", title: "P")])
        XCTAssertEqual(p.currentIndex, 0, "not while the first scene is still being made")
        XCTAssertEqual(made["eager"], 1)
        p.timers.fire(now: now)
        XCTAssertEqual(p.currentIndex, 1, "the segue runs on the next timer turn")
        XCTAssertEqual(made["plain"], 1)
    }
}
