import Foundation
import XCTest

/// Cases 1, 4 and 5 of the hot-plug issue (and the mode change) against a real Xorg with the dummy
/// driver: SDL sees a real CONNECTED when an output is switched on (it never reports unplug).
final class XorgHotplugTests: XCTestCase {
    /// Case 1: start with one display, plug a projector: the audience view goes fullscreen on it.
    func testPlugProjectorMovesAudienceFullscreenOntoIt() throws {
        let rig = try XorgRig(["1280x800"])
        defer { rig.stop() }
        let podium = try RigPodium(rig: rig)
        defer { podium.stop() }
        let before = try podium.waitFor("one display") { $0.displayNames == ["DUMMY0"] }
        XCTAssertEqual(before.driver, "x11")
        XCTAssertEqual(before.audiencePlacement, "preview", "one display: the audience is in the presenter's preview")
        XCTAssertFalse(before.audience.visible)
        XCTAssertEqual(before.sdlWindowCount, before.spareAudienceWindow ? 2 : 1)

        try rig.plug(1, "1920x1080")
        let after = try podium.waitFor("audience fullscreen on DUMMY1") { $0.audienceIsFullscreen(on: "DUMMY1") }
        XCTAssertTrue(after.audience.fullscreen, "state says fullscreen where the log does (SDL's flag, or a borderless window covering the display): \(after.summary)")
        XCTAssertEqual(after.presenterDisplay, "DUMMY0")
        XCTAssertEqual(after.presenter.display, "DUMMY0")
        XCTAssertEqual(after.audience.bounds, [1280, 0, 1920, 1080])
        XCTAssertEqual(after.audience.size, [1920, 1080], "re-rendered at the new display's size")
        XCTAssertEqual(after.sceneIndex, before.sceneIndex)
        // The presenter window fills the laptop display, as when launched with both (it stayed an
        // ordinary 80 % window after a plug in a trial).
        let filled = try podium.waitFor("presenter fills DUMMY0") { $0.presenter.bounds == [0, 0, 1280, 800] && $0.presenter.fullscreen }
        XCTAssertEqual(filled.presenter.bounds, [0, 0, 1280, 800], filled.summary)
        XCTAssertTrue(filled.presenter.fullscreen, filled.summary)
        XCTAssertTrue(filled.audienceIsFullscreen(on: "DUMMY1"), filled.summary)
        // The newly mapped audience window does not keep keyboard focus (X11, no window manager).
        try podium.waitFor("presenter focused") { $0.presenter.focused && !$0.audience.focused }
        let png = rig.dir + "/audience.png"
        let shot = try podium.request(["cmd": "screenshot", "window": "audience", "path": png])
        XCTAssertEqual(shot["width"] as? Int, 1920)
        XCTAssertTrue(FileManager.default.fileExists(atPath: png))
        // SDL's CONNECTED event or a re-enumeration (a `state` request polls too) notices it first.
        XCTAssertTrue(podium.log.contains(": +DUMMY1 [1280, 0, 1920×1080]; now: presenter on DUMMY0, audience fullscreen on DUMMY1"), podium.log)
        XCTAssertTrue(podium.log.contains("audience first frame on DUMMY1"), podium.log)
    }

    /// The lid closed (the laptop's display off, the projector left: the console hidden), then the
    /// projector blipping off and on: it comes back as the room's display, not the console's
    /// (trial 22 F1: the console, notes and all, came back on the projector and stayed there).
    func testAProjectorBlipWithTheLidClosedKeepsTheConsoleOffIt() throws {
        let rig = try XorgRig(["1280x800", "1920x1080"])
        defer { rig.stop() }
        let podium = try RigPodium(rig: rig)
        defer { podium.stop() }
        _ = try podium.waitFor("audience on DUMMY1") { $0.audienceIsFullscreen(on: "DUMMY1") }
        try rig.unplug(0)
        _ = try podium.waitFor("lid closed: the room's view alone") { $0.displayNames == ["DUMMY1"] && $0.audiencePlacement == "mirror" && !$0.presenter.visible }
        try rig.unplug(1)
        _ = try podium.waitFor("no display") { $0.displayNames.isEmpty }
        try rig.plug(1, "1920x1080")
        let back = try podium.waitFor("the projector back, the room's") { $0.displayNames == ["DUMMY1"] && $0.audiencePlacement == "mirror" }
        XCTAssertFalse(back.presenter.visible, "the console stays hidden: \(back.summary)")
        usleep(1_500_000)
        let later = try podium.state()
        XCTAssertFalse(later.presenter.visible, "and stays so: \(later.summary)")
        XCTAssertEqual(later.audiencePlacement, "mirror", later.summary)
        XCTAssertTrue(later.audience.visible, "the room sees the talk: \(later.summary)")
        XCTAssertFalse(podium.log.contains("now: presenter on DUMMY1"), podium.log)
    }

    /// One display at launch, under a window manager (openbox): the presenter window fills the
    /// display as it does after a plug, not a small decorated window in its middle (a trial saw
    /// 1024×660 with a title bar); a projector plugged later leaves it so.
    func testOneDisplayAtLaunchThePresenterFillsIt() throws {
        let rig = try XorgRig(["1280x800"])
        defer { rig.stop() }
        try rig.startOpenbox()
        let podium = try RigPodium(rig: rig)
        defer { podium.stop() }
        var s = try podium.waitFor("presenter fills DUMMY0") { $0.presenter.visible && $0.presenter.bounds == [0, 0, 1280, 800] && $0.presenter.fullscreen }
        XCTAssertEqual(s.presenter.bounds, [0, 0, 1280, 800], s.summary)
        XCTAssertEqual(s.audiencePlacement, "preview")
        // As the window manager has it.
        let x = try XCTUnwrap(try X11WindowState.windows(titled: "Podium Presenter", env: rig.clientEnv).first)
        XCTAssertTrue(x.netWMState.contains("_NET_WM_STATE_FULLSCREEN"), "\(x)")
        XCTAssertEqual(x.frame, [0, 0, 1280, 800], "\(x)")

        try rig.plug(1, "1920x1080")
        s = try podium.waitFor("audience fullscreen on DUMMY1") { $0.audienceIsFullscreen(on: "DUMMY1") }
        s = try podium.waitFor("presenter still fills DUMMY0") { $0.presenter.bounds == [0, 0, 1280, 800] && $0.presenter.fullscreen && $0.presenter.visible }
        XCTAssertTrue(s.presenter.fullscreen, s.summary)
    }

    /// Case 4: laptop 1280×800 + two 1920×1080 monitors: the documented default (presenter on the
    /// primary, audience on the first other display in SDL's order), then `--audience-display`,
    /// the swap command, and `podium displays` showing the choice.
    func testThreeDisplaysDefaultThenChosen() throws {
        let rig = try XorgRig(["1280x800", "1920x1080", "1920x1080"])
        defer { rig.stop() }
        do {
            let podium = try RigPodium(rig: rig)
            defer { podium.stop() }
            let s = try podium.waitFor("default assignment") { $0.audienceIsFullscreen(on: "DUMMY1") }
            XCTAssertEqual(s.displayNames, ["DUMMY0", "DUMMY1", "DUMMY2"])
            XCTAssertEqual(s.presenterDisplay, "DUMMY0")
            XCTAssertEqual(s.presenter.bounds, [0, 0, 1280, 800], "the presenter fills the laptop display")
            let swapped = try podium.request(["cmd": "swap"])
            XCTAssertEqual(swapped["swapped"] as? Bool, true)
            let after = try podium.waitFor("swapped") { $0.audienceIsFullscreen(on: "DUMMY0") && $0.presenter.display == "DUMMY1" }
            XCTAssertEqual(after.savedAudience, "DUMMY0", "a swap is the user's choice")
        }
        for choice in ["DUMMY2", "2"] {
            let podium = try RigPodium(rig: rig, arguments: ["--audience-display", choice])
            defer { podium.stop() }
            let s = try podium.waitFor("audience on DUMMY2 by \(choice)") { $0.audienceIsFullscreen(on: "DUMMY2") }
            XCTAssertEqual(s.presenterDisplay, "DUMMY0")
            XCTAssertEqual(s.savedAudience, "DUMMY2")
        }
        let listing = try runTool(packageRoot.appendingPathComponent(".build/debug/podium").path, ["displays", "--audience-display", "DUMMY2"], env: rig.podiumEnv())
        XCTAssertTrue(listing.contains("presenter view: DUMMY0"), listing)
        XCTAssertTrue(listing.contains("audience view: DUMMY2"), listing)
        // The last choice for these three displays is remembered; a fresh home has the default.
        let remembered = try runTool(packageRoot.appendingPathComponent(".build/debug/podium").path, ["displays"], env: rig.podiumEnv())
        XCTAssertTrue(remembered.contains("audience view: DUMMY2"), remembered)
        let byDefault = try runTool(packageRoot.appendingPathComponent(".build/debug/podium").path, ["displays"], env: rig.podiumEnv(rig.dir + "/fresh"))
        XCTAssertTrue(byDefault.contains("audience view: DUMMY1"), byDefault)
    }

    /// Case 5: mixed sizes 1280×800 and 3840×2160: each view laid out for its own display.
    func testMixedSizesEachViewLaidOutForItsDisplay() throws {
        let rig = try XorgRig(["1280x800", "3840x2160"])
        defer { rig.stop() }
        let podium = try RigPodium(rig: rig)
        defer { podium.stop() }
        let s = try podium.waitFor("audience on the 4K display") { $0.audienceIsFullscreen(on: "DUMMY1") }
        XCTAssertEqual(s.presenter.size, [1280, 800])
        XCTAssertEqual(s.audience.size, [3840, 2160])
        XCTAssertEqual(s.audience.bounds, [1280, 0, 3840, 2160])
        // Every presenter control lies inside the 1280×800 window.
        for c in s.presenter.controls {
            guard let f = c["frame"] as? [String: Double] else { continue }
            XCTAssertLessThanOrEqual((f["x"] ?? 0) + (f["width"] ?? 0), 1280.5, "\(c["id"] ?? "?") overflows the presenter window")
        }
        let shot = try podium.request(["cmd": "screenshot", "window": "audience", "path": rig.dir + "/4k.png"])
        XCTAssertEqual(shot["width"] as? Int, 3840)
        XCTAssertEqual(shot["height"] as? Int, 2160)
    }

    /// SDL sends no event for a mode change: Podium notices by re-enumerating and re-lays out.
    func testModeChangeIsNoticed() throws {
        let rig = try XorgRig(["1280x800", "1920x1080"])
        defer { rig.stop() }
        let podium = try RigPodium(rig: rig)
        defer { podium.stop() }
        try podium.waitFor("audience on DUMMY1") { $0.audienceIsFullscreen(on: "DUMMY1") }
        try rig.mode(1, "1280x720")
        // The control request itself is a cue to look again (no SDL event arrives).
        let s = try podium.waitFor("audience at 1280×720") { $0.audience.size == [1280, 720] }
        XCTAssertEqual(s.bounds(ofDisplay: "DUMMY1"), [1280, 0, 1280, 720])
        XCTAssertTrue(s.audienceIsFullscreen(on: "DUMMY1"), s.summary)
        XCTAssertTrue(podium.log.contains("~DUMMY1"), podium.log)
    }

    /// One display with `--windowed`: the audience view gets an ordinary window, nothing fails;
    /// a bad selector is a usage error naming the option.
    func testSingleDisplayWindowedAndBadSelector() throws {
        let rig = try XorgRig(["1280x800"])
        defer { rig.stop() }
        let podium = try RigPodium(rig: rig, arguments: ["--windowed"])
        defer { podium.stop() }
        let s = try podium.waitFor("audience in a window") { $0.audiencePlacement == "window" && $0.audience.visible }
        XCTAssertEqual(s.audience.display, "DUMMY0")
        XCTAssertFalse(s.audience.fullscreen)
        XCTAssertLessThan(s.audience.size[0], 1280)
        let bin = packageRoot.appendingPathComponent(".build/debug/podium").path
        XCTAssertThrowsError(try runTool(bin, ["present", "--audience-display", "-1"], env: rig.podiumEnv())) {
            XCTAssertTrue("\($0)".contains("--audience-display \"-1\""), "\($0)")
        }
    }

    /// One display, `--windowed presentation` (pdfpc's name for the audience view), no window
    /// manager: the audience window opens beside the presenter window, not over it (a trial saw
    /// it open over the console, hiding the notes and timers), both whole on the display, as the
    /// X server has them.
    func testWindowedAudienceOnOneDisplayOpensBesideThePresenterWindow() throws {
        let rig = try XorgRig(["1280x800"])
        defer { rig.stop() }
        let podium = try RigPodium(rig: rig, arguments: ["--windowed", "presentation"])
        defer { podium.stop() }
        let s = try podium.waitFor("audience in a window") { $0.audiencePlacement == "window" && $0.audience.visible && $0.presenter.visible }
        func rect(_ b: [Double]) -> (x: Double, y: Double, w: Double, h: Double) { (b[0], b[1], b[2], b[3]) }
        let p = rect(s.presenter.bounds), a = rect(s.audience.bounds)
        let overlapW = min(p.x + p.w, a.x + a.w) - max(p.x, a.x), overlapH = min(p.y + p.h, a.y + a.h) - max(p.y, a.y)
        XCTAssertFalse(overlapW > 0 && overlapH > 0, "the windows overlap: presenter \(s.presenter.bounds), audience \(s.audience.bounds)")
        for (name, r) in [("presenter", p), ("audience", a)] {
            XCTAssertTrue(r.x >= 0 && r.y >= 0 && r.x + r.w <= 1280 && r.y + r.h <= 800, "\(name) \(r) leaves the display")
        }
        XCTAssertGreaterThanOrEqual(p.w, 640, "the console keeps a usable width")
        XCTAssertGreaterThanOrEqual(a.w, 320)
        XCTAssertFalse(s.audience.fullscreen || s.presenter.fullscreen)
    }

    /// Trial 21 m3: `--windowed`, no window manager; the projector pulled moves the presenter
    /// window aside for the audience window (documented), and when it is back the presenter window
    /// goes back where it was (it stayed squeezed at 0,0 752×800), as the X server has it.
    func testWindowedPresenterGoesBackWhereItWasWhenTheProjectorReturns() throws {
        let rig = try XorgRig(["1280x800", "1920x1080"])
        defer { rig.stop() }
        let podium = try RigPodium(rig: rig, arguments: ["--windowed"])
        defer { podium.stop() }
        let start = try podium.waitFor("both windows") { $0.audience.visible && $0.audience.display == "DUMMY1" && $0.presenter.visible }
        let speakers = start.presenter.bounds
        XCTAssertFalse(start.presenter.fullscreen, start.summary)
        try rig.unplug(1)
        let aside = try podium.waitFor("audience window beside the presenter") { $0.audiencePlacement == "window" && $0.audience.visible && $0.presenter.bounds != speakers }
        XCTAssertEqual(aside.presenter.bounds[0], 0, "moved aside to the left: \(aside.summary)")
        try rig.plug(1, "1920x1080")
        try podium.waitFor("audience window on DUMMY1") { $0.audience.visible && $0.audience.display == "DUMMY1" && $0.audiencePlacement == "display" }
        let back = try podium.waitFor("presenter window where it was", seconds: 20) { $0.presenter.bounds == speakers }
        XCTAssertEqual(back.presenter.bounds, speakers, back.summary)
        let x = try XCTUnwrap(try X11WindowState.windows(titled: "Podium Presenter", env: rig.clientEnv).first)
        XCTAssertEqual(x.frame, speakers, "\(x)")
        XCTAssertTrue(podium.log.contains("presenter window back where it was"), podium.log)
        // Again, but the speaker moves and resizes the squeezed window while the projector is
        // gone: it stays where they put it.
        try rig.unplug(1)
        try podium.waitFor("moved aside again") { $0.audiencePlacement == "window" && $0.audience.visible && $0.presenter.bounds != speakers }
        try runTool("xdotool", ["windowsize", x.id, "900", "600", "windowmove", x.id, "200", "120"], env: rig.clientEnv)
        let theirs: [Double] = [200, 120, 900, 600]
        try podium.waitFor("the speaker's move seen") { $0.presenter.bounds == theirs }
        try rig.plug(1, "1920x1080")
        let after = try podium.waitFor("audience window on DUMMY1 again") { $0.audience.visible && $0.audience.display == "DUMMY1" && $0.audiencePlacement == "display" }
        XCTAssertEqual(after.presenter.bounds, theirs, "the speaker's later choice wins: \(after.summary)")
        XCTAssertEqual(try X11WindowState.windows(titled: "Podium Presenter", env: rig.clientEnv).first?.frame, theirs)
    }

    /// Window titles reach the window manager intact: `_NET_WM_NAME` in UTF-8 and a `WM_NAME`
    /// that is not mojibake (trial 8: SDL converted "Podium Presenter — Bands I Love" through
    /// the C locale, WM_NAME read "Podium Presenter â\302\200\302\224 …" and there was no
    /// _NET_WM_NAME at all).
    func testWindowTitlesAreUTF8ForTheWindowManager() throws {
        let rig = try XorgRig(["1280x800", "1920x1080"])
        defer { rig.stop() }
        let podium = try RigPodium(rig: rig)
        defer { podium.stop() }
        _ = try podium.waitFor("both windows") { $0.audience.visible && $0.presenter.visible }
        for title in ["Podium Presenter", "Podium Audience"] {
            let id = try XCTUnwrap(try runTool("xdotool", ["search", "--name", "^" + title], env: rig.clientEnv).split(separator: "\n").first.map(String.init), title)
            let props = try runTool("xprop", ["-id", id, "_NET_WM_NAME", "WM_NAME"], env: rig.clientEnv)
            XCTAssertTrue(props.contains("_NET_WM_NAME(UTF8_STRING) = \"\(title) — "), props)
            XCTAssertFalse(props.contains("\\302"), "WM_NAME is not mojibake: \(props)")
        }
    }
}
