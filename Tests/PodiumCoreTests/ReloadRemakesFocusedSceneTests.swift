import Foundation
import PodiumCore
import PodiumKit
import PodiumTestSupport
import XCTest

/// A form whose name field's id comes from the deck (`"field"`), as the band list's "bands.name".
final class FormScene: Scene {
    let title = "Form"
    let name: TextField
    let presenterView = View(), audienceView = View()
    init(_ p: SceneParameters) {
        name = TextField(placeholder: "Name", id: (try? p.string("field")) ?? "form.name")
        presenterView.addSubview(name.pinned(Pins(leading: 10, trailing: 10, top: 10, height: 30)))
    }
}

/// Trial 10 F4: a reload that remakes the current scene (its own parameter changed while the
/// speaker typed in its field) dropped the focus; the typed spaces became `next` (the room moved
/// two scenes) and the letters were lost. Keys go through `Presentation.press` and the text
/// events after them, as SDL sends them.
@MainActor
final class ReloadRemakesFocusedSceneTests: XCTestCase {
    var now = 1000.0
    var dir: URL!
    override func setUp() async throws { dir = TestPaths.tempDir("podium-reload-focus") }
    override func tearDown() async throws { try? FileManager.default.removeItem(at: dir) }

    func deck(select: String, field: String = "form.name") -> Deck {
        let params = SceneParameters(["select": .string(select), "field": .string(field)])
        return Deck(title: "T", scenes: [DeckScene(kind: "form", title: "Bands", parameters: params)]
                    + (0..<4).map { DeckScene(kind: "form", title: "After \($0)") },
                    path: dir.appendingPathComponent("deck.json").path)
    }
    func presentation() -> Presentation {
        let r = PluginRegistry()
        r.register(PluginDescriptor(id: "test", name: "Test", version: "1", sceneKinds: [
            SceneKind(name: "form", summary: "") { p, _ in FormScene(p) },
        ]))
        let p = Presentation(deck: deck(select: "Radiohead"), registry: r, metrics: FixedMetrics(), clock: { [unowned self] in self.now })
        p.presenter.resize(to: Size(1280, 800)); p.audience.resize(to: Size(1920, 1080))
        _ = p.presenter.renderFrame()
        return p
    }
    func form(_ p: Presentation) throws -> FormScene { try XCTUnwrap(p.currentScene as? FormScene) }
    /// Types `text` key by key, 30 ms apart (the trial's xdotool delay).
    func type(_ p: Presentation, _ text: String) {
        for ch in text {
            p.press(Key(ch == " " ? "Space" : String(ch).lowercased(), shift: ch.isUppercase))
            p.presenter.dispatch(.text(String(ch)))
            now += 0.03; p.timers.fire(now: now)
        }
    }
    func banner(_ p: Presentation) -> String? { p.presenter.controlTree().first { $0.id == "console.banner" }?.label }

    func testTheRemadeScenesFieldWithTheSameIdGetsTheKeysBack() async throws {
        let p = presentation()
        let old = try form(p)
        p.presenter.focus(old.name)
        type(p, "Radiohead AAA")
        p.replaceDeck(deck(select: "Portishead"))   // a co-author's edit of this scene's parameter
        let new = try form(p)
        XCTAssertFalse(new === old, "the scene was remade")
        XCTAssertTrue(p.presenter.focusedView === new.name, "the field with the same id has the keys")
        type(p, " EEE FFF")
        XCTAssertEqual(p.currentIndex, 0, "no typed space became next")
        XCTAssertEqual(new.name.text, " EEE FFF", "the typing goes on in the remade field")
        XCTAssertEqual(p.audienceMode, AudienceMode.normal)
    }

    func testWithoutAFieldOfThatIdTypedKeysAreHeldWithAHintThenTheTalkHasThemAgain() async throws {
        let p = presentation()
        p.presenter.focus(try form(p).name)
        type(p, "Radiohead AAA")
        p.replaceDeck(deck(select: "Portishead", field: "form.title"))   // the field's id changed
        XCTAssertNil(p.presenter.focusedView)
        type(p, " EEE FFF b")
        XCTAssertEqual(p.currentIndex, 0, "spaces typed on were held, not next")
        XCTAssertEqual(p.audienceMode, AudienceMode.normal, "b did not black out the room")
        XCTAssertEqual(banner(p), Presentation.reloadTypingHint, "the presenter says why")
        XCTAssertFalse(p.audience.controlTree().contains { $0.label == Presentation.reloadTypingHint }, "never the room")
        // A clicker's key is never held.
        p.press(Key("Page Down"))
        XCTAssertEqual(p.currentIndex, 1)
        p.press(Key("Page Up"))
        XCTAssertEqual(p.currentIndex, 0)
        // A pause in the typing: the keys are the talk's again.
        now += TypingGuard.reloadHoldSeconds + 0.01; p.timers.fire(now: now)
        p.press(Key("Space"))
        XCTAssertEqual(p.currentIndex, 1, "Space is next once the typing stopped")
        now += 3; p.timers.fire(now: now)
        XCTAssertNotEqual(banner(p), Presentation.reloadTypingHint, "the hint goes")
    }

    /// The grace is for typing that goes on: a reload well after the last key, or keys typed
    /// after the grace, still hold from the reload itself, for `reloadHoldSeconds` only.
    func testTheHoldStartsAtTheReloadAndEndsAfterItsGrace() async throws {
        let p = presentation()
        p.presenter.focus(try form(p).name)
        type(p, "abc")
        now += 5   // the speaker stopped typing; the field still has the keys
        p.replaceDeck(deck(select: "Portishead", field: "form.other"))
        now += TypingGuard.reloadHoldSeconds - 0.2
        p.press(Key("Space"))
        XCTAssertEqual(p.currentIndex, 0, "held: within the grace after the reload")
        now += TypingGuard.holdSeconds + 0.01
        p.press(Key("Space"))
        XCTAssertEqual(p.currentIndex, 1)
    }

    /// Trial 12 F6: the console hidden for a blip (the lid, a brief mirror) and a reload that
    /// remade the scene meanwhile: the give-back waited for the old field, gone with its scene,
    /// so no field had the keys when the console was back. It waits for the console and gives
    /// the keys to the remade scene's field with the same id.
    func testAReloadWhileTheConsoleIsHiddenForABlipGivesTheKeysBackWhenItIsBack() async throws {
        let p = presentation()
        p.presenter.focus(try form(p).name)
        type(p, "Radiohead")
        p.consoleHidden = true
        XCTAssertNil(p.presenter.focusedView, "hidden: no control has the keys")
        now += 0.5
        p.replaceDeck(deck(select: "Portishead"))
        XCTAssertNil(p.presenter.focusedView, "not while the console is hidden")
        now += 0.5
        p.consoleHidden = false
        let new = try form(p)
        XCTAssertTrue(p.presenter.focusedView === new.name, "back: the remade field has the keys")
        type(p, " EEE")
        XCTAssertTrue(new.name.text.hasSuffix(" EEE"), new.name.text)
        XCTAssertEqual(p.currentIndex, 0, "no typed space became next")
    }

    /// The same with the scene kept but moved (a scene inserted before it): the field follows.
    func testAReloadThatMovesTheSceneWhileHiddenGivesTheKeysBackToo() async throws {
        let p = presentation()
        let f = try form(p)
        p.presenter.focus(f.name)
        p.consoleHidden = true
        now += 0.3
        let d = deck(select: "Radiohead")
        p.replaceDeck(Deck(title: "T", scenes: [DeckScene(kind: "form", title: "New")] + d.scenes, path: d.path))
        XCTAssertEqual(p.currentIndex, 1)
        XCTAssertTrue(try form(p) === f, "kept")
        p.consoleHidden = false
        XCTAssertTrue(p.presenter.focusedView === f.name)
    }

    func testClickingAFieldEndsTheHold() async throws {
        var g = TypingGuard()
        g.holdAfterReload(at: 10)
        XCTAssertTrue(g.holds(Key("a"), at: 10.5))
        XCTAssertTrue(g.heldAfterReload)
        XCTAssertFalse(g.holds(Key("Page Down"), at: 10.6), "clicker keys are never held")
        g.noteKey(Key("x"), intoTextField: true, at: 10.7)   // a field has the keys again
        XCTAssertNil(g.reloadHoldUntil)
        XCTAssertTrue(g.holds(Key("a"), at: 11.0), "held as typing past a field, no longer as after a reload")
        XCTAssertFalse(g.heldAfterReload)
        XCTAssertFalse(g.holds(Key("a"), at: 13.0))
    }
}
