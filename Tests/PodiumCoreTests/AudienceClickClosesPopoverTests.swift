import PodiumCore
import PodiumKit
import PodiumTestSupport
import XCTest

/// Trial 34 m4: a click outside a popover dismisses it and does nothing else, also on the
/// audience window (the projector), where a click is otherwise next; the console says so.
extension PresentationTests {
    func testAClickOnTheAudienceWindowClosesAPopoverWithoutMovingTheTalk() async throws {
        let p = makePresentation()
        p.presenter.resize(to: Size(1200, 800)); p.audience.resize(to: Size(1280, 720))
        _ = p.presenter.renderFrame()
        XCTAssertNotNil(p.presenter.presentPopover(View(background: .white), preferredSize: Size(200, 100), at: .view(p.console), source: "probe"))
        p.audienceInput(.mouseDown(Point(600, 300), button: 1, clicks: 1))
        p.audienceInput(.mouseUp(Point(600, 300), button: 1))
        XCTAssertNil(p.presenter.overlay.topmost, "the popover is dismissed")
        XCTAssertEqual(p.currentIndex, 0, "and the talk stays where it is")
        // Review31 #6: the speaker, looking at the room, is told why nothing moved.
        XCTAssertEqual(p.notice?.text, "That click closed the popover on the console; the talk did not move. Click again for next.")
        p.audienceInput(.mouseDown(Point(600, 300), button: 1, clicks: 1))
        p.audienceInput(.mouseUp(Point(600, 300), button: 1))
        XCTAssertEqual(p.currentIndex, 1, "with no popover open a click is next")
    }
}
