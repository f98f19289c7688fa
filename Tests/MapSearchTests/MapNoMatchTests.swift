import Foundation
import PodiumKit
import PodiumSQLite
import PodiumTestSupport
import XCTest
@testable import MapSearchScene

/// Trial 10 F8: a word that is no place and no band the talk knows changes nothing the room sees;
/// the list and the pins are one set and say when the limit cut it.
@MainActor
final class MapNoMatchTests: XCTestCase {
    func makeScene(_ params: [String: JSONValue] = [:], context: FakeSceneContext) throws -> MapSearchScene {
        try makeMapScene(params, context: context)
    }

    /// Types `q` into the search field as the speaker would, and Return.
    func search(_ ctx: FakeSceneContext, _ s: MapSearchScene, _ q: String) {
        s.presenter.field.text = ""
        XCTAssertTrue(ctx.root.click(controlID: "map.search"))
        ctx.root.dispatch(.text(q))
        ctx.root.dispatch(.key(Key("Return")))
    }

    func testATypoSaysNoPlacesMatchAndLeavesTheRoomsMapAsItWas() async throws {
        let ctx = mapContext("typo")
        let s = try makeScene(["query": "record stores", "latitude": 60.1697, "longitude": 24.9445, "zoom": 16.5], context: ctx)
        let results = s.model.results, center = s.model.center, zoom = s.model.zoom
        XCTAssertEqual(results.count, 2)
        search(ctx, s, "zzzqqq")
        XCTAssertEqual(s.presenter.summary.text, "No places match “zzzqqq” · the map still shows the last results")
        XCTAssertEqual(s.model.results, results, "no pins pushed to the room")
        XCTAssertEqual(s.model.center, center, "the room's map did not move")
        XCTAssertEqual(s.model.zoom, zoom)
        XCTAssertEqual(s.presenter.list.sections.flatMap(\.rows).map(\.id), results.map(\.place.osm), "the list still matches the pins")

        let fresh = try makeScene(context: mapContext("typo-fresh"))
        fresh.run("zzzqqq")
        XCTAssertEqual(fresh.presenter.summary.text, "No places match “zzzqqq”")
        XCTAssertEqual(fresh.model.results, [])
    }

    func testAShippedBandStillFindsRecordStores() async throws {
        let ctx = mapContext("shipped")
        let s = try makeScene(context: ctx)
        search(ctx, s, "radiohead")
        XCTAssertEqual(s.presenter.summary.text, "2 record stores that may stock radiohead")
        XCTAssertEqual(s.model.results.count, 2)
    }

    /// The band list's own store (next to the map's data directory) is read per search: a band
    /// saved mid-talk is a band the next search knows.
    func testABandSavedInTheBandListIsKnownToTheNextSearch() async throws {
        let root = Fixtures.temporaryDirectory("xdg")
        let bands = root.appendingPathComponent("podium/org.podium.band-list")
        try FileManager.default.createDirectory(at: bands, withIntermediateDirectories: true)
        let ctx = FakeSceneContext(pluginID: "org.podium.map-search", dataDirectory: root.appendingPathComponent("podium/org.podium.map-search"))
        let s = try makeScene(context: ctx)
        search(ctx, s, "Eppu Normaali")
        XCTAssertEqual(s.presenter.summary.text, "No places match “Eppu Normaali”")
        let db = try SQLiteDatabase(path: bands.appendingPathComponent("bands.sqlite").path)
        _ = try db.rows("CREATE TABLE band (id INTEGER PRIMARY KEY, name TEXT NOT NULL)")
        _ = try db.rows("INSERT INTO band (name) VALUES ('Eppu Normaali')")
        search(ctx, s, "Eppu Normaali")
        XCTAssertEqual(s.presenter.summary.text, "2 record stores that may stock Eppu Normaali")
    }

    /// A deck whose band list keeps its store elsewhere names it (or a band JSON) in `bands`.
    func testTheBandsParameterNamesWhereBandsAreListed() async throws {
        let dir = Fixtures.temporaryDirectory("bands-param")
        try Data(#"[{"name": "Hassisen Kone"}]"#.utf8).write(to: dir.appendingPathComponent("mine.json"))
        let ctx = FakeSceneContext(pluginID: "org.podium.map-search", dataDirectory: dir.appendingPathComponent("data"), deckDirectory: dir)
        let s = try makeScene(["bands": "mine.json"], context: ctx)
        s.run("hassisen kone")
        XCTAssertEqual(s.outcome?.interpretation, .artist("hassisen kone"))
        s.run("Radiohead")
        XCTAssertEqual(s.presenter.summary.text, "No places match “Radiohead” · the map still shows the last results",
                       "the deck's list replaces the shipped one")
        // Broken JSON: the search works on, knowing fewer bands, and the log names the file.
        try Data("{".utf8).write(to: dir.appendingPathComponent("mine.json"))
        s.run("hassisen kone")
        XCTAssertTrue(s.presenter.summary.text.hasPrefix("No places match"))
        XCTAssertTrue(ctx.logs.contains { $0.contains("mine.json") }, "\(ctx.logs)")
    }

    /// The trial counted 13 rows and 50 pins for "cafe": the rows are the pins (a list scrolls),
    /// and both say the limit kept the nearest 50 of 83.
    func testTheListAndThePinsAreOneSetAndSayWhenCut() async throws {
        let ctx = mapContext("cafes")
        let s = try makeScene(["latitude": 60.1697, "longitude": 24.9445, "zoom": 16.5], context: ctx)
        search(ctx, s, "cafe")
        let all = try Fixtures.database().places(categories: ["amenity=cafe"]).count
        XCTAssertEqual(s.presenter.list.sections.map(\.title), ["Nearest 50 of \(all)"])
        XCTAssertEqual(s.presenter.list.sections.flatMap(\.rows).map(\.id), s.model.results.map(\.place.osm))
        XCTAssertEqual(s.presenter.summary.text, "50 nearest of \(all) × café")
    }
}

extension MapNoMatchTests {
    /// `podium check`: a `bands` file the deck names must exist (the defaults may not, yet).
    func testAMissingBandsFileIsAParameterError() throws {
        let dir = Fixtures.temporaryDirectory("bands-check")
        let kind = try XCTUnwrap(MapSearchPlugin.descriptor().sceneKinds.first)
        XCTAssertThrowsError(try kind.validate(SceneParameters(["bands": "nope.json"], path: "scenes[2].parameters", baseDirectory: dir))) {
            XCTAssertTrue("\($0)".hasPrefix("scenes[2].parameters.bands: "), "\($0)")
            XCTAssertTrue("\($0)".contains("nope.json"), "\($0)")
        }
        try Data("[]".utf8).write(to: dir.appendingPathComponent("mine.json"))
        XCTAssertNoThrow(try kind.validate(SceneParameters(["bands": "mine.json"], path: "scenes[2].parameters", baseDirectory: dir)))
    }
}
