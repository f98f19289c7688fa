import Foundation
@testable import PodiumCore
import PodiumKit
import PodiumTestSupport
import XCTest

/// `--end-time HH:MM` (pdfpc's `endTime`): the countdown runs to that wall-clock time, before the
/// talk starts and after; `--end-slide` leaves backup scenes out of the plan; `--page` starts
/// elsewhere without starting the timer.
@MainActor
final class EndTimeTests: XCTestCase {
    var now = 1000.0
    var wall = Date()

    func makePresentation(_ configure: (inout Deck) -> Void) -> Presentation {
        let r = PluginRegistry()
        r.register(PluginDescriptor(id: "test", name: "Test", version: "1", sceneKinds: [
            SceneKind(name: "colour", summary: "") { _, _ in ColourScene("S", Color(200, 0, 0)) },
        ]))
        var deck = Deck(title: "T", scenes: (0..<4).map { _ in DeckScene(kind: "colour") }, path: "/tmp/t.json")
        configure(&deck)
        let p = Presentation(deck: deck, registry: r, metrics: FixedMetrics(), clock: { self.now })
        p.presenter.resize(to: Size(1280, 800))
        p.wallClock = { self.wall }
        return p
    }

    /// Today at `h:m` local time.
    func today(_ h: Int, _ m: Int) -> Date {
        Calendar.current.date(bySettingHour: h, minute: m, second: 0, of: Date())!
    }

    func testCountdownRunsToTheEndTime() async {
        wall = today(10, 0)
        let p = makePresentation { $0.endTimeMinutes = 10 * 60 + 30 }
        XCTAssertEqual(p.timerReadout.remaining, 1800, "before the start: 30 minutes to 10:30")
        wall = today(10, 10)
        XCTAssertEqual(p.timerReadout.remaining, 1200, "the wall clock, not the launch time")
        p.next()
        XCTAssertTrue(p.timerReadout.running)
        XCTAssertEqual(p.timerReadout.remaining, 1200, "the talk starts with 20 minutes left")
        now += 300
        XCTAssertEqual(p.timerReadout.remaining, 900)
        XCTAssertEqual(p.talk.plannedTotal, 1200, "the plan is the 20 minutes left at the start")
        XCTAssertEqual(p.talk.slot(of: 1)?.start, 300, "spread over the four scenes")
    }

    func testEndSlidePageAndLastMinutes() async {
        let p = makePresentation { $0.durationMinutes = 3; $0.endSlide = 2; $0.startScene = 2; $0.lastMinutes = 1 }
        XCTAssertEqual(p.currentIndex, 2, "--page")
        XCTAssertFalse(p.timerReadout.running, "starting elsewhere does not start the timer")
        XCTAssertEqual(p.endScene, 1)
        p.press(Key("End"))
        XCTAssertEqual(p.currentIndex, 3, "on a backup scene End goes to the last, never back to the end slide (trial 11, F7)")
        p.press(Key("End"))
        XCTAssertEqual(p.currentIndex, 3, "and stays there")
        p.press(Key("Home"))
        p.press(Key("End"))
        XCTAssertEqual(p.currentIndex, 1, "End goes to the end slide")
        p.press(Key("End"))
        XCTAssertEqual(p.currentIndex, 3, "End again reaches the backup scenes")
        XCTAssertEqual(p.talk.slot(of: 1)?.end, 180, "the end slide closes the plan")
        XCTAssertEqual(p.talk.slot(of: 3).map { $0.end - $0.start }, 0, "backup scenes get no time")
        now += 130
        XCTAssertEqual(p.timerReadout.countdownPhase, "lastMinutes")
        now += 60
        XCTAssertEqual(p.timerReadout.countdownPhase, "over")
    }

    /// An end slide without a duration (pdfpc's `-d 0`, or none given): the backup scenes' 0 s
    /// are no plan, so no countdown from 0:00 (it showed "left 0:00", then "over").
    func testAnEndSlideWithoutADurationShowsNoCountdown() async {
        let p = makePresentation { $0.endSlide = 2 }
        XCTAssertEqual(p.endScene, 1)
        XCTAssertNil(p.talk.plannedTotal)
        p.next(); now += 90
        XCTAssertNil(p.timerReadout.remaining)
        XCTAssertNil(p.timerReadout.countdownPhase)
        p.refreshTimers()
        XCTAssertTrue(p.console.timers.countdownLabel.isHidden, p.console.timers.countdownLabel.text)
    }

    /// A deck's `"duration": 0` is no duration either (as pdfpc's 0): no countdown from 0:00.
    func testADeckDurationOfZeroIsNoDuration() async throws {
        let deck = try Deck.parse(Data(#"{"title": "T", "duration": 0, "scenes": [{"kind": "colour"}, {"kind": "colour"}]}"#.utf8), path: "/tmp/t.json", kinds: ["colour": { _ in }])
        XCTAssertNil(deck.durationMinutes)
        let p = makePresentation { $0.durationMinutes = deck.durationMinutes }
        p.next(); now += 30
        XCTAssertNil(p.timerReadout.remaining)
    }
}
