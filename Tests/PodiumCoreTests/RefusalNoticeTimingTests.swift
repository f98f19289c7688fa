import PodiumCore
import XCTest

/// Trial 21: a reload refused because a clip the deck names was deleted was logged, but the
/// console said nothing until a later deck edit: a change cancelled the waiting notice without a
/// new reload to show one. A refusal now waits for still files, never for another reload.
final class RefusalNoticeTimingTests: XCTestCase {
    func testAChangeWithoutAReloadPostponesTheRefusalNotDropsIt() {
        var t = RefusalNoticeTiming(patience: 2)
        XCTAssertNil(t.refused("Not reloaded: clip.webm: file not found", patient: true, at: 10))
        XCTAssertNil(t.due(at: 11), "not before the files are still for 2 s")
        t.changed(at: 11)   // the deleted file's second event: no reload follows
        XCTAssertNil(t.due(at: 12.5), "a change restarts the patience")
        XCTAssertEqual(t.due(at: 13), "Not reloaded: clip.webm: file not found")
        XCTAssertNil(t.due(at: 20), "shown once")
    }

    func testANewerRefusalReplacesTheWaitingOneAndASuccessDropsIt() {
        var t = RefusalNoticeTiming(patience: 2)
        _ = t.refused("A", patient: true, at: 0)
        t.changed(at: 1)
        _ = t.refused("B", patient: true, at: 1.5)
        XCTAssertEqual(t.due(at: 3.5), "B")
        _ = t.refused("C", patient: true, at: 4)
        t.reloaded()
        XCTAssertNil(t.due(at: 10), "the reload that followed succeeded")
        XCTAssertEqual(t.refused("D", patient: false, at: 11), "D", "Ctrl+R says it at once")
    }
}

/// Trial 21: a half-written save's "not valid JSON" stayed on the console after `rm talk.json`
/// was refused for another reason: the console's notice follows the latest refusal.
final class RefusalNoticeFollowsTheLatestTests: XCTestCase {
    func testANewerRefusalReplacesTheOneOnTheConsoleAtOnce() {
        var t = RefusalNoticeTiming(patience: 2)
        _ = t.refused("talk.json: not valid JSON", patient: true, at: 0)
        XCTAssertEqual(t.due(at: 2), "talk.json: not valid JSON")
        t.changed(at: 5)   // rm talk.json
        XCTAssertEqual(t.refused("talk.json: cannot read file (no such file)", patient: true, showingShown: true, at: 5.3),
                       "talk.json: cannot read file (no such file)", "the old reason is not left on the console")
        XCTAssertNil(t.due(at: 10), "shown once")
        // Once the speaker clicked the notice away, a refusal waits for still files again.
        XCTAssertNil(t.refused("talk.json: not valid JSON", patient: true, showingShown: false, at: 11))
        XCTAssertEqual(t.due(at: 13), "talk.json: not valid JSON")
    }
}
