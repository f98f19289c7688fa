import PodiumKit
import PodiumTestSupport
import XCTest

/// How much text measuring a typed key costs a text input, counted through the measurer (no
/// timing): a burst of keys handled in one turn of the main loop is laid out once, when the
/// frame is drawn, and a key costs the same few measurer calls whatever the text's length.
/// Trial 14 (finding 1): every key laid the whole text out again with its caret map, so keys
/// typed fast into long text stalled the loop until the hang watchdog ended the talk.
@MainActor
final class TextInputMeasuringTests: XCTestCase {
    /// FixedMetrics, counting what it is asked.
    final class CountingMetrics: TextMeasuring {
        let inner = FixedMetrics()
        var layouts = 0, clusterLists = 0, clusteredCharacters = 0
        func layout(_ block: TextBlock) -> TextLayout { layouts += 1; return inner.layout(block) }
        func clusters(_ block: TextBlock) -> [TextCluster] {
            clusterLists += 1; clusteredCharacters += block.text.count
            return inner.clusters(block)
        }
        func lineHeight(_ font: Font) -> Double { inner.lineHeight(font) }
    }

    static let sentence = "Saw them live in Helsinki in 2019. "
    func text(_ n: Int) -> String { String(String(repeating: Self.sentence, count: n / Self.sentence.count + 1).prefix(n)) }

    func notes(_ n: Int, metrics: CountingMetrics) -> (WindowRoot, TextView) {
        let root = WindowRoot(metrics: metrics)
        root.resize(to: Size(800, 600))
        let v = TextView(text(n), id: "notes")
        v.pins = Pins(leading: 20, top: 20, width: 600, height: 300)
        root.content.addSubview(v)
        root.layoutIfNeeded()
        v.becomeFocused()
        _ = root.renderFrame()
        return (root, v)
    }

    func testABurstOfTypedKeysIsLaidOutOnceWhenTheFrameIsDrawn() async {
        let m = CountingMetrics()
        let (root, v) = notes(8_000, metrics: m)
        let before = (m.clusterLists, m.clusteredCharacters)
        for _ in 0..<50 { root.dispatch(.text("x")) }
        XCTAssertEqual(v.text.count, 8_050)
        XCTAssertEqual(m.clusterLists - before.0, 0, "keys handled in one turn are not laid out one by one")
        _ = root.renderFrame()
        XCTAssertEqual(m.clusterLists - before.0, 1, "the frame lays the text out once")
        XCTAssertEqual(m.clusteredCharacters - before.1, 8_050, "one caret map of the whole text, not one per key")
        // The view still follows the cursor: the caret at the end of the text shows.
        let caret = v.caretRect()
        XCTAssertGreaterThan(v.scroll, 0)
        XCTAssertGreaterThanOrEqual(caret.minY, 0)
        XCTAssertLessThanOrEqual(caret.maxY, v.bounds.height)
    }

    func testAKeyCostsTheSameMeasuringWhateverTheTextsLength() async {
        var perKey: [Int: [Int]] = [:]
        for n in [1_000, 8_000] {
            let m = CountingMetrics()
            let (root, _) = notes(n, metrics: m)
            for _ in 0..<5 {
                let before = m.layouts + m.clusterLists
                root.dispatch(.text("x"))
                _ = root.renderFrame()
                perKey[n, default: []].append(m.layouts + m.clusterLists - before)
            }
        }
        XCTAssertEqual(perKey[1_000], perKey[8_000], "measurer calls per key do not grow with the text")
        XCTAssertLessThanOrEqual(perKey[8_000]?.max() ?? .max, 2, "one layout and one cluster list per key and frame")
    }

    func testFieldTypingFastIsLaidOutOncePerFrame() async {
        let m = CountingMetrics()
        let root = WindowRoot(metrics: m)
        root.resize(to: Size(800, 100))
        let f = TextField(text(2_000), id: "search")
        f.pins = Pins(leading: 20, top: 20, width: 400, height: 34)
        root.content.addSubview(f)
        root.layoutIfNeeded()
        f.becomeFocused()
        _ = root.renderFrame()
        let before = m.clusterLists
        for _ in 0..<100 { root.dispatch(.text("x")) }
        _ = root.renderFrame()
        XCTAssertEqual(m.clusterLists - before, 1)
        let caret = f.caretRect()
        XCTAssertGreaterThan(f.scroll, 0)
        XCTAssertTrue(caret.minX >= 0 && caret.maxX <= f.bounds.width, "the field scrolled to the cursor at its end: \(caret)")
    }
}
