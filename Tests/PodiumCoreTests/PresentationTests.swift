import Foundation
import PodiumCore
import PodiumKit
import PodiumTestSupport
import XCTest

/// A scene that records its lifecycle, for driving `Presentation` without a platform.
final class RecordingScene: Scene {
    let title: String
    let presenterView = View()
    let audienceView = View()
    var events: [String] = []
    var received: [String] = []
    /// Run when the scene becomes current, after it is recorded (a plugin's own `didBecomeCurrent`).
    var onCurrent: (() -> Void)?
    init(_ t: String) { title = t; audienceView.backgroundColor = Color(10, 20, 30) }
    func didBecomeCurrent() { events.append("current"); onCurrent?() }
    func willResignCurrent() { events.append("resign") }
    func receive(_ p: SceneParameters) { received.append((try? p.string("query")) ?? "") }
}

@MainActor
final class PresentationTests: XCTestCase {
    var made: [RecordingScene] = []
    var now = 100.0
    var openerContext: SceneContext?
    var cardContext: SceneContext?

    func makePresentation(kinds: [String] = ["a", "b", "a"]) -> Presentation {
        let r = PluginRegistry()
        r.register(PluginDescriptor(id: "test", name: "Test", version: "1", sceneKinds: [
            SceneKind(name: "a", summary: "") { _, _ in let s = RecordingScene("A\(self.made.count)"); self.made.append(s); return s },
            SceneKind(name: "b", summary: "") { _, _ in let s = RecordingScene("B"); self.made.append(s); return s },
            SceneKind(name: "broken", summary: "") { _, _ in throw SceneParameterError(path: "scenes[1].parameters.url", message: "unreachable") },
            // Asks for a redraw while being made, as a scene that fills its views in `init` does.
            SceneKind(name: "eager", summary: "") { _, ctx in ctx.setNeedsDisplay(); let s = RecordingScene("Eager"); self.made.append(s); return s },
            // Keeps its context, to open other scenes as the band list's Actions… do.
            SceneKind(name: "opener", summary: "") { _, ctx in self.openerContext = ctx; let s = RecordingScene("Opener"); self.made.append(s); return s },
            // A second opener of another kind, as the map's place card opens the web search.
            SceneKind(name: "card", summary: "") { _, ctx in self.cardContext = ctx; let s = RecordingScene("Card"); self.made.append(s); return s },
            // Opens a scene of kind "a" each time it becomes current (trial 32 F2: a segue).
            SceneKind(name: "segue", summary: "") { _, ctx in
                let s = RecordingScene("Segue"); s.audienceView.backgroundColor = Color(1, 2, 3); self.made.append(s)
                s.onCurrent = { ctx.openScene(kind: "a", parameters: [:]) }
                return s
            },
        ]))
        let deck = Deck(title: "T", scenes: kinds.map { DeckScene(kind: $0, notes: "notes for \($0)") }, path: "/tmp/t.json")
        return Presentation(deck: deck, registry: r, metrics: FixedMetrics(), clock: { self.now })
    }

    /// A display change gives the audience view a new shape (mirrored 1280×800, then a 1920×1080
    /// projector): the next scene's preview is laid out again at it at once, not at the next
    /// advance (a trial saw the "Next" thumbnail letterboxed for the old shape).
    func testTheNextPreviewTakesTheAudiencesNewShapeOnADisplayChange() async {
        let p = makePresentation()
        p.audience.resize(to: Size(1280, 800)); p.audience.requestRedraw()
        p.attachNextPreview()
        XCTAssertEqual(p.nextStage.bounds.size, Size(1280, 800))
        p.audience.resize(to: Size(1920, 1080)); p.audience.requestRedraw()
        XCTAssertEqual(p.nextStage.bounds.size, Size(1920, 1080), "the next preview has the room's new shape")
        let next = made.first { $0.title == "B" }
        XCTAssertEqual(next?.audienceView.frame.size, Size(1920, 1080), "the next scene is laid out at it")
    }

    func testNavigationMakesScenesOnceAndKeepsThem() async {
        let p = makePresentation()
        XCTAssertEqual(p.currentIndex, 0)
        p.next(); p.next(); p.next()   // the last next is past the end: ignored
        XCTAssertEqual(p.currentIndex, 2)
        p.previous(); p.previous(); p.previous()
        XCTAssertEqual(p.currentIndex, 0)
        XCTAssertEqual(made.count, 3, "each scene is made once")
        XCTAssertEqual(made[0].events, ["current", "resign", "current"])
        XCTAssertFalse(p.goTo(7))
        XCTAssertTrue(p.goTo(1))
        XCTAssertTrue(p.audience.content.subviews.first?.subviews.first === made[1].audienceView, "the scene's view, in its SceneCodeView")
    }

    func testClickerKeysAndBlackout() async {
        let p = makePresentation()
        p.presenter.resize(to: Size(1000, 700))
        p.presenter.dispatch(.key(Key("Page Down")))
        XCTAssertEqual(p.currentIndex, 1)
        p.presenter.dispatch(.key(Key("Backspace")))
        XCTAssertEqual(p.currentIndex, 0)
        p.presenter.dispatch(.key(Key("b")))
        XCTAssertEqual(p.audienceMode, .black)
        let cover = p.audience.drawList().commands.last
        XCTAssertEqual(cover, .fill(Rect(0, 0, 1280, 720), .black, radius: 0), "blackout covers the whole audience view")
        p.presenter.dispatch(.key(Key(".")))
        XCTAssertEqual(p.audienceMode, .normal)
    }

    /// A scene that calls `setNeedsDisplay` from its `make` used to make itself again (the console
    /// title asked for the scene being made) until the stack overflowed.
    func testSceneMayAskForRedrawWhileBeingMade() async {
        let p = makePresentation(kinds: ["eager", "a"])
        XCTAssertEqual(made.map(\.title).filter { $0 == "Eager" }.count, 1, "made once: \(made.map(\.title))")
        XCTAssertEqual(p.title(at: 0), "Eager")
    }

    func testElapsedTimerStartsOnFirstAdvance() async {
        let p = makePresentation()
        now += 50
        XCTAssertEqual(p.elapsed, 0)
        p.next()
        now += 12
        XCTAssertEqual(p.elapsed, 12)
    }

    func testFailingPluginGetsErrorCardAndTalkGoesOn() async {
        let p = makePresentation(kinds: ["a", "broken", "b"])
        p.presenter.resize(to: Size(1000, 700))
        p.next()
        func texts(_ r: WindowRoot) -> [String] { r.drawList().commands.compactMap { if case let .text(b, _, _) = $0 { b.text } else { nil } } }
        XCTAssertTrue(texts(p.presenter).contains("Plugin: test"), "\(texts(p.presenter))")
        XCTAssertTrue(texts(p.presenter).contains { $0.contains("unreachable") }, "\(texts(p.presenter))")
        XCTAssertFalse(texts(p.audience).contains { $0.contains("unreachable") || $0.contains("Plugin") }, "the room sees no error card: \(texts(p.audience))")
        p.next()
        XCTAssertEqual(p.currentIndex, 2)
    }

    func testOpenSceneIsASegueWithParameters() async {
        let p = makePresentation(kinds: ["a", "b"])
        p.open(kind: "b", parameters: ["query": "Кино"])
        XCTAssertEqual(p.currentIndex, 1)
        XCTAssertEqual(made.last?.received, ["Кино"])
    }

    /// Trial 13 F13: a scene opening a scene of another kind (the band list's Search the Web) is
    /// the speaker's look-up: the console goes there, the room is held on where the talk was;
    /// previous goes back there and next on from there, both live; the freeze's end shows the
    /// look-up to the room and ends it.
    func testALookUpInAnotherKindKeepsTheRoomWhereTheTalkWas() async {
        let p = makePresentation(kinds: ["a", "opener", "a", "b"])
        p.goTo(1)
        func lookUp() {
            openerContext?.openScene(kind: "b", parameters: ["query": "Кино"])
            XCTAssertEqual(p.currentIndex, 3, "the console shows the look-up")
            XCTAssertEqual(made.first { $0.title == "B" }?.received.last, "Кино", "handed the parameters")
            XCTAssertTrue(p.isFrozen, "the room is held")
            XCTAssertEqual(p.frozenScene, 1, "on the scene the talk was on")
            XCTAssertTrue(p.notice?.text.contains("the room still sees Opener") == true, "\(String(describing: p.notice))")
        }
        lookUp()
        p.previous()
        XCTAssertEqual(p.currentIndex, 1, "previous goes back to where the look-up came from")
        XCTAssertFalse(p.isFrozen); XCTAssertNil(p.notice)
        lookUp()
        p.next()
        XCTAssertEqual(p.currentIndex, 2, "next goes on from where the talk was")
        XCTAssertFalse(p.isFrozen)
        p.goTo(1)
        lookUp()
        _ = p.perform(.freeze)   // f: the speaker shows the look-up to the room
        XCTAssertEqual(p.currentIndex, 3); XCTAssertFalse(p.isFrozen)
        XCTAssertEqual(p.notice?.text, "The room sees B now: Page Up goes to A2, the scene before it in the talk.", "the hint went; where previous goes now is said (trial 34 m10)")
        p.previous()
        XCTAssertEqual(p.currentIndex, 2, "the look-up is over: previous is the scene before")
        // A room the speaker froze stays frozen, on its own scene.
        p.goTo(1); p.setFrozen(true)
        openerContext?.openScene(kind: "b", parameters: [:])
        p.previous()
        XCTAssertEqual(p.currentIndex, 2, "no look-up was begun")
        XCTAssertTrue(p.isFrozen)
    }

    /// Trial 15 M1, M3: during a look-up the console's next preview is where next goes (the scene
    /// after the one the room sees), and the talk's place for a restart is that scene, live,
    /// so a kill -9 mid-look-up resumes where previous and next go from. Once `f` shows the
    /// look-up to the room, both follow the looked-up scene.
    func testALookUpsNextPreviewAndPlaceAreTheScenesTheRoomSees() async {
        let p = makePresentation(kinds: ["a", "opener", "a", "b"])
        p.presenter.resize(to: Size(1200, 800))
        p.goTo(1)
        func nextText() -> String? {
            p.presenter.drawList().commands.compactMap { if case let .text(b, _, _) = $0 { b.text } else { nil } }
                .first { $0.hasPrefix("Next: ") || $0 == "End of deck" }
        }
        let afterOpener = nextText()
        XCTAssertNotNil(afterOpener)
        XCTAssertNotEqual(afterOpener, "End of deck")
        openerContext?.openScene(kind: "b", parameters: ["query": "Кино"])
        XCTAssertEqual(p.currentIndex, 3)
        XCTAssertEqual(nextText(), afterOpener, "next goes on from the scene the room sees, and the preview says so")
        let r = p.journalRecord(now: 0)
        XCTAssertEqual(r.scene, 1, "a restart resumes on the scene the room sees")
        XCTAssertNil(r.frozenScene, "live there: not frozen on it with the look-up behind")
        _ = p.perform(.freeze)   // f: the room sees the look-up
        XCTAssertEqual(nextText(), "End of deck", "the look-up is the talk's scene now: nothing after it")
        XCTAssertEqual(p.journalRecord(now: 0).scene, 3)
    }

    /// Trial 15 m1: a look-up opened from a look-up (the band list's map, then the map's card's
    /// web search) keeps the first one's origin: the notice names the new scene and the scene
    /// the room still sees, and previous goes back there.
    func testALookUpFromALookUpKeepsTheRoomsScene() async {
        let p = makePresentation(kinds: ["a", "opener", "card", "b"])
        p.goTo(1)
        openerContext?.openScene(kind: "card", parameters: [:])
        XCTAssertEqual(p.currentIndex, 2)
        cardContext?.openScene(kind: "b", parameters: [:])
        XCTAssertEqual(p.currentIndex, 3)
        XCTAssertTrue(p.isFrozen)
        XCTAssertEqual(p.frozenScene, 1, "the room still sees the first look-up's origin")
        let notice = p.notice?.text ?? ""
        XCTAssertTrue(notice.hasPrefix("\(p.title(at: 3)) on the console only —"), notice)
        XCTAssertTrue(notice.contains("the room still sees Opener"), notice)
        p.previous()
        XCTAssertEqual(p.currentIndex, 1, "back to where the room is")
        XCTAssertFalse(p.isFrozen)
    }

    /// Trial 15 m2: a reload during a look-up says "Reloaded …" for a moment; then the look-up's
    /// hint (f shows it…, Page Up goes back) is back, not gone for good. A click on the hint
    /// still puts it away.
    func testALookUpsHintComesBackAfterAReloadsNotice() async {
        let p = makePresentation(kinds: ["a", "opener", "a", "b"])
        p.goTo(1)
        openerContext?.openScene(kind: "b", parameters: ["query": "Кино"])
        let hint = p.notice?.text ?? ""
        XCTAssertTrue(hint.contains("the room still sees Opener"), hint)
        p.replaceDeck(p.deck)   // talk.json changed on disk: ReloadController says so for 4 s
        p.showPassingNotice("Reloaded t.json", seconds: 4)
        XCTAssertEqual(p.notice?.text, "Reloaded t.json")
        XCTAssertTrue(p.isFrozen, "still a look-up")
        now += 4; p.timers.fire(now: now)
        XCTAssertEqual(p.notice?.text, hint, "the look-up's hint is back")
        XCTAssertEqual(p.notice?.kind, .info)
        // The speaker clicks it away.
        p.presenter.resize(to: Size(1280, 800)); p.presenter.layoutIfNeeded()
        guard let banner = p.presenter.controlTree().first(where: { $0.id == "console.banner" })?.frame else { return XCTFail("no banner") }
        p.presenter.dispatch(.mouseDown(banner.center, button: 1, clicks: 1)); p.presenter.dispatch(.mouseUp(banner.center, button: 1))
        XCTAssertNil(p.notice, "a click on the hint puts it away")
        p.previous()
        XCTAssertEqual(p.currentIndex, 1)
        p.showPassingNotice("Reloaded t.json", seconds: 4)
        now += 4; p.timers.fire(now: now)
        XCTAssertNil(p.notice, "no look-up: nothing comes back")
    }

    /// A looked-up scene's own "show it to the room" (`SceneContext.showToRoom`: the web
    /// search's Results to Audience) does what `f` does during the look-up: the room sees it,
    /// live, and the look-up is over. Outside a look-up a room the speaker froze stays frozen.
    func testALookedUpScenesShowToRoomEndsTheLookUp() async {
        let p = makePresentation(kinds: ["a", "opener", "a", "card"])
        p.goTo(1)
        openerContext?.openScene(kind: "card", parameters: [:])
        XCTAssertEqual(p.currentIndex, 3); XCTAssertTrue(p.isFrozen)
        openerContext?.showToRoom()   // not the scene on the console: nothing
        XCTAssertTrue(p.isFrozen)
        cardContext?.showToRoom()
        XCTAssertFalse(p.isFrozen, "the room sees the look-up")
        XCTAssertEqual(p.notice?.text, "The room sees Card now: Page Up goes to A2, the scene before it in the talk.", "the look-up's hint went with it")
        XCTAssertEqual(p.currentIndex, 3)
        p.previous()
        XCTAssertEqual(p.currentIndex, 2, "the look-up is over: previous is the scene before")
        p.goTo(3); p.setFrozen(true)   // the speaker's own freeze
        cardContext?.showToRoom()
        XCTAssertTrue(p.isFrozen, "not a look-up: the speaker's freeze stays")
    }

    /// Freezing while blacked out (a look-up then, or `f`) keeps the scene, not the empty
    /// hidden view: once the cover lifts, the room sees the scene, not the plain background.
    func testAFreezeUnderABlackoutKeepsTheScene() async {
        let p = makePresentation(kinds: ["a", "b"])
        let scene = Color(10, 20, 30)
        func fills() -> [Color] { p.audience.drawList().commands.compactMap { if case let .fill(_, c, _) = $0 { c } else { nil } } }
        XCTAssertTrue(fills().contains(scene))
        p.audienceMode = .black
        p.setFrozen(true)
        p.audienceMode = .normal
        XCTAssertTrue(fills().contains(scene), "the frozen frame holds the scene: \(fills())")
    }

    func testConsoleShowsPositionNotesAndNext() async {
        let p = makePresentation()
        p.presenter.resize(to: Size(1200, 800))
        let texts = p.presenter.drawList().commands.compactMap { if case let .text(b, _, _) = $0 { b.text } else { nil } }
        XCTAssertTrue(texts.contains("1 / 3"))
        XCTAssertTrue(texts.contains("notes for a"))
        XCTAssertTrue(texts.contains("Next: B"))
    }

    func testPreviewReplaysAudienceScaled() async {
        let p = makePresentation()
        p.presenter.resize(to: Size(1200, 800))
        let preview = p.console.preview
        let frame = preview.convertToWindow(preview.bounds)
        // The scenes share a colour: the next preview (scene 2, made for its title, so shown at
        // once) has one of its own below.
        let fills = p.presenter.drawList().commands.compactMap { c -> Rect? in
            if case let .fill(r, col, _) = c, col == Color(10, 20, 30), r.minY < frame.maxY { r } else { nil }
        }
        XCTAssertEqual(fills.count, 1)
        let r = fills[0]
        XCTAssertTrue(frame.insetBy(dx: -0.5, dy: -0.5).contains(r), "\(r) inside \(frame)")
        XCTAssertEqual(r.width / r.height, 1280.0 / 720.0, accuracy: 0.01)
    }
}

@MainActor
final class TimerQueueTests: XCTestCase {
    func testRepeatingAndCancelledTimers() async {
        let q = TimerQueue()
        var ticks = 0, once = 0
        q.schedule(now: 0, after: 1, repeats: true) { ticks += 1 }
        let t = q.schedule(now: 0, after: 0.5, repeats: false) { once += 1 }
        XCTAssertEqual(q.nextDeadline, 0.5)
        q.fire(now: 0.6)
        XCTAssertEqual(once, 1); XCTAssertEqual(ticks, 0)
        q.fire(now: 3.2)   // late: fires once and re-arms past now
        XCTAssertEqual(ticks, 1)
        XCTAssertEqual(q.nextDeadline, 4)
        t.cancel()
        let c = q.schedule(now: 4, after: 1, repeats: false) { once += 1 }
        c.cancel()
        q.fire(now: 10)
        XCTAssertEqual(once, 1)
    }
}

/// `SceneContext.observeAudience`: a scene hears of blackout, whiteout and freeze, and back to live.
@MainActor
final class AudienceObserverTests: XCTestCase {
    final class Watcher: Scene {
        let title = "W", presenterView = View(), audienceView = View()
        var seen: [AudienceState] = []
        init(_ context: SceneContext) { context.observeAudience { [unowned self] in self.seen.append($0) } }
    }

    func testScenesHearEachAudienceChange() async {
        let r = PluginRegistry()
        var made: Watcher?
        r.register(PluginDescriptor(id: "test", name: "Test", version: "1", sceneKinds: [
            SceneKind(name: "w", summary: "") { _, ctx in let w = Watcher(ctx); made = w; return w },
        ]))
        let p = Presentation(deck: Deck(title: "T", scenes: [DeckScene(kind: "w")], path: "/tmp/t.json"), registry: r,
                             metrics: FixedMetrics(), clock: { 0 })
        _ = p.scene(at: 0)
        let w = made!
        p.perform(.blackout); p.perform(.blackout); p.perform(.freeze); p.perform(.whiteout); p.perform(.clear)
        XCTAssertEqual(w.seen, [.live, AudienceState(isCovered: true), .live, AudienceState(isFrozen: true),
                                AudienceState(isCovered: true, isFrozen: true),
                                AudienceState(isFrozen: true), .live])   // Esc: the cover goes, then the freeze
    }
}
