import Foundation
import PodiumCore
import PodiumKit
import PodiumTestSupport
import XCTest

/// A scene whose presenter view is a text field, as the band list's form is.
final class FieldScene: Scene {
    let title = "Field"
    let field = TextField(placeholder: "Notes", id: "field")
    let presenterView = View(), audienceView = View()
    var events: [String] = []
    let context: SceneContext
    var audienceStates: [AudienceState] = []
    init(_ ctx: SceneContext) {
        context = ctx
        presenterView.addSubview(field.pinned(Pins(leading: 10, trailing: 10, top: 10, height: 30)))
        ctx.observeAudience { [weak self] in self?.audienceStates.append($0) }
    }
    func didBecomeCurrent() { events.append("current") }
    func willResignCurrent() { events.append("resign") }
}

/// Trial 9 F14: a reload (an editor saving the deck, changing another scene only) keeps the
/// scenes whose deck entry did not change, the same objects with their focus and typing; only
/// changed scenes are made again.
@MainActor
final class ReloadKeepsScenesTests: XCTestCase {
    var made: [String: Int] = [:]
    var dir: URL!
    override func setUp() async throws { dir = TestPaths.tempDir("podium-reload-keep") }
    override func tearDown() async throws { try? FileManager.default.removeItem(at: dir) }

    func registry() -> PluginRegistry {
        let r = PluginRegistry()
        r.register(PluginDescriptor(id: "test", name: "Test", version: "1", sceneKinds: [
            SceneKind(name: "field", summary: "") { _, ctx in self.made["field", default: 0] += 1; return FieldScene(ctx) },
            SceneKind(name: "a", summary: "") { p, _ in self.made[(try? p.string("file")) ?? "a", default: 0] += 1; return RecordingScene("A") },
        ]))
        return r
    }
    func deck(_ scenes: [DeckScene]) -> Deck { Deck(title: "T", scenes: scenes, path: dir.appendingPathComponent("deck.json").path) }

    func testTypingInAKeptSceneGoesOnAcrossAReloadOfAnotherScene() async throws {
        let v1 = [DeckScene(kind: "a", title: "Intro", parameters: SceneParameters(["x": 1])),
                  DeckScene(kind: "field", title: "Bands", notes: "speak", parameters: SceneParameters(["store": "b.sqlite"])),
                  DeckScene(kind: "a", title: "Questions", notes: "Questions. Mention")]
        let p = Presentation(deck: deck(v1), registry: registry(), metrics: FixedMetrics(), clock: { 0 })
        p.presenter.resize(to: Size(1280, 800)); p.audience.resize(to: Size(1920, 1080))
        p.goTo(1)
        let scene = try XCTUnwrap(p.currentScene as? FieldScene)
        p.presenter.focus(scene.field)
        p.presenter.dispatch(.text("typing during reload"))
        scene.events = []

        var v2 = v1
        v2[2].notes = "Questions! Mention"   // an editor saves a change to another scene only
        p.replaceDeck(deck(v2))
        XCTAssertTrue(p.currentScene === scene, "the unchanged scene is the same object")
        XCTAssertEqual(scene.events, [], "not resigned and made current again")
        XCTAssertTrue(p.presenter.focusedView === scene.field, "its field keeps the focus")
        p.presenter.dispatch(.text(" and more"))
        XCTAssertEqual(scene.field.text, "typing during reload and more", "nothing typed after the reload is dropped")
        XCTAssertEqual(made["field"], 1, "made once")
        XCTAssertTrue(p.audience.content.subviews.first?.subviews.first === scene.audienceView, "the room still sees it")

        // A scene inserted before it: the same scene, at its new index, and its context with it.
        var v3 = v2
        v3.insert(DeckScene(kind: "a", title: "New"), at: 0)
        p.replaceDeck(deck(v3))
        XCTAssertEqual(p.currentIndex, 2)
        XCTAssertTrue(p.currentScene === scene)
        XCTAssertTrue(p.presenter.focusedView === scene.field)
        XCTAssertEqual(p.title(at: p.currentIndex), "Bands")
        _ = p.perform(.blackout)
        XCTAssertEqual(scene.audienceStates.last?.isCovered, true, "a kept scene still hears of audience changes")
        _ = p.perform(.blackout)
        scene.context.reportError(SceneParameterError(path: "x", message: "late"))
        XCTAssertFalse(p.scene(at: 2) is FieldScene, "its error card goes to its new index")
        XCTAssertTrue(p.scene(at: 1) is RecordingScene, "not to the scene now at its old index")

        // Its parameters changed: made again (and the old one resigned).
        var v4 = v3
        v4[2].parameters = SceneParameters(["store": "other.sqlite"])
        p.replaceDeck(deck(v4))
        XCTAssertTrue(p.currentScene is FieldScene)
        XCTAssertFalse(p.currentScene === scene)
        XCTAssertEqual(made["field"], 2)
    }

    /// A scene whose `file` was rewritten under the same name is made again; others are kept.
    func testASceneWhoseFileChangedIsMadeAgain() async throws {
        let f = dir.appendingPathComponent("talk.pdf")
        try Data("one".utf8).write(to: f)
        let d = deck([DeckScene(kind: "a", title: "p1", parameters: SceneParameters(["file": "talk.pdf"])), DeckScene(kind: "a", title: "p2")])
        let p = Presentation(deck: d, registry: registry(), metrics: FixedMetrics(), clock: { 0 })
        p.goTo(1); p.goTo(0)
        let first = p.scene(at: 0), second = p.scene(at: 1)
        p.replaceDeck(d)
        XCTAssertTrue(p.scene(at: 0) === first, "the file is as it was: kept")
        try Data("two, longer".utf8).write(to: f, options: .atomic)
        p.replaceDeck(d)
        XCTAssertFalse(p.scene(at: 0) === first, "the file changed: made again")
        XCTAssertEqual(made["talk.pdf"], 2)
        XCTAssertTrue(p.scene(at: 1) === second)
    }
}
