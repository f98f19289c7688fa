import PodiumKit
import PodiumTestSupport
import XCTest

/// Labels hand one block to the layout engine (fixed-width measurer here: body 7.5 pt a
/// character, 18.75 pt a line).
@MainActor
final class LabelTextTests: XCTestCase {
    func drawnBlock(_ label: Label, _ frame: Rect) -> (TextBlock, Point)? {
        let root = makeRoot()
        root.host(label, at: frame)
        return root.renderFrame().commands.compactMap { c -> (TextBlock, Point)? in if case let .text(b, _, o) = c { (b, o) } else { nil } }.first
    }

    func testOneLineLabelIsOneTruncatedLineCentredVertically() async throws {
        let (b, o) = try XCTUnwrap(drawnBlock(Label("A rather long title"), Rect(10, 20, 60, 40)))
        XCTAssertEqual(b.maxLines, 1); XCTAssertEqual(b.width, 60)
        XCTAssertEqual(o, Point(10, 20 + (40 - 18.75) / 2))
        XCTAssertTrue(FixedMetrics().layout(b).isTruncated)
    }

    func testParagraphLabelEndsWithAnEllipsisWhereTheHeightEnds() async throws {
        // 8 characters a line: five lines of text, room for two.
        let (b, o) = try XCTUnwrap(drawnBlock(Label("one two three four five six", lines: 0), Rect(0, 0, 60, 40)))
        XCTAssertEqual(b.maxLines, 2, "as many lines as the height allows")
        XCTAssertEqual(o, Point(0, 0))
        XCTAssertEqual(FixedMetrics().layout(b).lines.count, 2)
    }

    func testAlignmentAndNaturalDirectionAreTheEnginesJob() async throws {
        let label = Label("ab", lines: 0)
        label.alignment = .trailing
        let (b, _) = try XCTUnwrap(drawnBlock(label, Rect(0, 0, 100, 40)))
        XCTAssertEqual(b.alignment, .trailing)
        XCTAssertEqual(FixedMetrics().layout(b).lines[0].rect.minX, 100 - 15)
    }
}
