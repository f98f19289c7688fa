import PodiumCore
import PodiumKit
import PodiumSDL
import XCTest

/// The notes panel on the real layout engine with the notes of issue 14's cases: nothing runs
/// past the panel, long tokens and CJK paragraphs wrap, and the panel never lays out unchanged
/// notes again.
@MainActor
final class NotesPanelTextTests: XCTestCase {
    let engine = TextEngine()
    let width = 420.0

    func lines(_ notes: String) -> [(text: String, maxX: Double)] {
        let laid = layoutNotes(NotesMarkdown.parse(notes), width: width, fontSize: 18, metrics: engine)
        return laid.pieces.flatMap { p -> [(String, Double)] in
            let chars = Array(p.block.text)
            return engine.layout(p.block).lines.map { (String(chars[$0.range]), p.origin.x + $0.rect.maxX) }
        }
    }

    func testLongURLAndCompoundWrapInsideThePanel() async {
        let notes = "Slides and sources: https://example.org/talks/2025/bands-i-love/sources/record-stores-helsinki-and-where-to-buy.html then take questions.\n\nWord of the day: Donaudampfschifffahrtsgesellschaftskapitänswitwe."
        let ls = lines(notes)
        XCTAssertGreaterThanOrEqual(ls.count, 5)
        for l in ls { XCTAssertLessThanOrEqual(l.maxX, width + 0.5, "\"\(l.text)\" runs past the panel") }
        XCTAssertTrue(ls.contains { $0.text.hasPrefix("Donaudampf") && !$0.text.contains("witwe") }, "the compound is broken inside: \(ls.map(\.text))")
    }

    func testChineseAndJapaneseParagraphsWrapBetweenCharacters() async {
        let zh = "五月天是台湾的摇滚乐团由阿信担任主唱他们的演唱会总是有成千上万的歌迷一起大合唱请在三分钟后切换到下一页"
        let ja = "今日はバンドについて話します。まず台湾のロックバンドを紹介します、観客と一緒に歌うことで有名です。"
        let ls = lines(zh + "\n\n" + ja)
        XCTAssertGreaterThanOrEqual(ls.count, 4, "each paragraph wraps: \(ls.map(\.text))")
        for l in ls {
            XCTAssertLessThanOrEqual(l.maxX, width + 0.5)
            XCTAssertFalse("。、」".contains(l.text.first!), "a line starts with closing punctuation: \(l.text)")
        }
    }

    func testRightToLeftItemsHangFromTheRightEdge() async {
        let laid = layoutNotes(NotesMarkdown.parse("- שלום עולם\n- hello"), width: width, fontSize: 18, metrics: engine)
        XCTAssertEqual(laid.pieces.count, 4)
        let (heMarker, heText, enMarker, enText) = (laid.pieces[0], laid.pieces[1], laid.pieces[2], laid.pieces[3])
        XCTAssertGreaterThan(heMarker.origin.x, width - 40, "the Hebrew item's bullet is at the right")
        let heLine = engine.layout(heText.block).lines[0]
        XCTAssertEqual(heText.origin.x + heLine.rect.maxX, heMarker.origin.x - engine.size(of: " ", font: .system(18)).width, accuracy: 1,
                       "its text ends just left of the bullet")
        XCTAssertLessThan(enMarker.origin.x, 20)
        XCTAssertGreaterThan(enText.origin.x, enMarker.origin.x)
    }

    func testUnchangedNotesAreNotLaidOutAgain() async {
        let root = WindowRoot(metrics: engine)
        root.resize(to: Size(500, 400))
        let panel = NotesView()
        panel.setNotes("**Bold** שלום हिन्दी 五月天 🎸 and a long line that wraps inside the panel more than once, surely.")
        root.content.addSubview(panel.pinned(.fill()))
        _ = root.renderFrame()
        let before = engine.layoutCount
        for _ in 0..<10 { root.requestRedraw(); _ = root.renderFrame() }
        XCTAssertEqual(engine.layoutCount, before)
    }
}
