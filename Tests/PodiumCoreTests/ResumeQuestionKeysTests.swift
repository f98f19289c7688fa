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
