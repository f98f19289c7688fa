import PodiumKit
@testable import PodiumSDL
import XCTest

/// Where two pages differ, from their tiles' hashes (`TileDiff`, issue 19): the rectangles cover
/// exactly the differing tiles, cut at the page's edges, merged down columns; nothing when the
/// pages are equal; no answer when the hashes do not fit the page.
final class TileDiffTests: XCTestCase {
    final class Hashes: BitmapTileHashes, @unchecked Sendable {
        let tileSize: Int, tileHashes: [UInt64]
        init(_ tile: Int, _ h: [UInt64]) { tileSize = tile; tileHashes = h }
    }

    /// A 5×3-tile page of 10-pixel tiles (the last column and row 5 and 4 pixels): `changed`
    /// tiles (column, row) get another hash.
    func pair(changed: Set<[Int]>) -> (Hashes, Hashes) {
        let old = (0..<15).map { UInt64($0) * 7919 }
        let new = old.enumerated().map { changed.contains([$0.offset % 5, $0.offset / 5]) ? $0.element ^ 0xdead : $0.element }
        return (Hashes(10, old), Hashes(10, new))
    }

    func rects(_ r: [IntRect]?) -> [[Int32]]? { r?.map { [$0.x, $0.y, $0.w, $0.h] } }

    func testEqualPagesCopyNothing() {
        let (a, b) = pair(changed: [])
        XCTAssertEqual(rects(TileDiff.changed(from: a, to: b, width: 45, height: 24)), [])
    }

    func testDifferingTilesBecomeRunsMergedDownTheirColumns() {
        // Columns 1–2 in rows 0 and 1 (one rectangle), column 4 in row 1 (cut at x 45), and row 2's first tile (cut at y 24).
        let (a, b) = pair(changed: [[1, 0], [2, 0], [1, 1], [2, 1], [4, 1], [0, 2]])
        XCTAssertEqual(rects(TileDiff.changed(from: a, to: b, width: 45, height: 24)), [[10, 0, 20, 20], [40, 10, 5, 10], [0, 20, 10, 4]])
    }

    func testPagesDifferingEverywhereAreOneRectangle() {
        let (a, b) = pair(changed: Set((0..<15).map { [$0 % 5, $0 / 5] }))
        XCTAssertEqual(rects(TileDiff.changed(from: a, to: b, width: 45, height: 24)), [[0, 0, 45, 24]])
    }

    func testRunsOfOtherColumnsAreNotMerged() {
        let (a, b) = pair(changed: [[1, 0], [2, 0], [1, 1]])
        XCTAssertEqual(rects(TileDiff.changed(from: a, to: b, width: 45, height: 24)), [[10, 0, 20, 10], [10, 10, 10, 10]])
    }

    func testHashesThatDoNotFitThePageSayNothing() {
        let (a, b) = pair(changed: [[0, 0]])
        XCTAssertNil(TileDiff.changed(from: a, to: b, width: 60, height: 24), "another tile count")
        XCTAssertNil(TileDiff.changed(from: a, to: Hashes(12, b.tileHashes), width: 45, height: 24), "another tile size")
    }
}
