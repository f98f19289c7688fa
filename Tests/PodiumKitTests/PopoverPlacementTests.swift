import PodiumKit
import XCTest

/// The placement solver as a table: window 800×600 points, margins 10 pt, arrow 12 pt + 2 pt gap.
final class PopoverPlacementTests: XCTestCase {
    let window = Rect(0, 0, 800, 600)
    let content = Size(300, 200)

    func place(_ anchor: Rect, _ size: Size? = nil, permitted: Set<ArrowDirection> = ArrowDirection.any,
               preferred: ArrowDirection = .up, last: ArrowDirection? = nil, in bounds: Rect? = nil) -> PopoverPlacement? {
        PopoverRequest(bounds: bounds ?? window, anchor: anchor, contentSize: size ?? content,
                       permitted: permitted, preferred: preferred, lastDirection: last).place()
    }

    /// Properties every placement must have, whatever the case.
    func assertInvariants(_ p: PopoverPlacement, anchor: Rect, bounds: Rect? = nil, _ name: String, file: StaticString = #filePath, line: UInt = #line) {
        let inner = (bounds ?? window).inset(by: EdgeInsets(all: PopoverMetrics.margin))
        let visible = anchor.intersection(bounds ?? window)
        XCTAssertTrue(inner.contains(p.frame), "\(name): \(p.frame) inside \(inner)", file: file, line: line)
        XCTAssertFalse(p.frame.intersects(visible), "\(name): never covers the anchor", file: file, line: line)
        // The tip touches the anchor's edge, 2 pt away, on the side the arrow points to.
        let tip = p.arrowTip
        switch p.direction {
        case .up: XCTAssertEqual(tip.y, visible.maxY + PopoverMetrics.gap, accuracy: 0.5, name, file: file, line: line)
        case .down: XCTAssertEqual(tip.y, visible.minY - PopoverMetrics.gap, accuracy: 0.5, name, file: file, line: line)
        case .left: XCTAssertEqual(tip.x, visible.maxX + PopoverMetrics.gap, accuracy: 0.5, name, file: file, line: line)
        case .right: XCTAssertEqual(tip.x, visible.minX - PopoverMetrics.gap, accuracy: 0.5, name, file: file, line: line)
        }
        // The arrow stays clear of the rounded corners.
        let lo = PopoverMetrics.cornerRadius + PopoverMetrics.arrowHalfWidth
        let along = p.direction.isVertical ? p.frame.width : p.frame.height
        XCTAssertGreaterThanOrEqual(p.arrowOffset, lo, name, file: file, line: line)
        XCTAssertLessThanOrEqual(p.arrowOffset, max(lo, along - lo), name, file: file, line: line)
        // And points at the anchor's centre unless that would put it on a corner.
        let centre = p.direction.isVertical ? visible.midX - p.frame.minX : visible.midY - p.frame.minY
        if centre >= lo && centre <= along - lo {
            XCTAssertEqual(p.arrowOffset, centre, accuracy: 0.5, "\(name): arrow at the anchor's centre", file: file, line: line)
        }
    }

    func testCornersAndEdges() {
        // (name, anchor, expected direction) with the default preference "up" (below the anchor).
        let cases: [(String, Rect, ArrowDirection)] = [
            ("top-left corner", Rect(0, 0, 44, 44), .up),
            ("top-right corner", Rect(756, 0, 44, 44), .up),
            ("bottom-left corner", Rect(0, 556, 44, 44), .down),
            ("bottom-right corner", Rect(756, 556, 44, 44), .down),
            ("top edge", Rect(378, 0, 44, 44), .up),
            ("bottom edge", Rect(378, 556, 44, 44), .down),
            ("left edge", Rect(0, 278, 44, 44), .up),
            ("right edge", Rect(756, 278, 44, 44), .up),
            ("centre", Rect(378, 278, 44, 44), .up),
        ]
        for (name, anchor, dir) in cases {
            guard let p = place(anchor) else { XCTFail("\(name): dismissed"); continue }
            XCTAssertEqual(p.direction, dir, name)
            XCTAssertFalse(p.shrunk, name)
            XCTAssertEqual(p.frame.size, content, name)
            assertInvariants(p, anchor: anchor, name)
        }
    }

    func testSlidesAlongTheEdgeAndClampsTheArrowFromCorners() {
        let p = place(Rect(0, 0, 44, 44))!
        XCTAssertEqual(p.frame.minX, 10, "slid right to the margin")
        XCTAssertEqual(p.frame.minY, 44 + 14)
        XCTAssertEqual(p.arrowOffset, PopoverMetrics.cornerRadius + PopoverMetrics.arrowHalfWidth,
                       "anchor centre (x 22) is left of the panel's corner: arrow clamped")
        let q = place(Rect(756, 556, 44, 44))!
        XCTAssertEqual(q.frame.maxX, 790)
        XCTAssertEqual(q.frame.maxY, 556 - 14)
        XCTAssertEqual(q.arrowOffset, 300 - 25)
    }

    func testHorizontalPreferences() {
        let left = place(Rect(0, 278, 44, 44), preferred: .left)!
        XCTAssertEqual(left.direction, .left)
        XCTAssertEqual(left.frame.minX, 44 + 14)
        XCTAssertEqual(left.frame.midY, 300, "centred on the anchor across")
        assertInvariants(left, anchor: Rect(0, 278, 44, 44), "left")
        // Prefer the arrow on the left, but no room on the right side: flip to the opposite.
        let flipped = place(Rect(756, 278, 44, 44), preferred: .left)!
        XCTAssertEqual(flipped.direction, .right)
        assertInvariants(flipped, anchor: Rect(756, 278, 44, 44), "flipped")
    }

    func testPermittedDirectionsAreHonoured() {
        // Only up permitted, no room below: it stays up and shrinks to the room there is.
        let a = Rect(378, 500, 44, 44)
        let p = place(a, permitted: [.up])!
        XCTAssertEqual(p.direction, .up)
        XCTAssertTrue(p.shrunk)
        XCTAssertEqual(p.frame.height, 590 - (544 + 14))
        assertInvariants(p, anchor: a, "up only")
        let d = place(Rect(378, 278, 44, 44), permitted: [.down, .left])!
        XCTAssertEqual(d.direction, .down, "preferred up is not permitted; its opposite comes next")
    }

    func testContentLargerThanTheWindowShrinksIntoTheRoomiestSide() {
        let a = Rect(100, 278, 44, 44)
        let p = place(a, Size(2000, 2000))!
        XCTAssertTrue(p.shrunk)
        XCTAssertEqual(p.direction, .left, "the right side (642 pt) has the most room")
        XCTAssertEqual(p.frame, Rect(158, 10, 632, 580))
        assertInvariants(p, anchor: a, "huge content")
    }

    func testAnchorPartlyOffScreenUsesItsVisiblePart() {
        let a = Rect(-30, 200, 60, 40)   // half of it left of the window
        let p = place(a, preferred: .left)!
        XCTAssertEqual(p.direction, .left)
        XCTAssertEqual(p.frame.minX, 30 + 14, "placed off the visible part's edge")
        assertInvariants(p, anchor: a, "partly off-screen")
        let b = Rect(700, 580, 44, 60)   // hanging off the bottom
        let q = place(b)!
        XCTAssertEqual(q.direction, .down)
        assertInvariants(q, anchor: b, "hanging off the bottom")
    }

    func testAnchorOutsideTheWindowDismisses() {
        XCTAssertNil(place(Rect(-100, 200, 60, 40)))
        XCTAssertNil(place(Rect(810, 610, 10, 10)))
        XCTAssertNotNil(place(Rect(400, 300, 0, 0)), "a point anchor inside the window is fine")
    }

    func testResizeWhileOpenKeepsTheLastDirection() {
        let a = Rect(378, 278, 44, 44)
        let first = place(a, preferred: .up, last: nil)!
        XCTAssertEqual(first.direction, .up)
        // It was shown to the right earlier (e.g. the window was short); in a window where both
        // fit, it stays right instead of jumping back to the preferred side.
        let kept = place(a, preferred: .up, last: .left, in: Rect(0, 0, 1000, 700))!
        XCTAssertEqual(kept.direction, .left)
        assertInvariants(kept, anchor: a, bounds: Rect(0, 0, 1000, 700), "kept")
        // When the last direction no longer fits, it moves.
        let moved = place(Rect(378, 20, 44, 44), preferred: .up, last: .down, in: Rect(0, 0, 800, 400))!
        XCTAssertEqual(moved.direction, .up)
    }

    func testDirectionOrderIsPreferredOppositeThenPerpendicular() {
        // A wide, short window: neither above nor below fits 200 pt; left of the anchor is roomier.
        let bounds = Rect(0, 0, 1000, 250)
        let a = Rect(700, 100, 44, 44)
        let p = place(a, preferred: .up, in: bounds)!
        XCTAssertEqual(p.direction, .right, "perpendicular after up and down failed; right (arrow right) = left of the anchor")
        assertInvariants(p, anchor: a, bounds: bounds, "perpendicular")
    }

    func testArrowPolygonPointsAtTheAnchor() {
        let a = Rect(378, 278, 44, 44)
        let p = place(a)!
        let tri = p.arrowPolygon
        XCTAssertEqual(tri[0], Point(400, 322 + PopoverMetrics.gap))
        XCTAssertEqual(tri[1].y, p.frame.minY + 0.5)
        XCTAssertEqual(tri[1].x - tri[2].x, 2 * PopoverMetrics.arrowHalfWidth)
    }
}
