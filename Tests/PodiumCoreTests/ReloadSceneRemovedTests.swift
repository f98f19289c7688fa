import Foundation
@testable import PodiumCore
import PodiumKit
import PodiumTestSupport
import XCTest

/// A scene whose room shows its title, so a test can read which scene the room sees.
private final class TitleScene: Scene {
    let title: String
    let presenterView = View(), audienceView = View()
    /// Between `didBecomeCurrent` and `willResignCurrent` (a clip would play).
    var isCurrent = false
    init(_ title: String) {
        self.title = title
        audienceView.addSubview(Label("room: " + title, font: .system(40)).pinned(.fill()))
    }
    func didBecomeCurrent() { XCTAssertFalse(isCurrent, "made current twice"); isCurrent = true }
    func willResignCurrent() { XCTAssertTrue(isCurrent, "resigned twice"); isCurrent = false }
}

/// Trial 20 m6: the scene on screen deleted from a JSON deck mid-talk moved the room to the next
/// scene, said only as "Reloaded demo.json", and the log said the place was "found by label".
/// The place is now `notFound`, and the speaker is told which scene went. Trial 21 M1: an editor's
/// cut and paste of that scene (two saves) moved the room to the next scene with no key pressed,
/// and the paste did not bring it back: the room now keeps its picture of the removed scene until
/// the speaker moves, and a version that has the scene again takes the talk back to it.
@MainActor
final class ReloadSceneRemovedTests: XCTestCase {
    func deck(_ titles: [String]) -> Deck {
        Deck(title: "T", scenes: titles.map { DeckScene(kind: "a", title: $0, parameters: SceneParameters(["t": .string($0)])) }, path: "/tmp/demo.json")
    }
    let talk = ["Welcome", "The Bands", "Record Stores", "Read More", "Every Language", "Thanks"]

    func presentation(at index: Int) -> Presentation {
        let r = PluginRegistry()
        r.register(PluginDescriptor(id: "test", name: "Test", version: "1", sceneKinds: [SceneKind(name: "a", summary: "") { p, _ in TitleScene(p.values["t"]?.string ?? "?") }]))
        let p = Presentation(deck: deck(talk), registry: r, metrics: FixedMetrics(), clock: { 100 })
        p.presenter.resize(to: Size(1280, 800)); p.audience.resize(to: Size(1920, 1080))
        if index != p.currentIndex { p.goTo(index) }
        _ = p.presenter.renderFrame()
        return p
    }
    /// The texts the room's next frame draws.
    func room(_ p: Presentation) -> [String] {
        p.audience.renderFrame().commands.compactMap { if case let .text(b, _, _) = $0 { return b.text }; return nil }
    }

    func testTheSceneOnScreenRemovedIsSaidToBeGoneAndTheRoomKeepsIt() async {
        let p = presentation(at: 3)
        XCTAssertEqual(room(p), ["room: Read More"])
        p.replaceDeck(deck(["Welcome", "The Bands", "Record Stores", "Every Language", "Thanks"]))
        XCTAssertEqual(p.title(at: p.currentIndex), "Every Language", "the console is on the scene now at its place")
        XCTAssertEqual(room(p), ["room: Read More"], "the room keeps the removed scene's picture: no key was pressed")
        XCTAssertTrue(p.isRoomHeld)
        let behind = try! XCTUnwrap(p.currentScene as? TitleScene)
        XCTAssertFalse(behind.isCurrent, "not the room's yet: a clip there would play behind the picture")
        XCTAssertEqual(p.reloadPlaceFound, .notFound, "not found by label: no scene has its title")
        let found = try! XCTUnwrap(p.reloadPlaceFound)
        XCTAssertFalse(found.logWords.contains("by label"), found.logWords)
        XCTAssertEqual(found.speakerWords(was: "Read More", now: p.title(at: p.currentIndex), file: "demo.json", hadContent: false, held: true),
                       "“Read More” is not in demo.json any more: the room keeps its picture until you move; next: “Every Language”")
        XCTAssertEqual(p.heldRemovedSceneTitle, "Read More")
        XCTAssertEqual(p.nextSceneIndex, p.currentIndex, "next (the console's, the remote's) is the scene after the removed one")
        // Next: from the removed scene to the one after it, where the console already is.
        p.next()
        XCTAssertEqual(p.title(at: p.currentIndex), "Every Language")
        XCTAssertEqual(room(p), ["room: Every Language"])
        XCTAssertFalse(p.isRoomHeld)
        XCTAssertTrue(behind.isCurrent, "current once the room sees it")
        p.next()
        XCTAssertFalse(behind.isCurrent)
        XCTAssertEqual(p.title(at: p.currentIndex), "Thanks", "then on as usual")
    }

    /// Trial 33 F4: a PDF's page (a scene with a content fingerprint) cut, or hidden by
    /// talk.pdfpc, is held too; the room was sent to the page now at its number.
    func testAPageFoundByContentRemovedIsHeldToo() async {
        func pages(_ titles: [String]) -> Deck {
            var d = deck(titles)
            for i in d.scenes.indices { let t = titles[i]; d.scenes[i].content = { ["page " + t] } }
            return d
        }
        let p = presentation(at: 0)
        p.replaceDeck(pages(talk))
        p.goTo(3)
        XCTAssertEqual(room(p), ["room: Read More"])
        p.replaceDeck(pages(["Welcome", "The Bands", "Record Stores", "Every Language", "Thanks"]))
        XCTAssertEqual(p.reloadPlaceFound, .notFound)
        XCTAssertEqual(room(p), ["room: Read More"], "the room keeps the cut page's picture")
        XCTAssertTrue(p.isRoomHeld)
        p.press(Key("Page Down"))
        XCTAssertEqual(room(p), ["room: Every Language"], "next goes to the page that followed it")
    }

    func testPreviousStepsToTheSceneBeforeTheRemovedOne() async throws {
        let p = presentation(at: 3)
        p.replaceDeck(deck(["Welcome", "The Bands", "Record Stores", "Every Language", "Thanks"]))
        XCTAssertTrue(p.press(Key("Left")))
        XCTAssertEqual(p.title(at: p.currentIndex), "Record Stores")
        XCTAssertEqual(room(p), ["room: Record Stores"])
        XCTAssertFalse(p.isRoomHeld)
        XCTAssertTrue(try XCTUnwrap(p.currentScene as? TitleScene).isCurrent)
    }

    /// The trial's sequence: cut (save), paste one scene later (save): the talk is back on it.
    func testACutAndPasteOfTheSceneOnScreenKeepsTheRoomOnIt() async throws {
        let p = presentation(at: 2)
        p.replaceDeck(deck(["Welcome", "The Bands", "Read More", "Every Language", "Thanks"]))
        XCTAssertEqual(room(p), ["room: Record Stores"])
        // An unrelated save in between: still gone, still held.
        p.replaceDeck(deck(["Welcome", "The Bands", "Read More", "Every Language", "Thanks", "Q&A"]))
        XCTAssertEqual(p.title(at: p.currentIndex), "Read More")
        XCTAssertEqual(room(p), ["room: Record Stores"])
        p.replaceDeck(deck(["Welcome", "The Bands", "Read More", "Record Stores", "Every Language", "Thanks", "Q&A"]))
        XCTAssertEqual(p.currentIndex, 3)
        XCTAssertEqual(p.title(at: p.currentIndex), "Record Stores", "the pasted scene is the place again")
        XCTAssertEqual(room(p), ["room: Record Stores"])
        XCTAssertFalse(p.isRoomHeld, "the room sees the scene itself again")
        XCTAssertTrue(try XCTUnwrap(p.currentScene as? TitleScene).isCurrent)
        p.next()
        XCTAssertEqual(p.title(at: p.currentIndex), "Every Language")
    }

    /// Trial 22 M1: the scene on screen and one before it cut in one save: the console went to
    /// the scene now at the old index (one further on), next skipped a scene and previous went
    /// forwards. Next and previous go to the scenes around the gap.
    func testTwoScenesCutInOneSaveStepToTheScenesAroundTheGap() async {
        let p = presentation(at: 3)
        p.replaceDeck(deck(["Welcome", "Record Stores", "Every Language", "Thanks"]))
        XCTAssertEqual(p.title(at: p.currentIndex), "Every Language", "the scene next goes to")
        XCTAssertEqual(room(p), ["room: Read More"])
        p.previous()
        XCTAssertEqual(room(p), ["room: Record Stores"], "previous: the scene that preceded it")
        let q = presentation(at: 3)
        q.replaceDeck(deck(["Welcome", "Record Stores", "Every Language", "Thanks"]))
        q.next()
        XCTAssertEqual(room(q), ["room: Every Language"], "next: the scene that followed it")
        // The last two scenes cut while on the last: previous still leaves the picture.
        let r = presentation(at: 5)
        r.replaceDeck(deck(["Welcome", "The Bands", "Record Stores", "Read More"]))
        r.previous()
        XCTAssertEqual(room(r), ["room: Read More"])
        // Every scene replaced: next and previous both leave the picture, for the console's scene.
        let e = presentation(at: 2)
        e.replaceDeck(deck(["Only"]))
        e.next()
        XCTAssertEqual(room(e), ["room: Only"])
    }

    /// Trial 22 M2: during a look-up (or a freeze) the room sees another picture: the console's
    /// scene cut is not held, and ending the look-up shows the room the console's scene.
    func testNothingIsHeldWhileTheRoomIsFrozen() async {
        let p = presentation(at: 3)
        p.setFrozen(true)
        p.replaceDeck(deck(["Welcome", "The Bands", "Record Stores", "Every Language", "Thanks"]))
        XCTAssertNil(p.heldRemovedSceneTitle)
        XCTAssertEqual(p.reloadPlaceFound, .notFound)
        XCTAssertEqual(p.reloadPlaceFound?.speakerWords(was: "Read More", now: "Every Language", file: "demo.json", hadContent: false),
                       "“Read More” is not in demo.json any more: the console is on “Every Language”")
        p.setFrozen(false)
        XCTAssertEqual(room(p), ["room: Every Language"])
    }

    /// The first scene removed (the scene before the room's is none): the console's next
    /// preview and caption name the scene next shows, the console's own (a debug build trapped
    /// on slide -1 when the preview was attached).
    func testTheFirstSceneRemovedAndTheNextPreview() async {
        let p = presentation(at: 0)
        p.replaceDeck(deck(Array(talk.dropFirst())))
        p.attachNextPreview()
        let texts = p.presenter.drawList().commands.compactMap { if case let .text(b, _, _) = $0 { b.text } else { nil } }
        XCTAssertTrue(texts.contains("Next: The Bands"), "\(texts)")
        XCTAssertEqual(room(p), ["room: Welcome"])
        p.previous()
        XCTAssertEqual(room(p), ["room: Welcome"], "nothing before the removed first scene")
        p.next()
        XCTAssertEqual(room(p), ["room: The Bands"])
    }

    /// The last scene removed: next has nowhere to go (as on the last scene); previous shows the
    /// scene before it, where the console is.
    func testTheLastSceneRemoved() async {
        let p = presentation(at: 5)
        p.replaceDeck(deck(Array(talk.dropLast())))
        XCTAssertEqual(p.title(at: p.currentIndex), "Every Language")
        p.next()
        XCTAssertEqual(room(p), ["room: Thanks"], "nothing after the removed scene")
        p.previous()
        XCTAssertEqual(p.title(at: p.currentIndex), "Every Language")
        XCTAssertEqual(room(p), ["room: Every Language"])
    }

    /// A scene kept (a scene before it removed) is found by label, and the speaker is not told
    /// of a place that was found; a scene removed is not found even where one scene is left.
    func testASceneKeptIsFoundByLabelAndOnlyARemovedOneIsNotFound() async {
        func a(_ t: [String]) -> [ReloadPosition.Anchor] { t.map { ReloadPosition.Anchor(kind: "a", title: $0) } }
        let place = ReloadPosition.place(from: 2, old: a(["Demo", "Maps", "Thanks"]), new: a(["Demo", "Thanks"]))
        XCTAssertEqual(place.index, 1)
        XCTAssertEqual(place.found, .label)
        XCTAssertNil(place.found.speakerWords(was: "Thanks", now: "Thanks", file: "demo.json", hadContent: false))
        XCTAssertEqual(ReloadPosition.place(from: 1, old: a(["Demo", "Maps"]), new: a(["Thanks"])).found, .notFound)
    }

    /// Trial 22 M3: a kill -9 during the hold resumed the talk on the console's scene, the one
    /// next goes to, live: a scene the room had not reached. The journal keeps the scene before
    /// the removed one (the room saw it), and next still goes where it went during the hold.
    func testARestartDuringTheHoldShowsTheRoomTheSceneBeforeTheRemovedOne() async throws {
        let p = presentation(at: 3)
        p.next(); p.previous()   // the talk has started
        let cut = deck(["Welcome", "The Bands", "Record Stores", "Every Language", "Thanks"])
        p.replaceDeck(cut)
        XCTAssertTrue(p.isRoomHeld)
        let record = p.journalRecord(now: 1000)
        XCTAssertEqual(record.sceneTitle, "Record Stores", "journaled on the scene before the removed one")
        XCTAssertEqual(record.scene, 2)
        XCTAssertNil(record.audienceMode)
        XCTAssertTrue(record.started)
        // The restart reads the deck as it is on disk now.
        let q = presentation(at: 0)
        q.replaceDeck(cut)
        q.resume(from: record, now: 1005)
        XCTAssertEqual(room(q), ["room: Record Stores"], "a scene the room has seen, not the one next goes to")
        XCTAssertEqual(q.title(at: q.nextSceneIndex ?? -1), "Every Language")
        XCTAssertEqual(q.notice?.text, "“Read More” was removed from the deck while the room saw it and cannot be shown after the restart: the room sees “Record Stores”, the scene before it; next: “Every Language”.")
        XCTAssertTrue(q.talk.isStarted)
        q.next()
        XCTAssertEqual(room(q), ["room: Every Language"])
        XCTAssertNil(q.notice, "the warning goes with the first move")
    }

    /// The same with the first scene removed: no scene before it was seen, and the one after it
    /// is news to the room: the restart covers the room black, the console on that scene.
    func testARestartDuringTheHoldOfTheFirstSceneCoversTheRoom() async throws {
        let p = presentation(at: 0)
        let cut = deck(["The Bands", "Record Stores", "Read More", "Every Language", "Thanks"])
        p.replaceDeck(cut)
        XCTAssertTrue(p.isRoomHeld)
        let record = p.journalRecord(now: 1000)
        XCTAssertEqual(record.sceneTitle, "The Bands")
        XCTAssertEqual(record.audienceMode, "black", "the room is covered rather than shown a scene it has not seen")
        XCTAssertTrue(record.isWorthResuming, "a covered room is the room's picture: a restart must not uncover it")
        let q = presentation(at: 0)
        q.replaceDeck(cut)
        q.resume(from: record, now: 1005)
        XCTAssertEqual(q.audienceMode, .black)
        XCTAssertFalse(room(q).contains("room: The Bands"))
        XCTAssertEqual(q.notice?.text, "“Welcome” was removed from the deck while the room saw it and cannot be shown after the restart: the room is black (b shows “The Bands”).")
    }

    /// A deck whose "Search" is of another kind ("b"), so opening it from a scene is a look-up.
    func lookUpDeck(_ titles: [String]) -> Deck {
        Deck(title: "T", scenes: titles.map { DeckScene(kind: $0 == "Search" ? "b" : "a", title: $0, parameters: SceneParameters(["t": .string($0)])) }, path: "/tmp/demo.json")
    }
    func lookUpPresentation(_ titles: [String]) -> Presentation {
        let r = PluginRegistry()
        let make: @MainActor (SceneParameters, SceneContext) throws -> Scene = { p, _ in TitleScene(p.values["t"]?.string ?? "?") }
        r.register(PluginDescriptor(id: "test", name: "Test", version: "1", sceneKinds: [SceneKind(name: "a", summary: "", make: make), SceneKind(name: "b", summary: "", make: make)]))
        let p = Presentation(deck: lookUpDeck(titles), registry: r, metrics: FixedMetrics(), clock: { 100 })
        p.presenter.resize(to: Size(1280, 800)); p.audience.resize(to: Size(1920, 1080))
        _ = p.presenter.renderFrame()
        return p
    }

    /// Trial 22: a look-up whose origin (the scene the room still sees, frozen) was cut by a
    /// reload: the speaker was not told, previous went to the scene after the cut one (which
    /// the room had not seen) and next skipped it. Now they step to the scenes around the gap,
    /// the hint says so, and a restart resumes on the scene before it (`Record.removedSceneTitle`).
    func testALookUpWhoseOriginIsRemovedStepsAroundTheGap() async throws {
        let titles = ["Welcome", "The Bands", "Record Stores", "Read More", "Thanks", "Search"]
        let cut = lookUpDeck(["Welcome", "The Bands", "Read More", "Thanks", "Search"])
        func lookingUp() -> Presentation {
            let p = lookUpPresentation(titles)
            p.goTo(2)
            p.open(kind: "b", parameters: [:], from: 2)
            XCTAssertEqual(p.title(at: p.currentIndex), "Search"); XCTAssertTrue(p.isFrozen)
            p.replaceDeck(cut)
            return p
        }
        let p = lookingUp()
        XCTAssertEqual(p.title(at: p.currentIndex), "Search", "the look-up stays on the console")
        XCTAssertEqual(room(p), ["room: Record Stores"], "the room keeps its frozen picture")
        XCTAssertEqual(p.title(at: p.nextSceneIndex ?? -1), "Read More", "next is the scene after the cut one")
        XCTAssertEqual(p.notice?.text, "Search is on the console only: the room still sees Record Stores, which is not in the deck any more. f shows it to the room; Page Up goes to The Bands, Page Down goes to Read More.")
        let record = p.journalRecord(now: 1000)
        XCTAssertEqual(record.sceneTitle, "The Bands", "a restart resumes on a scene the room saw")
        XCTAssertEqual(record.removedSceneTitle, "Record Stores")
        p.next()
        XCTAssertEqual(room(p), ["room: Read More"], "not skipped")
        XCTAssertFalse(p.isFrozen)
        let q = lookingUp()
        q.previous()
        XCTAssertEqual(room(q), ["room: The Bands"], "back to a scene the room saw, not on to one it had not")
    }

    /// A frozen room's scene follows the deck through a reload, and when it is cut the journal
    /// still names it: a restart froze the room on whatever scene took its index (trial 22).
    func testAFrozenSceneIsJournaledByWhatItIsThroughAReload() async throws {
        let p = presentation(at: 3)
        p.setFrozen(true)
        p.replaceDeck(deck(["Welcome", "Record Stores", "Read More", "Every Language", "Thanks"]))
        var record = p.journalRecord(now: 1000)
        XCTAssertEqual(record.frozenScene, 2); XCTAssertEqual(record.frozenSceneTitle, "Read More")
        p.replaceDeck(deck(["Welcome", "Record Stores", "Every Language", "Thanks"]))
        record = p.journalRecord(now: 1000)
        XCTAssertEqual(record.frozenSceneTitle, "Read More", "not the scene now at its place")
        let q = presentation(at: 0)
        q.replaceDeck(deck(["Welcome", "Record Stores", "Every Language", "Thanks"]))
        q.resume(from: record, now: 1005)
        XCTAssertEqual(q.audienceMode, .black, "the frozen scene is gone: the room is covered, not frozen on another scene")
        XCTAssertFalse(q.isFrozen)
    }
}
