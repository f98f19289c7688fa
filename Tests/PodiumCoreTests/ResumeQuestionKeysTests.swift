import Foundation
import PodiumCore
import PodiumKit
import PodiumTestSupport
import XCTest

/// The resume question answered from a clicker (trial 13, F4): its next, previous and F5 resume
/// without acting, one Esc only asks again, and the room is black while the speaker decides.
@MainActor
final class ResumeQuestionKeysTests: XCTestCase {
    var now = 100.0

    func make() -> (Presentation, TalkJournal.Record) {
        let r = PluginRegistry()
        r.register(PluginDescriptor(id: "t", name: "T", version: "1", sceneKinds: [SceneKind(name: "a", summary: "") { _, _ in RecordingScene("A") }]))
        let deck = Deck(title: "T", scenes: (0..<5).map { DeckScene(kind: "a", title: "S\($0)") }, path: "/talks/t.json")
        let p = Presentation(deck: deck, registry: r, metrics: FixedMetrics(), clock: { [unowned self] in self.now })
        var rec = TalkJournal.Record(deck: "/talks/t.json", scene: 3, sceneTitle: "S3", sceneKind: "a", page: nil,
                                     started: true, elapsed: 200, paused: false, savedAt: 0)
        rec.sceneStart = 150
        return (p, rec)
    }

    func ask(_ p: Presentation, _ rec: TalkJournal.Record, answered: @escaping (Bool) -> Void) {
        p.askToResume(rec, now: { 0 }, holding: "answer", onConfirm: { p.resume(from: rec, now: 0); answered(true) }, onCancel: { answered(false) })
    }

    func testAClickersKeysResumeWithoutActing() async {
        for key in ["Page Down", "Page Up", "Right", "Space", "Return", "F5", "Shift+F5"] {
            let (p, rec) = make()
            var answer: Bool?
            ask(p, rec) { answer = $0 }
            XCTAssertEqual(p.audienceMode, .black, "the room is black while the speaker decides, not on the title slide")
            XCTAssertTrue(p.keyPassesHold(Key(binding: key)!), "\(key) reaches the question through the control socket")
            now += 1
            p.press(Key(binding: key)!)
            XCTAssertEqual(answer, true, "\(key) resumes")
            XCTAssertEqual(p.currentIndex, 3, "\(key) resumes at the place and does not move (nor restart, for F5)")
            XCTAssertEqual(p.elapsed, 200, accuracy: 0.01, "\(key): the timer goes on")
            XCTAssertEqual(p.audienceMode, .normal, "resumed: the room sees the place")
        }
    }

    /// Trial 25 m7: the question's elapsed time runs on while it waits, as the talk's does, so
    /// the figure asked about is the one the talk resumes with.
    func testTheQuestionsElapsedTimeRunsOnWhileItWaits() async {
        let (p, rec) = make()
        var wall = 0.0
        p.askToResume(rec, now: { wall }, holding: "answer", onConfirm: {}, onCancel: {})
        XCTAssertTrue(p.question?.contains("3:20 elapsed?") == true, p.question ?? "")
        wall = 41; p.refreshTimers()
        XCTAssertTrue(p.question?.contains("4:01 elapsed?") == true, p.question ?? "")
        XCTAssertEqual(p.console.banner.text, p.question, "the banner shows it")
    }

    func testOneEscOnlyAsksAgain() async {
        let (p, rec) = make()
        var answer: Bool?
        ask(p, rec) { answer = $0 }
        p.press(Key(binding: "b")!)
        XCTAssertNil(answer, "the blank key waits")
        now += 1
        p.press(Key("Escape"))
        XCTAssertNil(answer, "one Esc throws nothing away")
        XCTAssertEqual(p.question, TalkJournal.Record.escapeAgain)
        XCTAssertNotNil(p.talkHold, "still holding the talk")
        p.press(Key("Escape"))
        XCTAssertNil(answer, "an Esc at once (a bounce, a held key) is not the second answer")
        // The slideshow button's next press is F5: it resumes.
        now += 1
        p.press(Key("F5"))
        XCTAssertEqual(answer, true)
        XCTAssertEqual(p.currentIndex, 3)
    }

    func testEscTwiceStartsFresh() async {
        let (p, rec) = make()
        var answer: Bool?
        ask(p, rec) { answer = $0 }
        now += 1
        p.press(Key("Escape"))
        now += 1
        p.press(Key("Escape"))
        XCTAssertEqual(answer, false)
        XCTAssertEqual(p.currentIndex, 0)
        XCTAssertNil(p.question)
        XCTAssertEqual(p.audienceMode, .normal, "started fresh: the room sees the first scene")
    }

    /// A held Esc (trial 19 F1): its press asks again, its repeats (X's from 660 ms on, past the
    /// bounce interval) are not the second answer; the talk waits; a fresh Esc starts fresh.
    func testAHeldEscIsOneEsc() async {
        let (p, rec) = make()
        var answer: Bool?
        ask(p, rec) { answer = $0 }
        now += 1
        p.press(Key("Escape"))
        XCTAssertEqual(p.question, TalkJournal.Record.escapeAgain)
        now += 0.66
        for _ in 0..<30 { p.press(held("Escape")); now += 0.04 }
        XCTAssertNil(answer, "a held Esc's repeats throw nothing away")
        XCTAssertEqual(p.question, TalkJournal.Record.escapeAgain, "the question waits")
        XCTAssertNotNil(p.talkHold)
        now += 0.5
        p.press(Key("Escape"))
        XCTAssertEqual(answer, false, "a second press starts fresh")
        XCTAssertNil(p.question)
    }

    /// An Esc held since before the question was asked: its repeats are not even the first Esc.
    func testAHeldEscBeforeTheQuestionsFirstEscIsOneEsc() async {
        let (p, rec) = make()
        var answer: Bool?
        ask(p, rec) { answer = $0 }
        now += 1
        p.press(held("Escape"))
        XCTAssertNil(answer)
        XCTAssertNotEqual(p.question, TalkJournal.Record.escapeAgain, "a repeat is not the first Esc either")
        XCTAssertNotNil(p.question)
    }

    func held(_ name: String) -> Key { var k = Key(name); k.isRepeat = true; return k }

    /// The mouse answers too (trial 13 F4 rest): the banner's Resume and Start Fresh buttons, as
    /// Return and Esc; while the talk is held (`heldPointerInput`, what the platform calls for
    /// the presenter's pointer then) a press elsewhere reaches nothing.
    func testAClickOnItsButtonsAnswersItAndNothingElse() async {
        let (p, rec) = make()
        p.presenter.resize(to: Size(1280, 800))
        var answer: Bool?
        ask(p, rec) { answer = $0 }
        p.presenter.layoutIfNeeded()
        func frame(_ id: String) -> Rect? { p.presenter.controlTree().first { $0.id == id }?.frame }
        func click(_ at: Point) -> Bool {
            let down = p.heldPointerInput(.mouseDown(at, button: 1, clicks: 1))
            let up = p.heldPointerInput(.mouseUp(at, button: 1))
            return down && up
        }
        XCTAssertEqual(p.presenter.controlTree().first { $0.id == "console.banner.yes" }?.label, "Resume")
        XCTAssertEqual(p.presenter.controlTree().first { $0.id == "console.banner.no" }?.label, "Start Fresh")
        guard let yes = frame("console.banner.yes"), let no = frame("console.banner.no"), let next = frame("console.next") else { return XCTFail("no buttons: \(p.presenter.controlTree().map(\.id))") }
        XCTAssertFalse(click(next.center), "the console's next waits for the answer")
        XCTAssertEqual(p.currentIndex, 0); XCTAssertNil(answer)
        now += 1
        XCTAssertTrue(click(no.center))
        XCTAssertNil(answer, "one Start Fresh only asks again, as Esc does")
        XCTAssertEqual(p.question, TalkJournal.Record.escapeAgain)
        XCTAssertTrue(click(yes.center))
        XCTAssertEqual(answer, true, "Resume resumes")
        XCTAssertEqual(p.currentIndex, 3)
        XCTAssertTrue(p.presenter.controlTree().allSatisfy { !$0.id.hasPrefix("console.banner.yes") }, "the buttons go with the question")

        // Start Fresh twice (a deliberate second click) starts fresh.
        let (q, rec2) = make()
        q.presenter.resize(to: Size(1280, 800))
        var second: Bool?
        ask(q, rec2) { second = $0 }
        q.presenter.layoutIfNeeded()
        let fresh = q.presenter.controlTree().first { $0.id == "console.banner.no" }!.frame.center
        now += 1
        _ = q.heldPointerInput(.mouseDown(fresh, button: 1, clicks: 1)); _ = q.heldPointerInput(.mouseUp(fresh, button: 1))
        _ = q.heldPointerInput(.mouseDown(fresh, button: 1, clicks: 2)); _ = q.heldPointerInput(.mouseUp(fresh, button: 1))
        XCTAssertNil(second, "a double click is not the second answer")
        now += 1
        _ = q.heldPointerInput(.mouseDown(fresh, button: 1, clicks: 1)); _ = q.heldPointerInput(.mouseUp(fresh, button: 1))
        XCTAssertEqual(second, false)
        XCTAssertEqual(q.currentIndex, 0)
    }

    /// The phone remote's next or previous answers as a clicker's key does; other questions
    /// (quit, swap) are not answered by it.
    func testTheRemotesNavigationResumes() async {
        let (p, rec) = make()
        var answer: Bool?
        ask(p, rec) { answer = $0 }
        XCTAssertTrue(p.navigationAnswersQuestion())
        XCTAssertEqual(answer, true)
        XCTAssertEqual(p.currentIndex, 3)
        p.ask("Quit the talk?", onConfirm: {})
        XCTAssertFalse(p.navigationAnswersQuestion())
        XCTAssertEqual(p.question, "Quit the talk?")
    }

    /// `--start-time` is journaled while the talk has not started, and dropped once it has.
    func testTheStartTimeIsJournaled() async {
        let (p, _) = make()
        let at = Date().addingTimeInterval(600)
        XCTAssertNotNil(p.setStartTime(at: at))
        XCTAssertEqual(p.journalRecord(now: 0).startTime ?? 0, at.timeIntervalSince1970, accuracy: 0.001)
        XCTAssertNotNil(p.secondsUntilStart)
        p.next()
        XCTAssertNil(p.journalRecord(now: 0).startTime, "started: nothing to count down to")
        XCTAssertNil(p.setStartTime(at: Date().addingTimeInterval(-5)), "a start time past is not set")
    }
}
