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

    /// Cases from the CommonMark spec (0.30; example numbers) that a hand-written parser gets
    /// wrong, and GitHub's extensions, now read by libcmark-gfm.
    func testCommonMarkSpecExamples() {
        // 350: "*foo bar *" is not emphasis (closing delimiter after a space).
        XCTAssertEqual(NotesMarkdown.inline("*foo bar *"), [R("*foo bar *")])
        // 362: intraword * is emphasis, _ is not (358).
        XCTAssertEqual(NotesMarkdown.inline("foo*bar*"), [R("foo"), R("bar", .emphasis)])
        XCTAssertEqual(NotesMarkdown.inline("foo_bar_"), [R("foo_bar_")])
        // 413: nested strong inside emphasis.
        XCTAssertEqual(NotesMarkdown.inline("*foo **bar** baz*"), [R("foo ", .emphasis), R("bar", .strongEmphasis), R(" baz", .emphasis)])
        // 328: code spans keep their text literally, markup inside is not parsed.
        XCTAssertEqual(NotesMarkdown.inline("`*not emphasis*`"), [R("*not emphasis*")])
        // 481: a link shows its text; 308: entities decode.
        XCTAssertEqual(NotesMarkdown.inline("[the venue](https://example.org) &amp; &copy;"), [R("the venue & ©")])
        // 301: a list item can start with a number followed by ")" and a later start number.
        XCTAssertEqual(NotesMarkdown.parse("3) three\n4) four"), [.item(marker: "3)", [R("three")]), .item(marker: "4)", [R("four")])])
        // 62: ATX headings become strong paragraphs; 43: a thematic break is dropped.
        XCTAssertEqual(NotesMarkdown.parse("## Timing\n\n***\n\nslow down"), [.paragraph([R("Timing", .strong)]), .paragraph([R("slow down")])])
        // Nested lists keep every item, each with its own marker.
        XCTAssertEqual(NotesMarkdown.parse("- a\n  1. b\n  2. c\n- d"), [
            .item(marker: "•", [R("a")]), .item(marker: "1.", [R("b")]), .item(marker: "2.", [R("c")]), .item(marker: "•", [R("d")]),
        ])
        // GFM: strikethrough keeps its text; a table becomes one paragraph a row.
        XCTAssertEqual(NotesMarkdown.inline("~~old~~ new"), [R("old new")])
        XCTAssertEqual(NotesMarkdown.parse("| act | min |\n|---|---|\n| intro | 2 |"), [.paragraph([R("act · min")]), .paragraph([R("intro · 2")])])
        // Raw HTML is not shown to the speaker as markup.
        XCTAssertEqual(NotesMarkdown.parse("<div>x</div>\n\nafter"), [.paragraph([R("after")])])
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
