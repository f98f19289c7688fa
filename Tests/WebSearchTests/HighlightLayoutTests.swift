import XCTest
import PodiumKit
import PodiumTestSupport
@testable import WebSearchScene

/// Snippet layout with the fixed-width measurer: 10 pt font → 5 pt per character.
final class HighlightLayoutTests: XCTestCase {
    let m = FixedMetrics()
    let font = Font(size: 10)

    func testWrapsThroughTheEngineAndMarksOnlyTheMatches() {
        let t = HighlightedText(marked: "the \u{2}Sigur Rós\u{3} band plays")   // 25 characters
        let l = HighlightLayout(t, font: font, width: 60, maxLines: 5, metrics: m)  // 12 characters a line
        XCTAssertEqual(l.lineTexts, ["the Sigur ", "Rós band ", "plays"])
        XCTAssertEqual(l.matches, [4..<13])
        // "Sigur " on line 1 (x 20…50), "Rós" on line 2 (x 0…15).
        XCTAssertEqual(l.markers, [Rect(20, 0, 30, 12.5), Rect(0, 12.5, 15, 12.5)])
    }

    func testTruncatesAtMaxLinesAndMarksNothingCutOff() {
        let t = HighlightedText(marked: String(repeating: "word ", count: 20) + "\u{2}late\u{3}")
        let l = HighlightLayout(t, font: font, width: 60, maxLines: 2, metrics: m)
        XCTAssertEqual(l.layout.lines.count, 2)
        XCTAssertTrue(l.layout.isTruncated)
        XCTAssertEqual(l.markers, [], "a match past the last shown line gets no marker")
    }

    func testDrawsOneBlockWithTheMatchesAsColouredSpans() {
        let l = HighlightLayout(HighlightedText(marked: "a \u{2}b\u{3}"), font: font, width: 60, maxLines: 2, metrics: m)
        var list = DrawList()
        l.draw(into: &list, at: Point(10, 20), color: .white, highlight: Color(255, 0, 0), marker: Color(0, 0, 255))
        XCTAssertEqual(list.commands.count, 2)
        guard case let .text(b, c, o) = list.commands[1] else { return XCTFail("text after the marker") }
        XCTAssertEqual(b.text, "a b"); XCTAssertEqual(c, .white); XCTAssertEqual(o, Point(10, 20))
        XCTAssertEqual(b.spans, [TextSpan(2..<3, color: Color(255, 0, 0))])
    }
}
