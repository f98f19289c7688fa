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
        XCTAssertNil(TileDiff.changed(from: a, to: b, width: 45, height: 24, maxShare: 0.75), "more than the share: no rectangles, the whole page")
        let (c, d) = pair(changed: [[0, 0], [1, 0]])   // 200 of 1,080 pixels
        XCTAssertEqual(rects(TileDiff.changed(from: c, to: d, width: 45, height: 24, maxShare: 0.2)), [[0, 0, 20, 10]])
        XCTAssertNil(TileDiff.changed(from: c, to: d, width: 45, height: 24, maxShare: 0.1))
    }

    func testRunsOfOtherColumnsAreNotMerged() {
        let (a, b) = pair(changed: [[1, 0], [2, 0], [1, 1]])
        XCTAssertEqual(rects(TileDiff.changed(from: a, to: b, width: 45, height: 24)), [[10, 0, 20, 10], [10, 10, 10, 10]])
    }

    /// The console takes tiles in blocks (`cell`): a block differs when any of its tiles does,
    /// cut at the page's edges, merged down columns as single tiles are.
    func testTilesTakenInBlocksForTheConsole() {
        // 2×2 blocks: tile (1, 0) marks block (0, 0); tile (4, 1) block (2, 0), cut at x 45; tile (0, 2) block (0, 1), cut at y 24.
        let (a, b) = pair(changed: [[1, 0], [4, 1], [0, 2]])
        XCTAssertEqual(rects(TileDiff.changed(from: a, to: b, width: 45, height: 24, cell: 2)), [[0, 0, 20, 24], [40, 0, 5, 20]])
        XCTAssertEqual(TileDiff.consoleCell(tileSize: 16), 4, "64-pixel blocks of 16-pixel tiles")
    }

    func testHashesThatDoNotFitThePageSayNothing() {
        let (a, b) = pair(changed: [[0, 0]])
        XCTAssertNil(TileDiff.changed(from: a, to: b, width: 60, height: 24), "another tile count")
        XCTAssertNil(TileDiff.changed(from: a, to: Hashes(12, b.tileHashes), width: 45, height: 24), "another tile size")
    }
}

/// `FrameDamage` with a `replaced` answer: a bitmap swapped in place for another (between the
/// same unchanged commands, under the same clip) is damage only where the answer says; one that
/// moved, or came with other commands between, is damage over its bounds as before.
final class ReplacedBitmapDamageTests: XCTestCase {
    let full = IntRect(x: 0, y: 0, w: 400, h: 300)
    func page(_ v: UInt8) -> Bitmap { Bitmap(width: 2, height: 2, pixels: [UInt8](repeating: v, count: 16))! }
    func bounds(_ c: DrawCommand) -> IntRect? {
        switch c {
        case let .bitmap(_, r, _), let .fill(r, _, _), let .pushClip(r): IntRect(x: Int32(r.minX), y: Int32(r.minY), w: Int32(r.width), h: Int32(r.height))
        default: nil
        }
    }
    /// Answers a 10×10 square at the replaced bitmap's origin when both are at the same place.
    func replaced(_ a: DrawCommand, _ b: DrawCommand) -> [IntRect]? {
        guard case let .bitmap(_, ra, _) = a, case let .bitmap(_, rb, _) = b, ra == rb else { return nil }
        return [IntRect(x: Int32(ra.minX), y: Int32(ra.minY), w: 10, h: 10)]
    }
    func rects(_ r: [IntRect]?) -> [[Int32]]? { r?.map { [$0.x, $0.y, $0.w, $0.h] } }

    func testABitmapReplacedInPlaceIsDamageWhereTheAnswerSays() {
        let bg = DrawCommand.fill(Rect(0, 0, 400, 300), Color(255, 255, 255), radius: 0)
        let old: [DrawCommand] = [bg, .bitmap(page(1), Rect(20, 20, 200, 100), opacity: 1), .fill(Rect(300, 200, 20, 20), .black, radius: 0)]
        let new: [DrawCommand] = [bg, .bitmap(page(2), Rect(20, 20, 200, 100), opacity: 1), .fill(Rect(300, 200, 20, 20), .black, radius: 0)]
        XCTAssertEqual(rects(FrameDamage.damage(old: old, new: new, full: full, bounds: bounds, replaced: replaced)), [[20, 20, 10, 10]])
        XCTAssertEqual(rects(FrameDamage.damage(old: old, new: new, full: full, bounds: bounds)), [[20, 20, 200, 100]], "without an answer: its bounds")
    }

    func testABitmapMovedOrReplacedAcrossOtherCommandsIsDamageOverItsBounds() {
        let moved: [DrawCommand] = [.bitmap(page(2), Rect(40, 20, 200, 100), opacity: 1)]
        XCTAssertEqual(rects(FrameDamage.damage(old: [.bitmap(page(1), Rect(20, 20, 200, 100), opacity: 1)], new: moved, full: full, bounds: bounds, replaced: replaced)),
                       [[20, 20, 220, 100]])
        // The new page comes after an unchanged fill that the old one lay under: not a swap in place.
        let f = DrawCommand.fill(Rect(100, 50, 20, 20), .black, radius: 0)
        let old: [DrawCommand] = [.bitmap(page(1), Rect(20, 20, 200, 100), opacity: 1), f]
        let new: [DrawCommand] = [f, .bitmap(page(2), Rect(20, 20, 200, 100), opacity: 1)]
        XCTAssertEqual(rects(FrameDamage.damage(old: old, new: new, full: full, bounds: bounds, replaced: replaced)), [[20, 20, 200, 100]])
    }
}
