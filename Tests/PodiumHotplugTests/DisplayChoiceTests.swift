import Foundation
import PodiumTestSupport
import XCTest

/// Issue 13 point 5: display choices hold under every window manager. After every swap both
/// windows are mapped, not iconic and fullscreen on their new displays — under openbox, with no
/// window manager, and under sway — as the X server / compositor report it; the choice is saved
/// in displays.json per set of displays and used at the next launch; names are the ones users see.
final class DisplayChoiceTests: XCTestCase {
    static let presenterTitle = "Podium Presenter"
    static let audienceTitle = "Podium Audience"
    static let dummy0: [Double] = [0, 0, 1280, 800], dummy1: [Double] = [1280, 0, 1920, 1080]

    /// The X server's view: exactly one presenter and one audience window, each mapped, not
    /// iconic, covering its display, and (with a window manager) in _NET_WM_STATE_FULLSCREEN.
    private func assertX11(_ rig: XorgRig, presenter: [Double], audience: [Double], windowManager: Bool,
                           _ when: String, file: StaticString = #filePath, line: UInt = #line) {
        var last = ""
        let ok = poll(5) { () -> Bool? in
            guard let p = try? X11WindowState.windows(titled: Self.presenterTitle, env: rig.clientEnv),
                  let a = try? X11WindowState.windows(titled: Self.audienceTitle, env: rig.clientEnv) else { return nil }
            last = "presenter \(p), audience \(a)"
            guard p.count == 1, a.count == 1 else { return nil }
            for (w, bounds) in [(p[0], presenter), (a[0], audience)] {
                guard w.mapState == "IsViewable", !w.iconic, w.frame == bounds else { return nil }
                if windowManager, !w.netWMState.contains("_NET_WM_STATE_FULLSCREEN") { return nil }
            }
            return true
        }
        XCTAssertNotNil(ok, "\(when): \(last)", file: file, line: line)
    }

    /// Three swaps on Xorg (two displays): after each, both windows are where they belong.
    private func swapThreeTimes(_ rig: XorgRig, windowManager: Bool) throws {
        let podium = try RigPodium(rig: rig)
        defer { XCTAssertEqual(podium.stop(), 0, "exit status; log:\n\(podium.log)") }
        try podium.waitFor("audience on DUMMY1") { $0.audienceIsFullscreen(on: "DUMMY1") && $0.presenter.display == "DUMMY0" }
        assertX11(rig, presenter: Self.dummy0, audience: Self.dummy1, windowManager: windowManager, "at launch")
        for swap in 1...3 {
            XCTAssertEqual(try podium.request(["cmd": "swap"])["swapped"] as? Bool, true)
            let (p, a) = swap % 2 == 1 ? ("DUMMY1", "DUMMY0") : ("DUMMY0", "DUMMY1")
            try podium.waitFor("swap \(swap)") { $0.audienceIsFullscreen(on: a) && $0.presenter.display == p && $0.presenter.visible }
            assertX11(rig, presenter: p == "DUMMY0" ? Self.dummy0 : Self.dummy1, audience: a == "DUMMY0" ? Self.dummy0 : Self.dummy1,
                      windowManager: windowManager, "after swap \(swap)")
            // The window manager's later answer does not take the audience back into the preview.
            usleep(1_500_000)
            let s = try podium.state()
            XCTAssertEqual(s.audiencePlacement, "display", "after swap \(swap): \(s.summary)\n\(podium.log)")
        }
    }

    func testSwapUnderOpenbox() throws {
        let rig = try XorgRig(["1280x800", "1920x1080"])
        defer { rig.stop() }
        try rig.startOpenbox()
        try swapThreeTimes(rig, windowManager: true)
    }

    func testSwapWithoutWindowManager() throws {
        try Rig.require(["xprop", "xwininfo", "xdotool"])
        let rig = try XorgRig(["1280x800", "1920x1080"])
        defer { rig.stop() }
        try swapThreeTimes(rig, windowManager: false)
    }

    /// Sway (wayland driver): after each swap the compositor's tree has each window fullscreen
    /// and visible on its new output; names are sway's (WL-1, WL-2), as `podium displays` lists.
    func testSwapUnderSwayAndCompositorNames() throws {
        let rig = try SwayRig(outputs: 2)
        defer { rig.stop() }
        let bin = packageRoot.appendingPathComponent(".build/debug/podium").path
        let listing = try runTool(bin, ["displays"], env: rig.podiumEnv())
        XCTAssertTrue(listing.contains("0: WL-1") && listing.contains("1: WL-2"), listing)
        let outputs = try runTool(rig.script, ["outputs", rig.dir])
        XCTAssertTrue(outputs.contains("\"WL-1\"") && outputs.contains("\"WL-2\""), "the names swaymsg -t get_outputs prints")
        XCTAssertThrowsError(try runTool(bin, ["present", "--audience-display", "HDMI-A-9"], env: rig.podiumEnv())) {
            XCTAssertTrue("\($0)".contains(#"--audience-display "HDMI-A-9": no connected display has this name; connected: "WL-1""#), "\($0)")
            XCTAssertTrue("\($0)".contains(#""WL-2""#), "\($0)")
        }

        let podium = try RigPodium(rig: rig, arguments: ["--audience-display", "WL-1"])
        defer { XCTAssertEqual(podium.stop(), 0, "exit status; log:\n\(podium.log)") }
        try podium.waitFor("audience on WL-1 as chosen") { $0.audienceIsFullscreen(on: "WL-1") && $0.presenterDisplay == "WL-2" }
        for swap in 0...3 {
            if swap > 0 { XCTAssertEqual(try podium.request(["cmd": "swap"])["swapped"] as? Bool, true) }
            let (p, a) = swap % 2 == 1 ? ("WL-1", "WL-2") : ("WL-2", "WL-1")
            try podium.waitFor("swap \(swap)") { $0.audienceIsFullscreen(on: a) && $0.presenterDisplay == p }
            var last = ""
            let ok = poll(5) { () -> Bool? in
                guard let w = try? rig.compositorWindows() else { return nil }
                last = "\(w)"
                guard let pw = w.first(where: { $0.key.hasPrefix(Self.presenterTitle) })?.value,
                      let aw = w.first(where: { $0.key.hasPrefix(Self.audienceTitle) })?.value else { return nil }
                return pw.output == p && pw.fullscreen && pw.visible && aw.output == a && aw.fullscreen && aw.visible ? true : nil
            }
            XCTAssertNotNil(ok, "after swap \(swap): \(last)")
        }
    }

    /// The choice from a swap is saved per set of displays and used at the next launch; a
    /// temporary removal never rewrites it; an unknown display name is an error naming the
    /// connected ones.
    func testSwapIsSavedAndUsedAtNextLaunch() throws {
        let rig = try XorgRig(["1280x800", "1920x1080"])
        defer { rig.stop() }
        let file = try XCTUnwrap(rig.homeEnv()["XDG_CONFIG_HOME"]) + "/podium/displays.json"
        do {
            let podium = try RigPodium(rig: rig)
            try podium.waitFor("default") { $0.audienceIsFullscreen(on: "DUMMY1") }
            XCTAssertFalse(FileManager.default.fileExists(atPath: file), "the default is not a choice")
            try podium.request(["cmd": "swap"])
            try podium.waitFor("swapped") { $0.audienceIsFullscreen(on: "DUMMY0") }
            XCTAssertEqual(podium.stop(), 0)
        }
        let saved = try String(contentsOfFile: file, encoding: .utf8)
        let json = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(saved.utf8)) as? [String: Any])
        let entry = try XCTUnwrap((json["choices"] as? [[String: Any]])?.first)
        XCTAssertEqual((entry["presenter"] as? [String: Any])?["name"] as? String, "DUMMY1")
        XCTAssertEqual((entry["audience"] as? [String: Any])?["name"] as? String, "DUMMY0")
        XCTAssertEqual((entry["displays"] as? [Any])?.count, 2)

        let podium = try RigPodium(rig: rig)
        let s = try podium.waitFor("the saved choice at the next launch") { $0.audienceIsFullscreen(on: "DUMMY0") && $0.presenter.display == "DUMMY1" }
        XCTAssertEqual(s.presenterDisplay, "DUMMY1")
        // Said in the log (and on the console: DisplayControllerTests), with the day it was made.
        XCTAssertTrue(podium.log.contains("; swapped as you chose for these displays on "), podium.log)
        // A temporary removal (the audience display switched off and on) rewrites nothing.
        try rig.unplug(0)
        try podium.waitFor("audience in the preview") { $0.audiencePlacement == "preview" && $0.displayNames == ["DUMMY1"] }
        try rig.plug(0, "1280x800")
        try podium.waitFor("audience back") { $0.displayNames.count == 2 && $0.audienceDisplay != nil }
        XCTAssertEqual(try String(contentsOfFile: file, encoding: .utf8), saved, "displays.json is unchanged")
        XCTAssertEqual(podium.stop(), 0)

        let bad = try runPodium(["present", "--presenter-display", "VGA-7"], environment: rig.podiumEnv())
        XCTAssertEqual(bad.status, 2)
        XCTAssertTrue(bad.stderr.contains(#"--presenter-display "VGA-7": no connected display has this name; connected: "DUMMY0", "DUMMY1""#), bad.stderr)
    }

    /// Issue 21's case (hotplug-openbox-audience-stuck): under openbox, the audience display
    /// switched off and on again gets the audience back fullscreen; swap recovers as well.
    func testOpenboxAudienceDisplayOffAndOnComesBack() throws {
        let rig = try XorgRig(["1280x800", "1920x1080"])
        defer { rig.stop() }
        try rig.startOpenbox()
        let podium = try RigPodium(rig: rig)
        defer { XCTAssertEqual(podium.stop(), 0, "exit status; log:\n\(podium.log)") }
        try podium.waitFor("audience on DUMMY1") { $0.audienceIsFullscreen(on: "DUMMY1") }
        try rig.unplug(1)
        let gone = try podium.waitFor("audience in the preview") { $0.audiencePlacement == "preview" }
        XCTAssertEqual(gone.displayNames, ["DUMMY0"], "an output switched off is no longer a display")
        assertPresenterOnly(rig)
        try rig.plug(1, "1920x1080")
        try podium.waitFor("audience back on DUMMY1", seconds: 10) { $0.audienceIsFullscreen(on: "DUMMY1") }
        assertX11(rig, presenter: Self.dummy0, audience: Self.dummy1, windowManager: true, "after the display came back")
        for _ in 1...2 { try podium.request(["cmd": "swap"]) }
        try podium.waitFor("two swaps later") { $0.audienceIsFullscreen(on: "DUMMY1") && $0.roles["refusedByWindowManager"] is NSNull }
        assertX11(rig, presenter: Self.dummy0, audience: Self.dummy1, windowManager: true, "after two swaps")
    }

    /// While the audience waits in the preview, the presenter window is the only one mapped.
    private func assertPresenterOnly(_ rig: XorgRig, file: StaticString = #filePath, line: UInt = #line) {
        let ok = poll(5) { () -> Bool? in
            guard let a = try? X11WindowState.windows(titled: Self.audienceTitle, env: rig.clientEnv),
                  let p = try? X11WindowState.windows(titled: Self.presenterTitle, env: rig.clientEnv) else { return nil }
            return a.allSatisfy { $0.mapState != "IsViewable" } && p.count == 1 && p[0].mapState == "IsViewable" && p[0].frame == Self.dummy0 ? true : nil
        }
        XCTAssertNotNil(ok, "the presenter alone, on DUMMY0", file: file, line: line)
    }
}
