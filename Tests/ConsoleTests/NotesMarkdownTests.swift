import PodiumCore
import PodiumKit
import PodiumTestSupport
import XCTest

final class NotesMarkdownTests: XCTestCase {
    typealias R = NotesMarkdown.Run

    func testParagraphsListsAndEmphasis() {
        let md = """
        Say *hello* and **smile**.
        Then pause.

        - first point
        - second, with __strong__
          continued here
        1. one
        2) two
        **not a bullet**
        """
        XCTAssertEqual(NotesMarkdown.parse(md), [
            .paragraph([R("Say "), R("hello", .emphasis), R(" and "), R("smile", .strong), R(". Then pause.")]),
            .item(marker: "•", [R("first point")]),
            .item(marker: "•", [R("second, with "), R("strong", .strong), R(" continued here")]),
            .item(marker: "1.", [R("one")]),
            .item(marker: "2)", [R("two")]),
            .paragraph([R("not a bullet", .strong)]),
        ])
    }

    func testInlineEdgeCases() {
        XCTAssertEqual(NotesMarkdown.inline("snake_case_name"), [R("snake_case_name")], "_ inside a word is literal")
        XCTAssertEqual(NotesMarkdown.inline("2 * 3 = 6"), [R("2 * 3 = 6")], "an unpaired * is literal")
        XCTAssertEqual(NotesMarkdown.inline("***both***"), [R("both", .strongEmphasis)])
        XCTAssertEqual(NotesMarkdown.inline(#"\*not\*"#), [R("*not*")])
    }

    func testLayoutMakesOneStyledBlockPerParagraphAndHangsListItems() {
        let m = FixedMetrics()   // 0.5 × size per character, lines 1.25 × size
        let blocks = NotesMarkdown.parse("aaaa **bbbb** *cc*\n\n- dddd eeee")
        // Size 10: a character is 5 pt, a line 12.5 pt; 50 pt holds "aaaa bbbb " (the engine wraps).
        let laid = layoutNotes(blocks, width: 50, fontSize: 10, metrics: m)
        let placed = laid.pieces.map { "\($0.block.text)@\($0.origin.x),\($0.origin.y)" }
        XCTAssertEqual(placed, ["aaaa bbbb cc@0.0,0.0", "•@5.0,31.25", "dddd eeee@15.0,31.25"])
        XCTAssertEqual(laid.pieces[0].block.width, 50)
        XCTAssertEqual(laid.pieces[0].block.spans, [TextSpan(5..<9, weight: .bold), TextSpan(10..<12, italic: true, color: NotesView.emphasisColor)])
        XCTAssertEqual(laid.pieces[2].block.width, 35, "an item wraps within the width after its indent")
        XCTAssertEqual(laid.pieces[0].height, 25, "two lines")
        XCTAssertEqual(laid.height, 25 + 6.25 + 25)
    }
}
