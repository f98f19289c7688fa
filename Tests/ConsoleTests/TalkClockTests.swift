import Foundation
@testable import PodiumCore
import XCTest

final class TalkClockTests: XCTestCase {
    func testPlanSharesDurationAmongUntimedScenes() {
        let c = TalkClock(durationMinutes: 10, sceneSeconds: [60, nil, nil, 120])
        XCTAssertEqual(c.plannedTotal, 600)
        XCTAssertEqual(c.plan, [60, 210, 210, 120])
        XCTAssertEqual(c.slot(of: 2)?.start, 270)
        XCTAssertEqual(c.slot(of: 2)?.end, 480)
        XCTAssertEqual(TalkClock(durationMinutes: nil, sceneSeconds: [30, 40]).plannedTotal, 70, "scene times alone make a plan")
        XCTAssertNil(TalkClock(durationMinutes: nil, sceneSeconds: [nil, nil]).plan)
    }

    func testElapsedStartsPausesAndResumes() {
        var c = TalkClock(durationMinutes: 1, sceneSeconds: [nil, nil])
        XCTAssertEqual(c.elapsed(at: 500), 0, "not started")
        c.start(at: 1000)
        XCTAssertEqual(c.elapsed(at: 1010), 10)
        c.togglePause(at: 1010)
        XCTAssertTrue(c.isPaused)
        XCTAssertEqual(c.elapsed(at: 1100), 10, "frozen while paused")
        c.togglePause(at: 1100)
        XCTAssertEqual(c.elapsed(at: 1105), 15)
        XCTAssertEqual(c.remaining(at: 1105), 45)
        c.sceneChanged(at: 1105)
        XCTAssertEqual(c.sceneElapsed(at: 1110), 5)
        c.start(at: 2000)
        XCTAssertEqual(c.elapsed(at: 2001), 1, "restart resets")
    }

    func testPaceComparesProgressWithTimeUsed() {
        var c = TalkClock(durationMinutes: 4, sceneSeconds: [nil, nil, nil, nil])   // 60 s each
        XCTAssertNil(c.pace(at: 0, sceneIndex: 0), "no pace before the start")
        c.start(at: 0)
        XCTAssertEqual(c.pace(at: 30, sceneIndex: 0), .onTime)
        XCTAssertEqual(c.pace(at: 30, sceneIndex: 2), .ahead, "on scene 3 after 30 s: ahead of its planned start at 120 s")
        XCTAssertEqual(c.pace(at: 90, sceneIndex: 0), .behind, "still on scene 1 after its 60 s")
        XCTAssertEqual(c.pace(at: 150, sceneIndex: 2), .onTime)
        XCTAssertNil(TalkClock(durationMinutes: nil, sceneSeconds: [nil]).pace(at: 5, sceneIndex: 0))
    }

    func testFormat() {
        XCTAssertEqual(TalkClock.format(0), "0:00")
        XCTAssertEqual(TalkClock.format(61.9), "1:01")
        XCTAssertEqual(TalkClock.format(3725), "1:02:05")
        XCTAssertEqual(TalkClock.format(-75), "−1:15")
        XCTAssertEqual(TalkClock.format(36000 + 9), "10:00:09")
    }

    /// The console's wall clock: local time, two digits each, in the time zone TZ names.
    func testWallClockIsLocalHoursAndMinutes() {
        let old = getenv("TZ").map { String(cString: $0) }
        defer { if let old { setenv("TZ", old, 1) } else { unsetenv("TZ") }; tzset() }
        let t = Date(timeIntervalSince1970: 13 * 3600 + 5 * 60 + 59)
        setenv("TZ", "UTC", 1); tzset()
        XCTAssertEqual(Presentation.hoursMinutes(t), "13:05")
        setenv("TZ", "Asia/Kolkata", 1); tzset()
        XCTAssertEqual(Presentation.hoursMinutes(t), "18:35")
        XCTAssertEqual(Presentation.hoursMinutes(Date(timeIntervalSince1970: 0)), "05:30")
    }
}
