import PodiumCore
import PodiumKit
import XCTest

/// Displays as SDL would enumerate them: index from the array order, bounds laid left to right
/// unless given.
private func display(_ name: String, _ w: Int, _ h: Int, x: Double? = nil) -> (String, Int, Int, Double?) { (name, w, h, x) }
private func enumerate(_ specs: [(String, Int, Int, Double?)]) -> [DisplayInfo] {
    var nextX = 0.0
    return specs.enumerated().map { i, s in
        let x = s.3 ?? nextX
        nextX = x + Double(s.1)
        let b = Rect(x, 0, Double(s.1), Double(s.2))
        let mode = DisplayInfo.Mode(width: s.1, height: s.2, refreshRate: 60)
        return DisplayInfo(index: i, name: s.0, bounds: b, usableBounds: b, currentMode: mode, modes: [mode])
    }
}

private let laptop = display("eDP-1", 1280, 800)
private let projector = display("HDMI-1", 1920, 1080)
private let monitor = display("DP-2", 1920, 1080)

final class DisplayPolicyTests: XCTestCase {
    func testOneDisplayPutsAudienceInPreviewOrWindow() {
        var p = DisplayPolicy()
        XCTAssertNotNil(p.update(enumerate([laptop]), at: 0))
        XCTAssertEqual(p.assignment.presenter?.name, "eDP-1")
        XCTAssertEqual(p.assignment.audience, .preview)
        var w = DisplayPolicy(windowed: true)
        _ = w.update(enumerate([laptop]), at: 0)
        XCTAssertEqual(w.assignment.audience, .window)
    }

    /// Mirrored outputs (`xrandr --same-as`, a desktop's "mirror displays"): the projector shows
    /// the presenter's display, so it is no display of its own, and the audience view covers the
    /// console there instead of the room seeing notes and timers. Turning mirroring off (the
    /// projector moves beside the laptop) gives the audience its display again.
    func testAMirroredProjectorGetsTheAudienceViewOverTheConsole() {
        var p = DisplayPolicy()
        let same = enumerate([laptop, display("HDMI-1", 1280, 800, x: 0)])
        XCTAssertNotNil(p.update(same, at: 0))
        XCTAssertEqual(p.assignment.presenter?.name, "eDP-1")
        XCTAssertEqual(p.assignment.audience, .mirror(same[1]))
        XCTAssertNil(p.assignment.audienceDisplay, "not a display of its own: nothing to swap or remember")
        XCTAssertNil(p.swap(at: 1))
        XCTAssertTrue(p.assignment.description.contains("mirrors"), p.assignment.description)
        // A bigger projector mode at the same origin overlaps the laptop's display too.
        let bigger = enumerate([laptop, display("HDMI-1", 1920, 1080, x: 0)])
        _ = p.update(bigger, at: 2)
        XCTAssertEqual(p.assignment.audience, .mirror(bigger[1]))
        // Mirroring off: the projector beside the laptop (touching edges do not overlap).
        _ = p.update(enumerate([laptop, projector]), at: 3)
        XCTAssertEqual(p.assignment.audienceDisplay?.name, "HDMI-1")
        // A third display of its own wins over a mirror.
        var q = DisplayPolicy()
        _ = q.update(enumerate([laptop, display("HDMI-1", 1280, 800, x: 0), display("DP-2", 1920, 1080, x: 1280)]), at: 0)
        XCTAssertEqual(q.assignment.audienceDisplay?.name, "DP-2")
    }

    /// Another talk holds the room (trial 12 F1): a `--windowed` talk keeps every view in a window
    /// on SDL's primary display, whatever the selectors, saved choices or plugs say.
    func testBesideAnotherTalkEverythingStaysInWindowsOnThePrimaryDisplay() {
        var p = DisplayPolicy(audience: try? DisplaySelector(parsing: "eDP-1", option: "--audience-display"), windowed: true)
        p.besideAnotherTalk = true
        _ = p.update(enumerate([laptop, projector]), at: 0)
        XCTAssertEqual(p.assignment.presenter?.name, "eDP-1")
        XCTAssertEqual(p.assignment.audience, .window)
        XCTAssertNil(p.assignment.roomDisplay)
        XCTAssertNil(p.swap(at: 1), "nothing to swap onto the room's display")
        _ = p.update(enumerate([laptop, projector, monitor]), at: 2)
        XCTAssertEqual(p.assignment.audience, .window)
        XCTAssertTrue(p.remembered.entries.isEmpty, "nothing remembered for the user's own talks")
    }

    /// Only a real mirror counts (`DisplayInfo.mirrorShare`): a display-settings drag a few pixels
    /// off (trial 12 F7: the projector at x=1279 or 1270 beside a 1280-wide laptop) is extended
    /// displays, the console on the laptop; an overlap of half the smaller display or more is a
    /// mirror, the console hidden under the audience view.
    func testOnlyAnOverlapOfMostOfTheSmallerDisplayIsAMirror() {
        for x in [1279.0, 1270.0, 900.0] {
            var p = DisplayPolicy()
            _ = p.update(enumerate([laptop, display("HDMI-1", 1920, 1080, x: x)]), at: 0)
            XCTAssertEqual(p.assignment.presenter?.name, "eDP-1", "x=\(x)")
            XCTAssertEqual(p.assignment.audienceDisplay?.name, "HDMI-1", "x=\(x): a sliver is an extended display")
            XCTAssertFalse(p.assignment.description.contains("mirrors"), p.assignment.description)
        }
        // Half the laptop's area covered (x=640 of 1280): a mirror; less than half: not.
        var half = DisplayPolicy()
        let h = enumerate([laptop, display("HDMI-1", 1920, 1080, x: 640)])
        _ = half.update(h, at: 0)
        XCTAssertEqual(half.assignment.audience, .mirror(h[1]))
        var less = DisplayPolicy()
        _ = less.update(enumerate([laptop, display("HDMI-1", 1920, 1080, x: 641)]), at: 0)
        XCTAssertEqual(less.assignment.audienceDisplay?.name, "HDMI-1")
        // Full overlap (same origin, bigger mode): a mirror; moving it a sliver off ends it.
        var full = DisplayPolicy()
        let f = enumerate([laptop, display("HDMI-1", 1920, 1080, x: 0)])
        _ = full.update(f, at: 0)
        XCTAssertEqual(full.assignment.audience, .mirror(f[1]))
        _ = full.update(enumerate([laptop, display("HDMI-1", 1920, 1080, x: 1275)]), at: 1)
        XCTAssertEqual(full.assignment.audienceDisplay?.name, "HDMI-1")
        // The rule itself: symmetric, never a display with itself.
        XCTAssertTrue(h[0].mirrors(h[1]) && h[1].mirrors(h[0]))
        XCTAssertFalse(h[0].mirrors(h[0]))
    }

    /// The laptop's own display going off while the projector stays (the lid closed with the
    /// projector attached; xrandr moves the projector to the origin): the only display left is
    /// the one the room sees. The audience view stays there fullscreen and the console is hidden,
    /// as when mirrored: never the console on the projector (a trial saw the presenter window,
    /// timers and notes, on the projector). The laptop back: the normal layout.
    func testTheLaptopsDisplayGoingOffKeepsTheRoomsViewOnTheProjector() {
        var p = DisplayPolicy()
        _ = p.update(enumerate([laptop, projector]), at: 0)
        let lidClosed = enumerate([display("HDMI-1", 1920, 1080, x: 0)])
        let c = p.update(lidClosed, at: 5)
        XCTAssertEqual(c?.removed.map(\.name), ["eDP-1"])
        XCTAssertEqual(p.assignment.audience, .mirror(lidClosed[0]), "the room keeps the audience view")
        XCTAssertTrue(p.assignment.onlyTheRoomsDisplay)
        XCTAssertEqual(p.assignment.roomDisplay?.name, "HDMI-1")
        XCTAssertNil(p.assignment.audienceDisplay, "nothing to swap or remember")
        XCTAssertNil(p.swap(at: 6))
        XCTAssertFalse(c?.description.contains("presenter on") ?? true, c?.description ?? "")
        XCTAssertTrue(c?.description.contains("the console is hidden") ?? false, c?.description ?? "")
        // The lid opened: the laptop comes back right of the projector (and, as the primary
        // display, first in SDL's order, or second): console on it, audience on the projector.
        for back in [[display("eDP-1", 1280, 800, x: 1920), display("HDMI-1", 1920, 1080, x: 0)],
                     [display("HDMI-1", 1920, 1080, x: 0), display("eDP-1", 1280, 800, x: 1920)]] {
            var q = p
            _ = q.update(enumerate(back), at: 10)
            XCTAssertEqual(q.assignment.presenter?.name, "eDP-1", "\(back)")
            XCTAssertEqual(q.assignment.audienceDisplay?.name, "HDMI-1", "\(back)")
        }
        // A moment with no display at all on the way (some drivers) changes nothing of this.
        var r = DisplayPolicy()
        _ = r.update(enumerate([laptop, projector]), at: 0)
        _ = r.update([], at: 5)
        _ = r.update(lidClosed, at: 5.1)
        XCTAssertTrue(r.assignment.onlyTheRoomsDisplay, "\(r.assignment)")
        // With the lid closed, the projector blipping (gone, then back alone) stays the room's:
        // the console does not come back on it (trial 22 F1: it did, notes and all, and
        // stayed), and a crash meanwhile is told so (`rememberedRoom`). The lid opened after: as usual.
        var b = p
        _ = b.update([], at: 20)
        XCTAssertNil(b.assignment.presenter)
        XCTAssertEqual(b.rememberedRoom?.name, "HDMI-1", "what a crash restart is told while no display is there")
        let c2 = b.update(lidClosed, at: 21)
        XCTAssertTrue(b.assignment.onlyTheRoomsDisplay, "\(b.assignment)")
        XCTAssertTrue(c2?.description.contains("the console is hidden") ?? false, c2?.description ?? "")
        _ = b.update(enumerate([display("HDMI-1", 1920, 1080, x: 0), display("eDP-1", 1280, 800, x: 1920)]), at: 30)
        XCTAssertEqual([b.assignment.presenter?.name, b.assignment.audienceDisplay?.name], ["eDP-1", "HDMI-1"], "the lid opened")
        // The laptop back first after the blip, the projector later: each where it belongs.
        var l = p
        _ = l.update([], at: 20)
        _ = l.update(enumerate([laptop]), at: 21)
        XCTAssertEqual(l.assignment.presenter?.name, "eDP-1")
        _ = l.update(enumerate([laptop, projector]), at: 22)
        XCTAssertEqual([l.assignment.presenter?.name, l.assignment.audienceDisplay?.name], ["eDP-1", "HDMI-1"])
        // With a third display left, the console goes there, the room's view stays.
        var t = DisplayPolicy()
        _ = t.update(enumerate([laptop, projector, monitor]), at: 0)
        XCTAssertEqual(t.assignment.audienceDisplay?.name, "HDMI-1")
        _ = t.update(enumerate([display("HDMI-1", 1920, 1080, x: 0), display("DP-2", 1920, 1080)]), at: 5)
        XCTAssertEqual(t.assignment.presenter?.name, "DP-2")
        XCTAssertEqual(t.assignment.audienceDisplay?.name, "HDMI-1")
        // One display at launch is the speaker's, as before: the audience in the preview.
        var u = DisplayPolicy()
        _ = u.update(enumerate([projector]), at: 0)
        XCTAssertEqual(u.assignment.audience, .preview)
    }

    /// A crash restart while only the room's display is connected: the carried `roomHint` keeps
    /// the console off it from the first assignment; with the laptop there it changes nothing.
    func testARestartWithOnlyTheRoomsDisplayKeepsTheConsoleHidden() {
        let hint = DisplayIdentity(name: "HDMI-1", nativeWidth: 1920, nativeHeight: 1080)
        XCTAssertEqual(DisplayIdentity(line: hint.line), hint)
        XCTAssertEqual(DisplayIdentity(line: "1920 1080 HDMI 1 (left)")?.name, "HDMI 1 (left)")
        XCTAssertNil(DisplayIdentity(line: "wide 1080 HDMI-1"))
        /// A restarted policy told `hint`, launched with `displays`: where the console and the room's view go.
        func restart(_ displays: [(String, Int, Int, Double?)]) -> DisplayPolicy {
            var p = DisplayPolicy()
            p.roomHint = hint
            _ = p.update(enumerate(displays), at: 0)
            return p
        }
        var p = restart([projector])
        XCTAssertTrue(p.assignment.onlyTheRoomsDisplay, "\(p.assignment)")
        _ = p.update(enumerate([display("HDMI-1", 1920, 1080, x: 0), display("eDP-1", 1280, 800, x: 1920)]), at: 1)
        XCTAssertEqual([p.assignment.presenter?.name, p.assignment.audienceDisplay?.name], ["eDP-1", "HDMI-1"], "the laptop back")
        let both = restart([laptop, projector]).assignment
        XCTAssertEqual([both.presenter?.name, both.audienceDisplay?.name], ["eDP-1", "HDMI-1"], "with both, as usual")
        XCTAssertEqual(restart([laptop]).assignment.audience, .preview, "the laptop alone is the speaker's")
    }

    func testNoDisplaysAtAllIsNotAnError() {
        var p = DisplayPolicy()
        XCTAssertNil(p.update([], at: 0))
        XCTAssertNil(p.assignment.presenter)
        XCTAssertEqual(p.assignment.audience, .preview)
    }

    func testPlugMovesAudienceToTheNewDisplay() {
        var p = DisplayPolicy()
        _ = p.update(enumerate([laptop]), at: 0)
        let c = p.update(enumerate([laptop, projector]), at: 5)
        XCTAssertEqual(c?.added.map(\.name), ["HDMI-1"])
        XCTAssertEqual(p.assignment.presenter?.name, "eDP-1")
        XCTAssertEqual(p.assignment.audienceDisplay?.name, "HDMI-1")
        XCTAssertTrue(c?.description.contains("+HDMI-1") ?? false, c?.description ?? "")
    }

    func testUnplugGoesToPreviewAndReplugRestores() {
        var p = DisplayPolicy()
        _ = p.update(enumerate([laptop, projector]), at: 0)
        let c = p.update(enumerate([laptop]), at: 10)
        XCTAssertEqual(c?.removed.map(\.name), ["HDMI-1"])
        XCTAssertEqual(p.assignment.presenter?.name, "eDP-1", "the presenter stays where it was")
        XCTAssertEqual(p.assignment.audience, .preview, "never onto the presenter's display")
        XCTAssertEqual(p.lostAudience?.name, "HDMI-1")
        _ = p.update(enumerate([laptop, projector]), at: 60)
        XCTAssertEqual(p.assignment.audienceDisplay?.name, "HDMI-1")
        XCTAssertNil(p.lostAudience)
    }

    func testIdentityIsNameAndSizeNotIndexOrPosition() {
        var p = DisplayPolicy(audience: .name("HDMI-1"))
        _ = p.update(enumerate([laptop, monitor, projector]), at: 0)
        XCTAssertEqual(p.assignment.audienceDisplay?.name, "HDMI-1")
        // The projector comes back left of the laptop (negative x) and earlier in SDL's order.
        let moved = enumerate([display("HDMI-1", 1920, 1080, x: -1920), laptop, monitor])
        _ = p.update(moved, at: 1)
        XCTAssertEqual(p.assignment.audienceDisplay?.name, "HDMI-1")
        XCTAssertEqual(p.assignment.audienceDisplay?.bounds.minX, -1920)
        XCTAssertEqual(p.assignment.presenter?.name, "eDP-1", "presenter follows the primary (index 0) unless that is the audience display")
        // A different display under the same name is a different display.
        XCTAssertNotEqual(DisplayInfo(index: 0, name: "HDMI-1", bounds: Rect(0, 0, 1024, 768), usableBounds: Rect(0, 0, 1024, 768)).identity,
                          moved[0].identity)
    }

    func testBlipRestoresSameDisplayAndKeepsSavedChoice() {
        var p = DisplayPolicy(audience: .name("DP-2"), blipGrace: 2)
        _ = p.update(enumerate([laptop, projector, monitor]), at: 0)
        XCTAssertEqual(p.assignment.audienceDisplay?.name, "DP-2")
        let saved = p.savedAudience
        XCTAssertEqual(saved?.name, "DP-2")
        let gone = p.update(enumerate([laptop, projector]), at: 100)
        XCTAssertEqual(p.assignment.audience, .preview, "waits for the blip instead of jumping to HDMI-1")
        XCTAssertEqual(gone?.waitingFor?.name, "DP-2")
        XCTAssertEqual(p.nextDeadline, 102)
        XCTAssertEqual(p.savedAudience, saved, "a removal never rewrites the saved choice")
        _ = p.update(enumerate([laptop, projector, monitor]), at: 101)
        XCTAssertEqual(p.assignment.audienceDisplay?.name, "DP-2")
        XCTAssertEqual(p.savedAudience, saved)
        XCTAssertNil(p.nextDeadline)
    }

    func testLongRemovalFallsBackAfterGraceThenReturns() {
        var p = DisplayPolicy(blipGrace: 2)
        _ = p.update(enumerate([laptop, projector, monitor]), at: 0)
        XCTAssertEqual(p.assignment.audienceDisplay?.name, "HDMI-1", "default: first display other than the presenter's")
        _ = p.update(enumerate([laptop, monitor]), at: 10)
        XCTAssertEqual(p.assignment.audience, .preview)
        let c = p.update(enumerate([laptop, monitor]), at: 12.5)
        XCTAssertNotNil(c, "the end of the grace period is a change")
        XCTAssertEqual(p.assignment.audienceDisplay?.name, "DP-2")
        _ = p.update(enumerate([laptop, monitor, projector]), at: 30)
        XCTAssertEqual(p.assignment.audienceDisplay?.name, "HDMI-1", "the display the audience lost wins when it is back")
    }

    /// Trial 21 M2: the projector lost, a replacement plugged on another port (the room watches
    /// it now), then something plugged on the old port (a confidence monitor): the talk stayed
    /// with the old port's display and covered the room's projector in black.
    func testTheOldPortComingBackAfterAReplacementDoesNotTakeTheRoom() {
        var p = DisplayPolicy(blipGrace: 2)
        let replacement = display("HDMI-2", 1920, 1080)
        _ = p.update(enumerate([laptop, projector]), at: 0)
        _ = p.update(enumerate([laptop]), at: 10)
        XCTAssertEqual(p.assignment.audience, .preview)
        _ = p.update(enumerate([laptop, replacement]), at: 11)
        XCTAssertEqual(p.assignment.audienceDisplay?.name, "HDMI-2", "plugged after the loss: the projector")
        _ = p.update(enumerate([laptop, replacement, projector]), at: 19)
        XCTAssertEqual(p.assignment.audienceDisplay?.name, "HDMI-2", "the room keeps the projector it watches")
        XCTAssertNil(p.lostAudience)
        XCTAssertEqual(p.spareDisplays.map(\.name), ["HDMI-1"], "the old port's display is covered, not the room's")
    }

    /// Trial 31 F1: the same with a choice saved by two swaps (or remembered for the laptop and
    /// the old projector): the old port coming back took the room from the replacement, which
    /// the room was watching, and covered it black. The saved choice gives way for this run, as
    /// the lost display does; displays.json keeps it for that set of displays.
    func testTheOldPortComingBackAfterAReplacementDoesNotTakeTheRoomFromASavedChoice() throws {
        var p = DisplayPolicy(blipGrace: 2)
        let replacement = display("HDMI-2", 1920, 1080)
        _ = p.update(enumerate([laptop, projector]), at: 0)
        _ = p.swap(at: 1); _ = p.swap(at: 2)
        XCTAssertEqual(p.savedAudience?.name, "HDMI-1", "the swaps saved the projector as the room's")
        _ = p.update(enumerate([laptop]), at: 10)
        _ = p.update(enumerate([laptop, replacement]), at: 11)
        XCTAssertEqual(p.assignment.audienceDisplay?.name, "HDMI-2", "plugged after the loss: the projector")
        _ = p.update(enumerate([laptop, replacement, projector]), at: 19)
        XCTAssertEqual(p.assignment.audienceDisplay?.name, "HDMI-2", "the room keeps the projector it watches")
        XCTAssertEqual(p.spareDisplays.map(\.name), ["HDMI-1"], "the old port's display is covered, not the room's")
        XCTAssertEqual(p.assignment.presenter?.name, "eDP-1")
        let kept = try XCTUnwrap(p.remembered.choice(for: enumerate([laptop, projector])))
        XCTAssertEqual(kept.audience.name, "HDMI-1", "remembered for that set of displays still")

        // A blip of the room's own display still comes back to it.
        var q = DisplayPolicy(blipGrace: 2)
        _ = q.update(enumerate([laptop, projector]), at: 0)
        _ = q.swap(at: 1); _ = q.swap(at: 2)
        _ = q.update(enumerate([laptop]), at: 10)
        _ = q.update(enumerate([laptop, projector]), at: 10.5)
        XCTAssertEqual(q.assignment.audienceDisplay?.name, "HDMI-1")
        XCTAssertEqual(q.savedAudience?.name, "HDMI-1")
    }

    /// Review28: the projector a swap back covers first is the rules' audience display, not the
    /// one a swap or a saved choice put the audience on (after a blip while swapped, the saved
    /// swap is applied again: the laptop was taken for the projector, and the next swap showed
    /// the room the desktop).
    func testTheRulesAudienceDisplayIgnoresSwapsAndSavedChoices() {
        var p = DisplayPolicy(blipGrace: 2)
        _ = p.update(enumerate([laptop, projector]), at: 0)
        XCTAssertEqual(p.audienceDisplayByRules(at: 0)?.name, "HDMI-1")
        _ = p.swap(at: 1)
        XCTAssertEqual(p.assignment.audienceDisplay?.name, "eDP-1")
        XCTAssertEqual(p.audienceDisplayByRules(at: 1)?.name, "HDMI-1", "swapped: still the projector")
        _ = p.update(enumerate([laptop]), at: 10)
        _ = p.update(enumerate([laptop, projector]), at: 10.5)
        XCTAssertEqual(p.assignment.audienceDisplay?.name, "eDP-1", "the saved swap applied again")
        XCTAssertEqual(p.audienceDisplayByRules(at: 10.5)?.name, "HDMI-1")
        var chosen = DisplayPolicy(audience: .name("eDP-1"))
        _ = chosen.update(enumerate([laptop, projector]), at: 0)
        XCTAssertEqual(chosen.assignment.audienceDisplay?.name, "eDP-1")
        XCTAssertEqual(chosen.audienceDisplayByRules(at: 0)?.name, "HDMI-1", "a selector is a choice too")
    }

    func testPluggingAnotherDisplayDoesNotMoveTheAudience() {
        var p = DisplayPolicy()
        _ = p.update(enumerate([laptop, projector]), at: 0)
        _ = p.update(enumerate([laptop, display("AAA-0", 3840, 2160), projector]), at: 1)
        XCTAssertEqual(p.assignment.audienceDisplay?.name, "HDMI-1")
    }

    func testThreeDisplaysDefaultAndSelectors() {
        let three = enumerate([laptop, projector, monitor])
        var d = DisplayPolicy()
        _ = d.update(three, at: 0)
        XCTAssertEqual(d.assignment.presenter?.name, "eDP-1")
        XCTAssertEqual(d.assignment.audienceDisplay?.name, "HDMI-1")
        var byIndex = DisplayPolicy(audience: .index(2))
        _ = byIndex.update(three, at: 0)
        XCTAssertEqual(byIndex.assignment.audienceDisplay?.name, "DP-2")
        var byName = DisplayPolicy(audience: .name("dp-2"), presenter: .name("HDMI-1"))
        _ = byName.update(three, at: 0)
        XCTAssertEqual(byName.assignment.presenter?.name, "HDMI-1")
        XCTAssertEqual(byName.assignment.audienceDisplay?.name, "DP-2")
        var same = DisplayPolicy(audience: .index(0))
        _ = same.update(three, at: 0)
        XCTAssertEqual(same.assignment.audienceDisplay?.name, "eDP-1", "audience chosen on the primary pushes the presenter to another display")
        XCTAssertEqual(same.assignment.presenter?.name, "HDMI-1")
    }

    func testSelectorNamingAbsentDisplayWaitsForIt() {
        var p = DisplayPolicy(audience: .name("DP-2"))
        _ = p.update(enumerate([laptop, projector]), at: 0)
        XCTAssertEqual(p.assignment.audienceDisplay?.name, "HDMI-1")
        XCTAssertNil(p.savedAudience)
        _ = p.update(enumerate([laptop, projector, monitor]), at: 1)
        XCTAssertEqual(p.assignment.audienceDisplay?.name, "DP-2", "the chosen display takes the audience when it appears")
    }

    func testSwapExchangesAndIsSaved() {
        var p = DisplayPolicy()
        _ = p.update(enumerate([laptop, projector]), at: 0)
        let c = p.swap(at: 1)
        XCTAssertEqual(c?.new.presenter?.name, "HDMI-1")
        XCTAssertEqual(p.assignment.audienceDisplay?.name, "eDP-1")
        XCTAssertEqual(p.savedAudience?.name, "eDP-1")
        // Saved across unplug and replug of the laptop's panel.
        _ = p.update(enumerate([projector]), at: 2)
        XCTAssertEqual(p.assignment.presenter?.name, "HDMI-1")
        _ = p.update(enumerate([laptop, projector]), at: 3)
        XCTAssertEqual(p.assignment.presenter?.name, "HDMI-1")
        XCTAssertEqual(p.assignment.audienceDisplay?.name, "eDP-1")
        var single = DisplayPolicy()
        _ = single.update(enumerate([laptop]), at: 0)
        XCTAssertNil(single.swap(at: 1), "nothing to swap with one display")
    }

    func testModeChangeIsAChangeOfTheSameDisplay() {
        var p = DisplayPolicy()
        _ = p.update(enumerate([laptop, projector]), at: 0)
        var smaller = enumerate([laptop, projector])
        smaller[1].bounds = Rect(1280, 0, 1280, 720)
        smaller[1].currentMode = .init(width: 1280, height: 720, refreshRate: 60)
        smaller[1].modes.append(.init(width: 1280, height: 720, refreshRate: 60))
        let c = p.update(smaller, at: 1)
        XCTAssertEqual(c?.changed.map(\.name), ["HDMI-1"])
        XCTAssertEqual(c?.added, [])
        XCTAssertEqual(p.assignment.audienceDisplay?.bounds, Rect(1280, 0, 1280, 720))
        XCTAssertNil(p.update(smaller, at: 2), "same enumeration: no change")
    }

    func testFiftyCyclesLeaveStateIntact() {
        var p = DisplayPolicy(audience: .name("HDMI-1"))
        for i in 0..<50 {
            _ = p.update(enumerate([laptop, projector]), at: Double(i * 2))
            XCTAssertEqual(p.assignment.audienceDisplay?.name, "HDMI-1")
            _ = p.update(enumerate([laptop]), at: Double(i * 2) + 1)
            XCTAssertEqual(p.assignment.audience, .preview)
        }
        XCTAssertEqual(p.savedAudience?.name, "HDMI-1")
    }

    func testSelectorParsing() throws {
        XCTAssertEqual(try DisplaySelector(parsing: "1", option: "--audience-display"), .index(1))
        XCTAssertEqual(try DisplaySelector(parsing: "HDMI-1", option: "--audience-display"), .name("HDMI-1"))
        XCTAssertThrowsError(try DisplaySelector(parsing: "", option: "--audience-display")) {
            XCTAssertTrue("\($0)".contains("--audience-display"))
        }
        XCTAssertThrowsError(try DisplaySelector(parsing: "-1", option: "--presenter-display")) {
            XCTAssertTrue("\($0)".contains("0 or more"))
        }
    }
}

final class DisplayPolicyReplugTests: XCTestCase {
    func testDisplayPluggedDuringGraceTakesAudienceAtOnce() {
        var p = DisplayPolicy(blipGrace: 2)
        let laptop = DisplayInfo(index: 0, name: "eDP-1", bounds: Rect(0, 0, 1280, 800), usableBounds: Rect(0, 0, 1280, 800))
        let old = DisplayInfo(index: 1, name: "WL-2", bounds: Rect(1280, 0, 1280, 720), usableBounds: Rect(1280, 0, 1280, 720))
        let renamed = DisplayInfo(index: 1, name: "WL-3", bounds: Rect(1280, 0, 1280, 720), usableBounds: Rect(1280, 0, 1280, 720))
        _ = p.update([laptop, old], at: 0)
        _ = p.update([laptop], at: 1)
        XCTAssertEqual(p.assignment.audience, .preview)
        _ = p.update([laptop, renamed], at: 1.5)
        XCTAssertEqual(p.assignment.audienceDisplay?.name, "WL-3", "a display plugged after the loss is most likely the projector")
        XCTAssertNil(p.nextDeadline)
    }

    func testPresenterDisplayRemovedMovesPresenterAndReturns() {
        var p = DisplayPolicy()
        let laptop = DisplayInfo(index: 0, name: "eDP-1", bounds: Rect(0, 0, 1280, 800), usableBounds: Rect(0, 0, 1280, 800))
        let projector = DisplayInfo(index: 1, name: "HDMI-1", bounds: Rect(1280, 0, 1920, 1080), usableBounds: Rect(1280, 0, 1920, 1080))
        _ = p.update([laptop, projector], at: 0)
        var alone = projector; alone.index = 0
        _ = p.update([alone], at: 1)
        // The one display left is the room's (a lid closed): the room keeps the audience view and
        // the console is hidden there, never shown on the projector (trial 9).
        XCTAssertEqual(p.assignment.presenter?.name, "HDMI-1", "the presenter view always has a display")
        XCTAssertEqual(p.assignment.audience, .mirror(alone))
        XCTAssertTrue(p.assignment.onlyTheRoomsDisplay)
        _ = p.update([laptop, projector], at: 2)
        XCTAssertEqual(p.assignment.presenter?.name, "eDP-1")
        XCTAssertEqual(p.assignment.audienceDisplay?.name, "HDMI-1")
    }
}

/// Trial 13 F1: the built-in panel gets the presenter, whichever display is primary.
extension DisplayPolicyTests {
    /// The projector is the X primary output (SDL's display 0): the console goes on the laptop's
    /// panel, and the log says why.
    func testTheBuiltInPanelGetsThePresenterWhenTheProjectorIsPrimary() throws {
        var p = DisplayPolicy()
        let c = try XCTUnwrap(p.update(enumerate([projector, laptop]), at: 0))
        XCTAssertEqual(p.assignment.presenter?.name, "eDP-1")
        XCTAssertEqual(p.assignment.audienceDisplay?.name, "HDMI-1")
        XCTAssertTrue(c.description.hasSuffix("; presenter on eDP-1, the built-in panel (the primary display is HDMI-1)"), c.description)
        // The usual order needs no reason.
        var q = DisplayPolicy()
        XCTAssertNil(q.update(enumerate([laptop, projector]), at: 0)?.presenterReason)
        // LVDS and DSI panels, and the intel driver's names without a dash, count too.
        for name in ["LVDS-1", "LVDS1", "DSI-1", "eDP1", "eDP-1-1"] {
            var r = DisplayPolicy()
            _ = r.update(enumerate([projector, display(name, 1366, 768)]), at: 0)
            XCTAssertEqual(r.assignment.presenter?.name, name)
            XCTAssertEqual(r.assignment.audienceDisplay?.name, "HDMI-1")
        }
    }

    /// Without a built-in panel (a desktop, or the lid closed) the primary rule stays.
    func testWithoutABuiltInPanelThePrimaryDisplayGetsThePresenter() {
        var p = DisplayPolicy()
        _ = p.update(enumerate([projector, monitor]), at: 0)
        XCTAssertEqual(p.assignment.presenter?.name, "HDMI-1")
        XCTAssertNil(p.presenterReason)
        for name in ["DP-1", "HDMI-A-1", "DUMMY0", "DisplayPort-0", "eDPx"] {
            XCTAssertFalse(DisplayInfo(index: 0, name: name, bounds: Rect(0, 0, 1, 1), usableBounds: Rect(0, 0, 1, 1)).isBuiltInPanel, name)
        }
    }

    /// The primary display changing mid-talk (the desktop's settings) leaves the console on the panel.
    func testThePrimaryChangingMidTalkKeepsThePresenterOnThePanel() {
        var p = DisplayPolicy()
        _ = p.update(enumerate([laptop, projector]), at: 0)
        // Same places, SDL's order changed (xrandr --output HDMI-1 --primary).
        _ = p.update(enumerate([display("HDMI-1", 1920, 1080, x: 1280), display("eDP-1", 1280, 800, x: 0)]), at: 1)
        XCTAssertEqual(p.assignment.presenter?.name, "eDP-1")
        XCTAssertEqual(p.assignment.audienceDisplay?.name, "HDMI-1")
    }

    /// `--switch-screens` exchanges what the rules would choose, so it switches also when the
    /// projector is primary and the panel rule already put the console on SDL's second display
    /// (with SDL's indices it switched nothing there). Held through a blip, never remembered,
    /// and a projector plugged in late is switched too.
    func testSwitchScreensExchangesTheRulesChoiceWhicheverDisplayIsPrimary() {
        for order in [[projector, laptop], [laptop, projector]] {
            var p = DisplayPolicy()
            p.switchesScreens = true
            _ = p.update(enumerate(order), at: 0)
            XCTAssertEqual(p.assignment.presenter?.name, "HDMI-1", "\(order.map(\.0)): switched")
            XCTAssertEqual(p.assignment.audienceDisplay?.name, "eDP-1")
            _ = p.update(enumerate([laptop]), at: 1)   // the projector's cable wiggles
            _ = p.update(enumerate(order), at: 1.5)
            XCTAssertEqual(p.assignment.presenter?.name, "HDMI-1", "still switched after a blip")
            XCTAssertTrue(p.remembered.entries.isEmpty, "one run only, as pdfpc's -s")
        }
        var late = DisplayPolicy()
        late.switchesScreens = true
        _ = late.update(enumerate([laptop]), at: 0)
        XCTAssertEqual(late.assignment.presenter?.name, "eDP-1", "alone, the laptop keeps the console")
        _ = late.update(enumerate([laptop, projector]), at: 5)
        XCTAssertEqual(late.assignment.presenter?.name, "HDMI-1")
        XCTAssertEqual(late.assignment.audienceDisplay?.name, "eDP-1")
    }

    /// A swap, a saved swap and the presenter option still put the console where the speaker chose.
    func testAChoiceStillWinsOverTheBuiltInPanel() throws {
        var p = DisplayPolicy()
        _ = p.update(enumerate([projector, laptop]), at: 0)
        XCTAssertNotNil(p.swap(at: 1))
        XCTAssertEqual(p.assignment.presenter?.name, "HDMI-1")
        XCTAssertNil(p.presenterReason)
        var next = DisplayPolicy()
        next.remembered = p.remembered
        _ = next.update(enumerate([projector, laptop]), at: 0)
        XCTAssertEqual(next.assignment.presenter?.name, "HDMI-1")
        var chosen = DisplayPolicy(presenter: try DisplaySelector(parsing: "HDMI-1", option: "--presenter-display"))
        _ = chosen.update(enumerate([projector, laptop]), at: 0)
        XCTAssertEqual(chosen.assignment.presenter?.name, "HDMI-1")
        XCTAssertEqual(chosen.assignment.audienceDisplay?.name, "eDP-1")
    }
}
