import PodiumKit
import XCTest

/// The pure caret geometry over hand-made clusters: "ab" then a right-to-left run "אב", 10 pt each.
final class TextCaretMapTests: XCTestCase {
    // Visual order on screen: a b ב א  (x 0, 10, 20, 30); א (index 2) is the rightmost.
    let map = TextCaretMap(
        layout: TextLayout(size: Size(40, 20), lines: [.init(range: 0..<4, rect: Rect(0, 0, 40, 20), baseline: 15)]),
        clusters: [TextCluster(index: 0, line: 0, x: 0, width: 10, rightToLeft: false),
                   TextCluster(index: 1, line: 0, x: 10, width: 10, rightToLeft: false),
                   TextCluster(index: 2, line: 0, x: 30, width: 10, rightToLeft: true),
                   TextCluster(index: 3, line: 0, x: 20, width: 10, rightToLeft: true)])

    func testCaretsSitOnTheLogicalStartEdge() {
        XCTAssertEqual([0, 1, 2, 3, 4].map { map.caretX($0) }, [0, 10, 40, 30, 20])
    }

    func testHitTestingPicksTheNearestStop() {
        XCTAssertEqual(map.index(at: Point(38, 5)), 2, "right edge of א is the start of the RTL run")
        XCTAssertEqual(map.index(at: Point(21, 5)), 4, "left edge of ב is the end of the text")
        XCTAssertEqual(map.index(at: Point(-5, 5)), 0)
    }

    func testVisualMovementFollowsTheScreen() {
        var i = 0, path: [Int] = []
        for _ in 0..<4 { i = map.visualNeighbour(of: i, direction: 1); path.append(i) }
        XCTAssertEqual(path, [1, 4, 3, 2], "right: a → b → (ב's left) → (א's left) → (right end)")
        XCTAssertEqual(map.visualNeighbour(of: 2, direction: -1), 3)
    }

    func testSelectionRectsMergePerVisualPiece() {
        XCTAssertEqual(map.rects(for: 1..<3), [Rect(10, 0, 10, 20), Rect(30, 0, 10, 20)], "b and א are apart on screen")
        XCTAssertEqual(map.rects(for: 2..<4), [Rect(20, 0, 20, 20)])
    }
}
