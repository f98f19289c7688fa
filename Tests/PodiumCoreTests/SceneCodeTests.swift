import Foundation
@testable import PodiumCore
import PodiumKit
import PodiumTestSupport
import XCTest

/// `SceneCode`: the crash watcher learns which scene's plugin code runs (making the scene,
/// drawing and hit-testing its views, events handed to them, its timers), so a restart after a
/// crash knows where it was;
/// and a scene marked as crashed twice is an error card, never made, until a reload.
@MainActor
final class SceneCodeTests: XCTestCase {
    /// A view that records the marked scene whenever the host draws or hit-tests it.
    final class Probe: View {
        var log: [String] = []
        override func draw(into list: inout DrawList) { log.append("draw \(SceneCodeTests.marked)") }
        override func hitTest(_ p: Point) -> View? { log.append("hit \(SceneCodeTests.marked)"); return super.hitTest(p) }
        override var acceptsFocus: Bool { true }
        override var isUserInteractionEnabled: Bool { true }
        override func handle(_ event: InputEvent) -> Bool {
            switch event {
            case .mouseDown: log.append("click \(SceneCodeTests.marked)")
            case .key: log.append("key \(SceneCodeTests.marked)")
            default: break
            }
            return true
        }
    }
    final class ProbeScene: Scene {
        let title: String
        let console = Probe(), room = Probe()
        var presenterView: View { console }
        var audienceView: View { room }
        init(_ t: String) { title = t }
    }

    nonisolated(unsafe) static var marked = -1
    var made: [(index: Int, marked: Int)] = []
    var scenes: [ProbeScene] = []
    var now = 100.0

    override func setUp() async throws {
        Self.marked = -1
        SceneCode.marker = { i in let old = SceneCodeTests.marked; SceneCodeTests.marked = i; return old }
        SceneCode.skipped = [:]
        SceneCode.skippedEntries = [:]
    }
    override func tearDown() async throws { SceneCode.marker = nil; SceneCode.skipped = [:]; SceneCode.skippedEntries = [:]; SceneCode.didForget = nil; SceneCode.validating = nil }

    func presentation(_ count: Int) -> Presentation {
        let r = PluginRegistry()
        r.register(PluginDescriptor(id: "test", name: "Test", version: "1", sceneKinds: [
            SceneKind(name: "probe", summary: "") { p, ctx in
                self.made.append((self.scenes.count, Self.marked))
                let s = ProbeScene("P\(self.scenes.count)")
                self.scenes.append(s)
                _ = ctx.schedule(afterMilliseconds: 10, repeats: false) { s.room.log.append("timer \(Self.marked)") }
                return s
            },
        ]))
        // Each entry its own parameters: a skip follows its entry through a reload (`SceneSkips.swift`).
        let deck = Deck(title: "T", scenes: (0..<count).map { DeckScene(kind: "probe", title: "S\($0)", notes: "", parameters: SceneParameters(["n": .number(Double($0))])) },
                        path: "/tmp/scene-code.json")
        return Presentation(deck: deck, registry: r, metrics: FixedMetrics(), clock: { self.now })
    }

    func testDrawingHitTestingMakingAndTimersRunMarkedAsTheirScene() async {
        let p = presentation(3)
        p.audience.resize(to: Size(800, 450))
        p.presenter.resize(to: Size(1280, 800))
        XCTAssertTrue(p.goTo(1))
        p.attachNextPreview()
        XCTAssertEqual(made.map(\.marked), made.map(\.index), "each scene is made marked as itself")

        var list = DrawList()
        p.audience.layoutIfNeeded(); p.audience.render(into: &list)
        XCTAssertEqual(scenes[1].room.log.last, "draw 1", "the room's scene draws marked as scene 1")
        XCTAssertEqual(Self.marked, -1, "nothing marked once the frame is drawn")
        p.presenter.layoutIfNeeded(); p.presenter.render(into: &list)
        XCTAssertEqual(scenes[1].console.log.last, "draw 1", "the console's scene view")
        XCTAssertEqual(scenes[2].room.log.last, "draw 2", "the next preview draws marked as the next scene")

        _ = p.audience.hitTest(Point(400, 200))
        XCTAssertEqual(scenes[1].room.log.last, "hit 1")

        now += 1
        p.timers.fire(now: now)
        XCTAssertTrue(scenes[1].room.log.contains("timer 1"), "a timer the scene scheduled runs marked: \(scenes[1].room.log)")
        XCTAssertEqual(Self.marked, -1)
    }

    /// Clicks and keys handed to a scene's views, also to a popover it opened from one of them,
    /// run marked as that scene (trial 8: a trap in a click handler was laid to no scene).
    func testEventsHandedToASceneViewRunMarkedAsItsScene() async throws {
        let p = presentation(2)
        p.presenter.resize(to: Size(1280, 800))
        XCTAssertTrue(p.goTo(1))
        _ = p.presenter.renderFrame()
        let console = scenes[1].console
        let frame = console.convertToWindow(console.bounds)
        XCTAssertGreaterThan(frame.width, 0)
        p.presenter.dispatch(.mouseDown(frame.center, button: 1, clicks: 1))
        p.presenter.dispatch(.mouseUp(frame.center, button: 1))
        XCTAssertEqual(console.log.last { $0.hasPrefix("click") }, "click 1", "\(console.log)")
        XCTAssertEqual(Self.marked, -1, "nothing marked once the click is handled")
        p.presenter.focus(console)
        p.presenter.dispatch(.key(Key("x")))
        XCTAssertEqual(console.log.last { $0.hasPrefix("key") }, "key 1", "\(console.log)")

        let inside = Probe()
        let popover = try XCTUnwrap(p.presenter.presentPopover(inside, preferredSize: Size(200, 100), at: .view(console), source: "probe"))
        _ = p.presenter.renderFrame()
        let box = inside.convertToWindow(inside.bounds)
        p.presenter.dispatch(.mouseDown(box.center, button: 1, clicks: 1))
        p.presenter.dispatch(.mouseUp(box.center, button: 1))
        XCTAssertEqual(inside.log.last { $0.hasPrefix("click") }, "click 1", "a popover the scene's view opened: \(inside.log)")
        popover.dismiss(byUser: false)
    }

    /// Trial 20 M2: a reload (the deck saved for an unrelated edit, Ctrl+R) made the skipped
    /// scene again, which crashed the talk again. It stays skipped by its entry wherever the
    /// entry is now; an entry whose parameters changed is another scene, made afresh.
    func testASceneThatCrashedTwiceStaysAnErrorCardUntilItsParametersChange() async {
        SceneCode.skipped = [1: SceneCrash(index: 1, times: 2, kind: .crash, resumesAt: 1)]
        var forgotten = 0
        SceneCode.didForget = { forgotten += 1 }
        let p = presentation(3)
        XCTAssertTrue(p.goTo(1))
        XCTAssertEqual(made.map(\.index), [0], "scene 1 was never made")
        XCTAssertTrue(p.currentScene is ErrorCardScene, "an error card for the speaker")
        XCTAssertEqual(p.console.statusLabel.text, "■ HELD", "the room keeps the picture it had: not LIVE (trial 22 m8)")
        XCTAssertTrue(p.currentScene.presenterView.accessibilityLabel?.contains("crashed Podium 2 times in a row") == true, p.currentScene.presenterView.accessibilityLabel ?? "")
        XCTAssertTrue(p.goTo(2), "the talk goes on past it")
        XCTAssertEqual(p.console.statusLabel.text, "● LIVE")
        // An unrelated edit: a scene inserted first, so the skipped entry is now scene 3.
        var edited = p.deck
        edited.scenes.insert(DeckScene(kind: "probe", title: "New", notes: "", parameters: SceneParameters(["n": .string("new")])), at: 0)
        p.replaceDeck(edited)
        XCTAssertEqual(forgotten, 1, "the watcher is told: the next crash is the first in a row again")
        XCTAssertTrue(SceneCode.skipped.isEmpty, "kept by entry, not by index")
        XCTAssertTrue(p.goTo(2))
        XCTAssertTrue(p.currentScene is ErrorCardScene, "still skipped after the reload")
        XCTAssertTrue(p.currentScene.presenterView.accessibilityLabel?.contains("a reload keeps it skipped") == true, p.currentScene.presenterView.accessibilityLabel ?? "")
        XCTAssertTrue(p.goTo(1))
        XCTAssertTrue(p.currentScene is ProbeScene, "the other scenes are made")
        // Its parameters changed: another entry, made afresh.
        var fixed = p.deck
        fixed.scenes[2].parameters = SceneParameters(["n": .number(1), "fixed": .bool(true)])
        p.replaceDeck(fixed)
        XCTAssertTrue(p.goTo(2))
        XCTAssertTrue(p.currentScene is ProbeScene, "made afresh once its parameters changed")
    }

    /// Trial 20 M1: a kind's `validate` runs marked for the crash watcher (the entry's identity
    /// and kind), and an entry skipped after its `validate` stopped the talk is not checked
    /// again: the deck loads, and the scene is an error card saying why.
    func testAValidateThatStoppedTheTalkIsNotRunAgain() async throws {
        var checked: [String] = [], marks: [String?] = []
        let r = PluginRegistry()
        r.register(PluginDescriptor(id: "test", name: "Test", version: "1", sceneKinds: [
            SceneKind(name: "probe", summary: "", validate: { p in checked.append((try? p.string("mode")) ?? "") }) { _, _ in ProbeScene("made") },
        ]))
        SceneCode.validating = { marks.append($0) }
        let json = Data(#"{ "title": "T", "scenes": [ { "kind": "probe", "parameters": { "mode": "fine" } }, { "kind": "probe", "title": "Bad", "parameters": { "mode": "bad" } } ] }"#.utf8)
        _ = try Deck.parse(json, path: "/tmp/validate.json", kinds: r.validators)
        XCTAssertEqual(checked, ["fine", "bad"])
        let bad = SceneCode.identity(kind: "probe", parameters: ["mode": .string("bad")])
        XCTAssertEqual(marks, ["\(SceneCode.identity(kind: "probe", parameters: ["mode": .string("fine")])) probe", nil, "\(bad) probe", nil])
        SceneCode.skippedEntries[bad] = SceneCrash(index: -1, times: 1, kind: .hang, resumesAt: nil, checking: true)
        checked = []
        let deck = try Deck.parse(json, path: "/tmp/validate.json", kinds: r.validators)
        XCTAssertEqual(checked, ["fine"], "the skipped entry's validate is not run again")
        let p = Presentation(deck: deck, registry: r, metrics: FixedMetrics(), clock: { self.now })
        XCTAssertTrue(p.goTo(1))
        XCTAssertTrue(p.currentScene is ErrorCardScene)
        XCTAssertTrue(p.currentScene.presenterView.accessibilityLabel?.contains("stopped Podium responding while checking this scene's parameters") == true,
                      p.currentScene.presenterView.accessibilityLabel ?? "")
    }

    /// Skipped after two hangs (the watcher restarted a talk whose loop stopped coming round):
    /// the card says so, not "crashed"; the log names the scene 1-based with its title.
    func testASceneThatHungTwiceSaysItStoppedTheTalkResponding() async {
        SceneCode.skipped = [1: SceneCrash(index: 1, times: 2, kind: .hang, resumesAt: 1)]
        let p = presentation(3)
        var lines: [String] = []
        p.log = { lines.append($0) }
        XCTAssertTrue(p.goTo(1))
        XCTAssertEqual(made.map(\.index), [0], "scene 1 was never made")
        let card = p.currentScene.presenterView.accessibilityLabel ?? ""
        XCTAssertTrue(card.contains("stopped Podium responding 2 times in a row"), card)
        XCTAssertFalse(card.contains("crashed"), card)
        XCTAssertTrue(lines.contains("scene 2 “S1” stopped the talk responding 2 times in a row; skipped until its parameters change"), "\(lines)")
    }

    /// Trial 10 F6: a scene skipped after one hang in its next preview shows the error card in
    /// the console's next preview (it was an empty dark box: the card's audience view holds the
    /// room's picture), never in the room.
    func testTheNextPreviewOfASkippedSceneShowsItsErrorCard() async {
        SceneCode.skipped = [1: SceneCrash(index: 1, times: 1, kind: .hang, resumesAt: 0)]
        let p = presentation(3)
        XCTAssertTrue(p.goTo(0))
        p.attachNextPreview()
        let shown = p.nextStage.content.subviews.first?.subviews.first
        XCTAssertEqual(shown?.id, "scene.error.preview", "the card, not the held room picture")
        XCTAssertTrue(shown?.accessibilityLabel?.contains("while the room was on another scene") == true, shown?.accessibilityLabel ?? "none")
        XCTAssertFalse(p.audience.content.subviews.contains { $0.subviews.first?.id?.hasPrefix("scene.error") == true }, "the room never sees a card")
        XCTAssertEqual(made.map(\.index), [0], "scene 1 was never made")
    }
}
