import Foundation
import PodiumCore
import PodiumKit
import PodiumTestSupport
import XCTest

/// Keys typed on past a text field are not talk keys (`TypingGuard`, disable-while-typing).
/// The fresh-user trial: Bands → + Add → "Pearl Jam" → Tab → "Seattle band" paused the timer,
/// moved two scenes on and blacked out the room.
@MainActor
final class TypingGuardTests: XCTestCase {
    var now = 1000.0
    var scene: ControlsScene!

    func makePresentation() -> Presentation {
        let p = ControlsScene.presentation(clock: { [unowned self] in self.now })
        scene = p.currentScene as? ControlsScene
        return p
    }

    /// Types `text` key by key as SDL sends it (a key, then its text), 0.15 s apart.
    func type(_ p: Presentation, _ text: String) {
        for ch in text {
            let name = ch == " " ? "Space" : String(ch).lowercased()
            p.press(Key(name, shift: ch.isUppercase))
            p.presenter.dispatch(.text(String(ch)))
            now += 0.15
        }
    }

    func banner(_ p: Presentation) -> String? { p.presenter.controlTree().first { $0.id == "console.banner" }?.label }

    /// Trial 33 m7: a pdfpc user pressed `n` (pdfpc < 4.3: edit the note), then typed "check
    /// numbers" with no field to take it: the room went on three slides, blacked out, and the swap
    /// question opened. Typing is told from talk keys by its run of different keys, one of them
    /// a key a speaker does not press so fast (c, h): from the third such key the rest is held.
    func testTypingWithNoFieldIsHeldOnceItIsARunOfKeys() async {
        let p = makePresentation()
        p.press(Key("n"))
        XCTAssertEqual(p.currentIndex, 1, "n alone is next, as bound")
        now += 1.2
        type(p, "check numbers")
        XCTAssertEqual(p.currentIndex, 1, "Space and n in the typing did not move the room")
        XCTAssertEqual(p.audienceMode, AudienceMode.normal, "b did not black it out")
        XCTAssertEqual(banner(p), Presentation.burstTypingHint, "the presenter says why (no swap question)")
        XCTAssertFalse(p.audience.controlTree().contains { $0.label == Presentation.burstTypingHint }, "never the room")
        // A cover key after a pause longer than typing's is the speaker's (review32 #4: hammering
        // b at 0.5 s never covered the room, each press extending the hold).
        now += 0.5
        p.press(Key("b"))
        XCTAssertEqual(p.audienceMode, AudienceMode.black, "b, half a second after the typing, covers the room")
        now += 0.5; p.press(Key("b"))
        XCTAssertEqual(p.audienceMode, AudienceMode.normal, "and b again lifts it: the hold ended")
        // A held key's repeats are one key (review32 #5): a held j and then k make no run.
        now += 1.2; p.press(Key("j"))
        var held = Key("j"); held.isRepeat = true
        for _ in 0..<5 { now += 0.03; p.press(held) }
        now += 0.1; p.press(Key("b"))
        XCTAssertEqual(p.audienceMode, AudienceMode.black, "b after a held j acts")
        p.press(Key("b"))
        // A speaker's keys in quick succession are no typing: one key again, or bound keys only.
        now += 0.2; p.press(Key("Space")); now += 0.2; p.press(Key("Space")); now += 0.2; p.press(Key("Space"))
        XCTAssertEqual(p.currentIndex, 3, "Space Space Space goes on three")
        now += 0.2; p.press(Key("p")); now += 0.2; p.press(Key("b")); now += 0.2; p.press(Key("b"))
        XCTAssertEqual(p.currentIndex, 2, "p")
        XCTAssertEqual(p.audienceMode, AudienceMode.normal, "b, b: black and back")
        now += 1.2; p.press(Key("j")); now += 0.2; p.press(Key("j")); now += 0.2; p.press(Key("j")); now += 0.5; p.press(Key("b"))
        XCTAssertEqual(p.audienceMode, AudienceMode.black, "one key again (a video's seek) is no typing")
        p.press(Key("b"))
        // Keys a second apart are not a run either, even unbound ones.
        now += 1.2; p.press(Key("c")); now += 0.5; p.press(Key("h")); now += 0.5; p.press(Key("b"))
        XCTAssertEqual(p.audienceMode, AudienceMode.black, "b after slow unbound keys acts")
    }

    /// Trial 36: "system" typed with no field swapped the displays (s asked, y answered 150 ms
    /// later: the console and its notes went to the projector), then t paused the timer.
    func testAWordWithSYNeverSwapsTheDisplays() async {
        let p = makePresentation()
        var swaps = 0
        p.onSwapDisplays = { swaps += 1 }
        p.press(Key("Page Down")); now += 1   // the talk runs
        let running = p.timerReadout.running
        type(p, "system")
        XCTAssertEqual(swaps, 0, "y typed after s is no answer")
        XCTAssertNil(p.question, "the question the typing opened is gone")
        XCTAssertEqual(p.timerReadout.running, running, "t did not pause the timer")
        XCTAssertEqual(banner(p), Presentation.burstTypingHint)
        // s, then y a quarter second on, is read first: not an answer; a moment later it is.
        now += 1.2
        p.press(Key("s")); now += 0.15; p.press(Key("y"))
        XCTAssertEqual(swaps, 0)
        XCTAssertNotNil(p.question, "the question stays")
        now += 0.5; p.press(Key("y"))
        XCTAssertEqual(swaps, 1, "y after reading the question swaps")
        // "about": its b covered the room before the run was seen to be typing; that goes back.
        now += 1.2
        type(p, "about")
        XCTAssertEqual(p.audienceMode, AudienceMode.normal, "the b of about does not leave the room black")
        XCTAssertEqual(banner(p), Presentation.burstTypingHint)
        // A command, then next twice (clear the drawing, on, on), is no typing (trial 36 m8).
        now += 1.2
        let at = p.currentIndex
        p.press(Key("c")); now += 0.15; p.press(Key("Space")); now += 0.15; p.press(Key("Space"))
        XCTAssertEqual(p.currentIndex, at + 2, "both Spaces went on")
    }

    func testTypingOnPastAFieldNeverDrivesTheTalk() async {
        let p = makePresentation()
        let s = scene!
        p.press(Key("Page Down")); p.goTo(0)   // the talk runs
        let elapsedBefore = p.timerReadout.running
        ControlsScene.click(p, s.field)
        type(p, "Pearl Jam")
        XCTAssertEqual(s.field.text, "Pearl Jam")
        p.press(Key("Tab"))   // focus moves on to the next control, no text entry
        XCTAssertFalse(p.presenter.focusedView?.isTextEntry ?? false)
        type(p, "Seattle band")
        XCTAssertEqual(p.currentIndex, 0, "Space and n did not move the talk")
        XCTAssertEqual(p.audienceMode, AudienceMode.normal, "b did not black out the room")
        XCTAssertEqual(p.timerReadout.running, elapsedBefore, "t did not pause the timer")
        XCTAssertEqual(banner(p), Presentation.typingHint, "the presenter says why")
        XCTAssertFalse(p.audience.controlTree().contains { $0.label == Presentation.typingHint }, "never the room")
        // Clicker keys work at once, even inside the window.
        p.press(Key("Page Down"))
        XCTAssertEqual(p.currentIndex, 1, "Page Down is never held")
        p.press(Key("Page Up")); p.press(Key("Right"))
        XCTAssertEqual(p.currentIndex, 1, "arrows and Page Up are never held")
        // After a moment without typing the letters are the talk's again.
        now += TypingGuard.holdSeconds + 0.01
        p.press(Key("b"))
        XCTAssertEqual(p.audienceMode, AudienceMode.black, "b blacks out once typing stopped")
        now += 3; p.timers.fire(now: now)
        XCTAssertNotEqual(banner(p), Presentation.typingHint, "the hint goes away")
    }

    /// Trial 17 m2: a speaker typed into a field, turned to the room, and pressed the clicker's
    /// blank button (`.`): the field took it, as a field keeps its keys, and nothing said why the
    /// room stayed lit. The console now says so; typing on at speed says nothing.
    func testABlankKeyTypedIntoAFieldAfterAPauseIsNamedOnTheConsole() async {
        let p = makePresentation()
        let s = scene!
        ControlsScene.click(p, s.field)
        type(p, "live b.")
        XCTAssertEqual(s.field.text, "live b.")
        XCTAssertNotEqual(banner(p), Presentation.coverTypedHint(Key(".")), "typing at speed: no notice")
        now += Presentation.pausedTypingSeconds + 0.5
        type(p, ".")
        XCTAssertEqual(s.field.text, "live b..", "the field keeps its keys")
        XCTAssertEqual(p.audienceMode, AudienceMode.normal)
        XCTAssertEqual(banner(p), Presentation.coverTypedHint(Key(".")))
        XCTAssertFalse(p.audience.controlTree().contains { $0.label.contains("went into the text field") }, "never the room")
        // Esc leaves the field: the same key covers the room.
        p.press(Key("Escape"))
        now += TypingGuard.holdSeconds + 0.1
        p.press(Key("."))
        XCTAssertEqual(p.audienceMode, AudienceMode.black)
    }

    /// Trial 28 m6: clicking a field and typing a word that starts with b said "“B” went into the
    /// text field…": the first key into a field just given the keys is typing starting, not a
    /// clicker's blank button. After typing there and a pause, the notice names the key as typed.
    func testTheFirstKeyIntoAFieldJustClickedIsTypingNotABlankButton() async {
        let p = makePresentation()
        let s = scene!
        now += Presentation.pausedTypingSeconds + 5   // nothing typed for long
        ControlsScene.click(p, s.field)
        type(p, "band")
        XCTAssertEqual(s.field.text, "band")
        XCTAssertNil(banner(p), "no notice for a word starting with b")
        now += Presentation.pausedTypingSeconds + 0.5
        type(p, "b")
        XCTAssertEqual(banner(p), Presentation.coverTypedHint(Key("b")))
        XCTAssertTrue(banner(p)?.hasPrefix("“b”") == true, "named as typed, in lower case: \(banner(p) ?? "")")
    }

    /// Trial 28 F2: "Tritone Recrods" + Return ran the search and gave the keys back; the
    /// Backspace 0.3 s later that meant to fix the typo went back a scene (three went back to
    /// the first), and typing the query again 1.5 s later moved the room on twice. After a
    /// Return that committed a field, Backspace, Delete and typing are held for
    /// `commitHoldSeconds`, with the hint; clicker keys act at once; then Backspace is "back" again.
    func testBackspaceAndTypingJustAfterAReturnThatGaveUpTheFieldAreHeld() async {
        let p = makePresentation()
        p.press(Key("Page Down")); p.goTo(2)   // the talk runs, mid-deck
        let s = p.currentScene as! ControlsScene
        _ = p.presenter.renderFrame()   // laid out, so the click lands on the field
        ControlsScene.click(p, s.field)
        type(p, "Tritone Recrods")
        p.press(Key("Return"))
        XCTAssertEqual(s.committed, ["Tritone Recrods"])
        XCTAssertNil(p.presenter.focusedView, "Return gave the field's keys up")
        now += 0.3
        for _ in 0..<3 { p.press(Key("Backspace")); now += 0.15 }
        XCTAssertEqual(p.currentIndex, 2, "Backspace right after the Return did not go back")
        XCTAssertEqual(banner(p), Presentation.typingHint, "the presenter says why")
        now += 1.0
        type(p, "Sigur Ros")
        p.press(Key("Return"))
        XCTAssertEqual(p.currentIndex, 2, "typing the query again 1.5 s after did not move the room")
        p.press(Key("Page Down"))
        XCTAssertEqual(p.currentIndex, 3, "a clicker key acts at once")
        p.press(Key("Page Up"))
        now += TypingGuard.commitHoldSeconds + 0.01
        p.press(Key("Backspace"))
        XCTAssertEqual(p.currentIndex, 1, "Backspace is the talk's \"back\" again once the hold is over")
    }

    func testReturnThenTypingQuitsOrSwapsNothing() async {
        let p = makePresentation()
        let s = scene!
        var quits = 0, swaps = 0
        p.onQuit = { quits += 1 }; p.onSwapDisplays = { swaps += 1 }
        p.press(Key("Page Down")); p.goTo(0)   // the talk runs: q asks, q again confirms
        ControlsScene.click(p, s.field)
        type(p, "abc")
        p.press(Key("Return"))   // commits the field; focus leaves it
        XCTAssertEqual(s.committed, ["abc"])
        XCTAssertNil(p.presenter.focusedView)
        now += 0.2
        type(p, "zzzqqq")
        p.press(Key("Return"))
        type(p, "s")
        p.press(Key("Return"))
        XCTAssertEqual(quits, 0, "q q typed on after the field did not quit")
        XCTAssertEqual(swaps, 0, "s Return did not swap the displays")
        XCTAssertNil(p.question, "nor was a question asked")
        XCTAssertEqual(p.currentIndex, 0, "Return did not advance")
    }

    func testTypedKeysNeverAnswerAQuestion() async {
        let p = makePresentation()
        let s = scene!
        var quits = 0
        p.onQuit = { quits += 1 }
        p.press(Key("Page Down")); p.goTo(0)
        p.press(Key("q"))
        XCTAssertNotNil(p.question, "q asks while the talk runs")
        // The speaker clicks a field and types: neither q nor Return answers the question.
        ControlsScene.click(p, s.field)
        type(p, "q")
        p.press(Key("Return"))
        XCTAssertEqual(quits, 0, "typing q, Return into a field never confirms quitting")
        XCTAssertEqual(s.committed, ["q"], "the field took its Return")
        // Focus left with that Return; a q and Return typed straight on are held too.
        now += 0.1
        p.press(Key("q")); p.press(Key("Return"))
        XCTAssertEqual(quits, 0, "q, Return typed on past the field never confirm")
        XCTAssertNotNil(p.question, "the question still waits for a deliberate answer")
        // Esc (a clicker key) answers at once.
        p.press(Key("Escape"))
        XCTAssertNil(p.question)
        // Outside the window (after a Return committed a field: `commitHoldSeconds`), q then q
        // quits as before.
        now += TypingGuard.commitHoldSeconds + 0.01
        p.press(Key("q")); now += 0.3; p.press(Key("q"))
        XCTAssertEqual(quits, 1)
    }

    func testGuardTimesAndKeys() async {
        var g = TypingGuard()
        XCTAssertFalse(g.holds(Key("b"), at: 10), "no typing yet: nothing held")
        g.noteKey(Key("a"), intoTextField: false, at: 10)
        XCTAssertFalse(g.holds(Key("b"), at: 10.1), "a key outside a field is not typing")
        g.noteKey(Key("a"), intoTextField: true, at: 10)
        for held in ["b", "Space", "Return", "1", ".", "?", "Keypad 7", "Keypad +", "Keypad Enter"] {
            XCTAssertTrue(g.holds(Key(held), at: 10.2), "\(held) is held")
        }
        for free in ["Page Down", "Page Up", "Left", "Right", "Up", "Down", "F5", "Escape", "Home", "End", "Backspace", "Tab"] {
            XCTAssertFalse(g.holds(Key(free), at: 10.3), "\(free) is a clicker key")
        }
        XCTAssertFalse(g.holds(Key("r", control: true), at: 10.3), "Ctrl+R is a shortcut, not typing")
        XCTAssertTrue(g.holds(Key("B", shift: true), at: 10.3), "Shift+B types")
        XCTAssertTrue(g.holds(Key("c"), at: 10.3 + TypingGuard.holdSeconds - 0.01), "a held key extends the hold")
        XCTAssertFalse(g.holds(Key("c"), at: 10.3 + 2 * TypingGuard.holdSeconds), "released after the hold")
        g.noteKey(Key("Backspace"), intoTextField: true, at: 20)
        XCTAssertTrue(g.holds(Key("x"), at: 20.5), "Backspace in a field is typing")
        XCTAssertFalse(g.holds(Key("Backspace"), at: 20.6), "Backspace is held only after a committing Return")
        g.noteKey(Key("Return"), intoTextField: true, at: 30)
        XCTAssertTrue(g.holds(Key("Backspace"), at: 30 + TypingGuard.holdSeconds + 0.2), "Backspace after a Return, past the typing hold")
        XCTAssertTrue(g.holds(Key("Delete"), at: 30 + TypingGuard.holdSeconds + 0.4), "Delete too, and each extends the hold")
        XCTAssertFalse(g.holds(Key("Page Up"), at: 30.5), "clicker keys are never held")
        XCTAssertFalse(g.holds(Key("Backspace"), at: 30 + TypingGuard.holdSeconds + 0.4 + TypingGuard.holdSeconds + 0.01), "released after the hold")
        XCTAssertFalse(g.holds(Key("Backspace", control: true), at: 40), "Ctrl+Backspace is not held")
    }

    /// The console hiding while the speaker types (trial 20 F3) holds typing keys for a blip,
    /// also across a gap longer than `holdSeconds` while the displays rearrange; not when the
    /// last typed key was longer ago than that blip.
    func testHidingWhileTypingHoldsForABlip() async {
        var g = TypingGuard()
        XCTAssertFalse(g.holdAfterHiding(at: 5, seconds: 2), "no typing: no hold")
        g.noteKey(Key("r"), intoTextField: true, at: 10)
        XCTAssertTrue(g.holdAfterHiding(at: 10.5, seconds: 2))
        XCTAssertTrue(g.holds(Key("Space"), at: 11.9), "1.9 s after the last typed key, 1.4 s after the hiding: held")
        XCTAssertFalse(g.holds(Key("Page Down"), at: 12), "a clicker key never")
        XCTAssertTrue(g.holds(Key("b"), at: 12.8), "each held key extends the hold")
        XCTAssertFalse(g.holds(Key("b"), at: 14.5), "a pause after typing: the talk's again")
        XCTAssertNil(g.hideHoldUntil)
        g.noteKey(Key("x"), intoTextField: true, at: 20)
        XCTAssertFalse(g.holdAfterHiding(at: 22.5, seconds: 2), "typing stopped before the blip: nothing held")
        XCTAssertFalse(g.holds(Key("b"), at: 22.6))
    }
}
