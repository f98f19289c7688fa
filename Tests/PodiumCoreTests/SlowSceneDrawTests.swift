import Foundation
@testable import PodiumCore
import PodiumKit
import PodiumTestSupport
import XCTest

/// Trial 11 F6: a scene whose draw is slow held every key and the room's blackout behind it,
/// and nothing named it. A draw over `SceneCode.slowDraw` is named once per scene, in the log
/// and on the presenter view. (The draw's time comes from an injected clock the view advances:
/// a mechanism, not a timing.)
@MainActor
final class SlowSceneDrawTests: XCTestCase {
    nonisolated(unsafe) static var now = 0.0
    /// Advances the draw clock by `cost` seconds each time it draws.
    final class CostlyView: View {
        let cost: Double
        init(cost: Double) { self.cost = cost; super.init() }
        override func draw(into list: inout DrawList) { SlowSceneDrawTests.now += cost; list.fill(bounds, .white) }
    }
    final class CostlyScene: Scene {
        let title: String
        let presenterView: View, audienceView: View
        init(_ title: String, cost: Double) { self.title = title; presenterView = CostlyView(cost: cost); audienceView = CostlyView(cost: cost) }
    }

    override func setUp() async throws { Self.now = 0; SceneCode.drawClock = { SlowSceneDrawTests.now } }
    override func tearDown() async throws { SceneCode.drawClock = { ProcessInfo.processInfo.systemUptime } }

    func testASlowSceneDrawIsNamedOnceInTheLogAndOnThePresenterView() async {
        let r = PluginRegistry()
        r.register(PluginDescriptor(id: "test", name: "Test", version: "1", sceneKinds: [
            SceneKind(name: "slow", summary: "") { _, _ in CostlyScene("Chart", cost: 1.5) },
            SceneKind(name: "quick", summary: "") { _, _ in CostlyScene("Quick", cost: 0.01) },
        ]))
        let deck = Deck(title: "T", scenes: [DeckScene(kind: "quick", title: "Start", notes: ""), DeckScene(kind: "slow", title: "Chart", notes: ""),
                                             DeckScene(kind: "quick", title: "End", notes: "")], path: "/tmp/slow-draw.json")
        var clock = 0.0
        let p = Presentation(deck: deck, registry: r, metrics: FixedMetrics(), clock: { clock })
        var lines: [String] = []
        p.log = { lines.append($0) }
        p.audience.resize(to: Size(800, 450))
        p.presenter.resize(to: Size(1280, 800))
        _ = p.audience.renderFrame(); _ = p.presenter.renderFrame()
        XCTAssertTrue(lines.filter { $0.contains("to draw") }.isEmpty, "quick scenes are not named: \(lines)")
        XCTAssertTrue(p.goTo(1))
        for _ in 0..<3 { _ = p.audience.renderFrame(); _ = p.presenter.renderFrame() }
        let named = lines.filter { $0.contains("to draw") }
        XCTAssertEqual(named.count, 1, "once for the scene: \(lines)")
        XCTAssertTrue(named.first?.hasPrefix("scene 2 “Chart” took 1.5 s to draw") == true, named.first ?? "")
        clock += 0.01
        p.timers.fire(now: clock)
        XCTAssertEqual(p.notice?.text, "Scene 2 “Chart” took 1.5 s to draw; keys wait while it draws.")
    }
}

extension SlowSceneDrawTests {
    /// Trial 15 m4: the slow draw of the next preview after a kill's restart named itself over
    /// "Podium was killed…", cutting that 8 s notice short. The lesser notice waits for it to go,
    /// then shows for its own 8 s.
    func testASlowDrawsNoticeWaitsForTheRestartsNotice() async {
        let r = PluginRegistry()
        r.register(PluginDescriptor(id: "test", name: "Test", version: "1", sceneKinds: [
            SceneKind(name: "slow", summary: "") { _, _ in CostlyScene("Chart", cost: 0.3) },
        ]))
        let deck = Deck(title: "T", scenes: [DeckScene(kind: "slow", title: "Chart", notes: "")], path: "/tmp/slow-restart.json")
        var clock = 0.0
        let p = Presentation(deck: deck, registry: r, metrics: FixedMetrics(), clock: { clock })
        p.log = { _ in }
        p.audience.resize(to: Size(800, 450))
        let restart = "Podium was killed on scene 1 “Chart” and was restarted there."
        p.showPassingNotice(restart, seconds: 8)
        _ = p.audience.renderFrame()
        clock += 0.01; p.timers.fire(now: clock)
        XCTAssertEqual(p.notice?.text, restart, "the restart's notice keeps its time")
        clock += 7; p.timers.fire(now: clock)
        XCTAssertEqual(p.notice?.text, restart)
        clock = 8; p.timers.fire(now: clock)
        XCTAssertEqual(p.notice?.text, "Scene 1 “Chart” took 300 ms to draw; keys wait while it draws.", "then the slow draw's")
        clock = 16; p.timers.fire(now: clock)
        XCTAssertNil(p.notice, "which passes too")
    }

    /// Trial 11 F6: under the room's blackout (or whiteout) the scene's audience view is not
    /// drawn at all, so a slow plugin draw never delays the cover's frame; uncovered, it is again.
    func testTheRoomsSceneIsNotDrawnUnderACover() async {
        let r = PluginRegistry()
        r.register(PluginDescriptor(id: "test", name: "Test", version: "1", sceneKinds: [
            SceneKind(name: "slow", summary: "") { _, _ in CostlyScene("Chart", cost: 1) },
        ]))
        let deck = Deck(title: "T", scenes: [DeckScene(kind: "slow", title: "Chart", notes: "")], path: "/tmp/slow-cover.json")
        let p = Presentation(deck: deck, registry: r, metrics: FixedMetrics(), clock: { 0 })
        p.log = { _ in }
        p.audience.resize(to: Size(800, 450))
        _ = p.audience.renderFrame()
        XCTAssertEqual(Self.now, 1, "drawn once")
        for mode in [AudienceMode.black, .white] {
            p.audienceMode = mode
            let frame = p.audience.renderFrame().commands
            XCTAssertEqual(Self.now, 1, "not drawn under the \(mode) cover")
            XCTAssertTrue(frame.contains { if case let .fill(_, c, _) = $0 { c == mode.cover } else { false } }, "the cover is drawn")
        }
        p.audienceMode = .normal
        _ = p.audience.renderFrame()
        XCTAssertEqual(Self.now, 2, "uncovered, the scene is drawn again")
    }
}

extension SlowSceneDrawTests {
    /// Trial 11 F6: the timer strip's tick every second redrew the console, and with it the
    /// scene's presenter view (a 1.5 s plugin draw every second). A tick now reuses the scene's
    /// last commands; anything that asks for a redraw (the scene's own views, an advance, a
    /// resize) draws it again.
    func testATimerTickDoesNotCallTheConsoleScenesDraw() async {
        let r = PluginRegistry()
        var made: [CostlyScene] = []
        r.register(PluginDescriptor(id: "test", name: "Test", version: "1", sceneKinds: [
            SceneKind(name: "slow", summary: "") { _, _ in let s = CostlyScene("Chart", cost: 1); made.append(s); return s },
        ]))
        let deck = Deck(title: "T", scenes: [DeckScene(kind: "slow", title: "A", notes: ""), DeckScene(kind: "slow", title: "B", notes: "")],
                        path: "/tmp/slow-tick.json")
        var clock = 0.0
        let p = Presentation(deck: deck, registry: r, metrics: FixedMetrics(), clock: { clock })
        p.log = { _ in }
        p.presenter.resize(to: Size(1280, 800))
        XCTAssertTrue(p.goTo(1))   // starts the talk and its timer strip's tick
        func consoleDraws() -> Double { let before = Self.now; _ = p.presenter.renderFrame(); return Self.now - before }
        p.startConsoleClock()
        XCTAssertGreaterThan(consoleDraws(), 0, "the first frame draws the scene's presenter view")
        clock += 0.01
        p.timers.fire(now: clock)   // what the advance put off (the next preview) runs now
        _ = p.presenter.renderFrame()
        let timerText = p.console.timerLabel.text
        for _ in 0..<3 {
            clock += 1
            let before = Self.now
            p.timers.fire(now: clock)
            XCTAssertTrue(p.presenter.needsDisplay, "the tick asks for a console redraw")
            let frame = p.presenter.renderFrame()
            XCTAssertEqual(Self.now, before, "a tick does not call the scene's draw")
            XCTAssertTrue(frame.commands.contains { if case let .fill(_, c, _) = $0 { c == .white } else { false } }, "the scene's commands are still in the frame")
        }
        XCTAssertNotEqual(p.console.timerLabel.text, timerText, "the timers moved on")
        XCTAssertEqual(consoleDraws(), 0, "no tick, no redraw asked: nothing drawn again")
        let before = Self.now
        clock += 1
        p.timers.fire(now: clock)
        _ = p.presenter.renderFrame()
        XCTAssertEqual(Self.now, before, "a tick does not call the scene's draw")
        made[1].presenterView.setNeedsDisplay()
        XCTAssertEqual(consoleDraws(), 1, "the scene's own view asked: drawn again")
        p.presenter.resize(to: Size(1024, 700))
        XCTAssertGreaterThanOrEqual(consoleDraws(), 1, "a resize draws it again")
    }
}

extension SlowSceneDrawTests {
    /// Trial 20 m7: a plugin's `make` taking 4 s froze keys, the clock and both windows, and
    /// nothing said which scene did it. A make over `SceneCode.slowMake` is named once per
    /// scene, in the log with its plugin and kind; a quick one is not.
    func testASlowMakeIsNamedOnceWithItsPlugin() async {
        let r = PluginRegistry()
        r.register(PluginDescriptor(id: "org.test.slow", name: "Test", version: "1", sceneKinds: [
            SceneKind(name: "slowmake", summary: "") { _, _ in SlowSceneDrawTests.now += 4; return CostlyScene("Map", cost: 0) },
            SceneKind(name: "quick", summary: "") { _, _ in SlowSceneDrawTests.now += 0.4; return CostlyScene("Quick", cost: 0) },
        ]))
        let deck = Deck(title: "T", scenes: [DeckScene(kind: "quick", title: "Start", notes: ""), DeckScene(kind: "slowmake", title: "Map", notes: ""),
                                             DeckScene(kind: "quick", title: "End", notes: "")], path: "/tmp/slow-make.json")
        var clock = 0.0
        let p = Presentation(deck: deck, registry: r, metrics: FixedMetrics(), clock: { clock })
        var lines: [String] = []
        p.log = { lines.append($0) }
        for i in [0, 1, 2, 1, 0] { XCTAssertTrue(p.goTo(i)); clock += 0.01; p.timers.fire(now: clock) }
        let named = lines.filter { $0.contains("to make") }
        XCTAssertEqual(named, ["scene 2 “Map” (plugin org.test.slow, kind slowmake) took 4.0 s to make (its plugin's make is slow: keys, the clock and both windows waited for it)"],
                       "once, and only the slow one (0.4 s is not named): \(lines)")
    }
}
