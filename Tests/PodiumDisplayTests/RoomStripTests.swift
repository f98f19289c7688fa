import Foundation
import PodiumCore
import PodiumKit
import PodiumTestSupport
import XCTest

/// Trial 12: a projector 10 px into a 1280-wide laptop is extended, not mirrored, yet both
/// displays show the 10-px strip; the console paints its part there black (`RoomStrip`), so the
/// room sees none of it whichever window is on top.
@MainActor
final class RoomStripTests: FakeDisplaysTestCase {
    let laptop = DisplayInfo(index: 0, name: "eDP-1", bounds: Rect(0, 0, 1280, 800), usableBounds: Rect(0, 0, 1280, 800))
    func projector(_ x: Double, _ y: Double, _ w: Double = 1920, _ h: Double = 1080) -> DisplayInfo {
        DisplayInfo(index: 1, name: "HDMI-1", bounds: Rect(x, y, w, h), usableBounds: Rect(x, y, w, h))
    }
    /// The cover of a console filling the laptop (1280×800 points) beside `room`.
    func fullscreenCover(_ room: DisplayInfo?) -> Rect? {
        RoomStrip.cover(windowFrame: laptop.bounds, windowSize: Size(1280, 800), room: room, presenter: laptop)
    }

    func testTheRectangleToCover() async {
        XCTAssertNil(fullscreenCover(projector(1280, 0)), "side by side: no overlap, no strip")
        XCTAssertNil(fullscreenCover(projector(0, 800)), "below, sharing an edge")
        XCTAssertNil(fullscreenCover(nil), "no room display (audience in the preview)")
        XCTAssertEqual(fullscreenCover(projector(1270, 0)), Rect(1270, 0, 10, 800), "a sliver on the right")
        XCTAssertEqual(fullscreenCover(projector(1270, 300)), Rect(1270, 300, 10, 500), "lower, on the right")
        XCTAssertEqual(fullscreenCover(projector(-1915, 0)), Rect(0, 0, 5, 800), "a sliver on the left")
        XCTAssertEqual(fullscreenCover(projector(0, -1076)), Rect(0, 0, 1280, 4), "a sliver on top")
        XCTAssertEqual(fullscreenCover(projector(1270.5, 0)), Rect(1270, 0, 10, 800), "rounded outward")
        XCTAssertNil(fullscreenCover(projector(0, 0)), "a mirror: the console is hidden, nothing to cover")
        XCTAssertNil(fullscreenCover(projector(0, 0, 1280, 800)), "a same-size mirror")
        XCTAssertNil(RoomStrip.cover(windowFrame: laptop.bounds, windowSize: Size(1280, 800), room: laptop, presenter: laptop),
                     "the room's display is the presenter's own (only it left)")
        // --windowed: a console the speaker dragged partly onto the projector beside the laptop.
        let apart = projector(1280, 0)
        XCTAssertEqual(RoomStrip.cover(windowFrame: Rect(900, 100, 800, 600), windowSize: Size(800, 600), room: apart, presenter: laptop),
                       Rect(380, 0, 420, 600))
        XCTAssertNil(RoomStrip.cover(windowFrame: Rect(100, 100, 800, 600), windowSize: Size(800, 600), room: apart, presenter: laptop))
        // A frame in pixels, the tree in points at scale 2.
        XCTAssertEqual(RoomStrip.cover(windowFrame: Rect(0, 0, 2560, 1600), windowSize: Size(1280, 800), room: projector(2540, 0), presenter: nil),
                       Rect(1270, 0, 10, 540), "1080 pixels high: 540 points")
        XCTAssertNil(RoomStrip.cover(windowFrame: .zero, windowSize: .zero, room: apart, presenter: laptop), "unknown frame")
    }

    /// The console is laid out beside a strip on its right or bottom edge; one on the left or top
    /// (its origin would move) is only painted over.
    func testTheContentBesideTheStrip() async {
        let w = Size(1280, 800)
        XCTAssertEqual(RoomStrip.contentSize(windowSize: w, strip: nil), w)
        XCTAssertEqual(RoomStrip.contentSize(windowSize: w, strip: Rect(1270, 0, 10, 800)), Size(1270, 800))
        XCTAssertEqual(RoomStrip.contentSize(windowSize: w, strip: Rect(1270, 300, 10, 500)), Size(1270, 800))
        XCTAssertEqual(RoomStrip.contentSize(windowSize: w, strip: Rect(0, 796, 1280, 4)), Size(1280, 796))
        XCTAssertEqual(RoomStrip.contentSize(windowSize: w, strip: Rect(0, 0, 5, 800)), w, "left: painted over only")
        XCTAssertEqual(RoomStrip.contentSize(windowSize: w, strip: Rect(0, 0, 1280, 4)), w, "top: painted over only")
        XCTAssertEqual(RoomStrip.contentSize(windowSize: w, strip: Rect(0, 0, 1280, 800)), w, "all of it")
    }

    /// A `--windowed` console the speaker drags partly onto the projector: black there, and
    /// nothing once it is back on the laptop.
    func testAWindowedConsoleDraggedOntoTheProjector() async {
        platform.connect([("eDP-1", 1280, 800), ("HDMI-1", 1920, 1080)])
        let c = controller()
        c.windowedViews = .both
        let pw = platform.presenter
        pw.frame = Rect(900, 100, 800, 600); now += 2; c.refresh(reason: "window event")
        XCTAssertEqual(pw.roomStrip, Rect(380, 0, 420, 600))
        pw.frame = Rect(100, 100, 800, 600); now += 1; c.refresh(reason: "window event")
        XCTAssertNil(pw.roomStrip)
    }

    /// The controller sets the strip when the projector is moved a sliver into the laptop, moves
    /// it with the projector, and clears it when they no longer overlap or mirror.
    func testTheControllerFollowsTheDisplays() async {
        platform.connect([("eDP-1", 1280, 800), ("HDMI-1", 1920, 1080)])
        let c = controller()
        let pw = platform.presenter
        XCTAssertNil(pw.roomStrip, "apart: nothing covered")
        func move(_ x: Double, _ y: Double) {
            platform.displays[1].bounds = Rect(x, y, 1920, 1080); platform.displays[1].usableBounds = platform.displays[1].bounds
            now += 0.1; c.refresh(reason: "display moved")
        }
        move(1270, 0)
        XCTAssertEqual(c.assignment.audienceDisplay?.name, "HDMI-1", "\(c.assignment)")
        XCTAssertEqual(pw.roomStrip, Rect(1270, 0, 10, 800))
        XCTAssertEqual(c.roomStrip, pw.roomStrip)
        move(1275, 200)
        XCTAssertEqual(pw.roomStrip, Rect(1275, 200, 5, 600), "follows the display")
        // Where the window manager really has the console (the X server's frame) counts.
        platform.managed[ObjectIdentifier(pw)] = Rect(-4, 0, 1280, 800)
        now += 2; c.refresh(reason: "window event")
        XCTAssertEqual(pw.roomStrip, Rect(1279, 200, 1, 600))
        platform.managed = [:]
        move(1280, 0)
        XCTAssertNil(pw.roomStrip, "apart again: cleared")
        move(0, 0)
        XCTAssertEqual(c.assignment.audience, .mirror(platform.displays[1]), "\(c.assignment)")
        XCTAssertNil(pw.roomStrip, "mirrored: the console is unmapped, nothing covered")
        move(1270, 0)
        XCTAssertEqual(pw.roomStrip, Rect(1270, 0, 10, 800), "out of the mirror to a sliver")
    }
}
