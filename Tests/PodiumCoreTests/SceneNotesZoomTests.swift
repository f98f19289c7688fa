import Foundation
import PodiumCore
import PodiumKit
import PodiumTestSupport
import XCTest

/// A scene's notes view (a PDF's notes half) in the console's notes panel follows the notes size
/// keys as text notes do: Ctrl+= scales it from its top left, the wheel scrolls what no longer
/// fits, Ctrl+- brings it back; a new scene starts unscrolled.
@MainActor
final class SceneNotesZoomTests: XCTestCase {
    final class NotesScene: Scene {
        let title = "N"; let presenterView = View(); let audienceView = View()
        let notesView = View(id: "test.notes", background: .white)
        var presenterNotesView: View? { notesView }
    }

    func testTheNotesKeysScaleTheScenesNotesViewAndTheWheelScrollsIt() async throws {
        let deck = OneKindDeck(scenes: 2) { NotesScene() }
        let p = deck.presentation
        p.presenter.resize(to: Size(1280, 800))
        _ = p.presenter.renderFrame()
        let v = try XCTUnwrap(deck.made.first).notesView
        func frame() -> Rect { _ = p.presenter.renderFrame(); return v.convertToWindow(v.bounds) }
        let panel = v.superview!.convertToWindow(v.superview!.bounds)
        let base = frame()
        XCTAssertEqual(base, panel, "at the default size it fills the panel")

        for _ in 0..<9 { p.press(Key(binding: "Ctrl+=")!) }   // 18 → 36 pt: twice the size
        XCTAssertEqual(p.console.notes.fontSize, 36)
        var f = frame()
        XCTAssertEqual(f.width, base.width * 2, accuracy: 1); XCTAssertEqual(f.height, base.height * 2, accuracy: 1)
        XCTAssertEqual(f.minX, panel.minX, accuracy: 0.5); XCTAssertEqual(f.minY, panel.minY, accuracy: 0.5, "from the top left")

        // The wheel (down, then far up) scrolls it within its size, never past its edges.
        let inside = Point(panel.midX, panel.midY)
        XCTAssertTrue(p.presenter.dispatch(.wheel(dx: 0, dy: -2, at: inside)))
        f = frame()
        XCTAssertEqual(f.minY, panel.minY - 80, accuracy: 0.5)
        for _ in 0..<100 { _ = p.presenter.dispatch(.wheel(dx: 0, dy: -2, at: inside)) }
        XCTAssertEqual(frame().maxY, panel.maxY, accuracy: 0.5, "scrolled to its bottom edge, no further")
        for _ in 0..<100 { _ = p.presenter.dispatch(.wheel(dx: 0, dy: 2, at: inside)) }
        XCTAssertEqual(frame().minY, panel.minY, accuracy: 0.5)

        _ = p.presenter.dispatch(.wheel(dx: 0, dy: -2, at: inside))
        p.next()   // the next scene's notes start at their top
        let w = try XCTUnwrap(deck.made.last).notesView
        _ = p.presenter.renderFrame()
        XCTAssertEqual(w.convertToWindow(w.bounds).minY, panel.minY, accuracy: 0.5)

        for _ in 0..<9 { p.press(Key(binding: "Ctrl+-")!) }
        _ = p.presenter.renderFrame()
        XCTAssertEqual(w.convertToWindow(w.bounds), panel, "Ctrl+- brings it back")
    }
}
