import Foundation
import PodiumCore
import PodiumKit
import PodiumTestSupport
import XCTest

/// A plugin that fails, when making its scene or later, gets an error card naming the plugin and
/// the error in its place; the other scenes go on.
@MainActor
final class ErrorCardTests: XCTestCase {
    struct Boom: Error, CustomStringConvertible { var description: String }

    /// A scene that keeps its context so the test can make it fail after it was shown.
    final class FragileScene: Scene {
        let title = "Fragile"
        let presenterView: View = Button("Go", id: "fragile.go")
        let audienceView = View()
        let context: SceneContext
        init(_ c: SceneContext) { context = c }
    }

    var fragile: FragileScene?

    func presentation() -> Presentation {
        let r = PluginRegistry()
        r.register(PluginDescriptor(id: "org.test.faulty", name: "Faulty", version: "1", sceneKinds: [
            SceneKind(name: "throws", summary: "") { _, _ in throw Boom(description: "no data for this scene") },
            SceneKind(name: "fragile", summary: "") { [unowned self] _, c in let s = FragileScene(c); fragile = s; return s },
        ]))
        let deck = Deck(title: "T", scenes: [DeckScene(kind: "fragile", title: "One"), DeckScene(kind: "throws", title: "Two"),
                                             DeckScene(kind: "fragile", title: "Three")], path: "/tmp/t.json")
        let p = Presentation(deck: deck, registry: r, metrics: FixedMetrics())
        p.presenter.resize(to: Size(1024, 640))
        return p
    }

    func alert(_ p: Presentation) -> ControlNode? {
        p.presenter.layoutIfNeeded()
        return p.presenter.controlTree().first { $0.role == "alert" }
    }

    func testThrowingMakeShowsErrorCardAndTalkGoesOn() async {
        let p = presentation()
        XCTAssertNil(alert(p))
        p.next()
        XCTAssertEqual(alert(p)?.label, "Plugin org.test.faulty: no data for this scene")
        XCTAssertEqual(p.audience.content.subviews.first?.controlTree().first?.role, "alert", "the audience sees the card too")
        p.next()
        XCTAssertEqual(p.currentIndex, 2)
        XCTAssertNil(alert(p))
        XCTAssertTrue(p.presenter.controlTree().contains { $0.id == "fragile.go" })
    }

    func testReportErrorLaterReplacesTheCurrentScene() async throws {
        let p = presentation()
        let s = try XCTUnwrap(fragile)
        XCTAssertTrue(p.presenter.controlTree().contains { $0.id == "fragile.go" })
        s.context.reportError(Boom(description: "lost the connection while redrawing"))
        XCTAssertEqual(alert(p)?.label, "Plugin org.test.faulty: lost the connection while redrawing")
        XCTAssertFalse(p.presenter.controlTree().contains { $0.id == "fragile.go" })
        // It stays an error card when the speaker comes back to it.
        p.next(); p.previous()
        XCTAssertEqual(alert(p)?.label, "Plugin org.test.faulty: lost the connection while redrawing")
    }
}
