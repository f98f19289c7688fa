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

    func testLayoutWrapsAcrossStylesAndHangsListItems() {
        let m = FixedMetrics()   // 0.5 × size per character, lines 1.25 × size
        let blocks = NotesMarkdown.parse("aaaa **bbbb** cccc\n\n- dddd eeee")
        // Size 10: a character is 5 pt, a line 12.5 pt; 50 pt holds "aaaa bbbb" (45 pt).
        let laid = layoutNotes(blocks, width: 50, fontSize: 10, metrics: m)
        let texts = laid.pieces.map { "\($0.text)@\($0.origin.x),\($0.origin.y)" }
        XCTAssertEqual(texts, ["aaaa@0.0,0.0", "bbbb@25.0,0.0", "cccc@0.0,12.5",
                               "•@5.0,31.25", "dddd@15.0,31.25", "eeee@15.0,43.75"])
        XCTAssertEqual(laid.pieces[1].font, .bold(10))
        XCTAssertEqual(laid.height, 56.25)
        // Words of one style on a line are one piece.
        XCTAssertEqual(layoutNotes(NotesMarkdown.parse("one two three"), width: 500, fontSize: 10, metrics: m).pieces.map(\.text), ["one two three"])
    }
}
