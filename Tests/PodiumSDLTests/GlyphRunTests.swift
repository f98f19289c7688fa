import PodiumKit
@testable import PodiumSDL
import XCTest

/// The console's timers laid out and drawn glyph by glyph (`GlyphTable`, issue 19, idle): a clock
/// tick shapes no text once its characters have been drawn, and what it draws, measures and
/// damages is what Pango shaping the whole string gives, pixel for pixel.
@MainActor
final class GlyphRunTests: OffscreenSDLTestCase {
    /// The timers of `TimersView` in their fonts, at `second` seconds into the talk.
    func timers(_ second: Int) -> [TextBlock] {
        let t = "\(second / 60):" + String(format: "%02d", second % 60)
        return [TextBlock(t, font: .bold(20)), TextBlock("scene " + t + " / 4:00", font: .system(15)),
                TextBlock("left " + t, font: .bold(17)), TextBlock("over " + t, font: .bold(17)),
                TextBlock("starts in " + t, font: .bold(20)), TextBlock("1\(second % 10):4\(second % 6)", font: .system(15)),
                TextBlock("scene " + t, font: .system(18)), TextBlock("00:" + t, font: .bold(28))]
    }

    /// A window showing `blocks` as labels, one a row, drawn with `engine`.
    func window(_ blocks: [TextBlock], engine: TextEngine) throws -> (PlatformWindow, WindowRoot, [Label]) {
        let root = WindowRoot(metrics: engine)
        root.backgroundColor = Color(20, 20, 30)
        let labels = blocks.enumerated().map { i, b in
            let l = Label(b.text, font: b.font, color: i % 2 == 0 ? Color(230, 230, 230) : Color(120, 200, 90))
            l.pins = Pins(leading: 7.3 + Double(i % 3) * 0.37, top: 3.6 + Double(i) * 36, width: 300, height: 34)
            return l
        }
        labels.forEach { root.content.addSubview($0) }
        let w = try PlatformWindow(title: "glyph runs", root: root, size: Size(320, 36 * Double(blocks.count) + 8), text: engine)
        return (w, root, labels)
    }

    /// (Bold "starts in" is left out: its "t" and "a" share a pixel column, so it is shaped whole.)
    func testAClockTickShapesNoTextOnceItsCharactersAreDrawn() async throws {
        func ticking(_ second: Int) -> [TextBlock] { timers(second).filter { !$0.text.hasPrefix("starts") } }
        let (w, root, labels) = try window(ticking(9), engine: text)
        defer { w.close() }
        XCTAssertTrue(w.renderIfNeeded())
        for second in 10...30 {
            let made = text.pangoLayoutCount
            for (l, b) in zip(labels, ticking(second)) { l.text = b.text }
            XCTAssertTrue(w.renderIfNeeded())
            // By 0:20 every digit has been drawn in every font.
            if second >= 20 { XCTAssertEqual(text.pangoLayoutCount - made, 0, "a tick at \(second) s shapes nothing") }
        }
        try assertPartialEqualsWhole(w, root)
    }

    /// The same frames drawn from glyphs and from whole strings shaped by Pango: the same pixels,
    /// layouts (the labels' sizes) and pixel boxes (the damage), at scales 1, 2 and 1.5 (pixels
    /// at scale 1; bold "starts in" falls back to whole shaping, drawn alongside).
    func testComposedTimersMatchPangoShapingTheWholeString() async throws {
        let whole = TextEngine()
        whole.composesGlyphRuns = false
        for (i, second) in [0, 7, 48, 59, 61, 600, 3599, 6000].enumerated() {
            let blocks = timers(second)
            for b in blocks {
                XCTAssertEqual(text.layout(b), whole.layout(b), b.text)
                // A font's table is made for its third text (text that changes).
                if i > 1 { XCTAssertNotNil(text.glyphRun(b, scale: 1), "\(b.text) composes") }
                let line = TextBlock(b.text, font: b.font, width: whole.layout(b).size.width, maxLines: 1)
                XCTAssertEqual(text.layout(line), whole.layout(line), "\(b.text) in a label as wide as it")
                for scale in [1.0, 2.0, 1.5] {
                    let p = text.pixelBox(b, scale: scale), q = whole.pixelBox(b, scale: scale)
                    XCTAssertEqual([p.x, p.y, p.w, p.h], [q.x, q.y, q.w, q.h], "\(b.text) at \(scale)")
                }
            }
            let (a, _, _) = try window(blocks, engine: text), (b, _, _) = try window(blocks, engine: whole)
            defer { a.close(); b.close() }
            a.renderIfNeeded(); b.renderIfNeeded()
            let pa = try a.renderer.readPixels(size: a.pixelSize), pb = try b.renderer.readPixels(size: b.pixelSize)
            XCTAssertTrue(pa == pb, "the timers at \(second) s drawn from glyphs show the pixels of whole strings")
        }
        XCTAssertLessThan(text.pangoLayoutCount, whole.pangoLayoutCount, "the composing engine shaped less")
    }

    /// Text outside the alphabet, or not on one line at its natural width, is shaped whole; so is
    /// a font's first string (labels that never change do not make a table).
    func testOtherTextIsShapedWhole() async throws {
        let made = text.pangoLayoutCount
        for width in [nil, 300.0, 40] {
            _ = text.layout(TextBlock("1:28", font: .bold(20), width: width, maxLines: 1))
            _ = text.pixelBox(TextBlock("1:28", font: .bold(20), width: width, maxLines: 1), scale: 1)
        }
        _ = text.layout(TextBlock("1:29", font: .bold(20)))
        XCTAssertNil(text.glyphRun(TextBlock("1:29", font: .bold(20)), scale: 1), "two texts: no table yet")
        XCTAssertEqual(text.pangoLayoutCount - made, 4, "shaped whole, once for each width")
        _ = text.layout(TextBlock("1:30", font: .bold(20)))
        XCTAssertEqual(text.pangoLayoutCount - made, 5, "the third text makes the table (one shaping) and composes")
        XCTAssertNil(text.glyphRun(TextBlock("Scene 1:28", font: .system(15)), scale: 1), "a capital")
        XCTAssertNil(text.glyphRun(TextBlock("⏸ 1:28", font: .bold(20)), scale: 1), "a symbol")
        XCTAssertNil(text.glyphRun(TextBlock("1:28", font: .bold(20), width: 10, maxLines: 1), scale: 1), "too narrow: ellipsised")
        XCTAssertNil(text.glyphRun(TextBlock("1:28", font: .bold(20), width: 300, alignment: .center), scale: 1), "centred")
        XCTAssertNil(text.glyphRun(TextBlock("1:28", font: .bold(20), spans: [TextSpan(0..<1, italic: true)]), scale: 1), "styled")
        XCTAssertNotNil(text.glyphRun(TextBlock("1:28", font: .bold(20), width: 300, maxLines: 1), scale: 1))
    }

    /// The table's probe holds every ordered pair of the alphabet once (each neighbour checked).
    func testTheProbeHoldsEveryPairOnce() async throws {
        for k in [1, 2, 5, GlyphTable.alphabet.count] {
            let s = GlyphTable.everyPair(k)
            XCTAssertEqual(s.count, k * k + 1)
            XCTAssertEqual(Set(zip(s, s.dropFirst()).map { $0 * k + $1 }).count, k * k, "\(k) symbols")
        }
    }
}
