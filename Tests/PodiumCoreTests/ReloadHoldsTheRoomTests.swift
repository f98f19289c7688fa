import Foundation
@testable import PodiumCore
import PodiumKit
import PodiumTestSupport
import XCTest

/// A search scene whose answers come later (an online web search): remade by a reload, its own
/// audience view first shows a waiting text, then the results, then the page the room read; it
/// says it is restoring until the test says otherwise (with `instant`, a scene that has it all at
/// once: never restoring).
final class SlowSearchScene: SceneStateCarrying {
    let title = "Search"
    let presenterView = View(), audienceView = View()
    let label = Label("Search results appear here", font: .system(40))
    var page: String?
    var restoring = false
    let instant: Bool
    let context: SceneContext
    init(instant: Bool, context: SceneContext) {
        self.instant = instant; self.context = context
        audienceView.addSubview(label.pinned(.fill()))
    }
    func carriedState() -> JSONValue { page.map { ["page": .string($0)] } ?? .null }
    func adoptCarriedState(_ state: JSONValue, changedParameters: Set<String>) {
        page = state["page"]?.string
        restoring = page != nil && !instant
    }
    var audienceIsRestoring: Bool { restoring }
}

/// Through a reload that remakes the current scene, the room keeps the frame it saw (as under a
/// freeze) while the new scene says it is restoring what the room saw, and sees the scene once it
/// is restored, or after `Presentation.roomHoldSeconds` with a notice to the speaker; the
/// presenter view shows the new scene at once.
@MainActor
final class ReloadHoldsTheRoomTests: XCTestCase {
    var now = 1000.0
    var logs: [String] = []

    func deck(_ params: [String: JSONValue]) -> Deck {
        Deck(title: "T", scenes: [DeckScene(kind: "search", title: "Search", parameters: SceneParameters(params)),
                                  DeckScene(kind: "plain", title: "After", parameters: SceneParameters([:]))],
             path: "/tmp/podium-hold/deck.json")
    }
    func presentation() -> Presentation {
        let r = PluginRegistry()
        r.register(PluginDescriptor(id: "test", name: "Test", version: "1", sceneKinds: [
            SceneKind(name: "search", summary: "") { p, c in SlowSearchScene(instant: p.values["instant"] == .bool(true), context: c) },
            SceneKind(name: "plain", summary: "") { _, _ in SpotScene() },
        ]))
        let p = Presentation(deck: deck(["limit": 10]), registry: r, metrics: FixedMetrics(), clock: { [unowned self] in self.now })
        p.log = { [unowned self] in self.logs.append($0) }
        p.presenter.resize(to: Size(1280, 800)); p.audience.resize(to: Size(1920, 1080))
        _ = p.presenter.renderFrame()
        return p
    }
    func search(_ p: Presentation) throws -> SlowSearchScene { try XCTUnwrap(p.currentScene as? SlowSearchScene) }

    /// The room's frame as the renderer gets it, without whole-window background fills (the held
    /// frame paints the background once more under the same picture).
    func roomFrame(_ p: Presentation) -> [DrawCommand] {
        let all = Rect(0, 0, p.audience.bounds.width, p.audience.bounds.height)
        return p.audience.renderFrame().commands.filter { if case let .fill(r, _, 0) = $0, r == all { return false }; return true }
    }
    func texts(_ commands: [DrawCommand]) -> [String] {
        commands.compactMap { if case let .text(b, _, _) = $0 { return b.text }; return nil }
    }

    /// The room reads Oasis's page; the deck changes the scene's parameters.
    func reloadedWhileReading(_ p: Presentation) throws -> (before: [DrawCommand], new: SlowSearchScene) {
        let old = try search(p)
        old.page = "Oasis"; old.label.text = "Oasis: the page"
        let before = roomFrame(p)
        XCTAssertEqual(texts(before), ["Oasis: the page"])
        p.replaceDeck(deck(["limit": 9]))
        let new = try search(p)
        XCTAssertFalse(new === old, "remade")
        XCTAssertTrue(new.restoring, "handed the page")
        return (before, new)
    }

    func testTheRoomKeepsItsFrameUntilTheSceneIsRestored() async throws {
        let p = presentation()
        let (before, new) = try reloadedWhileReading(p)
        XCTAssertTrue(p.isRoomHeld)
        XCTAssertEqual(roomFrame(p), before, "the room sees the frame from before the reload, not the waiting text")
        let consoleScene = try XCTUnwrap(p.console.sceneArea.subviews.first as? SceneCodeView)
        XCTAssertTrue(consoleScene.sceneView === new.presenterView, "the presenter sees the new scene at once")
        XCTAssertEqual(p.console.statusLabel.text, "■ HELD", "and that the room does not yet")
        // The results arrive: the scene's own view shows them on the way to the page.
        new.label.text = "Results: Blur, Oasis"
        now += 1; p.timers.fire(now: now)
        XCTAssertEqual(roomFrame(p), before, "still held while restoring")
        XCTAssertEqual(texts(p.thumbnail(at: 0).commands), ["Results: Blur, Oasis"], "underneath, the scene goes on")
        // The page is back.
        new.label.text = "Oasis: the page, again"; new.restoring = false
        now += Presentation.roomHoldPollSeconds; p.timers.fire(now: now)
        XCTAssertFalse(p.isRoomHeld)
        XCTAssertEqual(texts(roomFrame(p)), ["Oasis: the page, again"], "the room sees the restored scene")
        XCTAssertEqual(p.console.statusLabel.text, "● LIVE")
        XCTAssertNil(p.notice?.text.range(of: "waited"), "in time: nothing to tell the speaker")
    }

    func testAfterTheBoundTheRoomSeesTheSceneAndTheSpeakerIsTold() async throws {
        let p = presentation()
        let (before, new) = try reloadedWhileReading(p)
        new.label.text = "Results: Blur, Oasis"
        now += Presentation.roomHoldSeconds - 0.5; p.timers.fire(now: now)
        XCTAssertEqual(roomFrame(p), before, "held until the bound")
        now += 1; p.timers.fire(now: now)
        XCTAssertFalse(p.isRoomHeld)
        XCTAssertEqual(texts(roomFrame(p)), ["Results: Blur, Oasis"], "the room sees what the scene has")
        XCTAssertEqual(p.notice?.text, "The room waited 5 s for the reloaded scene and now sees it as it is")
        XCTAssertTrue(logs.contains { $0.contains("still restoring what the room saw after 5 s") }, "\(logs)")
    }

    /// Freezing while held freezes what the room sees (not the restoring scene); a move ends the
    /// hold at once.
    func testAFreezeKeepsTheHeldFrameAndAMoveEndsTheHold() async throws {
        let p = presentation()
        let (before, _) = try reloadedWhileReading(p)
        XCTAssertTrue(p.perform(.freeze))
        XCTAssertEqual(roomFrame(p), before)
        XCTAssertTrue(p.perform(.freeze))   // thawed: the hold is still on
        XCTAssertEqual(roomFrame(p), before)
        p.next()
        XCTAssertFalse(p.isRoomHeld, "the talk moved: the room sees where it went")
        XCTAssertTrue(texts(roomFrame(p)).isEmpty)
        XCTAssertFalse(p.audience.content.isHidden)
    }

    /// The scene fails while restoring: its error card keeps the room's frame from before the
    /// reload, not the scene's half-way state.
    func testASceneThatFailsWhileRestoringLeavesTheRoomItsFrame() async throws {
        struct Failure: Error {}
        let p = presentation()
        let (before, new) = try reloadedWhileReading(p)
        new.label.text = "Results: Blur, Oasis"
        new.context.reportError(Failure())
        XCTAssertTrue(p.currentScene is ErrorCardScene)
        XCTAssertFalse(p.isRoomHeld, "the card holds the picture now")
        XCTAssertEqual(roomFrame(p), before)
    }

    /// A remade scene with nothing to restore, and a reload that carried nothing, hold nothing.
    func testNothingToRestoreHoldsNothing() async throws {
        let p = presentation()
        p.replaceDeck(deck(["limit": 9]))   // nothing read: nothing carried
        XCTAssertFalse(p.isRoomHeld)
        try search(p).page = "Oasis"
        p.replaceDeck(deck(["limit": 8, "instant": true]))
        XCTAssertEqual(try search(p).page, "Oasis", "handed the page, and has it at once")
        XCTAssertFalse(p.isRoomHeld)
        XCTAssertFalse(p.audience.content.isHidden)
    }
}
