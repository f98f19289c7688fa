import Foundation
import PodiumTestSupport
import XCTest

/// Cases 2, 3 and 6 of the hot-plug issue against a nested sway (SDL's wayland driver), where
/// outputs really disconnect: SDL sends DISCONNECTED and CONNECTED.
final class SwayHotplugTests: XCTestCase {
    static let presenterTitle = "Podium Presenter — Bands I Love"
    static let audienceTitle = "Podium Audience — Bands I Love"
    static let coverTitle = "Podium Cover"

    /// The compositor's own view: the audience window fullscreen on `output`, the presenter
    /// focused and not covered (not on the audience's output, still fullscreen on its own).
    func assertCompositor(_ rig: SwayRig, audienceOn output: String?, file: StaticString = #filePath, line: UInt = #line) throws {
        let ok = poll(5) { () -> Bool? in
            guard let w = try? rig.compositorWindows(), let p = w[Self.presenterTitle] else { return nil }
            guard p.output == "WL-1", p.focused else { return nil }
            if let o = output { return w[Self.audienceTitle].map { $0.output == o && $0.fullscreen } == true ? true : nil }
            return w[Self.audienceTitle] == nil ? true : nil
        }
        XCTAssertNotNil(ok, "compositor: \((try? rig.compositorWindows()).map { "\($0)" } ?? "no tree")", file: file, line: line)
    }

    /// The laptop's output going away with the projector left (a lid closed), under a Wayland
    /// compositor that moves the presenter window to the remaining output: the audience view
    /// stays fullscreen there, the presenter window is unmapped (the compositor has no visible
    /// presenter), and a new output gets the console back.
    func testThePresentersOutputGoingAwayLeavesTheRoomItsView() throws {
        let rig = try SwayRig(outputs: 2)
        defer { rig.stop() }
        let podium = try RigPodium(rig: rig)
        defer { podium.stop() }
        _ = try podium.waitFor("audience on output 2") { $0.audienceIsFullscreen(on: "WL-2") }
        try podium.request(["cmd": "next"])

        try rig.unplug("WL-1")
        let lid = try podium.waitFor("the room's view alone") { $0.audiencePlacement == "mirror" && $0.displayNames == ["WL-2"] && !$0.presenter.visible }
        XCTAssertTrue(lid.audience.visible, lid.summary)
        let hidden = poll(5) { () -> Bool? in
            guard let w = try? rig.compositorWindows(), let a = w[Self.audienceTitle], a.output == "WL-2", a.fullscreen, a.visible else { return nil }
            return w[Self.presenterTitle].map { !$0.visible } ?? true ? true : nil
        }
        XCTAssertNotNil(hidden, "compositor: \((try? rig.compositorWindows()).map { "\($0)" } ?? "no tree")")
        try podium.request(["cmd": "next"])
        XCTAssertEqual(try podium.state().sceneIndex, 2, "the talk goes on")

        let name = try rig.plug()
        let back = try podium.waitFor("console on the new output") { $0.presenterDisplay == name && $0.presenter.visible && $0.audienceIsFullscreen(on: "WL-2") }
        XCTAssertEqual(back.presenter.display, name, back.summary)
        // The compositor has it too: the presenter shown fullscreen on the new output.
        let shown = poll(5) { () -> Bool? in
            guard let p = try? rig.compositorWindows()[Self.presenterTitle], p.output == name, p.visible, p.fullscreen else { return nil }
            return true
        }
        XCTAssertNotNil(shown, "compositor: \((try? rig.compositorWindows()).map { "\($0)" } ?? "no tree")")
    }

    /// Nil when output `name` shows black all over (on a 20-pixel grid), else what was not.
    func notBlack(_ rig: SwayRig, _ name: String) -> String? {
        guard let image = try? rig.grab(name) else { return "\(name) cannot be read back" }
        var other = 0, checked = 0, example = ""
        for y in stride(from: 5, to: image.height, by: 20) { for x in stride(from: 5, to: image.width, by: 20) {
            checked += 1
            let p = image.rgb(x, y)
            if p != (0, 0, 0) { other += 1; if example.isEmpty { example = "(\(x), \(y)) is \(p)" } }
        } }
        return other == 0 ? nil : "\(name): \(other) of \(checked) points not black, \(example)"
    }

    /// What output `name` shows: its distinct colours and two of its pixels, for a failure's message.
    func sample(_ rig: SwayRig, _ name: String) -> (colours: Int, text: String) {
        guard let image = try? rig.grab(name) else { return (0, "\(name) cannot be read back") }
        let n = image.distinctColors(x: 0, y: 0, w: image.width, h: image.height)
        return (n, "\(n) colours, (5, 5) is \(image.rgb(5, 5)), the centre \(image.rgb(image.width / 2, image.height / 2))")
    }

    /// Distinct colours over all of output `name` (the slide or the console, not a flat colour).
    func colours(_ rig: SwayRig, _ name: String) -> Int {
        guard let image = try? rig.grab(name) else { return 0 }
        return image.distinctColors(x: 0, y: 0, w: image.width, h: image.height)
    }

    /// Trial 13 F6 under a Wayland compositor: a third output (WL-3, neither the presenter's nor
    /// the room's) is covered black, as on X11 (`SpareDisplayXorgTests`), and nothing of it lands
    /// on the console's or the room's output; sway's desktop there is grey. Pulling the room's
    /// output (WL-2): after the grace period the audience fails over to WL-3 as before.
    func testAThirdOutputIsCoveredBlackAndTheAudienceStillFailsOverToIt() throws {
        let rig = try SwayRig(outputs: 3)
        defer { rig.stop() }
        XCTAssertNotNil(notBlack(rig, "WL-3"), "the desktop on WL-3 is not black before the talk")
        let podium = try RigPodium(rig: rig)
        defer { podium.stop() }
        _ = try podium.waitFor("audience on output 2") { $0.audienceIsFullscreen(on: "WL-2") }
        // The compositor's own view: the cover fullscreen on WL-3, the console focused on WL-1,
        // the audience fullscreen on WL-2, one window each.
        var elsewhere: [String] = []
        let placed = poll(10) { () -> Bool? in
            if let c = try? rig.compositorWindows()[Self.coverTitle], c.output != "WL-3" { elsewhere.append(c.output) }
            guard let w = try? rig.compositorWindows(), let c = w[Self.coverTitle], c.output == "WL-3", c.fullscreen, c.visible,
                  let p = w[Self.presenterTitle], p.output == "WL-1", p.focused, p.fullscreen,
                  let a = w[Self.audienceTitle], a.output == "WL-2", a.fullscreen else { return nil }
            return true
        }
        XCTAssertNotNil(placed, "compositor: \((try? rig.compositorWindows()).map { "\($0)" } ?? "no tree")\n\(podium.log)")
        XCTAssertEqual(elsewhere, [], "the cover was seen on another output than WL-3")
        XCTAssertTrue(podium.log.contains("WL-3: neither the presenter's nor the room's display; covered black"), podium.log)
        XCTAssertEqual(poll(10) { self.notBlack(rig, "WL-3") == nil ? true : nil }, true, notBlack(rig, "WL-3") ?? "")
        // Polled, as WL-3's black is: once in ~150 runs (CI, and a loop here) WL-2 read back one
        // flat colour at the first look, cause not found; what it was is printed for the next time.
        for (output, what) in [("WL-2", "the room sees its slide"), ("WL-1", "the speaker sees the console")] {
            let first = sample(rig, output)
            if first.colours <= 20 { print("\(output) at the first look: \(first.text)\ncompositor: \((try? rig.compositorWindows()).map { "\($0)" } ?? "no tree")\n\(podium.log)") }
            XCTAssertNotNil(poll(10) { self.colours(rig, output) > 20 ? true : nil }, "\(what), not a flat colour: \(sample(rig, output).text)")
        }
        try podium.request(["cmd": "next"])

        // WL-2 pulled: after the grace period the room's view is fullscreen on WL-3, its cover gone.
        try rig.unplug("WL-2")
        let moved = try podium.waitFor("audience failed over to output 3", seconds: 20) { $0.audienceIsFullscreen(on: "WL-3") }
        XCTAssertEqual(moved.sceneIndex, 1, "the talk goes on")
        let failedOver = poll(10) { () -> Bool? in
            guard let w = try? rig.compositorWindows(), w[Self.coverTitle] == nil,
                  let a = w[Self.audienceTitle], a.output == "WL-3", a.fullscreen, a.visible,
                  let p = w[Self.presenterTitle], p.output == "WL-1", p.focused else { return nil }
            return true
        }
        XCTAssertNotNil(failedOver, "compositor: \((try? rig.compositorWindows()).map { "\($0)" } ?? "no tree")\n\(podium.log)")
        XCTAssertNotNil(poll(10) { self.colours(rig, "WL-3") > 20 ? true : nil }, "the slide on WL-3 after the failover")
    }

    /// A compositor that does not put the cover on the output asked for (here a sway rule moves
    /// it onto the console's output, WL-1): SDL sees the output its surface entered, and Podium
    /// closes the cover; the console is back on WL-1 with the keyboard, the room keeps its slide.
    func testACoverTheCompositorPutsOnTheConsoleIsClosed() throws {
        let rig = try SwayRig(outputs: 3)
        defer { rig.stop() }
        try rig.command("for_window [title=\"^Podium Cover$\"] move to output WL-1")
        let podium = try RigPodium(rig: rig)
        defer { podium.stop() }
        _ = try podium.waitFor("audience on output 2") { $0.audienceIsFullscreen(on: "WL-2") }
        XCTAssertNotNil(poll(10) { podium.log.contains("the window manager took the black cover of WL-3 out of fullscreen") ? true : nil }, podium.log)
        let back = poll(10) { () -> Bool? in
            guard let w = try? rig.compositorWindows(), w[Self.coverTitle] == nil,
                  let p = w[Self.presenterTitle], p.output == "WL-1", p.focused, p.fullscreen, p.visible,
                  let a = w[Self.audienceTitle], a.output == "WL-2", a.fullscreen else { return nil }
            return true
        }
        XCTAssertNotNil(back, "compositor: \((try? rig.compositorWindows()).map { "\($0)" } ?? "no tree")\n\(podium.log)")
        let s = try podium.waitFor("the console on WL-1") { $0.presenter.visible && $0.presenterDisplay == "WL-1" }
        XCTAssertTrue(s.presenter.fullscreen, s.summary)
        XCTAssertNotNil(poll(10) { self.colours(rig, "WL-1") > 20 ? true : nil }, "the console on WL-1, not black")
        XCTAssertGreaterThan(colours(rig, "WL-2"), 20, "the room sees its slide")
        try podium.request(["cmd": "next"])
        XCTAssertEqual(try podium.state().sceneIndex, 1, "the talk goes on")
    }

    /// Case 2: start with two, pull the projector: no crash, the presenter keeps focus, next and
    /// previous work, the audience content is in the presenter's preview; plug it back: restored.
    func testUnplugKeepsPresenterWorkingAndReplugRestores() throws {
        let rig = try SwayRig(outputs: 2)
        defer { rig.stop() }
        let podium = try RigPodium(rig: rig)
        defer { podium.stop() }
        let start = try podium.waitFor("audience on output 2") { $0.audienceIsFullscreen(on: "WL-2") }
        XCTAssertEqual(start.driver, "wayland")
        try assertCompositor(rig, audienceOn: "WL-2")
        try podium.request(["cmd": "next"])
        let scene = try podium.state().sceneIndex
        XCTAssertEqual(scene, 1)

        try rig.unplug("WL-2")
        let gone = try podium.waitFor("audience in the preview") { $0.audiencePlacement == "preview" && $0.displayNames == ["WL-1"] }
        XCTAssertFalse(gone.audience.visible, "no audience window is left to land on the presenter's display")
        XCTAssertEqual(gone.sdlWindowCount, gone.spareAudienceWindow ? 2 : 1, "the presenter window, and at most a hidden spare")
        XCTAssertEqual(gone.presenter.display, "WL-1")
        XCTAssertTrue(gone.presenter.fullscreen, "the presenter window is not disturbed")
        XCTAssertEqual(gone.sceneIndex, scene, "the scene is untouched")
        XCTAssertEqual(gone.audience.size, start.audience.size, "the audience view keeps its layout in the preview")
        try assertCompositor(rig, audienceOn: nil)
        XCTAssertNotNil(poll(5) { podium.log.contains("presenter preview shows the audience") ? true : nil }, podium.log)
        // The preview really shows the audience content (not an empty black box).
        let preview = try XCTUnwrap(gone.presenter.frame(of: "console.preview"), "the console has a preview")
        let shot = rig.dir + "/presenter-after-unplug.png"
        try podium.request(["cmd": "screenshot", "window": "presenter", "path": shot])
        XCTAssertGreaterThan(try distinctColors(png: shot, in: preview), 20, "the preview shows the audience scene")
        // The presenter view keeps working.
        try podium.request(["cmd": "next"])
        XCTAssertEqual(try podium.state().sceneIndex, scene + 1)
        try podium.request(["cmd": "previous"])
        XCTAssertEqual(try podium.state().sceneIndex, scene)

        let name = try rig.plug()
        let number = name.dropFirst(3)
        let back = try podium.waitFor("audience on the replugged output") { $0.audienceIsFullscreen(on: "WL-\(number)") }
        XCTAssertEqual(back.sceneIndex, scene)
        XCTAssertEqual(back.sdlWindowCount, 2)
        try assertCompositor(rig, audienceOn: name)
    }

    /// Case 3: a one-second blip of the chosen audience display, with a third display that the
    /// audience must not flash onto meanwhile; the saved choice is unchanged afterwards.
    /// (wlroots names a re-plugged output anew, so the display that returns is "WL-4"; that the
    /// very same display is reassigned is proven on identities in DisplayPolicyTests.)
    func testBlipRestoresAndKeepsSavedChoice() throws {
        let rig = try SwayRig(outputs: 3)
        defer { rig.stop() }
        let podium = try RigPodium(rig: rig, arguments: ["--audience-display", "WL-2"])
        defer { podium.stop() }
        let start = try podium.waitFor("audience on the chosen output 2") { $0.audienceIsFullscreen(on: "WL-2") }
        XCTAssertEqual(start.savedAudience, "WL-2")
        let scene = start.sceneIndex

        try rig.unplug("WL-2")
        var sawThird = false
        let end = Date().addingTimeInterval(1)
        while Date() < end {
            let s = try podium.state()
            if s.audienceDisplay == "WL-3" { sawThird = true }
            usleep(50_000)
        }
        let name = try rig.plug()
        let back = try podium.waitFor("audience back after the blip") { $0.audienceIsFullscreen(on: name) }
        XCTAssertFalse(sawThird, "during the blip the audience waited in the preview instead of jumping to output 3")
        XCTAssertEqual(back.savedAudience, "WL-2", "a temporary removal never rewrites the saved choice")
        XCTAssertEqual(back.presenterDisplay, "WL-1")
        XCTAssertEqual(back.sceneIndex, scene)
        XCTAssertEqual(back.popoverCount, start.popoverCount)
        try assertCompositor(rig, audienceOn: name)
    }

    /// Case 6: fifty plug/unplug cycles: still alive, no leaked windows, memory flat, state intact.
    func testFiftyPlugUnplugCycles() throws {
        let rig = try SwayRig(outputs: 2)
        defer { rig.stop() }
        let podium = try RigPodium(rig: rig)
        defer { podium.stop() }
        try podium.waitFor("audience on output 2") { $0.audienceIsFullscreen(on: "WL-2") }
        try podium.request(["cmd": "goto", "index": 1])
        var output = "WL-2"
        var memoryAfterWarmUp = 0
        for cycle in 1...50 {
            try rig.unplug(output)
            try podium.waitFor("preview in cycle \(cycle)") { $0.audiencePlacement == "preview" && $0.displayNames.count == 1 }
            output = try rig.plug()
            let s = try podium.waitFor("audience back in cycle \(cycle)") { $0.audienceIsFullscreen(on: output) }
            XCTAssertEqual(s.sdlWindowCount, 2, "cycle \(cycle): exactly the presenter and audience windows")
            XCTAssertEqual(s.sceneIndex, 1, "cycle \(cycle)")
            if cycle == 10 { memoryAfterWarmUp = s.residentKB }
        }
        let end = try podium.state()
        XCTAssertTrue(podium.process.isRunning)
        XCTAssertEqual(end.presenterDisplay, "WL-1")
        XCTAssertEqual(end.popoverCount, 0)
        // Flat: growth over the last forty cycles stays under 1 MB per cycle on average.
        XCTAssertLessThan(end.residentKB - memoryAfterWarmUp, 40 * 1024,
                          "resident memory grew from \(memoryAfterWarmUp) KiB to \(end.residentKB) KiB")
        try assertCompositor(rig, audienceOn: output)
        let compositorWindows = try rig.compositorWindows().keys.filter { $0.hasPrefix("Podium") }
        XCTAssertEqual(compositorWindows.count, 2, "the compositor sees exactly two Podium windows: \(compositorWindows)")
    }

    /// SDL's x11 driver under sway (Xwayland): sway maps and fullscreens the audience window on the
    /// focused output, over the presenter, while SDL reports the position it asked for. Podium
    /// checks with the X server, and the presenter view must end up uncovered either way.
    func testX11UnderSwayNeverLeavesPresenterCovered() throws {
        let rig = try SwayRig(outputs: 2)
        defer { rig.stop() }
        rig.clientEnv["SDL_VIDEODRIVER"] = "x11"
        let podium = try RigPodium(rig: rig)
        defer { podium.stop() }
        let s = try podium.waitFor("audience settled") { s in
            (s.audienceIsFullscreen(on: "XWAYLAND1")) || (s.audiencePlacement == "preview" && !s.audience.visible)
        }
        let covered = poll(5) { () -> Bool? in
            guard let w = try? rig.compositorWindows(), let a = w[Self.audienceTitle] else { return false }
            return a.output == "WL-1" && a.fullscreen ? nil : false
        }
        XCTAssertEqual(covered, false, "the audience window still covers the presenter: \((try? rig.compositorWindows()).map { "\($0)" } ?? "")\n\(podium.log)")
        if s.audiencePlacement == "preview" {
            XCTAssertTrue(podium.log.contains("the window manager put the audience window over the presenter view"), podium.log)
        }
    }
}
