import PodiumKit
@testable import PodiumSDL
import XCTest

/// The engine's clusters (carets, selection, hit-testing) come from one pass over Pango's
/// clusters; they must say what Pango says when asked one character at a time (the quadratic
/// way they were listed before trial 14's finding 1), through bidi, wrapping, newlines,
/// ligatures, emoji and combining marks.
@MainActor
final class TextClustersTests: XCTestCase {
    let engine = TextEngine()

    /// Checks the one-pass clusters of `block` against Pango's answers one index at a time.
    /// Two differences are on purpose: a Character that Pango shapes as several clusters (a
    /// Devanagari conjunct) spans them all, where `index_to_pos` gave its first cluster only;
    /// and the caret of a newline ending a right-to-left line sits at the line's left edge (its
    /// logical end), where `index_to_pos` put it at the right edge, the line's start.
    func assertSame(_ block: TextBlock, file: StaticString = #filePath, line: UInt = #line) {
        let fast = engine.clusters(block), reference = engine.clustersByIndex(block)
        let chars = Array(block.text), lines = engine.layout(block).lines
        XCTAssertEqual(fast.count, reference.count, "\(block.text.debugDescription)", file: file, line: line)
        for (i, (a, b)) in zip(fast, reference).enumerated() {
            func near(_ x: Double, _ y: Double) -> Bool { abs(x - y) < 0.01 }
            var same = a.index == b.index && a.line == b.line && a.rightToLeft == b.rightToLeft
            if chars[i] == "\n", i > 0, reference[i - 1].rightToLeft, reference[i - 1].line == b.line {
                same = same && near(a.x, lines[a.line].rect.minX) && near(b.x, lines[a.line].rect.maxX) && a.width == 0
            } else if b.width < a.width - 0.01 {
                same = same && (near(a.x, b.x) || near(a.x + a.width, b.x + b.width))   // spans several Pango clusters
            } else {
                same = same && near(a.x, b.x) && near(a.width, b.width)
            }
            XCTAssertTrue(same, "\(block.text.debugDescription): \(a) vs Pango's \(b)", file: file, line: line)
            if !same { return }
        }
    }

    func testOnePassClustersMatchPangosAnswersCharacterByCharacter() async {
        let font = Font.system(17)
        let texts = [
            "Saw them live in Helsinki in 2019.",
            "שלום עולם", "abc שלום 12 def", "مرحبا بالعالم", "हिन्दी किताब", "office fine ffi",
            "a👩‍👩‍👧e\u{0301} 🎸", "first\nsecond\n\nfourth\n", "\n\n", "tab\there", "五月天 Mayday",
            "שלום\nabc\nמה נשמע", "x",
        ]
        for t in texts {
            assertSame(TextBlock(t, font: font))
            assertSame(TextBlock(t, font: font, width: 60))
            assertSame(TextBlock(t, font: font, width: 300, alignment: .center))
        }
        assertSame(TextBlock.line("Saw them live in Helsinki in 2019, twice", font: font, width: 120))
        assertSame(TextBlock("Saw them live in Helsinki in 2019, twice", font: font, width: 90, maxLines: 2))
        let notes = String(repeating: "Saw them live in Helsinki in 2019. שלום! ", count: 30)
        assertSame(TextBlock(notes, font: font, width: 400))
        assertSame(TextBlock(notes + "\n" + notes, font: .bold(13), width: 250, alignment: .trailing))
    }

    func testAKeyTypedIntoLongNotesShapesTheTextOnceAndListsItsClustersOnce() async {
        let root = WindowRoot(metrics: engine)
        root.resize(to: Size(800, 600))
        let v = TextView(String(repeating: "Saw them live in Helsinki in 2019. ", count: 229), id: "notes")
        v.pins = Pins(leading: 20, top: 20, width: 600, height: 300)
        root.content.addSubview(v)
        root.layoutIfNeeded()
        v.becomeFocused()
        _ = root.renderFrame()
        let layouts = engine.layoutCount, passes = engine.clusterPasses
        for _ in 0..<20 { root.dispatch(.text("x")) }
        _ = root.renderFrame()
        XCTAssertEqual(engine.layoutCount - layouts, 1, "one Pango layout for the burst of keys")
        XCTAssertEqual(engine.clusterPasses - passes, 1, "one pass over its clusters")
    }
}
