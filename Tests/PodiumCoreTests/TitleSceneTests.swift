import PodiumCore
import PodiumKit
import PodiumTestSupport
import TitleScene
import XCTest

/// The title scene through the real host (`Presentation`), with fixed-width text metrics.
@MainActor
final class TitleSceneTests: XCTestCase {
    func audienceTexts(heading: String, subtitle: String, size: Size) -> [(TextBlock, Point, Font)] {
        let r = PluginRegistry()
        r.register(TitlePlugin.descriptor())
        let params = SceneParameters(["heading": .string(heading), "subtitle": .string(subtitle)], path: "scenes[0].parameters")
        let deck = Deck(title: "T", scenes: [DeckScene(kind: "title", parameters: params)], path: "/tmp/t.json")
        let p = Presentation(deck: deck, registry: r, metrics: FixedMetrics())
        p.audience.resize(to: size)
        return p.audience.drawList().commands.compactMap { if case let .text(b, _, o) = $0 { (b, o, b.font) } else { nil } }
    }

    func testLongHeadingShrinksToFitInsteadOfClipping() async {
        let long = String(repeating: "Bands and records in Helsinki ", count: 8)
        let texts = audienceTexts(heading: long, subtitle: "a subtitle under it", size: Size(1280, 720))
        XCTAssertFalse(texts.isEmpty)
        let m = FixedMetrics()
        for (b, o, _) in texts {
            let l = m.layout(b)
            XCTAssertGreaterThanOrEqual(o.y, 0, "\(b.text) starts inside")
            XCTAssertLessThanOrEqual(o.y + l.size.height, 720, "\(b.text) ends inside")
            XCTAssertLessThanOrEqual(o.x + l.lines.map { $0.rect.maxX }.max()!, 1280.5, "\(b.text) fits the width")
        }
        XCTAssertTrue(texts.contains { $0.0.text == "a subtitle under it" }, "the subtitle is still shown")
    }

    func testShortHeadingKeepsItsLargeSize() async {
        let texts = audienceTexts(heading: "Hi", subtitle: "", size: Size(1920, 1080))
        XCTAssertEqual(texts.first?.2.size ?? 0, 1920 / 16 * 1.1, accuracy: 0.01)
    }
}
