import PodiumKit
import XCTest

final class TextEditStateTests: XCTestCase {
    func testMultiByteCharactersMoveAndDeleteAsOne() {
        var s = TextEditState("Björk 🎸é\u{301}")
        XCTAssertEqual(s.count, 8, "é + combining acute is one character")
        s.deleteBackward()
        XCTAssertEqual(s.text, "Björk 🎸")
        s.deleteBackward()
        XCTAssertEqual(s.text, "Björk ")
        s.move(to: 3)
        s.deleteBackward()
        XCTAssertEqual(s.text, "Bjrk ")
        s.insert("ö")
        XCTAssertEqual(s.text, "Björk ")
        XCTAssertEqual(s.cursor, 3)
    }

    func testSelectionReplaceAndCollapse() {
        var s = TextEditState("Radiohead")
        s.move(to: 0)
        s.moveRight(extend: true); s.moveRight(extend: true)
        XCTAssertEqual(s.selectedText, "Ra")
        s.moveLeft(extend: false)
        XCTAssertEqual(s.cursor, 0, "Left collapses a selection to its start")
        XCTAssertFalse(s.hasSelection)
        s.select(5..<9)
        s.insert("")
        XCTAssertEqual(s.text, "Radio")
        s.selectAll()
        s.insert("Low")
        XCTAssertEqual(s.text, "Low")
        s.move(to: 1); s.deleteForward()
        XCTAssertEqual(s.text, "Lw")
    }

    func testSingleLineFlattensNewlinesMultiLineKeepsThem() {
        var one = TextEditState("a\nb")
        XCTAssertEqual(one.text, "a b")
        one.insert("\nc")
        XCTAssertEqual(one.text, "a b c")
        var many = TextEditState("a\nbc", allowsNewlines: true)
        XCTAssertEqual(many.lineStart(3), 2)
        XCTAssertEqual(many.lineEnd(0), 1)
        many.insert("\n")
        XCTAssertEqual(many.text, "a\nbc\n")
    }

    func testWordRangeAndClamping() {
        var s = TextEditState("The National, live")
        XCTAssertEqual(s.wordRange(at: 6), 4..<12)
        s.move(to: 99)
        XCTAssertEqual(s.cursor, s.count)
        s.move(to: -4)
        XCTAssertEqual(s.cursor, 0)
        s.deleteBackward()
        XCTAssertEqual(s.text, "The National, live", "Backspace at the start does nothing")
    }
}
