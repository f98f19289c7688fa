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
