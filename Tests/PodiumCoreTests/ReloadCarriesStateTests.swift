import Foundation
@testable import PodiumCore
import PodiumKit
import PodiumTestSupport
import XCTest

/// A search scene as the map's: a field (id "note.text") and a last "search"; it hands both to its
/// replacement unless the deck changed its `query`. Also keeps a place (as a PDF page range), to
/// see that a reload does not hand it that on top.
final class NoteScene: SceneStateCarrying, ScenePositionKeeping {
    let title = "Note"
    let field = TextField(placeholder: "Place", id: "note.text")
    let presenterView = View(), audienceView = View()
    var search: String?
    var adopted: [Set<String>] = []
    var received: [[String: JSONValue]] = []
    init(_ p: SceneParameters) {
        search = try? p.string("query")
        presenterView.addSubview(field.pinned(Pins(leading: 10, trailing: 10, top: 10, height: 30)))
    }
    func carriedState() -> JSONValue { ["text": .string(field.text), "search": search.map { .string($0) } ?? .null] }
    func adoptCarriedState(_ state: JSONValue, changedParameters changed: Set<String>) {
        adopted.append(changed)
        guard !changed.contains("query") else { return }
        field.text = state["text"]?.string ?? ""
        search = state["search"]?.string
    }
    var position: [String: JSONValue] { ["spot": 3] }
    func receive(_ p: SceneParameters) { received.append(p.values) }
}

/// Trial 12 F9: a reload that remade the map scene (a co-author's edit of its parameters) wiped
/// the place the speaker had typed and the results shown. A scene adopting `SceneStateCarrying`
/// hands its state to the scene made again, told which parameters the deck changed.
@MainActor
final class ReloadCarriesStateTests: XCTestCase {
    var now = 1000.0
    var made: [NoteScene] = []

    func deck(_ scenes: [(title: String, params: [String: JSONValue])]) -> Deck {
        Deck(title: "T", scenes: scenes.map { DeckScene(kind: $0.params["kind"]?.string ?? "note", title: $0.title,
                                                          parameters: SceneParameters($0.params.filter { $0.key != "kind" })) },
             path: "/tmp/podium-carry/deck.json")
    }
    func presentation(_ d: Deck) -> Presentation {
        let r = PluginRegistry()
        r.register(PluginDescriptor(id: "test", name: "Test", version: "1", sceneKinds: [
            SceneKind(name: "note", summary: "") { [unowned self] p, _ in let s = NoteScene(p); made.append(s); return s },
            SceneKind(name: "plain", summary: "") { _, _ in SpotScene() },
        ]))
        let p = Presentation(deck: d, registry: r, metrics: FixedMetrics(), clock: { [unowned self] in self.now })
        p.presenter.resize(to: Size(1280, 800)); p.audience.resize(to: Size(1920, 1080))
        _ = p.presenter.renderFrame()
        return p
    }
    func note(_ p: Presentation, _ i: Int? = nil) throws -> NoteScene { try XCTUnwrap(p.scene(at: i ?? p.currentIndex) as? NoteScene) }
    /// Types `text` into the focused field as SDL sends it: each key, then its text.
    func type(_ p: Presentation, _ text: String) {
        for ch in text { p.press(Key(ch == " " ? "Space" : String(ch).lowercased())); p.presenter.dispatch(.text(String(ch))) }
    }

    func testTheRemadeCurrentSceneKeepsWhatWasTypedAndTheFieldKeepsTheKeys() async throws {
        let p = presentation(deck([("Map", ["query": "records", "zoom": 12]), ("After", [:])]))
        let old = try note(p)
        p.presenter.focus(old.field)
        type(p, "Kallio")
        p.replaceDeck(deck([("Map", ["query": "records", "zoom": 14]), ("After", [:])]))
        let new = try note(p)
        XCTAssertFalse(new === old, "remade")
        XCTAssertEqual(new.adopted, [["zoom"]], "told what the deck changed")
        XCTAssertEqual(new.field.text, "Kallio", "the typed text is there")
        XCTAssertEqual(new.search, "records")
        XCTAssertTrue(p.presenter.focusedView === new.field, "and the field has the keys")
        XCTAssertTrue(new.received.isEmpty, "no position on top of the carried state: \(new.received)")
        type(p, " 3")
        XCTAssertEqual(new.field.text, "Kallio 3")
        XCTAssertEqual(p.currentIndex, 0)
    }

    func testAChangedParameterTheStateContradictsIsTheDecksWord() async throws {
        let p = presentation(deck([("Map", ["query": "records"])]))
        try note(p).field.text = "Kallio"
        p.replaceDeck(deck([("Map", ["query": "cafés"])]))
        let new = try note(p)
        XCTAssertEqual(new.adopted, [["query"]])
        XCTAssertEqual(new.field.text, "", "the scene dropped what the new query contradicts")
        XCTAssertEqual(new.search, "cafés")
    }

    /// A scene off screen gets its state when it is next made (here: shown again).
    func testASceneOffScreenGetsItsStateWhenItIsMadeAgain() async throws {
        let p = presentation(deck([("Intro", ["kind": "plain"]), ("Map", ["query": "records"]), ("End", ["kind": "plain"])]))
        p.goTo(1)
        try note(p).field.text = "Kallio"
        p.goTo(0)
        // Two reloads before the scene is shown again: the state waits through both.
        p.replaceDeck(deck([("Intro", ["kind": "plain"]), ("Map", ["query": "records", "zoom": 9]), ("End", ["kind": "plain"])]))
        p.replaceDeck(deck([("New", ["kind": "plain"]), ("Intro", ["kind": "plain"]), ("Map", ["query": "records", "zoom": 10]), ("End", ["kind": "plain"])]))
        XCTAssertEqual(p.currentIndex, 1)
        p.goTo(2)
        let new = try note(p)
        XCTAssertEqual(new.field.text, "Kallio")
        XCTAssertEqual(new.adopted, [["zoom"]], "compared with the entry the state's scene was made from")
    }

    /// A map deleted and another moved into its place: the state stays with its own scene.
    func testStateNeverLandsInAnotherSceneOfTheSameKind() async throws {
        let p = presentation(deck([("Intro", ["kind": "plain"]), ("Helsinki", ["query": "records"]), ("Tampere", ["query": "records"])]))
        p.goTo(1)
        try note(p).field.text = "Kallio"
        p.goTo(0)
        p.replaceDeck(deck([("Intro", ["kind": "plain"]), ("Tampere", ["query": "records", "zoom": 3])]))
        p.goTo(1)
        XCTAssertEqual(try note(p).field.text, "")
        XCTAssertEqual(try note(p).adopted, [])
    }

    func testWhatChangedAndWhereStateGoes() async throws {
        XCTAssertEqual(CarriedState.changedParameters(["a": 1, "b": "x", "c": true], ["a": 1, "b": "y", "d": 2]), ["b", "c", "d"])
        XCTAssertEqual(CarriedState.changedParameters(["a": 1], ["a": 1]), [])
        let map = CarriedState(kind: "map", title: "Map", parameters: [:], state: ["text": "Kallio"])
        typealias A = ReloadPosition.Anchor
        let old = [A(kind: "title", title: "Intro"), A(kind: "map", title: "Map"), A(kind: "map", title: "Other")]
        // Moved on by a scene inserted before it.
        XCTAssertEqual(CarriedState.place([1: map], current: 0, old: old, new: [A(kind: "title", title: "New")] + old, kept: [])[2], map)
        // Kept (the same object stays): nothing to hand.
        XCTAssertTrue(CarriedState.place([1: map], current: 0, old: old, new: old, kept: [1]).isEmpty)
        // Retitled: only the scene the talk is on follows it.
        let retitled = [old[0], A(kind: "map", title: "Helsinki"), old[2]]
        XCTAssertTrue(CarriedState.place([1: map], current: 0, old: old, new: retitled, kept: []).isEmpty)
        XCTAssertEqual(CarriedState.place([1: map], current: 1, old: old, new: retitled, kept: [])[1], map)
        // Another kind there now: dropped.
        XCTAssertTrue(CarriedState.place([1: map], current: 1, old: old, new: [old[0], A(kind: "web", title: "Map")], kept: []).isEmpty)
    }
}
