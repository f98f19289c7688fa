import Foundation
@testable import PodiumCore
import PodiumKit
import PodiumTestSupport
import XCTest

/// Trial 32 F1: a scene whose `presenterNotesView` is (or holds, or is inside) one of its window
/// views, or that moves its `audienceView` out of the room after it was made, is refused as a
/// plugin error: the speaker's error card, and the room never shows a broken or blank picture
/// (it was the slide shrunk into the projector's corner, or a plain background).
@MainActor
final class SceneNotesViewTests: XCTestCase {
    /// The room's scene before the faulty one: its text must stay on the projector.
    final class BeforeScene: Scene {
        let title = "Before"
        let presenterView = View(), audienceView = View()
        init() { audienceView.addSubview(Label("Room before").pinned(.fill())) }
    }
    /// Returns its audience view (or a view inside it) as its notes view.
    final class NotesScene: Scene {
        let title = "Notes"
        let presenterView = View(), audienceView = View()
        let inner: View = Label("Room notes")
        let notes: KeyPath<NotesScene, View>
        init(notes: KeyPath<NotesScene, View>) {
            self.notes = notes
            audienceView.addSubview(inner.pinned(.fill()))
        }
        var presenterNotesView: View? { self[keyPath: notes] }
    }
    /// Moves its audience view into its presenter view when told to, after the room drew it.
    final class LateMovingScene: Scene {
        let title = "Late"
        let presenterView = View(), audienceView = View()
        init() { audienceView.addSubview(Label("Room late").pinned(.fill())) }
        func move() { presenterView.addSubview(audienceView) }
    }
    /// Shows the speaker "what the room sees" by moving its audience view into its presenter view.
    final class MovingScene: Scene {
        let title = "Moving"
        let presenterView = View(), audienceView = View()
        init() { audienceView.addSubview(Label("Room moved").pinned(.fill())) }
        func didBecomeCurrent() { presenterView.addSubview(audienceView) }
    }

    private var made: [Scene] = []
    private var lines: [String] = []

    private func presentation(_ faulty: @escaping @MainActor () -> Scene) -> Presentation {
        let r = PluginRegistry()
        r.register(PluginDescriptor(id: "org.example.nasty", name: "Nasty", version: "1", sceneKinds: [
            SceneKind(name: "before", summary: "") { _, _ in BeforeScene() },
            SceneKind(name: "faulty", summary: "") { [weak self] _, _ in let s = faulty(); self?.made.append(s); return s },
        ]))
        let p = Presentation(deck: Deck(title: "T", scenes: [DeckScene(kind: "before"), DeckScene(kind: "before"), DeckScene(kind: "faulty"), DeckScene(kind: "before")], path: "/talks/t.json"),
                             registry: r, metrics: FixedMetrics(), clock: { 0 })
        p.log = { [weak self] in self?.lines.append($0) }
        p.presenter.resize(to: Size(1000, 700))
        p.audience.resize(to: Size(1920, 1080))
        p.next()   // (with the log hooked: the next preview makes the faulty scene)
        _ = p.audience.drawList()   // the room has drawn the scene before it
        return p
    }

    private func texts(_ r: WindowRoot) -> [String] {
        r.drawList().commands.compactMap { if case let .text(b, _, _) = $0 { b.text } else { nil } }
    }

    private func assertRefused(_ p: Presentation, _ problem: String, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertTrue(p.currentScene is ErrorCardScene, "refused", file: file, line: line)
        let card = p.currentScene.presenterView.accessibilityLabel ?? ""
        XCTAssertTrue(card.contains("plugin org.example.nasty, scene kind \"faulty\": \(problem)"), card, file: file, line: line)
        XCTAssertTrue(texts(p.presenter).contains("Plugin: org.example.nasty"), "\(texts(p.presenter))", file: file, line: line)
        let room = texts(p.audience)
        XCTAssertTrue(room.contains("Room before"), "the room keeps its picture: \(room)", file: file, line: line)
        XCTAssertFalse(room.contains { $0.hasPrefix("Room notes") || $0.hasPrefix("Room moved") }, "\(room)", file: file, line: line)
        XCTAssertEqual(lines.filter { $0.contains(problem) }.count, 1, "logged once: \(lines)", file: file, line: line)
        XCTAssertTrue(lines.contains { $0.hasPrefix("scene 3 “faulty”") && $0.contains(problem) }, "\(lines)", file: file, line: line)
    }

    func testNotesViewThatIsTheAudienceViewIsRefused() async {
        let p = presentation { NotesScene(notes: \.audienceView) }
        p.next()
        assertRefused(p, "presenterNotesView and audienceView are the same view")
        for case let s as NotesScene in made {
            XCTAssertFalse(s.audienceView.isDescendant(of: p.audience), "no shrunk room view in the room")
        }
        p.next()
        XCTAssertTrue(p.currentScene is BeforeScene, "the talk goes on")
    }

    func testNotesViewInsideOrAroundAWindowViewIsRefused() async {
        let inside = presentation { NotesScene(notes: \.inner) }
        inside.next()
        XCTAssertTrue(inside.currentScene is ErrorCardScene)
        XCTAssertTrue(inside.currentScene.presenterView.accessibilityLabel?.contains("presenterNotesView and audienceView are nested") == true)
        lines = []
        let presenter = presentation { NotesScene(notes: \.presenterView) }
        presenter.next()
        XCTAssertTrue(presenter.currentScene.presenterView.accessibilityLabel?.contains("presenterNotesView and presenterView are the same view") == true)
    }

    func testAudienceViewMovedOutOfTheRoomWhenCurrentIsRefused() async {
        let p = presentation { MovingScene() }
        p.next()
        assertRefused(p, "audienceView was moved out of the audience window")
        p.next()
        XCTAssertTrue(p.currentScene is BeforeScene, "the talk goes on")
        XCTAssertTrue(texts(p.audience).contains("Room before"))
    }

    func testAudienceViewMovedOutOfTheRoomLaterIsRefusedAfterTheRoomsNextDraw() async {
        var now = 0.0
        let p = presentation { LateMovingScene() }
        p.next()
        XCTAssertTrue(texts(p.audience).contains("Room late"), "the room drew the scene")
        (p.currentScene as? LateMovingScene)?.move()   // e.g. from a timer of its own
        XCTAssertEqual(texts(p.audience), ["Room late"], "the room keeps the scene's last picture, not a blank background")
        now += 0.01; p.timers.fire(now: now)
        XCTAssertTrue(p.currentScene is ErrorCardScene, "refused just after that draw")
        let card = p.currentScene.presenterView.accessibilityLabel ?? ""
        XCTAssertTrue(card.contains("audienceView was moved out of the audience window"), card)
        XCTAssertTrue(texts(p.presenter).contains("Plugin: org.example.nasty"), "\(texts(p.presenter))")
        XCTAssertEqual(texts(p.audience), ["Room late"], "the card holds the room's last picture")
        _ = p.audience.drawList(); now += 0.01; p.timers.fire(now: now)
        XCTAssertEqual(lines.filter { $0.contains("moved out of the audience window") }.count, 1, "logged once: \(lines)")
        p.next()
        XCTAssertTrue(p.currentScene is BeforeScene, "the talk goes on")
    }
}
