import Foundation
import PodiumCore
import PodiumKit
import PodiumTestSupport
import XCTest

/// A scene with an "Actions…" button whose sheet's first item takes the talk elsewhere (the band
/// list's "Search the Web" opened a web search scene), a text field, and a record of the keys the
/// host offered it.
final class ActionsScene: Scene {
    let title = "Actions"
    let presenterView = View()
    let audienceView = View(background: Color(20, 20, 20))
    let actions = Button("Actions…", id: "a.actions")
    let rename = Button("Rename…", id: "a.rename")
    let field = TextField(placeholder: "Band name", id: "a.name")
    let context: SceneContext
    var ran: [String] = [], unhandled: [String] = []
    init(_ context: SceneContext) {
        self.context = context
        actions.action = { [unowned self] b in openActions() }
        presenterView.addSubview(actions.pinned(Pins(leading: 20, top: 20, width: 120, height: 34)))
        presenterView.addSubview(rename.pinned(Pins(leading: 160, top: 20, width: 120, height: 34)))
        presenterView.addSubview(field.pinned(Pins(leading: 20, top: 80, width: 300, height: 34)))
    }
    @discardableResult
    func openActions() -> Bool {
        context.presentActionSheet(ActionSheet(actions: [
            .init("Search the Web") { [unowned self] in ran.append("search") },
            .init("Find Record Stores") { [unowned self] in ran.append("stores") },
        ]), from: actions, source: "a.actions") != nil
    }
    /// A popover with a field that has the keys (Return renames), as a search or rename box.
    @discardableResult
    func openRename() -> TextField? {
        let f = TextField(placeholder: "New name", id: "a.rename.field")
        f.onCommit = { [unowned self] in ran.append("rename \($0)") }
        guard context.presentPopover(f, preferredSize: Size(240, 34), from: rename, source: "a.rename") != nil else { return nil }
        f.becomeFocused()
        return f
    }
    func handleUnhandledKey(_ key: Key) -> Bool { unhandled.append(key.name); return false }
}

/// Trial 10 F9, F5: with the lid closed (only the room's display left; `consoleHidden`) the
/// speaker sees only the room. A popover, the overview or a field left open on the hidden
/// console took Down/Return/Space unseen: an Actions item ran, the room jumped 12 scenes. Keys
/// go through `Presentation.press` as the platform sends them.
@MainActor
final class HiddenConsoleKeysTests: XCTestCase {
    var now = 1000.0
    var scenes: [ActionsScene] = []

    func presentation(count: Int = 20) -> Presentation {
        let r = PluginRegistry()
        r.register(PluginDescriptor(id: "test", name: "Test", version: "1", sceneKinds: [
            SceneKind(name: "actions", summary: "") { _, ctx in let s = ActionsScene(ctx); self.scenes.append(s); return s },
        ]))
        let deck = Deck(title: "T", scenes: (0..<count).map { DeckScene(kind: "actions", title: "Scene \($0 + 1)") }, path: "/tmp/t.json")
        let p = Presentation(deck: deck, registry: r, metrics: FixedMetrics(), clock: { [unowned self] in self.now })
        p.presenter.resize(to: Size(1280, 800)); p.audience.resize(to: Size(1920, 1080))
        _ = p.presenter.renderFrame()
        return p
    }
    func scene(_ p: Presentation) throws -> ActionsScene { try XCTUnwrap(p.currentScene as? ActionsScene) }
    func press(_ p: Presentation, _ names: String...) { for n in names { p.press(Key(n)); now += 0.2; p.timers.fire(now: now) } }

    func testPopoversOpenWhenTheLidClosesCloseAndDownReturnStepTheTalk() async throws {
        let p = presentation()
        p.goTo(1)
        var s = try scene(p)
        // With the console seen, a popover's field has the keys: Space and Return are its.
        let field = try XCTUnwrap(s.openRename())
        _ = p.presenter.renderFrame()
        p.press(Key("x")); p.presenter.dispatch(.text("x")); p.press(Key("Space")); p.presenter.dispatch(.text(" "))
        XCTAssertEqual(field.text, "x ")
        press(p, "Return")
        XCTAssertEqual(s.ran, ["rename x "], "the open popover's field takes Return while the speaker sees it")
        XCTAssertEqual(p.currentIndex, 1)

        // The Actions… sheet open as in the trial, then the lid closes: it goes, nothing ran.
        s.ran = []
        now += 2
        press(p, "Escape")   // the rename box closes
        XCTAssertTrue(p.presenter.popovers.isEmpty)
        XCTAssertTrue(p.presenter.click(controlID: "a.actions"))
        _ = p.presenter.renderFrame()
        XCTAssertEqual(p.presenter.popovers.count, 1)
        p.consoleHidden = true
        XCTAssertTrue(p.presenter.popovers.isEmpty, "no popover stays open on a console no one sees")
        // Down and Return are `next`: one step each, as the speaker looking at the room expects.
        press(p, "Down", "Return")
        XCTAssertEqual(p.currentIndex, 3, "two keys, two steps")
        XCTAssertEqual(s.ran, [], "nothing hidden ran")

        // The rename box with the keys when the lid closes: it goes with its focus.
        p.consoleHidden = false
        s = try scene(p)
        XCTAssertNotNil(s.openRename())
        XCTAssertTrue(p.presenter.focusedView?.isTextEntry == true)
        p.consoleHidden = true
        XCTAssertTrue(p.presenter.popovers.isEmpty)
        XCTAssertNil(p.presenter.focusedView)
        press(p, "Return")
        XCTAssertEqual(p.currentIndex, 4)
        XCTAssertEqual(s.ran, [], "Return renamed nothing unseen")

        // A plugin opening a popover while hidden (its field focused) gets no keys either.
        s = try scene(p)
        let late = try XCTUnwrap(s.openRename())
        press(p, "Space")
        XCTAssertEqual(p.currentIndex, 5)
        XCTAssertEqual(late.text, "")
        XCTAssertTrue(p.presenter.popovers.isEmpty)

        // The lid opens: the console shows the current place; nothing reopens by itself.
        p.consoleHidden = false
        _ = p.presenter.renderFrame()
        XCTAssertTrue(p.presenter.popovers.isEmpty)
        XCTAssertEqual(p.currentIndex, 5)
        XCTAssertTrue(try scene(p).actions.isVisibleInWindow, "the console shows the current scene")
        XCTAssertFalse(p.isOverviewOpen)
    }

    func testTheOverviewAndHelpCloseWhenTheLidClosesAndKeysDriveTheTalk() async throws {
        let p = presentation(count: 30)
        press(p, "Tab", "Down")
        XCTAssertTrue(p.isOverviewOpen)
        let selected = p.console.overview.selected
        XCTAssertGreaterThan(selected, 0, "Down moves the overview's selection while it is seen")
        XCTAssertEqual(p.currentIndex, 0)

        p.consoleHidden = true
        XCTAssertFalse(p.isOverviewOpen, "the overview closes with the console")
        press(p, "Down", "Down", "Return")
        XCTAssertEqual(p.currentIndex, 3, "each key one step, no jump to a hidden selection")
        // Tab and ? open nothing on nobody's screen: the next keys are still the talk's.
        press(p, "Tab", "Down")
        XCTAssertFalse(p.isOverviewOpen)
        XCTAssertEqual(p.currentIndex, 4)
        p.press(Key("?")); p.press(Key("/", shift: true)); press(p, "F1")
        XCTAssertFalse(p.isHelpOpen)
        press(p, "Left")
        XCTAssertEqual(p.currentIndex, 3)

        // Help open when the lid closes: closed too.
        p.consoleHidden = false
        p.perform(.help)
        XCTAssertTrue(p.isHelpOpen)
        p.consoleHidden = true
        XCTAssertFalse(p.isHelpOpen)
        press(p, "Page Down")
        XCTAssertEqual(p.currentIndex, 4)
        // Blackout is the talk's as ever.
        press(p, "b")
        XCTAssertEqual(p.audienceMode, AudienceMode.black)
        press(p, "b")

        p.consoleHidden = false
        XCTAssertFalse(p.isOverviewOpen, "nothing reopens when the console is back")
        XCTAssertFalse(p.isHelpOpen)
        XCTAssertEqual(p.currentIndex, 4)
    }

    func testAFocusedFieldLosesTheKeysWhileTheLidIsClosedAndKeepsItsText() async throws {
        let p = presentation()
        let s = try scene(p)
        p.presenter.focus(s.field)
        for ch in "Sigur" { p.press(Key(String(ch).lowercased(), shift: ch.isUppercase)); p.presenter.dispatch(.text(String(ch))) }
        XCTAssertEqual(s.field.text, "Sigur")
        now += 0.1
        p.consoleHidden = true
        XCTAssertNil(p.presenter.focusedView, "text focus is dropped")
        XCTAssertEqual(s.field.text, "Sigur", "what was typed stays")
        // Space typed right after is typing (trial 20 F3): held, not `next`. Its text event
        // reaches no field. After a pause it is the talk's: the lid was closed on purpose.
        p.press(Key("Space")); p.presenter.dispatch(.text(" "))
        XCTAssertEqual(p.currentIndex, 0, "typing on is held")
        now += Presentation.blipSeconds + 0.1
        p.press(Key("Space")); p.presenter.dispatch(.text(" "))
        XCTAssertEqual(p.currentIndex, 1)
        XCTAssertEqual(s.field.text, "Sigur")
        // A key a scene would take on the console (a search field's "/") is not offered to it.
        let next = try scene(p)
        now += 0.5   // a speaker's keys, a moment apart (three quick different keys are typing)
        p.press(Key("/")); p.presenter.dispatch(.text("/"))
        XCTAssertEqual(next.unhandled, [])
        XCTAssertNil(p.presenter.focusedView)
        // Digits open the go-to-slide prompt, which the room's foot bar shows the speaker.
        now += 0.5
        p.press(Key("5"))
        XCTAssertEqual(p.pageJumpDigits, "5")
        p.press(Key("Return"))
        XCTAssertEqual(p.currentIndex, 4)

        p.consoleHidden = false
        XCTAssertNil(p.presenter.focusedView, "focus does not come back by itself")
        XCTAssertEqual(p.notice?.text, Presentation.keysHeldWhileHiddenNotice(1, fieldHasKeys: false), "the console says a typed key was held")
    }

    /// Trial 20 F3: "Sigur", then the displays mirror for a moment and " Ros band" is typed on.
    /// Those keys (next, blackout, the pen, the swap question…) are typing, held whatever the
    /// console's state, while a clicker's keys act at once; the field that had the keys gets
    /// them back after a blip, and the console says how many typed keys were held.
    func testTypingOnThroughABlipIsHeldAndTheConsoleSaysSo() async throws {
        let p = presentation()
        p.goTo(1)
        let s = try scene(p)
        p.presenter.focus(s.field)
        func type(_ text: String) {
            for ch in text {
                p.press(Key(ch == " " ? "Space" : String(ch).lowercased(), shift: ch.isUppercase)); p.presenter.dispatch(.text(String(ch)))
                now += 0.12; p.timers.fire(now: now)
            }
        }
        type("Sigur")
        now += 0.3
        p.consoleHidden = true   // mirrored
        type(" Ros band")
        XCTAssertEqual(p.currentIndex, 1, "the room stays on its scene")
        XCTAssertEqual(p.audienceMode, AudienceMode.normal, "b did not black it out")
        XCTAssertNil(p.question, "s did not ask to swap the displays")
        XCTAssertNil(p.pageJumpDigits)
        XCTAssertEqual(s.field.text, "Sigur", "the held keys went nowhere")
        p.consoleHidden = false   // 1.4 s later: a blip
        XCTAssertTrue(p.presenter.focusedView === s.field, "held typing is no key for the talk: the field has the keys again")
        XCTAssertEqual(p.notice?.text, Presentation.keysHeldWhileHiddenNotice(9, fieldHasKeys: true))
        type("x")
        XCTAssertEqual(s.field.text, "Sigurx")

        // Hidden again while typing, for longer, and the speaker also presses Page Down: the
        // clicker's key acts at once, typing around it stays held; after a pause, b is the talk's.
        now += 0.2
        p.consoleHidden = true
        now += 1.5   // rearranging the displays took longer than the guard's second
        type("n")
        XCTAssertEqual(p.currentIndex, 1)
        press(p, "Page Down")
        XCTAssertEqual(p.currentIndex, 2, "Page Down is never held")
        type("b d")
        XCTAssertEqual(p.currentIndex, 2)
        XCTAssertEqual(p.audienceMode, AudienceMode.normal)
        now += Presentation.blipSeconds
        press(p, "b")
        XCTAssertEqual(p.audienceMode, AudienceMode.black, "typing stopped: b covers the room")
        press(p, "b")
        p.consoleHidden = false
        XCTAssertNil(p.presenter.focusedView, "a key went to the talk: the field's moment passed")
        XCTAssertEqual(p.notice?.text, Presentation.keysHeldWhileHiddenNotice(4, fieldHasKeys: false))
    }


    /// Hidden for a blip (outputs briefly overlapping while a projector is plugged) with no key
    /// pressed: the field that had the keys has them again, so typing goes on. Not after a key
    /// went to the talk, nor after a longer time hidden.
    func testAFieldGetsItsKeysBackAfterABlipWithNoKeyPressed() async throws {
        let p = presentation()
        let s = try scene(p)
        p.presenter.focus(s.field)
        p.consoleHidden = true
        XCTAssertNil(p.presenter.focusedView)
        now += 0.5
        p.consoleHidden = false
        XCTAssertTrue(p.presenter.focusedView === s.field, "back after a blip: the typing goes on")
        p.press(Key("Space")); p.presenter.dispatch(.text(" "))
        XCTAssertEqual(s.field.text, " ")
        XCTAssertEqual(p.currentIndex, 0)

        // A key while hidden went to the talk: no field takes the keys when the console is back.
        p.consoleHidden = true
        press(p, "Left")   // already on the first scene: nothing moves, but the key was the talk's
        p.consoleHidden = false
        XCTAssertNil(p.presenter.focusedView)

        // Hidden for longer than a blip: focus stays dropped.
        p.presenter.focus(s.field)
        p.consoleHidden = true
        now += Presentation.blipSeconds + 0.1
        p.consoleHidden = false
        XCTAssertNil(p.presenter.focusedView)
    }
}
