import PodiumCore
import PodiumKit
import XCTest

/// DisplayController covers every display nothing of the talk is on with a black window
/// (`DisplayPolicy.spareDisplays`, trial 13 F6): at launch, on a plug, and takes it off the
/// display the audience fails over to before the audience is placed there.
@MainActor
final class SpareDisplayCoverTests: FakeDisplaysTestCase {
    private var covers: [FakeWindow] { platform.liveWindows.filter { $0.name == "cover" } }
    private func advance(_ seconds: Double) { now += seconds; presentation.timers.fire(now: now) }
    private func assertCovered(_ name: String, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(covers.count, 1, "\(covers.map(\.frame))", file: file, line: line)
        guard let w = covers.first else { return }
        XCTAssertTrue(w.isVisible && w.isFullscreen && !w.isMinimized && w.frame == platform.bounds(name), "cover \(w.frame)", file: file, line: line)
        XCTAssertTrue(platform.presenter.focused, "the presenter keeps the keyboard", file: file, line: line)
    }

    func testTheThirdDisplayIsCoveredAtLaunchAndWhenPlugged() async {
        platform.connect([("eDP-1", 1280, 800), ("HDMI-1", 1920, 1080), ("DP-2", 1920, 1080)])
        let c = controller()
        assertCovered("DP-2")
        XCTAssertTrue(lines.contains("DP-2: neither the presenter's nor the room's display; covered black"), "\(lines)")
        XCTAssertEqual(c.audienceWindow?.frame, platform.bounds("HDMI-1"))

        platform = FakePlatform()
        platform.connect([("eDP-1", 1280, 800), ("HDMI-1", 1920, 1080)])
        let d = controller()
        XCTAssertTrue(covers.isEmpty)
        platform.connect([("eDP-1", 1280, 800), ("HDMI-1", 1920, 1080), ("DP-2", 1920, 1080)])
        advance(1); d.refresh(reason: "display 2 connected")
        assertCovered("DP-2")
        XCTAssertEqual(d.audienceWindow?.frame, platform.bounds("HDMI-1"), "the audience stays")
        // Unplugged: its cover is closed.
        platform.connect([("eDP-1", 1280, 800), ("HDMI-1", 1920, 1080)])
        advance(1); d.refresh(reason: "display 2 removed")
        XCTAssertTrue(covers.isEmpty)
        XCTAssertTrue(d.coverWindows.isEmpty)
    }

    /// HDMI-1 pulled: DP-2 stays black through the grace period; the audience then goes
    /// fullscreen there (the cover out of fullscreen first and closed, so nothing is minimised);
    /// HDMI-1 back: the audience returns and DP-2 is covered again.
    func testFailoverTakesTheCoveredDisplayAndReplugCoversItAgain() async {
        platform.connect([("eDP-1", 1280, 800), ("HDMI-1", 1920, 1080), ("DP-2", 1920, 1080)])
        let c = controller()
        let all = platform.displays
        platform.displays = [all[0], all[2]].enumerated().map { var d = $1; d.index = $0; return d }
        advance(0.1); c.refresh(reason: "unplug")
        assertCovered("DP-2")
        advance(3)   // the grace timer refreshes
        XCTAssertEqual(c.assignment.audienceDisplay?.name, "DP-2")
        XCTAssertTrue(covers.isEmpty, "the cover leaves the room's new display")
        let aw = c.audienceWindow!
        XCTAssertTrue(aw.isVisible && aw.isFullscreen && !aw.isMinimized && aw.frame == platform.bounds("DP-2"), "\(aw.frame)")
        platform.displays = all
        advance(1); c.refresh(reason: "replug")
        XCTAssertEqual(c.assignment.audienceDisplay?.name, "HDMI-1")
        assertCovered("DP-2")
        XCTAssertTrue(c.audienceWindow!.isVisible && c.audienceWindow!.frame == platform.bounds("HDMI-1"))
    }

    /// A window manager that puts the cover elsewhere (sway's Xwayland: on the focused output,
    /// over the console): once it has acted the cover is closed, and not made again until the
    /// displays change.
    func testACoverTheWindowManagerPutsOverTheConsoleIsClosed() async {
        platform.connect([("eDP-1", 1280, 800), ("HDMI-1", 1920, 1080), ("DP-2", 1920, 1080)])
        let c = controller()
        let cover = covers.first!
        platform.managed[ObjectIdentifier(cover)] = platform.bounds("eDP-1")
        advance(2)   // the settled check
        XCTAssertTrue(cover.closed, "never black over the console")
        XCTAssertTrue(c.coverWindows.isEmpty)
        XCTAssertTrue(lines.contains { $0.contains("the window manager put the black cover of DP-2 on eDP-1") }, "\(lines)")
        advance(1); c.refresh(reason: "window event")
        XCTAssertTrue(covers.isEmpty, "not made again for the same displays")
        XCTAssertEqual(c.audienceWindow?.frame, platform.bounds("HDMI-1"))
        platform.displays[2].bounds = Rect(3200, 200, 1920, 1080); platform.displays[2].usableBounds = platform.displays[2].bounds
        advance(1); c.refresh(reason: "display moved")
        XCTAssertEqual(covers.count, 1, "a display change is a new chance")
    }

    /// Under a Wayland compositor that answers the cover's fullscreen request with an ordinary
    /// window elsewhere (a sway rule moving it to the console's output): closed once the
    /// compositor has acted, the console keeps the keyboard, not made again for these displays.
    func testACoverAWaylandCompositorTakesOutOfFullscreenIsClosed() async {
        platform.wayland = true
        platform.connect([("eDP-1", 1280, 800), ("HDMI-1", 1920, 1080), ("DP-2", 1920, 1080)])
        let c = controller()
        assertCovered("DP-2")
        let cover = covers.first!
        cover.isFullscreen = false
        advance(2)   // the settled check
        XCTAssertTrue(cover.closed, "never black where it was not asked for")
        XCTAssertTrue(lines.contains { $0.contains("the window manager took the black cover of DP-2 out of fullscreen") }, "\(lines)")
        XCTAssertTrue(platform.presenter.focused && platform.presenter.isVisible && !platform.presenter.isMinimized)
        advance(1); c.refresh(reason: "window event")
        XCTAssertTrue(covers.isEmpty, "not made again for the same displays")
    }

    /// A cover whose surface the Wayland compositor put on the console's output: SDL says so
    /// (the cover's display is the console's) and takes the console out of fullscreen, minimised.
    /// The cover is closed and the console fullscreen on its display again, with the keyboard.
    func testACoverSeenOnTheConsolesOutputIsClosedAndTheConsoleRestored() async {
        platform.wayland = true
        platform.connect([("eDP-1", 1280, 800), ("HDMI-1", 1920, 1080), ("DP-2", 1920, 1080)])
        let c = controller()
        let cover = covers.first!
        platform.managed[ObjectIdentifier(cover)] = platform.bounds("eDP-1")
        platform.presenter.isFullscreen = false; platform.presenter.isMinimized = true
        advance(2)   // the settled check
        XCTAssertTrue(cover.closed)
        XCTAssertTrue(lines.contains { $0.contains("the window manager put the black cover of DP-2 on eDP-1") }, "\(lines)")
        let p = platform.presenter
        XCTAssertTrue(p.isVisible && !p.isMinimized && p.isFullscreen && p.frame == platform.bounds("eDP-1") && p.focused, "console \(p.frame)")
        XCTAssertTrue(c.coverWindows.isEmpty)
    }

    /// A new mode or position of the covered display places its cover again; a platform without covers
    /// (Wayland) changes nothing.
    func testACoveredDisplaysNewModeAndPlatformsWithoutCovers() async {
        platform.connect([("eDP-1", 1280, 800), ("HDMI-1", 1920, 1080), ("DP-2", 1920, 1080)])
        let c = controller()
        let first = covers.first
        // Moved (the same display: name and native size), in a smaller mode.
        platform.displays[2].bounds = Rect(3200, 200, 1280, 720); platform.displays[2].usableBounds = platform.displays[2].bounds
        advance(1); c.refresh(reason: "mode change")
        assertCovered("DP-2")
        XCTAssertTrue(covers.first === first, "the same cover, placed again")

        platform = FakePlatform()
        platform.covers = false
        platform.connect([("eDP-1", 1280, 800), ("HDMI-1", 1920, 1080), ("DP-2", 1920, 1080)])
        let d = controller()
        XCTAssertTrue(d.coverWindows.isEmpty)
        XCTAssertFalse(lines.contains { $0.contains("covered black") && $0.contains("cannot") })
    }
}
