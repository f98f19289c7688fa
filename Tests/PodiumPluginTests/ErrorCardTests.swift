import Foundation
import PodiumCore
import PodiumKit
import PodiumTestSupport
import XCTest

/// A plugin that fails, when making its scene or later, gets an error card naming the plugin and
/// the error in its place on the presenter view; the room keeps the picture it had; the other
/// scenes go on.
@MainActor
final class ErrorCardTests: XCTestCase {
    struct Boom: Error, CustomStringConvertible { var description: String }

    /// A scene that keeps its context so the test can make it fail after it was shown.
    final class FragileScene: Scene {
        let title = "Fragile"
        let presenterView: View = Button("Go", id: "fragile.go")
        let audienceView = View()
        let context: SceneContext
        init(_ c: SceneContext) { context = c; audienceView.backgroundColor = Color(12, 200, 90) }
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

    /// What the room sees: the audience view's paint (no card, no alert in its control tree).
    func room(_ p: Presentation) -> (fills: [Color], alert: Bool) {
        let fills = p.audience.drawList().commands.compactMap { c -> Color? in if case let .fill(_, color, _) = c { color } else { nil } }
        return (fills, p.audience.controlTree().contains { $0.role == "alert" })
    }
    let green = Color(12, 200, 90)

    func alert(_ p: Presentation) -> ControlNode? {
        p.presenter.layoutIfNeeded()
        return p.presenter.controlTree().first { $0.role == "alert" }
    }

    func testThrowingMakeShowsErrorCardAndTalkGoesOn() async {
        let p = presentation()
        XCTAssertNil(alert(p))
        XCTAssertTrue(room(p).fills.contains(green))
        p.next()
        XCTAssertEqual(alert(p)?.label, "Plugin org.test.faulty: no data for this scene")
        XCTAssertTrue(alert(p)?.value?.contains("The room does not see this card") == true && alert(p)?.value?.contains("Page Down") == true,
                      "the presenter is told the room keeps its picture and how to skip")
        XCTAssertFalse(room(p).alert, "the room never sees the card")
        XCTAssertTrue(room(p).fills.contains(green), "the room keeps the previous scene's picture: \(room(p).fills)")
        XCTAssertFalse(room(p).fills.contains(Theme.standard.destructive))
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
        let headings = p.presenter.drawList().commands.compactMap { if case let .text(b, _, _) = $0 { b.text } else { nil } }
        XCTAssertTrue(headings.contains("This scene stopped with an error"), "the room still has its picture: the scene was shown (\(headings))")
        XCTAssertFalse(headings.contains("This scene could not be shown"))
        XCTAssertFalse(room(p).alert, "the room never sees the card")
        XCTAssertTrue(room(p).fills.contains(green), "the room keeps what the scene showed")
        XCTAssertFalse(p.presenter.controlTree().contains { $0.id == "fragile.go" })
        // It stays an error card when the speaker comes back to it.
        p.next(); p.previous()
        XCTAssertEqual(alert(p)?.label, "Plugin org.test.faulty: lost the connection while redrawing")
    }

    /// The first scene fails at launch: the room sees the plain background, not the card.
    func testAFailingFirstSceneShowsTheRoomNothing() async {
        let r = PluginRegistry()
        r.register(PluginDescriptor(id: "org.test.faulty", name: "Faulty", version: "1", sceneKinds: [
            SceneKind(name: "throws", summary: "") { _, _ in throw Boom(description: "no data") },
        ]))
        let p = Presentation(deck: Deck(title: "T", scenes: [DeckScene(kind: "throws"), DeckScene(kind: "nosuchkind")], path: "/tmp/t.json"),
                             registry: r, metrics: FixedMetrics())
        p.presenter.resize(to: Size(1024, 640))
        XCTAssertNotNil(alert(p))
        XCTAssertFalse(room(p).alert)
        XCTAssertFalse(room(p).fills.contains(Theme.standard.destructive))
        p.next()
        XCTAssertEqual(alert(p)?.label, "Plugin none: no plugin supplies scene kind \"nosuchkind\"")
        XCTAssertFalse(room(p).alert)
    }
}
