import Foundation
@testable import PodiumCore
import PodiumKit
import PodiumTestSupport
import XCTest

/// Trial 18 m8: a scene skipped after it crashed the talk twice put the room back on the scene
/// before it (black, the crashing scene, black, then scene 1's "ONE"), as if the talk went
/// backwards. The restart resumes on the skipped scene's card; the room, which saw nothing of
/// the restarted talk yet, gets the plain background, and so does a launch on a failed scene.
@MainActor
final class SkippedSceneRoomTests: XCTestCase {
    final class Painted: Scene {
        let title: String
        let presenterView = View()
        let audienceView = View()
        init(_ title: String, _ color: Color) { self.title = title; audienceView.backgroundColor = color }
    }
    let one = Color(12, 200, 90), bomb = Color(220, 30, 30), three = Color(20, 40, 230)

    override func setUp() async throws { SceneCode.skipped = [:] }
    override func tearDown() async throws { SceneCode.skipped = [:] }

    func presentation(startingAt start: Int? = nil) -> Presentation {
        let r = PluginRegistry()
        let colors = [one, bomb, three]
        r.register(PluginDescriptor(id: "test", name: "Test", version: "1", sceneKinds: [
            SceneKind(name: "painted", summary: "") { p, _ in let i = Int(try p.number("i") ?? 0); return Painted("P\(i)", colors[i]) },
        ]))
        var deck = Deck(title: "T", scenes: ["One", "Timer bomb", "Three"].enumerated().map { i, t in
            DeckScene(kind: "painted", title: t, parameters: SceneParameters(["i": .number(Double(i))]))
        }, path: "/tmp/podium-skipped-room/deck.json")
        deck.startScene = start
        let p = Presentation(deck: deck, registry: r, metrics: FixedMetrics(), clock: { 1000 })
        p.presenter.resize(to: Size(1280, 800)); p.audience.resize(to: Size(1920, 1080))
        return p
    }

    /// The colours the room's frame paints.
    func room(_ p: Presentation) -> [Color] {
        p.audience.drawList().commands.compactMap { c -> Color? in if case let .fill(_, color, _) = c { color } else { nil } }
    }

    func testARestartOnASceneSkippedAfterItsSecondCrashShowsThePlainBackgroundNotTheSceneBefore() async throws {
        let before = presentation()
        before.goTo(1)
        XCTAssertTrue(room(before).contains(bomb))
        let record = before.journalRecord(now: 2000)

        // The watcher's restart after the second crash there: the scene is skipped.
        SceneCode.skipped = [1: SceneCrash(index: 1, times: 2, kind: .crash, resumesAt: 1)]
        let after = presentation()
        after.resume(from: record, now: 2001)
        XCTAssertEqual(after.currentIndex, 1)
        XCTAssertTrue(after.currentScene is ErrorCardScene, "the speaker gets the card")
        XCTAssertFalse(room(after).contains(one), "the room is not put back on scene 1: \(room(after))")
        XCTAssertFalse(room(after).contains(bomb))
        XCTAssertTrue(room(after).allSatisfy { $0 == Theme.standard.background }, "the plain background: \(room(after))")
        after.next()
        XCTAssertTrue(room(after).contains(three), "next goes on")
    }

    /// The room blacked out (b) before the crashes comes back black: the restart's notice and the
    /// card said "a plain background" / "keeps its last picture". They say what the room sees,
    /// and the card's hint follows the cover.
    func testARoomBlackedOutBeforeTheCrashIsSaidToStayBlack() async throws {
        let before = presentation()
        before.goTo(1)
        before.audienceMode = .black
        let record = before.journalRecord(now: 2000)

        let crash = SceneCrash(index: 1, times: 2, kind: .crash, resumesAt: 1)
        SceneCode.skipped = [1: crash]
        let after = presentation()
        after.resume(from: record, now: 2001)
        XCTAssertEqual(after.audienceMode, .black)
        let notice = crash.restartMessage(name: after.spokenName(of: 1), room: after.roomBesideCard).notice
        XCTAssertEqual(notice, "Podium crashed again in scene 2 “Timer bomb” and restarted; that scene is skipped until its parameters change, and the room stays black.")
        XCTAssertEqual(hint(after), "The room does not see this card: it stays black. Next (Page Down) skips this scene.")

        after.audienceMode = .normal
        XCTAssertTrue(room(after).allSatisfy { $0 == Theme.standard.background }, "uncovered, the plain background: \(room(after))")
        XCTAssertEqual(hint(after), "The room does not see this card: it sees a plain background until you leave this scene. Next (Page Down) skips this scene.")
        XCTAssertEqual(crash.restartMessage(name: after.spokenName(of: 1), room: after.roomBesideCard).notice,
                       "Podium crashed again in scene 2 “Timer bomb” and restarted; that scene is skipped until its parameters change, and the room sees a plain background until you leave this scene.")
    }

    /// The error card's hint (its alert value on the control socket, the line on the card).
    func hint(_ p: Presentation) -> String? {
        let card = p.currentScene.presenterView as? ErrorCardView
        let line = p.presenter.drawList().commands.compactMap { c -> String? in if case let .text(b, _, _) = c { b.text } else { nil } }
            .first { $0.hasPrefix("The room does not see") }
        XCTAssertEqual(card?.skip, line, "the card shows what it reports")
        return card?.skip
    }

    /// Launched on a failed scene (`--page 2`): nothing of the scene before, which the speaker
    /// never showed.
    func testALaunchOnAFailedSceneShowsThePlainBackground() async throws {
        SceneCode.skipped = [1: SceneCrash(index: 1, times: 2, kind: .crash, resumesAt: 1)]
        let p = presentation(startingAt: 1)
        XCTAssertTrue(p.currentScene is ErrorCardScene)
        XCTAssertFalse(room(p).contains(one), "\(room(p))")
        XCTAssertTrue(room(p).allSatisfy { $0 == Theme.standard.background }, "\(room(p))")
        XCTAssertEqual(hint(p)?.contains("it sees a plain background until you leave this scene"), true, hint(p) ?? "no card")
    }

    /// Moved onto a failed scene mid-talk, the room keeps the picture it is looking at.
    func testAMoveOntoAFailedSceneKeepsTheRoomsPicture() async throws {
        SceneCode.skipped = [1: SceneCrash(index: 1, times: 2, kind: .crash, resumesAt: 1)]
        let p = presentation()
        p.next()
        XCTAssertTrue(p.currentScene is ErrorCardScene)
        XCTAssertTrue(room(p).contains(one), "\(room(p))")
        XCTAssertEqual(hint(p)?.contains("it keeps its last picture"), true, hint(p) ?? "no card")
    }
}
