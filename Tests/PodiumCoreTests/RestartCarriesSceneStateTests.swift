import Foundation
@testable import PodiumCore
import PodiumKit
import PodiumTestSupport
import XCTest

/// Trial 17 m4: after a kill -9 a web search the room read a part at a time came back as its
/// results list: a reload carries a scene's state (`SceneStateCarrying`), a crash restart did
/// not. The talk's place (`TalkJournal.Record`, kept by the crash watcher and the journal) now
/// holds the current scene's state, and a resume hands it to the scene made again before it is
/// first shown, as a reload does; a state too large for the watcher's memory is left out.
@MainActor
final class RestartCarriesSceneStateTests: XCTestCase {
    var made: [NoteScene] = []

    func presentation(_ scenes: [DeckScene]? = nil) -> Presentation {
        let r = PluginRegistry()
        r.register(PluginDescriptor(id: "test", name: "Test", version: "1", sceneKinds: [
            SceneKind(name: "note", summary: "") { [unowned self] p, _ in let s = NoteScene(p); made.append(s); return s },
            SceneKind(name: "plain", summary: "") { _, _ in SpotScene() },
            SceneKind(name: "room", summary: "") { [unowned self] _, _ in let s = RoomTextScene(); rooms.append(s); return s },
        ]))
        let d = Deck(title: "T", scenes: scenes ?? [DeckScene(kind: "plain", title: "A"), DeckScene(kind: "plain", title: "B"),
                                                    DeckScene(kind: "plain", title: "C"), DeckScene(kind: "note", title: "Read More")],
                     path: "/tmp/podium-restart-carry/deck.json")
        let p = Presentation(deck: d, registry: r, metrics: FixedMetrics(), clock: { 1000 })
        p.presenter.resize(to: Size(1280, 800)); p.audience.resize(to: Size(1920, 1080))
        _ = p.presenter.renderFrame()
        return p
    }

    func testAResumeHandsTheScenesStateBackBeforeItIsShown() async throws {
        let before = presentation()
        before.goTo(3)
        let old = try XCTUnwrap(made.last)
        old.field.text = "Sigur Rós"; old.search = "part 3"
        let record = before.journalRecord(now: 2000)
        XCTAssertEqual(record.sceneState, ["text": "Sigur Rós", "search": "part 3"])
        // Through the bytes the watcher keeps.
        let kept = try JSONDecoder().decode(TalkJournal.Record.self, from: try PlaceEncoder.encode(record))
        XCTAssertEqual(kept.sceneState, record.sceneState)

        made = []
        let after = presentation()
        after.resume(from: kept, now: 2001)
        XCTAssertEqual(after.currentIndex, 3)
        let again = try XCTUnwrap(made.last)
        XCTAssertEqual(again.adopted, [[]], "handed once, no parameter counted as changed")
        XCTAssertEqual(again.field.text, "Sigur Rós")
        XCTAssertEqual(again.search, "part 3", "the room's part, not the search afresh")
    }

    /// Trial 28 F1: a kill during a look-up (Actions… › Search the Web from the band list) came
    /// back on the deck's band, not the one the room saw: the place was the look-up's origin but
    /// without its state. The origin's state is carried now, and the look-up scene's is not.
    func testALookUpCarriesTheStateOfTheSceneTheRoomSees() async throws {
        let before = presentation()
        before.goTo(3)
        let origin = try XCTUnwrap(made.last)
        origin.field.text = "Queen"; origin.search = "part 2"
        before.open(kind: "plain", parameters: [:], from: 3)
        XCTAssertNotEqual(before.currentIndex, 3, "the console went to the looked-up scene")
        XCTAssertTrue(before.isFrozen, "the room holds the origin's picture")
        let record = before.journalRecord(now: 2000)
        XCTAssertEqual(record.scene, 3, "the place is the scene the room sees")
        XCTAssertEqual(record.sceneState, ["text": "Queen", "search": "part 2"], "with that scene's state")
        let kept = try JSONDecoder().decode(TalkJournal.Record.self, from: try PlaceEncoder.encode(record))

        made = []
        let after = presentation()
        after.resume(from: kept, now: 2001)
        XCTAssertEqual(after.currentIndex, 3)
        let again = try XCTUnwrap(made.last)
        XCTAssertEqual(again.field.text, "Queen", "the room's band, not the deck's")
        XCTAssertEqual(again.search, "part 2")
    }

    /// The scene at the resumed place already made (the first scenes are made at launch): handed at once.
    func testAResumeOnASceneAlreadyMadeHandsItTheState() async throws {
        let p = presentation()
        _ = p.scene(at: 3)
        let scene = try XCTUnwrap(made.last)
        var r = p.journalRecord(now: 2000)
        r.scene = 3; r.sceneTitle = "Read More"; r.sceneKind = "note"; r.sceneState = ["text": "kept", "search": "x"]
        p.resume(from: r, now: 2001)
        XCTAssertEqual(scene.field.text, "kept")
        XCTAssertEqual(made.count, 1)
    }

    /// Another kind at the place now (the deck changed): nothing is handed.
    func testNoStateForAnotherKind() async throws {
        let p = presentation()
        var r = p.journalRecord(now: 2000)
        r.scene = 3; r.sceneTitle = "Read More"; r.sceneKind = "map"; r.sceneState = ["text": "kept"]
        p.resume(from: r, now: 2001)
        XCTAssertEqual(made.last?.adopted ?? [], [])
    }

    /// The watcher keeps 4 KB: a larger state is left out, the place is kept.
    func testAStateTooLargeForTheWatcherIsLeftOut() async throws {
        var r = TalkJournal.Record(deck: "/d.json", scene: 3, sceneTitle: "Read More", sceneKind: "note", page: nil, started: true, elapsed: 5, paused: true, savedAt: 1)
        r.sceneState = ["text": .string(String(repeating: "x", count: 5000))]
        var encoder = PlaceEncoder()
        let data = try XCTUnwrap(try encoder.encodedIfChanged(r))
        XCTAssertLessThanOrEqual(data.count, PlaceEncoder.maxBytes)
        let kept = try JSONDecoder().decode(TalkJournal.Record.self, from: data)
        XCTAssertNil(kept.sceneState)
        XCTAssertEqual(kept.scene, 3)
        r.sceneState = ["text": "small"]
        let small = try JSONDecoder().decode(TalkJournal.Record.self, from: try XCTUnwrap(try encoder.encodedIfChanged(r)))
        XCTAssertEqual(small.sceneState, ["text": "small"])
    }

    /// Trial 34 m6: after a kill -9 on Read More the band picked and the map search made earlier
    /// were back as the deck starts them: the place held the current scene's state only. The
    /// states of the scenes left go with it now, found again by kind and title, kept through a
    /// reload that moves them and through a second restart.
    func testARestartKeepsWhatTheSpeakerMadeOfTheScenesLeft() async throws {
        let deck = [DeckScene(kind: "note", title: "The Bands"), DeckScene(kind: "plain", title: "B"),
                    DeckScene(kind: "note", title: "Stores"), DeckScene(kind: "note", title: "Read More")]
        let before = presentation(deck)
        let bands = try XCTUnwrap(made.first)
        bands.field.text = "Massive Attack"
        before.goTo(2)
        let stores = try XCTUnwrap(made.last)
        stores.field.text = "café"; stores.search = "café"
        before.goTo(3)
        try XCTUnwrap(made.last).field.text = "Radiohead"
        // A reload that puts a scene first moves the states kept with their scenes.
        before.replaceDeck(Deck(title: "T", scenes: [DeckScene(kind: "plain", title: "Intro")] + deck, path: "/tmp/podium-restart-carry/deck.json"))
        XCTAssertEqual(before.currentIndex, 4)
        let record = before.journalRecord(now: 2000)
        XCTAssertEqual(record.leftScenes?.map(\.scene), [1, 3])
        let kept = try JSONDecoder().decode(TalkJournal.Record.self, from: try PlaceEncoder.encode(record))

        made = []
        let after = presentation(deck)   // the restart reads the deck as it was saved
        after.resume(from: kept, now: 2001)
        XCTAssertEqual(after.currentIndex, 3)
        XCTAssertEqual(after.journalRecord(now: 2002).leftScenes?.map(\.scene), [0, 2], "kept for a second restart")
        after.goTo(2)
        XCTAssertEqual(made.last?.field.text, "café")
        XCTAssertEqual(made.last?.search, "café")
        after.goTo(0)
        XCTAssertEqual(made.last?.field.text, "Massive Attack", "the band picked, not the deck's (made again: the launch had shown it)")
    }

    /// The states of the scenes left go first when the place would not fit the watcher's 4 KB.
    func testTheStatesOfTheScenesLeftGoFirstWhenThePlaceIsTooLarge() async throws {
        var r = TalkJournal.Record(deck: "/d.json", scene: 3, sceneTitle: "Read More", sceneKind: "note", page: nil, started: true, elapsed: 5, paused: true, savedAt: 1)
        r.sceneState = ["text": "mine"]
        r.leftScenes = [.init(scene: 1, kind: "note", title: "Stores", state: ["text": .string(String(repeating: "x", count: 5000))])]
        var encoder = PlaceEncoder()
        let kept = try JSONDecoder().decode(TalkJournal.Record.self, from: try XCTUnwrap(try encoder.encodedIfChanged(r)))
        XCTAssertNil(kept.leftScenes)
        XCTAssertEqual(kept.sceneState, ["text": "mine"])
    }

    /// Trial 35 F1: frozen on the band picked (f), then next, then a kill -9: the restart froze
    /// the room on the band list made afresh (the deck's band), a picture it never saw. The states
    /// are handed over before the frozen scene is made, so it is frozen as the room saw it.
    func testARestartFreezesTheRoomOnTheSceneAsItWasMade() async throws {
        let deck = [DeckScene(kind: "room", title: "The Bands"), DeckScene(kind: "plain", title: "Stores")]
        let before = presentation(deck)
        try XCTUnwrap(rooms.first).set("Queen")
        before.setFrozen(true)
        before.goTo(1)
        XCTAssertTrue(roomTexts(before).contains("Queen"), "the room froze on Queen")
        let kept = try JSONDecoder().decode(TalkJournal.Record.self, from: try PlaceEncoder.encode(before.journalRecord(now: 2000)))
        XCTAssertEqual(kept.frozenScene, 0)

        rooms = []
        let after = presentation(deck)
        after.resume(from: kept, now: 2001)
        XCTAssertEqual(after.currentIndex, 1)
        XCTAssertTrue(after.isFrozen)
        XCTAssertTrue(roomTexts(after).contains("Queen"), "frozen on what it saw, not the deck's start: \(roomTexts(after))")
    }

    /// Scenes of kind "room", which show their field's text to the room too.
    var rooms: [RoomTextScene] = []
    func roomTexts(_ p: Presentation) -> [String] {
        p.audience.drawList().commands.compactMap { if case let .text(b, _, _) = $0 { b.text } else { nil } }
    }
}

/// A scene whose room view shows what its field holds, and which carries it.
@MainActor
final class RoomTextScene: SceneStateCarrying {
    let title = "Room text"
    let field = TextField(placeholder: "Text", id: "room.text")
    let presenterView = View(), audienceView = View()
    private let shown = Label("", font: .system(40))
    init() {
        presenterView.addSubview(field.pinned(Pins(leading: 10, trailing: 10, top: 10, height: 30)))
        audienceView.addSubview(shown.pinned(.fill()))
    }
    /// What the speaker typed, shown to the room.
    func set(_ text: String) { field.text = text; shown.text = text }
    func carriedState() -> JSONValue { ["text": .string(field.text)] }
    func adoptCarriedState(_ state: JSONValue, changedParameters: Set<String>) {
        set(state["text"]?.string ?? "")
    }
}
