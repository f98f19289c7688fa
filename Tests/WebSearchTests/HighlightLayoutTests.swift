import XCTest
import PodiumKit
import PodiumTestSupport
@testable import WebSearchScene

/// Snippet layout with the fixed-width measurer: 10 pt font → 5 pt per character.
final class HighlightLayoutTests: XCTestCase {
    let m = FixedMetrics()
    let font = Font(size: 10)

    func testWrapsAtSpacesAndKeepsMatchesMarked() {
        let t = HighlightedText(marked: "the \u{2}Sigur Rós\u{3} band plays")   // 28 characters
        let l = HighlightLayout(t, font: font, width: 60, maxLines: 5, metrics: m)  // 12 characters a line
        XCTAssertEqual(l.lines.map { $0.map(\.text).joined() }, ["the Sigur ", "Rós band ", "plays"])
        XCTAssertEqual(l.lines[0].filter(\.highlighted).map(\.text), ["Sigur "])
        XCTAssertEqual(l.lines[1].first, .init(text: "Rós", x: 0, highlighted: true))
        for line in l.lines { for f in line { XCTAssertLessThanOrEqual(f.x + m.size(of: f.text.trimmingTrailingSpaces, font: font).width, 60) } }
    }

    func testTruncatesWithAnEllipsisOnTheLastKeptLine() {
        let t = HighlightedText(marked: String(repeating: "word ", count: 20))
        let l = HighlightLayout(t, font: font, width: 60, maxLines: 2, metrics: m)
        XCTAssertEqual(l.lines.count, 2)
        let last = l.lines[1]
        XCTAssertEqual(last.last?.text, "…")
        XCTAssertLessThanOrEqual(last.last!.x + 5, 60)
    }

    func testSplitsAWordLongerThanALine() {
        let l = HighlightLayout(HighlightedText(marked: "\u{2}Supercalifragilistic\u{3}"), font: font, width: 40, maxLines: 5, metrics: m)
        XCTAssertEqual(l.lines.map { $0.map(\.text).joined() }, ["Supercal", "ifragili", "stic"])
        XCTAssertTrue(l.lines.allSatisfy { $0.allSatisfy(\.highlighted) })
    }
}
