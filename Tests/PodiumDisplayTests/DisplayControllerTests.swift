import Foundation
import PodiumCore
import PodiumKit
import PodiumTestSupport
import XCTest

/// A window that records what the controller does to it.
final class FakeWindow: DisplayWindow {
    let name: String
    unowned let platform: FakePlatform
    var isVisible = false, isMinimized = false, isFullscreen = false, closed = false, focused = false
    var frame: Rect
    init(_ name: String, platform: FakePlatform, frame: Rect) { self.name = name; self.platform = platform; self.frame = frame }
    var pixelSize: (w: Int32, h: Int32) { (Int32(frame.width), Int32(frame.height)) }
    func show() { isVisible = true; isMinimized = false }
    func move(to display: Rect, fullscreen: Bool) {
        if fullscreen { frame = display; isFullscreen = true; platform.wentFullscreen(self) }
        else { isFullscreen = false; frame = Rect(display.midX - 400, display.midY - 300, 800, 600) }
    }
    func cover(_ rect: Rect) { isFullscreen = false; frame = rect; if !isVisible { coveredWhileHidden.append(rect) } }
    /// Where the window was covering a display while unmapped (placed before it was shown).
    var coveredWhileHidden: [Rect] = []
    func moveWindowed(to frame: Rect) { isFullscreen = false; self.frame = frame }
    func leaveFullscreen() { isFullscreen = false; onLeaveFullscreen?() }
    func hide() { isVisible = false; onHide?() }
    /// Called when the controller unmaps the window or takes it out of fullscreen (a test's
    /// window manager reacting).
    var onHide: (() -> Void)?, onLeaveFullscreen: (() -> Void)?
    func raiseAndFocus() { platform.windows.forEach { $0.focused = false }; focused = true }
    func close() { closed = true; isVisible = false }
    /// Sizes the window was drawn at while hidden (`warmUp`).
    var warmedUp: [Size] = []
    func warmUp(size: Size) { if !isVisible { warmedUp.append(size) } }
    /// What the controller asked to paint black (`coverRoomStrip`).
    var roomStrip: Rect?
    func coverRoomStrip(_ rect: Rect?) { roomStrip = rect }
}

/// Displays and windows without a window system. Like SDL, a window going fullscreen on a display
/// minimises another window still fullscreen there.
final class FakePlatform: DisplayPlatform {
    var displays: [DisplayInfo] = []
    var honoursFullscreen = true
    /// Where a window manager put a window, when it did not do as asked.
    var managed: [ObjectIdentifier: Rect] = [:]
    private(set) var windows: [FakeWindow] = []
    lazy var presenter = make("presenter", Rect(0, 0, 1280, 800))

    func make(_ name: String, _ frame: Rect) -> FakeWindow { let w = FakeWindow(name, platform: self, frame: frame); windows.append(w); return w }
    func enumerate() -> (displays: [DisplayInfo], libraryBounds: [Int: Rect]) { (displays, Dictionary(displays.map { ($0.index, $0.bounds) }) { a, _ in a }) }
    func managedFrame(of window: FakeWindow) -> Rect? { managed[ObjectIdentifier(window)] }
    func makeAudienceWindow(on display: Rect) throws -> FakeWindow { make("audience", Rect(display.minX, display.minY, 1280, 720)) }
    /// Black covers of the displays nothing of the talk is on; none when `covers` is false.
    var covers = true
    func makeCoverWindow(on display: Rect) throws -> FakeWindow? { covers ? make("cover", Rect(display.minX, display.minY, 640, 480)) : nil }
    /// A Wayland compositor's covers: one it took out of fullscreen is elsewhere (as SDL reports it).
    var wayland = false
    func coverLeftFullscreen(_ window: FakeWindow) -> Bool { wayland && window.isVisible && !window.isFullscreen }
    func wentFullscreen(_ w: FakeWindow) {
        for o in windows where o !== w && o.isFullscreen && o.frame == w.frame && !o.closed { o.isMinimized = true }
    }
    var liveWindows: [FakeWindow] { windows.filter { !$0.closed } }

    /// Connected displays, laid out left to right; each one mode (its native size).
    func connect(_ specs: [(String, Int, Int)]) {
        var x = 0.0
        displays = specs.enumerated().map { i, s in
            let b = Rect(x, 0, Double(s.1), Double(s.2)); x += Double(s.1)
            let m = DisplayInfo.Mode(width: s.1, height: s.2, refreshRate: 60)
            return DisplayInfo(index: i, name: s.0, bounds: b, usableBounds: b, currentMode: m, modes: [m])
        }
    }
    func bounds(_ name: String) -> Rect { displays.first { $0.name == name }!.bounds }
}

final class StubScene: Scene {
    let title = "S"; let presenterView = View(); let audienceView = View()
}

/// A presentation with a stub scene, a `FakePlatform`, a clock the test moves, the log's lines and
/// a private displays.json: what every `DisplayController` test starts from.
@MainActor
class FakeDisplaysTestCase: XCTestCase {
    var now = 100.0
    var lines: [String] = []
    var platform: FakePlatform!
    var presentation: Presentation!
    var choices: String!

    override func setUp() async throws {
        let r = PluginRegistry()
        r.register(PluginDescriptor(id: "t", name: "T", version: "1", sceneKinds: [SceneKind(name: "s", summary: "") { _, _ in StubScene() }]))
        presentation = Presentation(deck: Deck(title: "T", scenes: [DeckScene(kind: "s")], path: "/tmp/t.json"), registry: r,
                                    metrics: FixedMetrics(), clock: { [unowned self] in self.now })
        platform = FakePlatform()
        choices = TestPaths.tempDir("display-choices").appendingPathComponent("podium/displays.json").path
    }
    override func tearDown() async throws { try? FileManager.default.removeItem(atPath: URL(fileURLWithPath: choices).deletingLastPathComponent().deletingLastPathComponent().path) }

    /// A controller on `platform`, launched.
    func controller(_ policy: DisplayPolicy = DisplayPolicy()) -> DisplayController<FakePlatform> {
        let c = DisplayController(policy: policy, platform: platform, presentation: presentation, presenterWindow: platform.presenter,
                                  windowed: false, choicesPath: choices) { [unowned self] in self.lines.append($0) }
        c.refresh(reason: "launch", launch: true)
        return c
    }
}

/// DisplayController's decisions against a fake platform: connect, disconnect, blip, swap, three
/// displays, no window manager, a window manager that refuses (issue 16 point 2).
@MainActor
final class DisplayControllerTests: FakeDisplaysTestCase {
    func advance(_ seconds: Double, _ c: DisplayController<FakePlatform>) {
        now += seconds
        presentation.timers.fire(now: now)
    }

    /// Both windows fullscreen on their displays, mapped, not minimised; the presenter focused.
    func assertPlaced(_ c: DisplayController<FakePlatform>, presenter p: String, audience a: String, file: StaticString = #filePath, line: UInt = #line) {
        let pw = platform.presenter
        XCTAssertEqual(c.assignment.presenter?.name, p, file: file, line: line)
        XCTAssertEqual(c.assignment.audienceDisplay?.name, a, file: file, line: line)
        XCTAssertTrue(pw.isVisible && !pw.isMinimized && pw.frame == platform.bounds(p), "presenter \(pw.frame) on \(p)", file: file, line: line)
        guard let aw = c.audienceWindow else { return XCTFail("no audience window", file: file, line: line) }
        XCTAssertTrue(aw.isVisible && !aw.isMinimized && aw.frame == platform.bounds(a), "audience \(aw.frame) on \(a), minimised \(aw.isMinimized)", file: file, line: line)
        XCTAssertTrue(pw.focused, "the presenter keeps the keyboard", file: file, line: line)
        XCTAssertEqual(platform.liveWindows.filter { $0.isVisible && $0.name != "cover" }.count, 2, file: file, line: line)
    }

    func testConnectThenDisconnect() async throws {
        platform.connect([("eDP-1", 1280, 800)])
        let c = controller()
        XCTAssertEqual(c.assignment.audience, .preview)
        XCTAssertNil(c.audienceWindow)
        XCTAssertTrue(platform.presenter.isVisible)
        // One display: the presenter window fills it as well (a trial saw a small decorated
        // window in the middle of the only display; the README promises it fills its display).
        XCTAssertTrue(platform.presenter.isFullscreen && platform.presenter.frame == platform.bounds("eDP-1"), "\(platform.presenter.frame)")

        platform.connect([("eDP-1", 1280, 800), ("HDMI-1", 1920, 1080)])
        advance(1, c); c.refresh(reason: "display 1 connected")
        XCTAssertEqual(c.assignment.audienceDisplay?.name, "HDMI-1")
        let aw = try XCTUnwrap(c.audienceWindow)
        XCTAssertTrue(aw.isVisible && aw.isFullscreen && aw.frame == platform.bounds("HDMI-1"), "\(aw.frame)")
        // As a launch with two displays: the presenter window fills its display (it stayed an
        // ordinary window, 80 % of the laptop's screen, in a trial).
        XCTAssertTrue(platform.presenter.isFullscreen && platform.presenter.frame == platform.bounds("eDP-1"), "\(platform.presenter.frame)")
        XCTAssertFalse(aw.isMinimized)
        XCTAssertTrue(platform.presenter.focused, "the new audience window does not take the keyboard")
        XCTAssertTrue(lines.contains { $0.contains("display 1 connected: +HDMI-1") }, "\(lines)")

        let audience = c.audienceWindow!
        let presenterFrame = platform.presenter.frame
        platform.connect([("eDP-1", 1280, 800)])
        advance(1, c); c.refresh(reason: "display 1 disconnected")
        XCTAssertEqual(c.assignment.audience, .preview)
        XCTAssertNil(c.audienceWindow, "the audience window is closed at once")
        XCTAssertTrue(audience.closed)
        XCTAssertEqual(platform.presenter.frame, presenterFrame, "the presenter window is not disturbed")
        // Trial 31 m5: the speaker, facing the laptop, is told (only the log said so).
        XCTAssertEqual(presentation.notice?.text, "HDMI-1 is gone: the room sees nothing from Podium. Its view goes on in this preview, "
                       + "and back to HDMI-1, or a display plugged now, when one is there.")
        platform.connect([("eDP-1", 1280, 800), ("HDMI-1", 1920, 1080)])
        advance(0.5, c); c.refresh(reason: "display 1 connected")
        XCTAssertEqual(presentation.notice?.text, "HDMI-1 is back: the room sees the talk again.", "a blip's notice does not stay up")
        // Trial 34 m12: blacked out, the room does not see the talk when its display is back.
        presentation.audienceMode = .black
        platform.connect([("eDP-1", 1280, 800)])
        advance(1, c); c.refresh(reason: "display 1 disconnected")
        platform.connect([("eDP-1", 1280, 800), ("HDMI-1", 1920, 1080)])
        advance(0.5, c); c.refresh(reason: "display 1 connected")
        XCTAssertEqual(presentation.notice?.text, "HDMI-1 is back: the room sees black, as asked (b shows the talk).")
        // Review31: black is drawn over a freeze, and said first.
        presentation.setFrozen(true)
        platform.connect([("eDP-1", 1280, 800)])
        advance(1, c); c.refresh(reason: "display 1 disconnected")
        platform.connect([("eDP-1", 1280, 800), ("HDMI-1", 1920, 1080)])
        advance(0.5, c); c.refresh(reason: "display 1 connected")
        XCTAssertEqual(presentation.notice?.text, "HDMI-1 is back: the room sees black, as asked (b shows the talk).")
    }

    /// Review28: with a third display already connected, the room's view goes there after the
    /// grace period; that display is not known to be the room's, so the console does not say
    /// the room sees the talk again.
    func testTheRoomsViewMovingToAnotherDisplayIsNotSaidAsTheRoomSeeingItAgain() async throws {
        platform.connect([("eDP-1", 1280, 800), ("HDMI-1", 1920, 1080), ("DP-2", 1024, 768)])
        let c = controller(DisplayPolicy(blipGrace: 2))
        XCTAssertEqual(c.assignment.audienceDisplay?.name, "HDMI-1")
        platform.connect([("eDP-1", 1280, 800), ("DP-2", 1024, 768)])
        advance(1, c); c.refresh(reason: "display 1 disconnected")
        XCTAssertTrue(presentation.notice?.text.hasPrefix("HDMI-1 is gone: the room sees nothing from Podium.") == true, presentation.notice?.text ?? "no notice")
        advance(2.5, c)
        XCTAssertEqual(c.assignment.audienceDisplay?.name, "DP-2", "after the grace period")
        XCTAssertEqual(presentation.notice?.text, "The room's view is on DP-2 now; HDMI-1 is still gone.")
    }

    /// `--windowed audience`: the audience window is an ordinary window on the projector, and the
    /// log says so (it said "audience fullscreen").
    func testAWindowedAudienceIsLoggedAsInAWindow() async throws {
        platform.connect([("eDP-1", 1280, 800), ("HDMI-1", 1920, 1080)])
        let c = DisplayController(policy: DisplayPolicy(), platform: platform, presentation: presentation, presenterWindow: platform.presenter,
                                  windowed: false, choicesPath: choices) { [unowned self] in self.lines.append($0) }
        c.windowedViews = [.audience]
        c.refresh(reason: "launch", launch: true)
        let aw = try XCTUnwrap(c.audienceWindow)
        XCTAssertFalse(aw.isFullscreen, "an ordinary window")
        XCTAssertTrue(lines.contains { $0.contains("launch: +eDP-1") && $0.contains("audience in a window on HDMI-1") }, "\(lines)")
        XCTAssertFalse(lines.contains { $0.contains("audience fullscreen") }, "\(lines)")
    }

    /// One display and `--windowed audience`: the two windows side by side inside the display,
    /// never one over the other; with too little room, the audience window as before.
    func testAWindowedAudienceOnOneDisplayOpensBesideThePresenter() async throws {
        for (size, fits) in [((1280, 800), true), ((1920, 1080), true), ((800, 600), false)] {
            platform = FakePlatform()
            platform.connect([("eDP-1", size.0, size.1)])
            let c = DisplayController(policy: DisplayPolicy(windowed: true), platform: platform, presentation: presentation, presenterWindow: platform.presenter,
                                      windowed: false, choicesPath: choices) { [unowned self] in self.lines.append($0) }
            c.windowedViews = [.audience]
            c.refresh(reason: "launch", launch: true)
            XCTAssertEqual(c.assignment.audience, .window)
            let p = platform.presenter.frame, a = try XCTUnwrap(c.audienceWindow).frame, d = platform.bounds("eDP-1")
            XCTAssertTrue(platform.presenter.isVisible && c.audienceWindow!.isVisible)
            XCTAssertEqual(!p.intersects(a), fits, "\(size): presenter \(p), audience \(a)")
            XCTAssertEqual(d.intersection(p), p); XCTAssertEqual(d.intersection(a), a)
            if fits { XCTAssertGreaterThanOrEqual(p.width, SideBySideWindows.minimumPresenterWidth) }
        }
    }

    /// Two displays and `--windowed audience`, then the projector unplugged: the launch layout
    /// for one display (side by side), not the audience window over the fullscreen console.
    func testAWindowedAudienceAfterAnUnplugGoesBesideThePresenter() async throws {
        platform.connect([("eDP-1", 1280, 800), ("HDMI-1", 1920, 1080)])
        let c = DisplayController(policy: DisplayPolicy(windowed: true), platform: platform, presentation: presentation, presenterWindow: platform.presenter,
                                  windowed: false, choicesPath: choices) { [unowned self] in self.lines.append($0) }
        c.windowedViews = [.audience]
        c.refresh(reason: "launch", launch: true)
        XCTAssertTrue(platform.presenter.isFullscreen)
        platform.connect([("eDP-1", 1280, 800)])
        advance(1, c); c.refresh(reason: "display 1 disconnected")
        XCTAssertEqual(c.assignment.audience, .window)
        let p = platform.presenter.frame, a = try XCTUnwrap(c.audienceWindow).frame
        XCTAssertFalse(p.intersects(a), "presenter \(p), audience \(a)")
        XCTAssertTrue(c.audienceWindow!.isVisible && platform.presenter.isVisible)
        // Plugged again: both fill their displays, as at launch.
        platform.connect([("eDP-1", 1280, 800), ("HDMI-1", 1920, 1080)])
        advance(1, c); c.refresh(reason: "display 1 connected")
        XCTAssertTrue(platform.presenter.isFullscreen && platform.presenter.frame == platform.bounds("eDP-1"), "\(platform.presenter.frame)")
    }

    /// After an unplug, once the preview shows the audience, a hidden spare window is made and
    /// drawn at the size of the display the audience was on; the next plug shows that very window.
    func testTheSpareWindowIsDrawnAheadAtTheAudienceSizeAndTheNextPlugShowsIt() async throws {
        platform.connect([("eDP-1", 1280, 800), ("HDMI-1", 1920, 1080)])
        let c = controller()
        c.didRender(presenter: true, audience: true)
        let audienceSize = presentation.audience.bounds.size
        platform.connect([("eDP-1", 1280, 800)])
        advance(1, c); c.refresh(reason: "display 1 disconnected")
        XCTAssertTrue(platform.liveWindows.filter { $0.name == "audience" }.isEmpty, "no spare before the preview's frame")
        c.didRender(presenter: true, audience: false)
        let spare = try XCTUnwrap(platform.liveWindows.first { $0.name == "audience" })
        XCTAssertFalse(spare.isVisible)
        XCTAssertEqual(spare.warmedUp, [Size(1920, 1080)], "drawn once, hidden, at the size of the display the audience was last on")
        XCTAssertEqual(spare.frame.origin, Point(1280, 0), "made where a projector plugged right of the presenter's display appears")
        XCTAssertEqual(presentation.audience.bounds.size, audienceSize, "the audience tree keeps its size")
        platform.connect([("eDP-1", 1280, 800), ("HDMI-1", 1920, 1080)])
        advance(1, c); c.refresh(reason: "display 1 connected")
        XCTAssertTrue(c.audienceWindow === spare, "the plug shows the spare drawn ahead")
        XCTAssertTrue(spare.isVisible)
        XCTAssertEqual(spare.warmedUp.count, 1, "nothing more on the plug path")
    }

    /// Launched without a projector: the spare is drawn at a common projector's size, and the
    /// audience tree (shown in the preview at the laptop's size) keeps its size.
    func testLaunchedWithOneDisplayTheSpareIsDrawnAtAProjectorsSize() async throws {
        platform.connect([("eDP-1", 1280, 800)])
        let c = controller()
        let treeSize = presentation.audience.bounds.size
        c.didRender(presenter: true, audience: false)
        let spare = try XCTUnwrap(platform.liveWindows.first { $0.name == "audience" })
        XCTAssertEqual(spare.warmedUp, [Size(1920, 1080)])
        XCTAssertEqual(presentation.audience.bounds.size, treeSize)
        XCTAssertEqual(treeSize, Size(1280, 800))
    }

    /// The audience display blips while a third display is connected: the audience waits in the
    /// preview (never on the third display) and returns; past the grace period it moves on.
    func testBlipWaitsThenReturnsOrMovesOn() async {
        platform.connect([("eDP-1", 1280, 800), ("HDMI-1", 1920, 1080), ("DP-2", 2560, 1440)])
        let c = controller()
        assertPlaced(c, presenter: "eDP-1", audience: "HDMI-1")
        let all = platform.displays
        platform.displays = [all[0], all[2]].enumerated().map { var d = $1; d.index = $0; return d }
        advance(0.1, c); c.refresh(reason: "unplug")
        XCTAssertEqual(c.assignment.audience, .preview)
        advance(1, c)
        XCTAssertEqual(c.assignment.audience, .preview, "within the grace period, not on DP-2")
        platform.displays = all
        advance(0.5, c); c.refresh(reason: "replug")
        XCTAssertEqual(c.assignment.audienceDisplay?.name, "HDMI-1")
        XCTAssertTrue(c.audienceWindow?.isVisible ?? false)

        platform.displays = [all[0], all[2]].enumerated().map { var d = $1; d.index = $0; return d }
        advance(0.1, c); c.refresh(reason: "unplug again")
        advance(3, c)   // the grace timer fires and refreshes
        XCTAssertEqual(c.assignment.audienceDisplay?.name, "DP-2", "past the grace period the audience takes the other display")
        XCTAssertTrue(c.audienceWindow?.isVisible ?? false)
    }

    /// Swap three times: each time both windows are fullscreen on their new displays and neither
    /// is minimised (the fake minimises like SDL would if the controller did not leave fullscreen
    /// first); the choice is written to displays.json; three displays leave the third alone.
    func testSwapWithThreeDisplays() async throws {
        platform.connect([("eDP-1", 1280, 800), ("HDMI-1", 1920, 1080), ("DP-2", 2560, 1440)])
        let c = controller()
        assertPlaced(c, presenter: "eDP-1", audience: "HDMI-1")
        for i in 1...3 {
            advance(1, c)
            XCTAssertTrue(c.swap())
            i % 2 == 1 ? assertPlaced(c, presenter: "HDMI-1", audience: "eDP-1") : assertPlaced(c, presenter: "eDP-1", audience: "HDMI-1")
            XCTAssertTrue(platform.presenter.isFullscreen && c.audienceWindow!.isFullscreen)
        }
        XCTAssertEqual(platform.liveWindows.filter { $0.frame == platform.bounds("DP-2") }.map(\.name), ["cover"], "DP-2 has its black cover only")
        let saved = try DisplayChoicesFile.load(path: choices)
        XCTAssertEqual(saved.entries.first?.presenter.name, "HDMI-1")
        XCTAssertEqual(saved.entries.first?.audience.name, "eDP-1")
        XCTAssertEqual(saved.entries.first?.displays.count, 3)

        // The next launch with the same displays uses it.
        platform = FakePlatform()
        platform.connect([("eDP-1", 1280, 800), ("HDMI-1", 1920, 1080), ("DP-2", 2560, 1440)])
        assertPlaced(controller(), presenter: "HDMI-1", audience: "eDP-1")
    }

    /// Trial 13 F2: a saved swap applied at the next launch is logged and shown for a moment on
    /// the console, with the day it was made and the key that undoes it.
    func testASavedSwapAppliedAtLaunchIsLoggedAndShownOnTheConsole() async throws {
        platform.connect([("eDP-1", 1280, 800), ("HDMI-1", 1920, 1080)])
        let c = controller()
        XCTAssertNil(presentation.notice, "the default layout needs no word")
        advance(1, c)
        XCTAssertTrue(c.swap())
        lines = []
        platform = FakePlatform()
        platform.connect([("eDP-1", 1280, 800), ("HDMI-1", 1920, 1080)])
        assertPlaced(controller(), presenter: "HDMI-1", audience: "eDP-1")
        XCTAssertTrue(lines.contains { $0.contains("launch:") && $0.contains("; swapped as you chose for these displays on ") && $0.contains("s to swap back") }, "\(lines)")
        let notice = try XCTUnwrap(presentation.notice?.text)
        XCTAssertTrue(notice.hasPrefix("Swapped as you chose for these displays on "), notice)
        XCTAssertTrue(notice.hasSuffix("presenter on HDMI-1, audience on eDP-1 (displays.json); s to swap back."), notice)
    }

    /// Trial 9 F10: a displays.json that cannot be written (here a file where its folder should
    /// be) is one short line naming the file and the reason, and a notice for the speaker once,
    /// not a Foundation error's dump.
    func testADisplayChoiceThatCannotBeSavedIsOneShortLineAndANotice() async throws {
        let choices: String = self.choices
        platform.connect([("eDP-1", 1280, 800), ("HDMI-1", 1920, 1080)])
        let c = controller()
        // After the launch read it (none yet): the folder cannot be made any more.
        let folder = URL(fileURLWithPath: choices).deletingLastPathComponent()
        try FileManager.default.createDirectory(at: folder.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data("not a folder".utf8).write(to: folder)
        advance(1, c)
        XCTAssertTrue(c.swap())
        assertPlaced(c, presenter: "HDMI-1", audience: "eDP-1")
        let said = lines.filter { $0.contains("not saved") }
        XCTAssertEqual(said, ["display choice not saved: \(choices): file exists; it holds for this session only"], "\(lines)")
        XCTAssertEqual(presentation.notice?.text, "The display choice cannot be saved: \(choices): file exists; it holds for this session only.")
        advance(1, c); c.swap(); advance(1, c); c.swap()
        XCTAssertEqual(lines.filter { $0.contains("not saved") }.count, 1, "once: \(lines)")
    }

    /// The laptop's display going off with the projector on (a lid closed; xrandr moves the
    /// projector to the origin, under the presenter window): the presenter window is unmapped, the
    /// audience window covers the projector with the keyboard, questions go to the room's view.
    /// The laptop back: both windows where they belong, the console shown again.
    func testTheLaptopsDisplayGoingOffHidesTheConsoleAndTheAudienceCoversTheProjector() async throws {
        platform.connect([("eDP-1", 1280, 800), ("HDMI-1", 1920, 1080)])
        let c = controller()
        assertPlaced(c, presenter: "eDP-1", audience: "HDMI-1")
        platform.connect([("HDMI-1", 1920, 1080)])
        advance(1, c); c.refresh(reason: "display 0 disconnected")
        XCTAssertTrue(c.assignment.onlyTheRoomsDisplay, "\(c.assignment)")
        XCTAssertFalse(platform.presenter.isVisible, "the console is not mapped on the room's display")
        let aw = try XCTUnwrap(c.audienceWindow)
        XCTAssertTrue(aw.isVisible && aw.frame == platform.bounds("HDMI-1") && aw.focused, "audience \(aw.frame)")
        XCTAssertTrue(presentation.consoleHidden, "questions go to the bar on the room's view")
        XCTAssertTrue(lines.last?.contains("the console is hidden") ?? false, "\(lines)")

        platform.connect([("eDP-1", 1280, 800), ("HDMI-1", 1920, 1080)])
        advance(1, c); c.refresh(reason: "display 0 connected")
        assertPlaced(c, presenter: "eDP-1", audience: "HDMI-1")
        XCTAssertTrue(platform.presenter.isFullscreen)
        XCTAssertFalse(presentation.consoleHidden)
    }

    func testSwapWithOneDisplayDoesNothing() async {
        platform.connect([("eDP-1", 1280, 800)])
        let c = controller()
        XCTAssertFalse(c.swap())
        XCTAssertTrue(lines.contains { $0.contains("nothing to swap") })
        XCTAssertFalse(FileManager.default.fileExists(atPath: choices))
    }

    /// Without a window manager fullscreen requests go unanswered: windows cover their displays.
    func testNoWindowManagerCoversDisplays() async {
        platform.honoursFullscreen = false
        platform.connect([("DUMMY0", 1280, 800), ("DUMMY1", 1920, 1080)])
        let c = controller()
        assertPlaced(c, presenter: "DUMMY0", audience: "DUMMY1")
        XCTAssertFalse(platform.presenter.isFullscreen || c.audienceWindow!.isFullscreen, "covered, not in fullscreen mode")
        advance(1, c); c.swap()
        assertPlaced(c, presenter: "DUMMY1", audience: "DUMMY0")
    }

    /// Without a window manager nothing moves windows: a plugged projector's audience window
    /// covers it before it is mapped (it never shows over the console, and a spare drawn at that
    /// size is not resized again). With one it is mapped first (Wayland fullscreens only a mapped
    /// window on an output).
    func testWithoutAWindowManagerTheAudienceWindowIsPlacedBeforeItIsMapped() async throws {
        platform.honoursFullscreen = false
        platform.connect([("DUMMY0", 1280, 800)])
        let c = controller()
        platform.connect([("DUMMY0", 1280, 800), ("DUMMY1", 1920, 1080)])
        c.refresh(reason: "plug")
        assertPlaced(c, presenter: "DUMMY0", audience: "DUMMY1")
        let w = try XCTUnwrap(c.audienceWindow)
        XCTAssertEqual(w.coveredWhileHidden, [platform.bounds("DUMMY1")], "covered its display, then mapped")

        platform.honoursFullscreen = true
        platform.connect([("DUMMY0", 1280, 800)])
        c.refresh(reason: "unplug")
        platform.connect([("DUMMY0", 1280, 800), ("DUMMY1", 1920, 1080)])
        c.refresh(reason: "plug again")
        assertPlaced(c, presenter: "DUMMY0", audience: "DUMMY1")
        XCTAssertEqual(try XCTUnwrap(c.audienceWindow).coveredWhileHidden, [], "with a window manager: mapped first")
    }

    /// A window manager that puts the audience window over the presenter: after the settle time
    /// the audience goes to the preview; a display change or a swap tries again.
    func testWindowManagerRefusalIsJudgedLateAndSwapRecovers() async {
        platform.connect([("eDP-1", 1280, 800), ("HDMI-1", 1920, 1080)])
        let c = controller()
        let audience = c.audienceWindow!
        platform.managed[ObjectIdentifier(audience)] = platform.bounds("eDP-1")
        advance(0.5, c); c.refresh(reason: "window event")
        XCTAssertNil(c.refusedByWindowManager, "right after placing, the window manager's frame is not judged yet")
        advance(1, c); c.refresh(reason: "window event")
        XCTAssertEqual(c.refusedByWindowManager?.name, "HDMI-1")
        XCTAssertFalse(audience.isVisible || c.audienceWindow != nil, "the audience waits in the preview")
        XCTAssertTrue(lines.contains { $0.contains("the window manager put the audience window over the presenter view") })
        platform.managed = [:]
        advance(1, c); c.swap(); advance(1, c); c.swap()
        XCTAssertNil(c.refusedByWindowManager)
        assertPlaced(c, presenter: "eDP-1", audience: "HDMI-1")
    }
}
