import Foundation
import PodiumCore
import PodiumKit
import PodiumTestSupport
import XCTest

/// Jump to a slide by number (digits or `g`, then Return), the key map's mouse entries on the
/// audience window and the presenter's audience preview, and `--start-time`'s countdown: all
/// without a platform (FixedMetrics, an injected clock). Scenes keyed 1, 2, 2, 2, 3: three slides.
@MainActor
final class PageJumpAndPointerTests: XCTestCase {
    var now = 1000.0

    func make(keys: [String?] = ["1", "2", "2", "2", "3"]) -> Presentation {
        SlideOverlayTests.makePresentation(keys: keys, clock: { [unowned self] in self.now })
    }
    func labels(_ root: WindowRoot) -> [String] { root.controlTree().map(\.label) }
    func banner(_ p: Presentation) -> String? { p.console.banner.text }
    func type(_ p: Presentation, _ keys: String...) { for k in keys { p.press(Key(k)) } }

    // MARK: Jump to a slide

    func testDigitsThenReturnJumpToTheSlideAndOnlyThePresenterSeesTheNumber() async {
        let p = make()
        type(p, "3")
        XCTAssertEqual(p.pageJumpDigits, "3")
        XCTAssertEqual(banner(p)?.hasPrefix("Go to slide: 3"), true, banner(p) ?? "no banner")
        XCTAssertEqual(p.console.banner.kind, .question)
        XCTAssertFalse(labels(p.audience).contains { $0.contains("Go to slide") || $0.contains("3") }, "the room never sees the number")
        XCTAssertFalse(p.audience.drawList().commands.contains { if case let .text(b, _, _) = $0 { b.text.contains("Go to") } else { false } })
        XCTAssertEqual(p.currentIndex, 0, "nothing moves while typing")
        type(p, "Return")
        XCTAssertEqual(p.currentIndex, 4, "slide 3 is scene 5")
        XCTAssertNil(p.pageJumpDigits)
        XCTAssertNil(banner(p))
        type(p, "Keypad 2", "Keypad Enter")
        XCTAssertEqual(p.currentIndex, 1, "slide 2 starts at its first overlay; keypad digits and Enter work")
        XCTAssertTrue(p.talk.isStarted, "a jump is an advance: the timer starts")
    }

    /// Trial 12: a number typed and forgotten kept the prompt open, so Return (the clicker's
    /// next) minutes later would jump the room to that slide. Untouched for
    /// `pageJumpIdleSeconds` it closes without moving and the presenter (never the room) is told;
    /// each key it takes starts the wait again.
    func testAPromptLeftUntouchedClosesWithoutMovingAndSaysSo() async {
        let p = make()
        type(p, "3")
        now += Presentation.pageJumpIdleSeconds - 1; p.timers.fire(now: now)
        XCTAssertEqual(p.pageJumpDigits, "3", "open while the speaker may still be typing")
        type(p, "Backspace", "3")
        now += Presentation.pageJumpIdleSeconds - 1; p.timers.fire(now: now)
        XCTAssertEqual(p.pageJumpDigits, "3", "each key started the wait again")
        now += 1.5; p.timers.fire(now: now)
        XCTAssertNil(p.pageJumpDigits, "closed for want of a key")
        XCTAssertEqual(banner(p), Presentation.pageJumpTimedOut)
        XCTAssertEqual(p.console.banner.kind, .info)
        XCTAssertFalse(labels(p.audience).contains { $0.contains("Go to slide") }, "never the room")
        XCTAssertEqual(p.currentIndex, 0, "nothing moved")
        now += 4.1; p.timers.fire(now: now)
        XCTAssertNil(banner(p), "the line goes after a moment")
        type(p, "Return")
        XCTAssertEqual(p.currentIndex, 1, "Return is next again, not a jump to slide 3 (scene 5)")

        // A key while the line shows takes it away and does what it does.
        type(p, "g")
        now += Presentation.pageJumpIdleSeconds + 0.1; p.timers.fire(now: now)
        XCTAssertEqual(banner(p), Presentation.pageJumpTimedOut)
        type(p, "Page Down")
        XCTAssertNil(banner(p))
        XCTAssertEqual(p.currentIndex, 2)
    }

    /// With the console hidden the prompt shows on the room's foot bar (the speaker's only
    /// screen): a forgotten one leaves it too, and the room does not move.
    func testAForgottenPromptLeavesTheRoomsFootBarWhenTheConsoleIsHidden() async {
        let p = make()
        p.consoleHidden = true
        type(p, "3")
        XCTAssertTrue(labels(p.audience).contains { $0.contains("Go to slide: 3") }, "\(labels(p.audience))")
        now += Presentation.pageJumpIdleSeconds + 0.1; p.timers.fire(now: now)
        XCTAssertNil(p.pageJumpDigits)
        XCTAssertFalse(labels(p.audience).contains { $0.contains("Go to slide") }, "\(labels(p.audience))")
        type(p, "Return")
        XCTAssertEqual(p.currentIndex, 1, "Return is next, not the forgotten jump")
    }

    func testGOpensThePromptBackspaceEditsEscCancels() async {
        let p = make()
        type(p, "g")
        XCTAssertEqual(p.pageJumpDigits, "", "g opens it empty")
        XCTAssertNotNil(banner(p))
        type(p, "1", "2", "Backspace")
        XCTAssertEqual(p.pageJumpDigits, "1")
        type(p, "Escape")
        XCTAssertNil(p.pageJumpDigits)
        XCTAssertNil(banner(p))
        XCTAssertEqual(p.currentIndex, 0)
        XCTAssertEqual(p.audienceMode, .normal, "Esc closed the prompt and did nothing else")
        type(p, "g", "Return")
        XCTAssertEqual(p.currentIndex, 0, "Return on an empty prompt closes it without advancing")
        type(p, "Return")
        XCTAssertEqual(p.currentIndex, 1, "then Return is next again")
        type(p, "2", "Page Down")
        XCTAssertNil(p.pageJumpDigits, "another key closes the prompt…")
        XCTAssertEqual(p.currentIndex, 2, "…and does what it does")
    }

    func testANumberOutOfRangeIsRefusedOnThePresenterOnly() async {
        let p = make()
        type(p, "9", "Return")
        XCTAssertEqual(p.currentIndex, 0, "the room's slide stays")
        XCTAssertEqual(banner(p), "No slide 9: this talk has slides 1–3")
        XCTAssertEqual(p.console.banner.kind, .error)
        XCTAssertFalse(labels(p.audience).contains { $0.contains("No slide") })
        type(p, "0", "Return")
        XCTAssertEqual(p.currentIndex, 0, "0 is out of range too")
        now += 3.1
        p.timers.fire(now: now)
        XCTAssertNil(banner(p), "the refusal goes after 3 s")
        type(p, "9", "Return", "Right")
        XCTAssertEqual(p.currentIndex, 1, "a key after the refusal acts as usual")
        XCTAssertNil(banner(p))
    }

    func testDigitsTheKeyMapBindsAndAFocusedTextEntryComeFirst() async throws {
        let p = make()
        p.keyMap = try KeyMap.parse(Data(#"{"last": ["End", "2"]}"#.utf8), file: "k.json")
        type(p, "2")
        XCTAssertNil(p.pageJumpDigits, "a digit the key map binds is that action")
        XCTAssertEqual(p.currentIndex, 4)
        let field = TextField(id: "field")
        p.console.addSubview(field)
        p.presenter.layoutIfNeeded()
        p.presenter.focus(field)
        type(p, "3", "Return")
        XCTAssertNil(p.pageJumpDigits, "a text entry being typed in keeps its digits")
        XCTAssertEqual(p.currentIndex, 4)
        p.presenter.focus(nil)
        now += TypingGuard.commitHoldSeconds   // digits typed straight on after a field's Return are held (TypingGuard)
        type(p, "1")
        XCTAssertEqual(p.pageJumpDigits, "1")
        p.presenter.focus(field)
        type(p, "4")
        XCTAssertNil(p.pageJumpDigits, "focus moving into a text entry closes the prompt")
    }

    // MARK: Mouse bindings

    func audienceClick(_ p: Presentation, button: Int) {
        let c = Point(640, 360)
        p.audienceInput(.mouseDown(c, button: button, clicks: 1))
        p.audienceInput(.mouseUp(c, button: button))
    }

    func testClicksAndTheWheelOnTheAudienceWindowStep() async {
        let p = make()
        audienceClick(p, button: 1)
        XCTAssertEqual(p.currentIndex, 1, "a click advances")
        audienceClick(p, button: 1)
        XCTAssertEqual(p.currentIndex, 2)
        audienceClick(p, button: 3)
        XCTAssertEqual(p.currentIndex, 1, "a right click goes back")
        audienceClick(p, button: 2)
        XCTAssertEqual(p.currentIndex, 1, "the middle button is unbound")
        p.audienceInput(.wheel(dx: 0, dy: -1, at: Point(10, 10)))
        XCTAssertEqual(p.currentIndex, 2, "wheel down: next")
        p.audienceInput(.wheel(dx: 0, dy: -1, at: Point(10, 10)))
        XCTAssertEqual(p.currentIndex, 2, "a burst of wheel steps (a touchpad flick) steps once")
        now += 0.2
        p.audienceInput(.wheel(dx: 0, dy: 1, at: Point(10, 10)))
        XCTAssertEqual(p.currentIndex, 1, "wheel up: previous")
    }

    func testAClickOnThePresentersAudiencePreviewAdvancesButNotOnControls() async {
        let p = make()
        p.presenter.layoutIfNeeded()
        let preview = p.console.preview.convertToWindow(p.console.preview.contentRect)
        XCTAssertGreaterThan(preview.width, 100)
        p.presenter.dispatch(.mouseDown(preview.center, button: 1, clicks: 1))
        p.presenter.dispatch(.mouseUp(preview.center, button: 1))
        XCTAssertEqual(p.currentIndex, 1, "a click on the audience preview advances")
        p.presenter.dispatch(.mouseDown(preview.center, button: 3, clicks: 1))
        p.presenter.dispatch(.mouseUp(preview.center, button: 3))
        XCTAssertEqual(p.currentIndex, 0)
        p.presenter.dispatch(.wheel(dx: 0, dy: -1, at: preview.center))
        XCTAssertEqual(p.currentIndex, 1)
        // The toolbar's next button still does what it did (one step), not a step per binding.
        XCTAssertTrue(p.presenter.click(controlID: "console.next"))
        XCTAssertEqual(p.currentIndex, 2)
        // A click elsewhere on the console (the notes) is not a binding.
        let notes = p.console.notes.convertToWindow(p.console.notes.bounds)
        p.presenter.dispatch(.mouseDown(notes.center, button: 1, clicks: 1))
        p.presenter.dispatch(.mouseUp(notes.center, button: 1))
        XCTAssertEqual(p.currentIndex, 2)
    }

    func testKeyMapMouseEntriesAreValidatedAndRebindable() async throws {
        let p = make()
        p.keyMap = try KeyMap.parse(Data(#"{"next": ["Page Down", "WheelDown"], "previous": ["Page Up", "MouseLeft"], "blackout": ["b", "Ctrl+MouseRight"]}"#.utf8), file: "k.json", knownKey: { $0 == "page down" || $0 == "page up" || $0 == "b" })
        audienceClick(p, button: 1)
        XCTAssertEqual(p.currentIndex, 0, "MouseLeft moved to previous")
        p.goTo(2)
        audienceClick(p, button: 1)
        XCTAssertEqual(p.currentIndex, 1)
        audienceClick(p, button: 3)
        XCTAssertEqual(p.currentIndex, 1, "MouseRight left previous and was bound only with Ctrl")
        p.pointerModifiers = { (false, true, false) }
        audienceClick(p, button: 3)
        XCTAssertEqual(p.audienceMode, .black, "Ctrl+MouseRight: blackout")
        XCTAssertEqual(p.keyMap.keys(for: .previous).map(\.description), ["Page Up", "MouseLeft"])
        XCTAssertThrowsError(try KeyMap.parse(Data(#"{"next": ["MouseLfet"]}"#.utf8), file: "k.json", knownKey: { _ in false })) { e in
            XCTAssertEqual("\(e)".contains("k.json: next[0]: \"MouseLfet\" is not a key"), true, "\(e)")
            XCTAssertTrue("\(e)".contains("MouseLeft, MouseMiddle, MouseRight, WheelUp, WheelDown"), "\(e)")
        }
        XCTAssertThrowsError(try KeyMap.parse(Data(#"{"blackout": ["MouseLeft"], "freeze": ["mouse left"]}"#.utf8), file: "k.json"), "one mouse entry, two actions") { e in
            XCTAssertTrue("\(e)".contains("already bound"), "\(e)")
        }
    }

    /// The hook a drawing tool uses: a scene that claims pointer input gets the click first.
    func testAClaimingSceneGetsThePointerFirst() async {
        final class Claiming: Scene, ScenePointerClaiming {
            let title = "draw"; let presenterView = View(); let audienceView = View(background: .white)
            var got: [(InputEvent, Point, PointerSurface)] = []
            func claimPointer(_ event: InputEvent, atAudiencePoint p: Point, on s: PointerSurface) -> Bool { got.append((event, p, s)); return true }
        }
        let scene = Claiming()
        let r = PluginRegistry()
        r.register(PluginDescriptor(id: "t", name: "T", version: "1", sceneKinds: [SceneKind(name: "draw", summary: "") { _, _ in scene }]))
        let p = Presentation(deck: Deck(title: "T", scenes: [DeckScene(kind: "draw"), DeckScene(kind: "draw")], path: "/tmp/d.json"), registry: r, metrics: FixedMetrics())
        p.presenter.resize(to: Size(1280, 800))
        p.presenter.layoutIfNeeded()
        audienceClick(p, button: 1)
        XCTAssertEqual(p.currentIndex, 0, "the scene took the click")
        XCTAssertEqual(scene.got.count, 2, "down and up")
        XCTAssertEqual(scene.got.first?.1, Point(640, 360))
        let preview = p.console.preview.convertToWindow(p.console.preview.contentRect)
        p.presenter.dispatch(.mouseDown(preview.center, button: 1, clicks: 1))
        XCTAssertEqual(p.currentIndex, 0)
        XCTAssertEqual(scene.got.last?.2, .audiencePreview)
        XCTAssertEqual(scene.got.last?.1.x ?? 0, 640, accuracy: 2, "the preview point in audience points")
    }

    // MARK: Start time

    func testStartTimeCountsDownOnThePresenterThenStartsTheTimer() async {
        let p = make()
        var wall = Date(timeIntervalSince1970: 1_700_000_000)
        p.wallClock = { wall }
        let c = Calendar.current.dateComponents([.hour, .minute], from: wall)
        let inFive = ((c.hour! * 60 + c.minute!) + 5) % (24 * 60)
        let start = p.setStartTime(minutesAfterMidnight: inFive)
        XCTAssertNotNil(start)
        let until = p.secondsUntilStart ?? -1
        XCTAssertTrue((240...300).contains(until), "\(until) s to go")
        XCTAssertTrue(p.console.timerLabel.text.hasPrefix("starts in 0:0") || p.console.timerLabel.text.hasPrefix("starts in 5:00") || p.console.timerLabel.text.hasPrefix("starts in 4:"), p.console.timerLabel.text)
        XCTAssertFalse(labels(p.audience).contains { $0.contains("starts in") }, "only the presenter sees the countdown")
        XCTAssertFalse(p.talk.isStarted)
        wall += until; now += until
        p.timers.fire(now: now)
        XCTAssertTrue(p.talk.isStarted, "the timer starts at the start time")
        XCTAssertNil(p.secondsUntilStart)
        XCTAssertFalse(p.console.timerLabel.text.hasPrefix("starts"))
        XCTAssertEqual(p.currentIndex, 0, "starting the timer does not advance")
    }

    func testTheFirstAdvanceBeforeTheStartTimeStartsTheTimerAndAPastTimeCountsNothing() async {
        let p = make()
        let wall = Date(timeIntervalSince1970: 1_700_000_000)
        p.wallClock = { wall }
        let c = Calendar.current.dateComponents([.hour, .minute], from: wall)
        let m = c.hour! * 60 + c.minute!
        XCTAssertNotNil(p.setStartTime(minutesAfterMidnight: (m + 30) % 1440))
        p.next()
        XCTAssertTrue(p.talk.isStarted, "the first advance starts the timer before the start time")
        XCTAssertNil(p.secondsUntilStart)
        let q = make()
        q.wallClock = { wall }
        XCTAssertNil(q.setStartTime(minutesAfterMidnight: (m + 1440 - 10) % 1440), "10 minutes ago: late, no countdown")
        XCTAssertNil(q.secondsUntilStart)
        XCTAssertNotNil(q.setStartTime(minutesAfterMidnight: (m + 1440 - 13 * 60) % 1440), "13 hours ago is tomorrow's")
        XCTAssertGreaterThan(q.secondsUntilStart ?? 0, 10 * 3600)
    }
}
