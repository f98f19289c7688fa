import PodiumKit
import XCTest

/// Placement keeps the presenter's audience preview (and timers) clear when another placement
/// fits: the same direction moved along the anchor, another direction, a narrower panel; it
/// covers them only when nothing else fits.
final class PopoverKeepClearTests: XCTestCase {
    let lo = PopoverMetrics.cornerRadius + PopoverMetrics.arrowHalfWidth

    func assertClear(_ p: PopoverPlacement, of regions: [Rect], anchor: Rect, file: StaticString = #filePath, line: UInt = #line) {
        for r in regions { XCTAssertFalse(p.frame.intersects(r), "\(p.frame) covers \(r)", file: file, line: line) }
        XCTAssertFalse(p.frame.intersects(anchor), "never over the anchor", file: file, line: line)
        // The arrow still points at the anchor.
        let tip = p.arrowTip
        if p.direction.isVertical { XCTAssertTrue(tip.x >= anchor.minX && tip.x <= anchor.maxX, "\(tip) on \(anchor)", file: file, line: line) }
        else { XCTAssertTrue(tip.y >= anchor.minY && tip.y <= anchor.maxY, "\(tip) on \(anchor)", file: file, line: line) }
    }

    /// The trial's band list: "Actions…" at the scene area's right edge, the audience preview
    /// starting at x 863 in a 1280×800 presenter window. The panel moves left, arrow still below
    /// the button, at its full size.
    func testTheBandListActionsPopoverMovesOffThePreview() throws {
        let preview = Rect(863, 77, 406, 228), timers = Rect(880, 0, 390, 48)
        let anchor = Rect(755, 52, 90, 34)
        let p = try XCTUnwrap(PopoverRequest(bounds: Rect(0, 0, 1280, 800), anchor: anchor, contentSize: Size(268, 160),
                                              keepClear: [preview, timers]).place())
        XCTAssertEqual(p.direction, .up)
        XCTAssertEqual(p.frame.size, Size(268, 160))
        XCTAssertFalse(p.shrunk)
        XCTAssertLessThanOrEqual(p.frame.maxX, preview.minX - PopoverMetrics.margin)
        assertClear(p, of: [preview, timers], anchor: anchor)
        XCTAssertEqual(p.arrowOffset, anchor.midX - p.frame.minX, accuracy: 0.5, "the arrow at the button's centre")
        // Without the region the same request covers the preview, as in the trial.
        let before = try XCTUnwrap(PopoverRequest(bounds: Rect(0, 0, 1280, 800), anchor: anchor, contentSize: Size(268, 160)).place())
        XCTAssertTrue(before.frame.intersects(preview))
    }

    /// Web search "History" (x 657–945 in the trial) is placed left of the preview as well.
    func testTheWebSearchHistoryPopoverMovesOffThePreview() throws {
        let preview = Rect(863, 77, 406, 228), anchor = Rect(759, 58, 84, 34)
        let p = try XCTUnwrap(PopoverRequest(bounds: Rect(0, 0, 1280, 800), anchor: anchor, contentSize: Size(288, 90),
                                              keepClear: [preview]).place())
        XCTAssertEqual(p.frame.size, Size(288, 90))
        assertClear(p, of: [preview], anchor: anchor)
    }

    /// Below the anchor is all region: no move along it helps, the popover opens above instead.
    func testAnotherArrowDirectionWhenMovingDoesNotHelp() throws {
        let region = Rect(0, 330, 800, 270), anchor = Rect(330, 280, 100, 40)
        let p = try XCTUnwrap(PopoverRequest(bounds: Rect(0, 0, 800, 600), anchor: anchor, contentSize: Size(300, 200),
                                              keepClear: [region]).place())
        XCTAssertEqual(p.direction, .down)
        XCTAssertEqual(p.frame.size, Size(300, 200))
        assertClear(p, of: [region], anchor: anchor)
    }

    /// Regions either side leave 260 pt under the anchor: the 300 pt panel narrows to that
    /// rather than cover them (nothing fits above, nor to the sides).
    func testANarrowerPanelWhenOnlyThatKeepsTheRegionsClear() throws {
        let left = Rect(0, 150, 260, 450), right = Rect(540, 150, 260, 450), anchor = Rect(350, 100, 100, 30)
        let p = try XCTUnwrap(PopoverRequest(bounds: Rect(0, 0, 800, 600), anchor: anchor, contentSize: Size(300, 200),
                                              keepClear: [left, right]).place())
        XCTAssertEqual(p.direction, .up)
        XCTAssertEqual(p.frame.width, 260)
        XCTAssertEqual(p.frame.height, 200)
        XCTAssertTrue(p.shrunk)
        assertClear(p, of: [left, right], anchor: anchor)
    }

    /// When nothing keeps the region clear the popover is placed as if there were none (it covers).
    func testCoversOnlyWhenNothingElseFits() throws {
        let anchor = Rect(350, 280, 100, 40)
        let everywhere = [Rect(0, 0, 800, 270), Rect(0, 330, 800, 270), Rect(0, 270, 340, 60), Rect(460, 270, 340, 60)]
        let covering = PopoverRequest(bounds: Rect(0, 0, 800, 600), anchor: anchor, contentSize: Size(300, 200), keepClear: everywhere).place()
        let plain = PopoverRequest(bounds: Rect(0, 0, 800, 600), anchor: anchor, contentSize: Size(300, 200)).place()
        XCTAssertEqual(covering, plain)
        XCTAssertNotNil(plain)
    }

    /// A region holding the anchor (a popover from the timers) is not avoided.
    func testARegionHoldingTheAnchorIsNotAvoided() throws {
        let timers = Rect(500, 0, 300, 48), anchor = Rect(600, 8, 80, 32)
        let with = PopoverRequest(bounds: Rect(0, 0, 800, 600), anchor: anchor, contentSize: Size(300, 200), keepClear: [timers]).place()
        let without = PopoverRequest(bounds: Rect(0, 0, 800, 600), anchor: anchor, contentSize: Size(300, 200)).place()
        XCTAssertEqual(with, without)
    }
}
