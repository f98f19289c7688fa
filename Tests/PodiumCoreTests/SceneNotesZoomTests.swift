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

    /// A view of a page's shape (4:3, a Beamer notes half) fitted whole into what it is offered.
    final class PageNotes: View {
        override func sizeThatFits(_ available: Size) -> Size {
            let k = min(available.width / 4, available.height / 3)
            return Size(4 * k, 3 * k)
        }
    }
    final class PageNotesScene: Scene {
        let title = "N"; let presenterView = View(); let audienceView = View()
        let notesView = PageNotes(id: "test.notes", background: .white)
        var presenterNotesView: View? { notesView }
    }

    /// Trial 35 F8: at 640×480 a Beamer notes half was fitted whole into a short notes panel,
    /// 177×133 pt (its text ~5 px) beside some 320 pt of empty width. It takes the panel's width
    /// (up to twice the panel's height), from the top; the wheel scrolls to its bottom. A panel
    /// that holds it whole wide enough keeps it whole.
    func testAPageShapedNotesViewTakesTheWidthOfAShortPanel() async throws {
        for (size, whole) in [(Size(640, 480), false), (Size(1280, 800), true), (Size(480, 640), true)] {
            let deck = OneKindDeck(scenes: 1) { PageNotesScene() }
            let p = deck.presentation
            p.presenter.resize(to: size)
            _ = p.presenter.renderFrame()
            let v = try XCTUnwrap(deck.made.first).notesView
            let f = v.convertToWindow(v.bounds), panel = v.superview!.convertToWindow(v.superview!.bounds)
            XCTAssertEqual(f.width / f.height, 4.0 / 3, accuracy: 0.01, "its own shape at \(size)")
            XCTAssertEqual(f.minY, panel.minY, accuracy: 0.5, "from the panel's top at \(size)")
            XCTAssertGreaterThanOrEqual(f.width, panel.width * 0.7, "\(f) across the panel \(panel) at \(size)")
            XCTAssertEqual(f.maxY <= panel.maxY + 0.5, whole, "\(f) whole in \(panel) at \(size)")
            XCTAssertLessThanOrEqual(f.height, 2 * panel.height + 0.5, "at most twice the panel's height at \(size)")
            if !whole {
                _ = p.presenter.dispatch(.wheel(dx: 0, dy: -2, at: Point(panel.midX, panel.midY)))
                _ = p.presenter.renderFrame()
                XCTAssertLessThan(v.convertToWindow(v.bounds).minY, panel.minY - 1, "the wheel scrolls to its bottom at \(size)")
            }
        }
    }
}
