import PodiumKit
import PodiumTestSupport
import XCTest
@testable import MapSearchScene

/// Trial 12 F9: a reload that remade the map scene (its parameters edited) wiped the place the
/// speaker had typed and the results shown. The scene hands them to the one made again
/// (`SceneStateCarrying`), except what the deck's changed parameters say otherwise.
@MainActor
final class MapCarriedStateTests: XCTestCase {
    let deck: [String: JSONValue] = ["latitude": 60.1697, "longitude": 24.9445, "zoom": 16.5]

    /// A scene the speaker searched in, picked a result of, panned and zoomed, and typed on in
    /// the field without Return.
    func worked() throws -> MapSearchScene {
        let ctx = mapContext("carry-old")
        let s = try makeMapScene(deck, context: ctx)
        XCTAssertTrue(ctx.root.click(controlID: "map.search"))
        ctx.root.dispatch(.text("record stores"))
        ctx.root.dispatch(.key(Key("Return")))
        XCTAssertTrue(ctx.root.click(controlID: "map.results.row.node/2587284466"))
        s.model.zoom = 15.25
        s.model.centre(on: LatLon(lat: 60.168, lon: 24.94))
        ctx.root.popovers.forEach { $0.dismiss(byUser: true) }   // the result's card
        XCTAssertTrue(ctx.root.click(controlID: "map.search"))
        ctx.root.dispatch(.text(" Kallio"))
        XCTAssertEqual(s.presenter.field.text, "record stores Kallio")
        return s
    }
    func remade(_ params: [String: JSONValue], from old: MapSearchScene, changed: Set<String>) throws -> MapSearchScene {
        let s = try makeMapScene(params, context: mapContext("carry-new"))
        s.adoptCarriedState(old.carriedState(), changedParameters: changed)
        return s
    }
    func rows(_ s: MapSearchScene) -> [String] { s.presenter.list.sections.flatMap(\.rows).map(\.id) }

    func testTheTypedTextResultsSelectionAndFramingAreKept() async throws {
        let old = try worked()
        let new = try remade(deck.merging(["style": "dark"]) { $1 }, from: old, changed: ["style"])
        XCTAssertEqual(new.presenter.field.text, "record stores Kallio", "what was typed, Return or not")
        XCTAssertEqual(rows(new), rows(old), "the same results, in the same order")
        XCTAssertFalse(rows(new).isEmpty)
        XCTAssertEqual(new.presenter.summary.text, old.presenter.summary.text)
        XCTAssertEqual(new.model.selected?.name, "Kuvatehdas")
        XCTAssertEqual(new.model.zoom, 15.25)
        XCTAssertEqual(new.model.center, old.model.center, "the room sees the same place")
    }

    func testAChangedQueryIsTheDecksNewSearch() async throws {
        let old = try worked()
        let new = try remade(deck.merging(["query": "Tritone"]) { $1 }, from: old, changed: ["query"])
        XCTAssertEqual(new.presenter.field.text, "Tritone")
        XCTAssertEqual(rows(new), ["node/5865570485"])
        XCTAssertNil(new.model.selected)
    }

    func testAChangedZoomIsTheDecksFramingTheSearchStays() async throws {
        let old = try worked()
        let new = try remade(deck.merging(["zoom": 14]) { $1 }, from: old, changed: ["zoom"])
        XCTAssertEqual(new.presenter.field.text, "record stores Kallio")
        XCTAssertEqual(rows(new), rows(old))
        XCTAssertNotEqual(new.model.zoom, 15.25, "the deck's new zoom, not the speaker's")
        XCTAssertLessThanOrEqual(new.model.zoom, 14)
    }

    func testStateOfAnotherShapeIsIgnored() async throws {
        let s = try makeMapScene(deck, context: mapContext("carry-odd"))
        s.adoptCarriedState(["text": 5, "search": ["query": "record stores"], "x": "no", "zoom": 99], changedParameters: [])
        XCTAssertEqual(s.presenter.field.text, "")
        XCTAssertTrue(rows(s).isEmpty)
        XCTAssertEqual(s.model.zoom, 16.5)
    }
}
