import Foundation
import PodiumCore
import PodiumKit
import PodiumTestSupport
import XCTest

/// Trial 10 F2: leaving a mirror by moving the projector's output left the console fullscreen on
/// the projector, over the room, while the log said "presenter on DUMMY0". The presenter window
/// is unmapped while mirrored; and where the window system really has each window is checked
/// against the policy once the window manager has acted (`RealPlacement`, the safety net).
@MainActor
final class RealPlacementTests: FakeDisplaysTestCase {
    /// Time passes (timers fire), then a display or window event.
    func advance(_ seconds: Double, _ c: DisplayController<FakePlatform>, event: String? = nil) {
        now += seconds
        presentation.timers.fire(now: now)
        if let e = event { c.refresh(reason: e) }
    }
    /// Moves a display (`xrandr --output NAME --pos X,Y`); its mode stays.
    func move(_ name: String, to x: Double, _ y: Double) {
        let i = platform.displays.firstIndex { $0.name == name }!
        let b = Rect(x, y, platform.displays[i].bounds.width, platform.displays[i].bounds.height)
        platform.displays[i].bounds = b; platform.displays[i].usableBounds = b
    }

    func assertConsoleBackOnTheLaptop(_ c: DisplayController<FakePlatform>, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(c.assignment.presenter?.name, "eDP-1", file: file, line: line)
        XCTAssertEqual(c.assignment.audienceDisplay?.name, "HDMI-1", "\(c.assignment)", file: file, line: line)
        let pw = platform.presenter
        XCTAssertTrue(pw.isVisible && pw.frame == platform.bounds("eDP-1") && pw.isFullscreen, "presenter \(pw.frame) visible \(pw.isVisible)", file: file, line: line)
        let aw = c.audienceWindow
        XCTAssertTrue(aw?.isVisible == true && aw?.frame == platform.bounds("HDMI-1"), "audience \(String(describing: aw?.frame))", file: file, line: line)
        XCTAssertTrue(pw.focused, file: file, line: line)
        XCTAssertFalse(presentation.consoleHidden, file: file, line: line)
    }

    /// A 1920×1080 projector moved over a 1280×800 laptop (both at 0,0: a different-size overlap,
    /// as when a lid opens with the projector kept at the origin), then moved right again (Super+P
    /// "Extend"): while mirrored the console is not mapped at all (a window manager cannot carry it
    /// anywhere), the audience covers the projector with the keyboard; moved apart, the console is
    /// placed afresh on the laptop.
    func testADifferentSizeOverlapUnmapsTheConsoleAndMovingApartPutsItBackOnTheLaptop() async {
        platform.connect([("eDP-1", 1280, 800), ("HDMI-1", 1920, 1080)])
        let c = controller()
        assertConsoleBackOnTheLaptop(c)
        move("HDMI-1", to: 0, 0)
        advance(1, c, event: "RandR notice")
        XCTAssertEqual(c.assignment.audience, .mirror(platform.displays[1]), "\(c.assignment)")
        XCTAssertFalse(platform.presenter.isVisible, "the console is unmapped while mirrored")
        let aw = c.audienceWindow
        XCTAssertTrue(aw?.isVisible == true && aw?.frame == platform.bounds("HDMI-1") && aw?.focused == true, "audience \(String(describing: aw?.frame))")
        XCTAssertTrue(presentation.consoleHidden)
        // Events while mirrored (the periodic check, window events) never map it again.
        advance(2, c, event: "periodic check")
        XCTAssertFalse(platform.presenter.isVisible)

        move("HDMI-1", to: 1280, 0)
        advance(1, c, event: "RandR notice")
        assertConsoleBackOnTheLaptop(c)
        XCTAssertTrue(lines.last?.contains("now: presenter on eDP-1, audience fullscreen on HDMI-1") ?? false, "\(lines)")
    }

    /// The lid opened in two steps: the laptop's output off (only the room's display left), back
    /// on at 0,0 inside the projector (a different-size overlap), then the projector moved right.
    func testALidOpenedInTwoStepsNeverShowsTheConsoleUntilTheDisplaysAreApart() async {
        platform.connect([("eDP-1", 1280, 800), ("HDMI-1", 1920, 1080)])
        let c = controller()
        platform.connect([("HDMI-1", 1920, 1080)])   // the lid closed: xrandr moves the projector to 0,0
        advance(1, c, event: "RandR notice")
        XCTAssertTrue(c.assignment.onlyTheRoomsDisplay)
        XCTAssertFalse(platform.presenter.isVisible)
        platform.connect([("eDP-1", 1280, 800), ("HDMI-1", 1920, 1080)])
        move("HDMI-1", to: 0, 0)   // the laptop back at 0,0, the projector still there
        advance(1, c, event: "RandR notice")
        XCTAssertEqual(c.assignment.presenter?.name, "eDP-1")
        if case .mirror = c.assignment.audience {} else { XCTFail("\(c.assignment)") }
        XCTAssertFalse(platform.presenter.isVisible, "the console stays unmapped while the displays overlap")
        advance(2, c, event: "periodic check")
        XCTAssertFalse(platform.presenter.isVisible)
        move("HDMI-1", to: 1280, 0)
        advance(1, c, event: "RandR notice")
        assertConsoleBackOnTheLaptop(c)
    }

    /// The safety net: the window manager put the (fullscreen) presenter window on the projector
    /// although it was placed on the laptop. Once things settle it is unmapped and placed again,
    /// and the log says where it really was.
    func testAPresenterWindowFoundOnTheRoomsDisplayIsPlacedAgain() async {
        platform.connect([("eDP-1", 1280, 800), ("HDMI-1", 1920, 1080)])
        let c = controller()
        let pw = platform.presenter
        platform.managed[ObjectIdentifier(pw)] = platform.bounds("HDMI-1")
        advance(0.5, c, event: "window event")
        XCTAssertTrue(pw.isVisible && !lines.contains { $0.contains("presenter window was on") }, "not judged before the settle time")
        var hidden = false
        pw.onHide = { hidden = true; self.platform.managed = [:] }   // unmapped and mapped again: the window manager now obeys
        advance(0.6, c)   // the settle check fires by itself, without an event
        XCTAssertTrue(hidden, "unmapped first, so it leaves the room's display at once")
        XCTAssertTrue(lines.contains { $0.contains("the presenter window was on HDMI-1") && $0.contains("(the room's display), not on eDP-1") }, "\(lines)")
        assertConsoleBackOnTheLaptop(c)
        let logged = lines.count
        advance(3, c, event: "periodic check")
        XCTAssertEqual(lines.count, logged, "nothing more to repair: \(lines.suffix(2))")
    }

    /// A window manager that keeps putting the console on the room's display: after two tries the
    /// presenter window stays unmapped, the console hidden (questions on the room's view), the
    /// audience window has the keyboard; a display change tries again.
    func testAWindowManagerThatKeepsTheConsoleOnTheRoomsDisplayGetsItUnmapped() async {
        platform.connect([("eDP-1", 1280, 800), ("HDMI-1", 1920, 1080)])
        let c = controller()
        let pw = platform.presenter
        platform.managed[ObjectIdentifier(pw)] = platform.bounds("HDMI-1")
        for _ in 0..<4 { advance(1.1, c, event: "window event") }
        XCTAssertFalse(pw.isVisible, "the console is not left on the room's display")
        XCTAssertTrue(c.presenterWithheld)
        XCTAssertTrue(presentation.consoleHidden, "questions go to the room's view")
        XCTAssertTrue(c.audienceWindow?.focused == true)
        XCTAssertEqual(lines.filter { $0.contains("placed again") }.count, 2, "\(lines)")
        XCTAssertTrue(lines.contains { $0.contains("it stays unmapped (the console hidden) until the displays change") }, "\(lines)")
        advance(3, c, event: "periodic check")
        XCTAssertFalse(pw.isVisible, "no flicker on later checks")

        platform.managed = [:]
        platform.connect([("eDP-1", 1280, 800), ("HDMI-1", 1920, 1080), ("DP-2", 1024, 768)])
        advance(1, c, event: "display connected")
        XCTAssertFalse(c.presenterWithheld)
        XCTAssertTrue(pw.isVisible && pw.frame == platform.bounds("eDP-1"), "\(pw.frame)")
        XCTAssertFalse(presentation.consoleHidden)
    }

    /// An audience window the window manager left on another display is placed again.
    func testAnAudienceWindowOffItsDisplayIsPlacedAgain() async {
        platform.connect([("eDP-1", 1280, 800), ("HDMI-1", 1920, 1080), ("DP-2", 1024, 768)])
        let c = controller()
        let aw = try! XCTUnwrap(c.audienceWindow)
        platform.managed[ObjectIdentifier(aw)] = platform.bounds("DP-2")
        aw.onLeaveFullscreen = { self.platform.managed = [:] }
        advance(1.1, c)
        XCTAssertTrue(lines.contains { $0.contains("the audience window was on DP-2") && $0.contains("not on HDMI-1") }, "\(lines)")
        XCTAssertTrue(aw.isVisible && aw.frame == platform.bounds("HDMI-1"))
        XCTAssertTrue(platform.presenter.focused)
    }

    func testWhatCountsAsMisplaced() async {
        let m = DisplayInfo.Mode(width: 1280, height: 800, refreshRate: 60)
        let laptop = DisplayInfo(index: 0, name: "eDP-1", bounds: Rect(0, 0, 1280, 800), usableBounds: Rect(0, 0, 1280, 800), modes: [m])
        var room = DisplayInfo(index: 1, name: "HDMI-1", bounds: Rect(1280, 0, 1920, 1080), usableBounds: Rect(1280, 0, 1920, 1080))
        let all = [laptop, room]
        XCTAssertNil(RealPlacement.misplaced(frame: laptop.bounds, meant: laptop, room: room, displays: all))
        XCTAssertNil(RealPlacement.misplaced(frame: Rect(0, 0, 0, 0), meant: laptop, room: room, displays: all), "unknown: not judged")
        let onRoom = RealPlacement.misplaced(frame: room.bounds, meant: laptop, room: room, displays: all)
        XCTAssertEqual(onRoom?.display?.name, "HDMI-1"); XCTAssertEqual(onRoom?.onRoomsDisplay, true)
        // Mostly on the laptop but 100 pixels onto the room's display: misplaced.
        XCTAssertEqual(RealPlacement.misplaced(frame: Rect(100, 0, 1280, 800), meant: laptop, room: room, displays: all)?.onRoomsDisplay, true)
        // A shared edge is not an overlap.
        XCTAssertNil(RealPlacement.misplaced(frame: Rect(0, 0, 1281, 800), meant: laptop, room: room, displays: all))
        // Off its display without the room's: misplaced, not on the room's.
        XCTAssertEqual(RealPlacement.misplaced(frame: Rect(-2000, 0, 1280, 800), meant: laptop, room: room, displays: all)?.onRoomsDisplay, false)
        XCTAssertNil(RealPlacement.misplaced(frame: Rect(-2000, 0, 1280, 800), meant: laptop, room: room, displays: all)?.display)
        // A sliver of overlap (the projector 10 px into the laptop, extended, trial 12 F7): the
        // console fullscreen on the laptop is where it belongs; onto the projector beyond it is not.
        room.bounds = Rect(1270, 0, 1920, 1080)
        let sliver = [laptop, room]
        XCTAssertNil(RealPlacement.misplaced(frame: laptop.bounds, meant: laptop, room: room, displays: sliver))
        XCTAssertEqual(RealPlacement.misplaced(frame: room.bounds, meant: laptop, room: room, displays: sliver)?.onRoomsDisplay, true)
        XCTAssertEqual(RealPlacement.misplaced(frame: Rect(100, 0, 1280, 800), meant: laptop, room: room, displays: sliver)?.onRoomsDisplay, true)
        // Mirrored (the room's display overlaps the meant one): the room sees that display anyway.
        room.bounds = Rect(0, 0, 1920, 1080)
        XCTAssertNil(RealPlacement.misplaced(frame: laptop.bounds, meant: laptop, room: room, displays: [laptop, room]))
    }
}
