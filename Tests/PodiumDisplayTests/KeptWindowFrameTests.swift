import PodiumCore
import PodiumKit
import XCTest

/// Trial 35 F10: a `--windowed` console sized past its display's bottom (640×760 at 128,80 on an
/// 800-point-tall display) came back at the default 1024×640 after a kill -9, not as the speaker
/// had it.
final class KeptWindowFrameTests: XCTestCase {
    let display = Rect(0, 0, 1280, 800)

    func testAFrameOnItsDisplayComesBackAsItWas() {
        XCTAssertEqual(KeptWindowFrame.restored(Rect(200, 120, 900, 600), on: display), Rect(200, 120, 900, 600))
    }

    func testAFrameHangingOffItsDisplayKeepsItsSizeMovedOn() {
        XCTAssertEqual(KeptWindowFrame.restored(Rect(128, 80, 640, 760), on: display), Rect(128, 40, 640, 760))
        XCTAssertEqual(KeptWindowFrame.restored(Rect(-100, 10, 640, 480), on: display), Rect(0, 10, 640, 480), "off the left edge")
        XCTAssertEqual(KeptWindowFrame.restored(Rect(800, 100, 640, 480), on: display), Rect(640, 100, 640, 480), "off the right edge")
    }

    func testAFrameLargerThanItsDisplayShrinksToIt() {
        XCTAssertEqual(KeptWindowFrame.restored(Rect(10, 10, 1400, 900), on: display), display)
    }

    /// Trial 36 m5: dragged mostly over the projector, it came back at the default size.
    func testAFrameMostlyOnAnotherDisplayComesBackOnItsOwnAtItsSize() {
        XCTAssertEqual(KeptWindowFrame.restored(Rect(900, 650, 640, 480), on: display), Rect(640, 320, 640, 480))
        XCTAssertEqual(KeptWindowFrame.restored(Rect(1400, 100, 640, 480), on: display), Rect(640, 100, 640, 480), "wholly on the display to the right")
        XCTAssertNil(KeptWindowFrame.restored(Rect(100, 100, 0, 480), on: display), "no size")
        // A display that is not at the origin (the presenter's on the right).
        XCTAssertEqual(KeptWindowFrame.restored(Rect(1300, 500, 640, 480), on: Rect(1280, 0, 1920, 1080)), Rect(1300, 500, 640, 480))
        XCTAssertEqual(KeptWindowFrame.restored(Rect(2700, 500, 640, 480), on: Rect(1280, 0, 1920, 1080)), Rect(2560, 500, 640, 480))
    }
}
