import Foundation
import PodiumCore
import PodiumKit
import PodiumTestSupport
import XCTest

/// A scene with one of every kind of control in its presenter view; it records the actions it
/// was offered and may take `.next` itself (as a PDF page range does).
final class ControlsScene: Scene {
    let title = "Controls"
    let presenterView = View()
    let audienceView = View(background: Color(10, 10, 10))
    let list = ListView()
    let button: Button
    let toggle = Switch(isOn: false, id: "t.switch")
    let slider = Slider(value: 0.5, in: 0...1, step: 0.1, id: "t.slider")
    let segments = SegmentedControl(titles: ["A", "B", "C"], selected: 1, id: "t.segments")
    let field = TextField(placeholder: "Search", id: "t.field")
    var pressed = 0, committed: [String] = [], offered: [ConsoleAction] = []
    var takesNext = false

    init() {
        button = Button("Press", id: "t.button")
        button.action = { [unowned self] _ in pressed += 1 }
        list.id = "t.list"
        list.sections = [ListSection(title: "", rows: (0..<20).map { ListRow(id: "r\($0)", title: "Row \($0)") })]
        field.onCommit = { [unowned self] in committed.append($0) }
        let views: [View] = [list, button, toggle, slider, segments, field]
        for (i, v) in views.enumerated() {
            v.pins = i == 0 ? Pins(leading: 10, top: 10, width: 300, height: 300) : Pins(leading: 330, top: Double(10 + 50 * (i - 1)), width: 300, height: 40)
            presenterView.addSubview(v)
        }
    }
    func handle(_ action: ConsoleAction) -> Bool {
        offered.append(action)
        return takesNext && action == .next
    }
}

extension ControlsScene {
    /// Four scenes of controls on a 1280x800 presenter, times from `clock`.
    @MainActor static func presentation(clock: @escaping () -> Double) -> Presentation {
        let r = PluginRegistry()
        r.register(PluginDescriptor(id: "test", name: "Test", version: "1", sceneKinds: [
            SceneKind(name: "controls", summary: "") { _, _ in ControlsScene() },
        ]))
        let deck = Deck(title: "T", durationMinutes: nil,
                        scenes: (0..<4).map { DeckScene(kind: "controls", title: "Scene \($0)", notes: "", plannedSeconds: nil) },
                        path: "/tmp/t.json")
        let p = Presentation(deck: deck, registry: r, metrics: FixedMetrics(), clock: clock)
        p.presenter.resize(to: Size(1280, 800))
        return p
    }
    /// A click at the centre of `v`, as a user's.
    @MainActor static func click(_ p: Presentation, _ v: View) {
        let c = v.convertToWindow(v.bounds).center
        p.presenter.dispatch(.mouseDown(c, button: 1, clicks: 1)); p.presenter.dispatch(.mouseUp(c, button: 1))
    }
}

/// Issue 13.1: the clicker always drives the talk. Keys go through `Presentation.press` as the
/// platform sends them; the scene has every kind of control.
@MainActor
final class KeyRoutingTests: XCTestCase {
    var now = 1000.0
    var scene: ControlsScene!

    func makePresentation(keyMap: KeyMap = .standard) -> Presentation {
        let p = ControlsScene.presentation(clock: { self.now })
        p.keyMap = keyMap
        scene = p.currentScene as? ControlsScene
        return p
    }

    func click(_ p: Presentation, _ v: View) { ControlsScene.click(p, v) }
    func movePointer(_ p: Presentation, to pt: Point) { p.presenter.dispatch(.mouseMoved(pt, buttons: 0)) }

    func testClickedControlsNeverSwallowTheClickerKeys() async {
        let p = makePresentation()
        let s = scene!
        click(p, s.list)   // a click selects the row under the pointer
        let before = (s.list.selection, s.toggle.isOn, s.slider.value, s.segments.selectedIndex, s.pressed)
        var index = 0
        for control in [s.list, s.button, s.toggle, s.slider, s.segments] as [View] {
            for key in ["Page Down", "Space", "Return", "Page Up", "Page Down"] {
                p.goTo(0); index = 0
                click(p, control)
                if control === s.button { s.pressed = before.4 }
                if control === s.toggle { s.toggle.isOn = before.1 }
                movePointer(p, to: Point(1200, 700))   // the pointer moves away, as a speaker's hand does
                p.press(Key(key))
                index = key == "Page Up" ? 0 : 1
                XCTAssertEqual(p.currentIndex, index, "\(key) after a click on \(control.id ?? "?") drives the talk")
            }
        }
        XCTAssertEqual(s.list.selection, before.0, "the list selection did not move")
        XCTAssertEqual(s.slider.value, before.2, accuracy: 1e-9)
        XCTAssertEqual(s.segments.selectedIndex, before.3)
        XCTAssertEqual(s.toggle.isOn, before.1, "Space/Return never toggled the switch")
        XCTAssertEqual(s.pressed, before.4, "Space/Return never pressed the button")
    }

    func testArrowsMoveAListOnlyUnderThePointerOrAfterTab() async {
        let p = makePresentation()
        let s = scene!
        click(p, s.list)
        let clicked = s.list.selection
        XCTAssertNotNil(clicked)
        p.press(Key("Down"))
        XCTAssertEqual(p.currentIndex, 0, "pointer over the focused list: Down moves the list")
        XCTAssertEqual(s.list.selection?.row, clicked!.row + 1)
        movePointer(p, to: Point(1200, 700))
        p.press(Key("Down"))
        XCTAssertEqual(p.currentIndex, 1, "pointer elsewhere: Down is the talk's")
        XCTAssertEqual(s.list.selection?.row, clicked!.row + 1)
        p.goTo(0)
        // Tab is an explicit focus gesture: arrows go to the focused control wherever the pointer is.
        click(p, s.list); movePointer(p, to: Point(1200, 700))
        while p.presenter.focusedView !== s.slider { p.press(Key("Tab")) }
        XCTAssertTrue(p.presenter.focusedByKeyboard)
        p.press(Key("Right"))
        XCTAssertEqual(s.slider.value, 0.6, accuracy: 1e-9, "Right after Tab moves the slider")
        XCTAssertEqual(p.currentIndex, 0)
        p.press(Key("Page Down"))
        XCTAssertEqual(p.currentIndex, 1, "never PageDown, even after Tab")
        XCTAssertEqual(s.slider.value, 0.6, accuracy: 1e-9)
    }

    /// Trial 18 m5 (the README's rule): a pointer moved over a list never clicked gives it no
    /// arrows, however recently it moved: a clicker's Down moves the talk.
    func testAPointerMerelyMovedOverAListGivesItNoArrows() async {
        let p = makePresentation()
        let s = scene!
        let row = s.list.selection?.row
        let box = s.list.convertToWindow(s.list.bounds)
        XCTAssertTrue(box.width > 40 && box.height > 40 && p.presenter.bounds.contains(box.center), "the list is on the console: \(box)")
        for dx in stride(from: 0.0, through: 20, by: 5) { movePointer(p, to: Point(box.midX + dx, box.midY + dx / 2)) }
        p.press(Key("Down"))
        XCTAssertEqual(p.currentIndex, 1, "Down is the talk's")
        XCTAssertEqual(s.list.selection?.row, row, "the list did not move")
        p.goTo(0)
        click(p, s.list)   // the same place clicked: the list's
        p.press(Key("Down"))
        XCTAssertEqual(p.currentIndex, 0, "clicked, Down moves the list")
    }

    /// Trial 13 F10: a pointer left resting over a clicked list is not the speaker using it; after
    /// `pointerArrowGraceSeconds` without a move, a click or an arrow the list took, a clicker's
    /// Right/Down is the talk's again. Arrow-scrolling the list keeps it the list's.
    func testArrowsAreTheTalksOnceThePointerRestsOverAClickedList() async {
        let p = makePresentation()
        p.presenter.clock = { self.now }
        let s = scene!
        click(p, s.list)
        let clicked = s.list.selection!.row
        let grace = WindowRoot.pointerArrowGraceSeconds
        for i in 1...3 {   // the speaker scrolls with arrows, each within the interval of the last
            now += grace * 0.8
            p.press(Key("Down"))
            XCTAssertEqual(p.currentIndex, 0, "arrow \(i), the speaker is using the list: Down moves it")
            XCTAssertEqual(s.list.selection?.row, clicked + i)
        }
        now += grace + 1   // the hand leaves the mouse for the clicker
        p.press(Key("Down"))
        XCTAssertEqual(p.currentIndex, 1, "pointer resting over the list: Down is the talk's")
        XCTAssertEqual(s.list.selection?.row, clicked + 3, "the list did not move")
        p.goTo(0)
        click(p, s.list)   // touching the mouse again gives the list its arrows back
        let row = s.list.selection!.row
        p.press(Key("Down"))
        XCTAssertEqual(p.currentIndex, 0)
        XCTAssertEqual(s.list.selection?.row, row + 1)
    }

    /// Trial 16 m6: a control an open popover points into (the map under a pin's card) takes
    /// no arrows, however recently it was clicked: a clicker's Down closes the popover and moves
    /// the talk. A popover pointing elsewhere leaves the control its arrows, and a control inside
    /// the popover has them.
    func testArrowsAreTheTalksWithAPopoverPointingIntoTheClickedControl() async {
        let p = makePresentation()
        p.presenter.clock = { self.now }
        let s = scene!
        click(p, s.list)
        let row = s.list.selection!.row
        XCTAssertNotNil(p.presenter.presentPopover(View(), preferredSize: Size(200, 100), at: .view(s.list, rect: Rect(0, 0, 300, 30)), source: "test.card"))
        p.press(Key("Down"))
        XCTAssertEqual(p.currentIndex, 1, "Down moved the talk")
        XCTAssertEqual(s.list.selection?.row, row, "the list under its popover did not move")
        XCTAssertTrue(p.presenter.popovers.isEmpty, "and the popover closed")
        p.goTo(0)
        click(p, s.list)
        let clicked = s.list.selection!.row
        XCTAssertNotNil(p.presenter.presentPopover(View(), preferredSize: Size(200, 100), from: s.slider, source: "test.elsewhere"))
        p.press(Key("Down"))
        XCTAssertEqual(p.currentIndex, 0, "a popover pointing elsewhere: the list keeps its arrows")
        XCTAssertEqual(s.list.selection?.row, clicked + 1)
        let inside = ListView()
        inside.sections = [ListSection(title: "", rows: (0..<5).map { ListRow(id: "p\($0)", title: "Row \($0)") })]
        XCTAssertNotNil(p.presenter.presentPopover(inside, preferredSize: Size(200, 200), from: s.button, source: "test.list"))
        p.presenter.layoutIfNeeded()
        click(p, inside)
        let picked = inside.selection!.row
        p.press(Key("Down"))
        XCTAssertEqual(p.currentIndex, 0, "a list in the popover takes its arrows")
        XCTAssertEqual(inside.selection?.row, picked + 1)
    }

    /// A list at its last row, a slider at its end and segments at the last one take no arrow that
    /// would change nothing: a clicker's Down/Right a while after the click moves the talk instead
    /// of being lost (the map's rule, trial 16 m6, for every stock control).
    func testAnArrowAControlAtItsEndCannotUseMovesTheTalk() async {
        let p = makePresentation()
        p.presenter.clock = { self.now }
        let s = scene!
        for (control, key) in [(s.list, "Down"), (s.slider, "Right"), (s.segments, "Right")] as [(View, String)] {
            p.goTo(0)
            let scene = p.currentScene as! ControlsScene
            let target: View = control === s.list ? scene.list : control === s.slider ? scene.slider : scene.segments
            click(p, target)   // then the control is put at its end, as the speaker's arrows would
            scene.slider.value = 1; scene.segments.selectedIndex = 2; scene.list.select(ListIndexPath(0, 19))
            now += 5   // a pause: the clicker's press, not a held key's repeat
            p.press(Key(key))
            XCTAssertEqual(p.currentIndex, 1, "\(key) on \(target.id ?? "?") at its end moved the talk")
        }
        // Away from its end the control keeps its arrow.
        p.goTo(0)
        let scene = p.currentScene as! ControlsScene
        scene.slider.value = 0.5
        click(p, scene.slider)
        let v = scene.slider.value
        now += 5
        p.press(Key("Right"))
        XCTAssertEqual(p.currentIndex, 0)
        XCTAssertGreaterThan(scene.slider.value, v)
    }

    /// Trial 18b F9: a clicker pressing Down every 0.8 s after the list reached its last row had
    /// every press held back (each restarted the 1 s run). Only a key's repeats (within 0.2 s of
    /// each other) carry the run on: the first press after the end within 1 s is held, the next
    /// moves the talk. A held key's repeats stay held however long.
    func testASteadyClickerGetsPastAListsEndAHeldKeyDoesNot() async {
        let p = makePresentation()
        p.presenter.clock = { self.now }
        let s = scene!
        click(p, s.list)
        s.list.select(ListIndexPath(0, 18))
        p.press(Key("Down"))
        XCTAssertEqual(s.list.selection?.row, 19, "the list took it: its last row")
        now += 0.8; p.press(Key("Down"))
        XCTAssertEqual(p.currentIndex, 0, "within 1 s of the list's last arrow: held")
        now += 0.8; p.press(Key("Down"))
        XCTAssertEqual(p.currentIndex, 1, "the clicker's next press moves the talk")

        p.goTo(0)
        let again = p.currentScene as! ControlsScene
        click(p, again.list)
        again.list.select(ListIndexPath(0, 18))
        p.press(Key("Down"))
        for _ in 0..<60 { now += 0.04; p.press(Key("Down")) }   // held: 2.4 s of repeats
        XCTAssertEqual(p.currentIndex, 0, "a held key stops at the end")
    }

    func testEscapeAlwaysReleasesFocus() async {
        let p = makePresentation()
        let s = scene!
        p.press(Key("b"))
        for control in [s.list, s.button, s.toggle, s.slider, s.segments, s.field] as [View] {
            click(p, control)
            if p.presenter.focusedView !== control { p.presenter.focus(control) }   // as Tab would
            XCTAssertTrue(p.presenter.focusedView === control, "\(control.id ?? "?") took focus")
            p.press(Key("Escape"))
            XCTAssertNil(p.presenter.focusedView, "Esc released \(control.id ?? "?")")
            XCTAssertEqual(p.audienceMode, .black, "the Esc that released \(control.id ?? "?") left the room black")
        }
        p.press(Key("Escape"))
        XCTAssertEqual(p.audienceMode, .black, "just after leaving a field, Esc keeps the room black (trial 34 F2)")
        p.press(Key("Escape"))
        XCTAssertEqual(p.audienceMode, .normal, "Esc again is the talk's (back to live)")
        // A key between (b) is the speaker's on purpose: the Esc after it acts (review31 #5).
        click(p, s.field); p.press(Key("Escape"))
        p.press(Key("b")); p.press(Key("Escape"))
        XCTAssertEqual(p.audienceMode, .normal, "b then Esc, right after leaving a field: back to live")
        p.press(Key("b")); now += Presentation.escapeGrace + 0.1; p.press(Key("Escape"))
        XCTAssertEqual(p.audienceMode, .normal, "with nothing focused Esc is the talk's (back to live)")
    }

    func testATextFieldKeepsItsKeysUntilReturnOrEscape() async {
        let p = makePresentation()
        let s = scene!
        click(p, s.field)
        for (key, text) in [("b", "b"), ("Space", " "), ("w", "w")] {
            p.press(Key(key)); p.presenter.dispatch(.text(text))
        }
        p.press(Key("Left")); p.press(Key("Home"))
        XCTAssertEqual(s.field.text, "b w")
        XCTAssertEqual(p.audienceMode, .normal, "typing b and w did not black or white out the room")
        XCTAssertEqual(p.currentIndex, 0, "Space, Left and Home edited the field")
        p.press(Key("Return"))
        XCTAssertEqual(s.committed, ["b w"])
        XCTAssertNil(p.presenter.focusedView, "Return commits and gives the keys back")
        XCTAssertEqual(p.currentIndex, 0, "the committing Return did not also advance")
        p.press(Key("Page Down"))
        XCTAssertEqual(p.currentIndex, 1)
    }

    func testBoundKeysReachTheSceneAsActionsFirst() async throws {
        // A key map that moves `next` to "x": the scene is offered `.next`, whatever the key.
        let map = try KeyMap.parse(Data(#"{"next": ["x"]}"#.utf8), file: "k.json")
        let p = makePresentation(keyMap: map)
        let s = scene!
        s.takesNext = true
        p.press(Key("x"))
        XCTAssertEqual(s.offered, [.next])
        XCTAssertEqual(p.currentIndex, 0, "the scene used next")
        s.takesNext = false
        p.press(Key("x"))
        XCTAssertEqual(p.currentIndex, 1, "the scene left next to the host")
        p.press(Key("Page Down"))
        XCTAssertEqual(p.currentIndex, 1, "Page Down is no longer bound")
    }

    /// Opens a panel with `open`, presses each key that covers the room (the clicker's blank key
    /// `b`/`.`, `w`, `f`): it closes the panel (`isOpen`), covers the room, moves nothing, and
    /// one Esc then gives the live talk back.
    func checkCoverKeysClose(_ panel: String, open: String, isOpen: (Presentation) -> Bool) {
        let p = makePresentation()
        p.press(Key("Page Down"))
        for (key, check) in [("b", { p.audienceMode == .black }), (".", { p.audienceMode == .black }),
                             ("w", { p.audienceMode == .white }), ("f", { p.isFrozen })] as [(String, () -> Bool)] {
            p.press(Key(open))
            XCTAssertTrue(isOpen(p))
            p.press(Key(key))
            XCTAssertFalse(isOpen(p), "\(key) closes the \(panel)")
            XCTAssertTrue(check(), "\(key) covers the room too")
            XCTAssertEqual(p.currentIndex, 1, "\(key) moves nothing")
            p.press(Key("Escape"))   // the first Esc: back to the live talk
            XCTAssertEqual(p.audienceMode, .normal, "\(key): Esc lifted the cover"); XCTAssertFalse(p.isFrozen)
        }
    }

    /// The key help takes keys while open, but the keys that cover the room close it and act, as
    /// next/previous do: never only a close.
    func testKeysThatCoverTheRoomActOverTheKeyHelp() async {
        checkCoverKeysClose("help", open: "F1") { $0.isHelpOpen }
    }

    /// Trial 29 m7: over the overview too the keys that cover the room close it and cover, as
    /// the README says; the first Esc after then lifts the cover (no overview left to close).
    func testKeysThatCoverTheRoomCloseTheOverview() async {
        checkCoverKeysClose("overview", open: "o") { $0.isOverviewOpen }
    }

    func testDerailingKeysAskWhileTheTalkRuns() async {
        let p = makePresentation()
        var quits = 0, swaps = 0
        p.onQuit = { quits += 1 }
        p.onSwapDisplays = { swaps += 1 }
        p.press(Key("s"))
        XCTAssertEqual(swaps, 0, "s asks even before the talk starts: a stray one would put the console on the room's display")
        XCTAssertTrue(p.question?.hasPrefix("Swap the presenter and audience displays?") == true)
        XCTAssertEqual(p.question, "Swap the presenter and audience displays? y swaps · any other key cancels")
        p.press(Key("s"))
        XCTAssertEqual(swaps, 0, "s again at typing pace (\"ss\" in a word) is not an answer")
        XCTAssertNotNil(p.question, "the question stays open")
        now += 0.3
        // Trial 33 F2: pdfpc's s starts the timer; pressed again, it swapped the console and
        // its notes onto the room's display. s again says no, and the speaker is told why.
        p.press(Key("s"))
        XCTAssertEqual(swaps, 0, "s again does not swap")
        XCTAssertNil(p.question)
        XCTAssertTrue(p.console.banner.text?.hasPrefix("Not swapped: s twice does not swap the displays, y does. The talk timer starts with the first advance") == true, p.console.banner.text ?? "nil")
        p.press(Key("s")); now += 0.3
        p.press(Key("y"))
        XCTAssertEqual(swaps, 1, "y confirms")
        now += 1   // a moment later: different keys in quick succession are typing (`TypingGuard`)
        p.press(Key("q"))
        XCTAssertEqual(quits, 1, "before the talk starts q acts at once")
        p.press(Key("Page Down"))   // the talk starts
        p.press(Key("q"))
        XCTAssertEqual(quits, 1)
        XCTAssertEqual(p.question, "Quit the talk? q again to confirm · any other key cancels")
        XCTAssertEqual(p.presenter.controlTree().first { $0.id == "console.banner" }?.label, p.question, "shown on the presenter view")
        XCTAssertFalse(p.audience.controlTree().contains { $0.role == "alert" }, "never on the audience view")
        p.press(Key("Escape"))
        XCTAssertNil(p.question)
        XCTAssertEqual(quits, 1, "Esc cancels")
        p.press(Key("q")); now += 0.3; p.press(Key("q"))
        XCTAssertEqual(quits, 2, "q again confirms")
        // Return is the clicker's next: it cancels a stray q and advances, never quits.
        p.press(Key("q")); p.press(Key("Return"))
        XCTAssertEqual(quits, 2, "Return is not an answer while it is a key of the talk")
        XCTAssertNil(p.question)
        XCTAssertEqual(p.currentIndex, 2, "Return advanced")
        p.press(Key("Page Up"))
        p.press(Key("q"))
        now += 3.1
        p.timers.fire(now: now)
        XCTAssertNil(p.question, "the question times out after 3 s")
        p.press(Key("q"))
        XCTAssertEqual(quits, 2, "asked again, not quit")
        p.press(Key("Escape"))
        p.press(Key("s"))
        XCTAssertEqual(swaps, 1, "s asks while running")
        XCTAssertTrue(p.question?.hasPrefix("Swap the presenter and audience displays?") == true)
        p.press(Key("Page Down"))
        XCTAssertNil(p.question, "another key cancels the question")
        XCTAssertEqual(p.currentIndex, 2, "and still drives the talk")
        XCTAssertEqual(swaps, 1)
        p.press(Key("Q", control: true))
        XCTAssertEqual(quits, 3, "Ctrl+Q quits at once")
        XCTAssertTrue(p.perform(.swapDisplays))
        XCTAssertEqual(swaps, 2, "the control socket's swap (perform) stays immediate")
    }

    /// With nothing to swap (the lid closed: the room's display is the only one; one display),
    /// `s` asks nothing: the question showed on the room's display and yes did nothing (trial 22
    /// m7). The speaker is told on the console; the swap is not called.
    func testSwapAsksNothingWhenThereIsNothingToSwap() async {
        let p = makePresentation()
        var swaps = 0, logged: [String] = []
        p.onSwapDisplays = { swaps += 1 }
        p.canSwapDisplays = { false }
        p.log = { logged.append($0) }
        p.press(Key("Page Down"))   // the talk runs
        p.press(Key("s"))
        XCTAssertNil(p.question, "no question")
        XCTAssertEqual(swaps, 0)
        XCTAssertTrue(p.console.banner.text?.hasPrefix("Nothing to swap") == true, p.console.banner.text ?? "nil")
        XCTAssertTrue(logged.contains { $0.contains("nothing to swap") }, "\(logged)")
        p.canSwapDisplays = { true }
        p.press(Key("s"))
        XCTAssertTrue(p.question?.hasPrefix("Swap the presenter and audience displays?") == true, "asks again once there is")
    }

    /// The presenter window's close button is `q` (`request(.quit)`): a second close while its
    /// question is open confirms, as `q` again does.
    func testAskingAgainConfirms() async {
        let p = makePresentation()
        var quits = 0
        p.onQuit = { quits += 1 }
        p.press(Key("Page Down"))   // the talk starts
        p.request(.quit)
        XCTAssertEqual(quits, 0)
        XCTAssertTrue(p.question?.hasPrefix("Quit the talk?") == true)
        p.request(.quit)
        XCTAssertEqual(quits, 1, "asked again: yes")
        XCTAssertNil(p.question)
    }

    func testF5MidTalkOnlyShowsTheHint() async {
        let p = makePresentation()
        p.press(Key("Page Down")); p.press(Key("Page Down"))
        now += 60
        p.press(Key("F5"))
        XCTAssertEqual(p.currentIndex, 2, "F5 from a clicker mid-talk changes nothing")
        XCTAssertEqual(p.timerReadout.elapsed, 60)
        XCTAssertNotNil(p.question)
        p.press(Key("Page Down"))
        XCTAssertEqual(p.currentIndex, 3)
        XCTAssertEqual(p.timerReadout.elapsed, 60, "the timer kept running")
    }

    /// A held key's repeat, as SDL marks X's autorepeat (`Key.isRepeat`).
    func held(_ binding: String) -> Key { var k = Key(binding: binding)!; k.isRepeat = true; return k }

    /// Presses `binding` and holds it for `seconds`: X's first repeat after 0.66 s, then every 0.04 s.
    func hold(_ p: Presentation, _ binding: String, seconds: Double = 1.5) {
        p.press(Key(binding: binding)!)
        var t = 0.66
        now += t
        while t < seconds { p.press(held(binding)); now += 0.04; t += 0.04 }
    }

    /// A held arrow's repeats, marked as such, keep a list's held-back run going even when they
    /// come late (a loaded machine delivering them 0.8 s apart): the talk stays.
    func testMarkedRepeatsHoldAtAListsEndHoweverLate() async {
        let p = makePresentation()
        p.presenter.clock = { self.now }
        click(p, scene.list)
        scene.list.select(ListIndexPath(0, 18))
        p.press(Key("Down"))
        XCTAssertEqual(scene.list.selection?.row, 19)
        for _ in 0..<4 { now += 0.8; p.press(held("Down")) }
        XCTAssertEqual(p.currentIndex, 0, "a held key stops at the end")
    }

    /// Trial 19 F1, F6: a held q, s or F5 asks once; its repeats (past `confirmRepeatSeconds`)
    /// never answer; a fresh press of the key confirms, and the question goes with the answer.
    func testAHeldKeyNeverAnswersItsOwnQuestion() async {
        let p = makePresentation()
        var quits = 0, swaps = 0
        p.onQuit = { quits += 1 }
        p.onSwapDisplays = { swaps += 1 }
        p.press(Key("Page Down")); p.press(Key("Page Down"))   // the talk runs, on scene 2
        now += 60
        for (key, prefix, yes) in [("q", "Quit the talk?", "q"), ("s", "Swap the presenter", "y"), ("F5", "Restart from the first scene", "F5")] {
            let before = (quits, swaps)
            hold(p, key)
            XCTAssertTrue(before == (quits, swaps), "held \(key): neither quit nor swapped")
            XCTAssertEqual(p.currentIndex, 2, "held \(key): the talk stays where it is")
            XCTAssertTrue(p.question?.hasPrefix(prefix) == true, "held \(key): still asking: \(p.question ?? "nil")")
            now += 0.5
            p.press(Key(binding: yes)!)
            XCTAssertNil(p.question, "\(key) pressed again: answered, and the question goes")
        }
        XCTAssertEqual(quits, 1, "a fresh q confirms"); XCTAssertEqual(swaps, 1, "a fresh y confirms the swap")
        XCTAssertEqual(p.currentIndex, 0, "a fresh F5 restarts")
        XCTAssertEqual(p.timerReadout.elapsed, 0, accuracy: 0.01)
    }

    /// Trial 19 F2: a held cover key covers the room once, however long it is held; pressed
    /// again it uncovers. So for every key that toggles (freeze, the timer's pause, the overview).
    func testAHeldToggleKeyTogglesOnce() async {
        let p = makePresentation()
        p.press(Key("Page Down"))
        for (key, on) in [("b", { p.audienceMode == .black }), (".", { p.audienceMode == .black }),
                          ("w", { p.audienceMode == .white }), ("f", { p.isFrozen }),
                          ("t", { p.timerReadout.paused }), ("o", { p.isOverviewOpen })] as [(String, () -> Bool)] {
            hold(p, key)
            XCTAssertTrue(on(), "held \(key): on, once")
            now += 0.5
            hold(p, key, seconds: 1.2)
            XCTAssertFalse(on(), "\(key) held again: off, once")
        }
        // Held Down (next) still walks: one scene a repeat.
        p.goTo(0)
        hold(p, "Down", seconds: 0.72)   // the press and two repeats
        XCTAssertEqual(p.currentIndex, 3, "a held next walks on")
    }
}
