import PodiumKit
import PodiumSDL
import XCTest

/// Text input on the real layout engine (Pango needs no window): carets, Left/Right and clicks by
/// grapheme cluster in visual order through right-to-left and mixed text.
@MainActor
final class TextInputEngineTests: XCTestCase {
    let engine = TextEngine()

    func field(_ text: String, width: Double = 400) -> (WindowRoot, TextField) {
        let root = WindowRoot(metrics: engine)
        root.resize(to: Size(width + 40, 100))
        let f = TextField(text, id: "f")
        f.pins = Pins(leading: 20, top: 20, width: width, height: 34)
        root.content.addSubview(f)
        root.layoutIfNeeded()
        f.becomeFocused()
        return (root, f)
    }
    func press(_ root: WindowRoot, _ b: String) { root.dispatch(.key(Key(binding: b)!)) }

    func testRightToLeftFieldStartsAtTheRightAndRightArrowWalksBackwardsLogically() async {
        let (root, f) = field("שלום")
        f.state.move(to: 0)
        let start = f.caretRect().midX
        f.state.move(to: 4)
        let end = f.caretRect().midX
        XCTAssertGreaterThan(start, end, "logical start of Hebrew is on the right")
        XCTAssertEqual(start, 400 - 8, accuracy: 3, "the RTL entry sits at the field's right edge")
        // From the logical start (rightmost), Left walks into the word: positions 1, 2, 3, 4.
        f.state.move(to: 0)
        var seen: [Int] = []
        for _ in 0..<4 { press(root, "Left"); seen.append(f.state.cursor) }
        XCTAssertEqual(seen, [1, 2, 3, 4])
        press(root, "Right"); XCTAssertEqual(f.state.cursor, 3, "Right moves towards the start on screen")
        // Every step moves the caret on screen the way the arrow points.
        var xs: [Double] = []
        f.state.move(to: 0)
        for _ in 0..<4 { xs.append(f.caretRect().midX); press(root, "Left") }
        XCTAssertEqual(xs, xs.sorted(by: >))
    }

    func testMixedTextCaretMovesMonotonicallyOnScreen() async {
        let (root, f) = field("abc שלום 12 def")
        f.state.move(to: 0)
        var xs = [f.caretRect().midX]
        for _ in 0..<20 { press(root, "Right"); xs.append(f.caretRect().midX) }
        let moved = zip(xs, xs.dropFirst()).filter { $1 != $0 }
        XCTAssertTrue(moved.allSatisfy { $1 > $0 }, "Right never moves the caret left: \(xs)")
        XCTAssertGreaterThan(Set(xs.map { Int($0) }).count, 12, "the caret visits every cluster")
    }

    func testClickHitsTheGraphemeUnderThePointer() async {
        let (root, f) = field("שלום")
        let right = f.convertToWindow(Point(400 - 9, 17)), left = f.convertToWindow(Point(9, 17))
        root.dispatch(.mouseDown(right, button: 1, clicks: 1)); root.dispatch(.mouseUp(right, button: 1))
        XCTAssertEqual(f.state.cursor, 0, "clicking at the right edge of Hebrew is its logical start")
        let caret = f.caretRect()
        XCTAssertLessThan(caret.minX, 400)
        root.dispatch(.mouseDown(left, button: 1, clicks: 1)); root.dispatch(.mouseUp(left, button: 1))
        XCTAssertEqual(f.state.cursor, 4, "left of the word is its end")
    }

    func testEmojiSequenceAndCombiningMarksAreOneCaretStop() async {
        let (root, f) = field("a👩‍👩‍👧e\u{0301}")
        f.state.move(to: 0)
        press(root, "Right"); press(root, "Right")
        XCTAssertEqual(f.state.cursor, 2, "the family is one step")
        press(root, "Backspace")
        XCTAssertEqual(f.text, "ae\u{0301}")
        press(root, "End"); press(root, "Backspace")
        XCTAssertEqual(f.text, "a")
    }

    func testCompositionShowsInlineUnderlinedAndCommits() async {
        let (root, f) = field("ab")
        f.state.move(to: 1)
        root.dispatch(.composition("にほ", cursor: 2))
        XCTAssertEqual(f.text, "ab", "composition is not text yet")
        XCTAssertEqual(f.composition, "にほ")
        let block = root.renderFrame().commands.compactMap { c -> TextBlock? in if case let .text(b, _, _) = c { b } else { nil } }.first
        XCTAssertEqual(block?.text, "aにほb")
        XCTAssertEqual(block?.spans, [TextSpan(1..<3, underline: true)])
        XCTAssertGreaterThan(f.caretRect().minX, engine.size(of: "aに", font: f.font).width + 8 - 1, "caret after the preedit")
        XCTAssertEqual(root.textInputRect, f.convertToWindow(f.caretRect()), "the IME candidate window goes to the caret")
        root.dispatch(.text("日本"))
        XCTAssertEqual(f.text, "a日本b")
        XCTAssertEqual(f.composition, "")
        XCTAssertEqual(f.state.cursor, 3)
    }
}
