import PodiumKit
import PodiumTestSupport
import XCTest
@testable import MapSearchScene

/// The scene driven as a presenter would: typing, clicking pins and rows, picking styles.
@MainActor
final class MapSceneTests: XCTestCase {
    func makeScene(_ params: [String: JSONValue] = [:], context: FakeSceneContext) throws -> MapSearchScene {
        try makeMapScene(params, context: context)
    }

    func testTypingAQueryShowsPinsAndRows() async throws {
        let ctx = mapContext("typing")
        let s = try makeScene(["latitude": 60.1697, "longitude": 24.9445, "zoom": 16.5], context: ctx)
        XCTAssertTrue(ctx.root.click(controlID: "map.search"))
        ctx.root.dispatch(.text("record stores"))
        ctx.root.dispatch(.key(Key("Return")))
        XCTAssertEqual(s.presenter.summary.text, "2 × record store")
        let controls = ctx.root.controlTree()
        XCTAssertTrue(controls.contains { $0.id == "map.results.row.node/5865570485" && $0.label == "Tritone Records" })
        XCTAssertTrue(controls.contains { $0.id == "map.pin.node/5865570485" && $0.role == "pin" })
        XCTAssertTrue(controls.contains { $0.id == "map.pin.node/2587284466" })
    }

    /// Trials 24 and 25: at the demo deck's framing the room saw beige strips beside the offline
    /// map's data. Its map scene, searched as the talk does, shows the room map data edge to edge.
    func testTheDemoDecksMapFillsTheRoomWithData() async throws {
        let deck = try JSONValue.parse(Data(contentsOf: URL(fileURLWithPath: TestPaths.demoDeck)))
        let map = try XCTUnwrap(deck["scenes"]?.array?.first { $0["kind"]?.string == "map-search" })
        let params = try XCTUnwrap(map["parameters"]?.object)
        let s = try makeScene(params, context: mapContext("demo"))
        let room = s.model.viewport(for: MapModel.referenceSize)
        let b = s.database.bounds, e = 1e-5   // ~1 m: the view may sit on the data's edge
        for corner in [Point(0, 0), Point(1920, 1080)] {
            let at = room.latLon(at: corner)
            XCTAssertTrue((b.minLon - e...b.maxLon + e).contains(at.lon) && (b.minLat - e...b.maxLat + e).contains(at.lat),
                          "the room's corner \(corner) is at \(at), outside the data \(b)")
        }
        XCTAssertEqual(s.model.results.count, 2, "both record stores found")
        for r in s.model.results {
            let p = room.point(r.place.location)
            XCTAssertTrue(Rect(0, 0, 1920, 1080).contains(p), "\(r.place.name) in the room's view: \(p)")
        }
    }

    func testClickingAPinShowsACardPointingAtIt() async throws {
        let ctx = mapContext("pin")
        let s = try makeScene(["query": "record stores", "latitude": 60.1697, "longitude": 24.9445, "zoom": 16.5], context: ctx)
        let pin = try XCTUnwrap(ctx.root.controlTree().first { $0.id == "map.pin.node/5865570485" })
        XCTAssertTrue(ctx.root.click(controlID: pin.id))
        XCTAssertEqual(s.model.selected?.name, "Tritone Records")
        let shown = try XCTUnwrap(ctx.popovers.last)
        XCTAssertEqual(shown.source, "map.place")
        XCTAssertEqual(shown.anchor.center.x, pin.frame.center.x, accuracy: 3, "the popover points at the pin")
        let popover = try XCTUnwrap(ctx.root.popovers.first)
        XCTAssertFalse(popover.frame.intersects(shown.anchor), "the card never covers its pin")
        let labels = ctx.root.controlTree().map(\.label)
        XCTAssertTrue(labels.contains("Search the Web"))
        // Card contents: name, address, opening hours, website.
        let texts = allLabels(popover)
        XCTAssertTrue(texts.contains("Tritone Records"))
        XCTAssertTrue(texts.contains { $0.contains("Sofiankatu 8, 00170 Helsinki") })
        XCTAssertTrue(texts.contains { $0.contains("Mo-Fr 11:00-18:00") })
        XCTAssertTrue(texts.contains { $0.contains("https://www.tritonerecords.fi/") })
        // Search the Web opens the web-search scene with the store's name.
        XCTAssertTrue(ctx.root.click(controlID: "map.card.web"))
        XCTAssertEqual(ctx.opened.first?.kind, "web-search")
        XCTAssertEqual(ctx.opened.first?.parameters["query"], "Tritone Records")
    }

    func testCenterActionAndListSelection() async throws {
        let ctx = mapContext("center")
        let s = try makeScene(["query": "record stores", "latitude": 60.1697, "longitude": 24.9445, "zoom": 16.5], context: ctx)
        XCTAssertTrue(ctx.root.click(controlID: "map.results.row.node/2587284466"))
        XCTAssertEqual(s.model.selected?.name, "Kuvatehdas")
        XCTAssertEqual(ctx.popovers.last?.source, "map.place")
        XCTAssertTrue(ctx.root.click(controlID: "map.card.center"))
        let c = s.model.viewport(for: MapModel.referenceSize).centerLatLon
        XCTAssertEqual(c.lat, Fixtures.kuvatehdas.lat, accuracy: 1e-9)
        XCTAssertEqual(c.lon, Fixtures.kuvatehdas.lon, accuracy: 1e-9)
    }

    func testTheCardFollowsItsPinAndClosesWhenThePlaceIsGone() async throws {
        let ctx = mapContext("follow")
        let s = try makeScene(["query": "record stores", "latitude": 60.1697, "longitude": 24.9445, "zoom": 16.5], context: ctx)
        XCTAssertTrue(ctx.root.click(controlID: "map.pin.node/2587284466"))
        let card = try XCTUnwrap(ctx.root.popovers.first)
        var dismissed: [Bool] = []
        card.onDismiss = { dismissed.append($0) }
        let before = card.anchor
        // "Center" moves the map under the open card: the card follows its pin.
        XCTAssertTrue(ctx.root.click(controlID: "map.card.center"))
        _ = ctx.root.renderFrame()
        let pin = try XCTUnwrap(ctx.root.controlTree().first { $0.id == "map.pin.node/2587284466" })
        XCTAssertNotEqual(card.anchor.center, before.center, "the pin moved")
        XCTAssertEqual(card.anchor.center.x, pin.frame.center.x, accuracy: 3, "the card points at the pin where it is now")
        XCTAssertFalse(card.frame.intersects(card.anchor))
        XCTAssertEqual(dismissed, [])
        // A search that no longer has the place: nothing to point at, the card closes.
        s.model.results = []
        _ = ctx.root.renderFrame()
        XCTAssertTrue(ctx.root.popovers.isEmpty)
        XCTAssertEqual(dismissed, [false])
    }

    func testPanAndZoomWithMouseAndKeys() async throws {
        let ctx = mapContext("pan")
        let s = try makeScene(["latitude": 60.1697, "longitude": 24.9445, "zoom": 16], context: ctx)
        let map = s.presenter.map
        let mid = map.convertToWindow(map.bounds.center)
        let before = map.viewport.point(Fixtures.tritone)
        ctx.root.dispatch(.mouseDown(mid, button: 1, clicks: 1))
        ctx.root.dispatch(.mouseMoved(Point(mid.x + 80, mid.y + 40), buttons: 1))
        ctx.root.dispatch(.mouseUp(Point(mid.x + 80, mid.y + 40), button: 1))
        let after = map.viewport.point(Fixtures.tritone)
        XCTAssertEqual(after.x - before.x, 80, accuracy: 1e-6); XCTAssertEqual(after.y - before.y, 40, accuracy: 1e-6)
        XCTAssertTrue(map.isFocused, "clicking the map focuses it for the keys")
        ctx.root.dispatch(.key(Key("Left")))
        XCTAssertEqual(map.viewport.point(Fixtures.tritone).x - after.x, 120, accuracy: 1e-6)
        ctx.root.dispatch(.key(Key("+")))
        XCTAssertEqual(s.model.zoom, 17, accuracy: 1e-9)
        ctx.root.dispatch(.wheel(dx: 0, dy: -2, at: mid))
        XCTAssertEqual(s.model.zoom, 16, accuracy: 1e-9)
        XCTAssertTrue(ctx.root.click(controlID: "map.zoom.in"))
        XCTAssertEqual(s.model.zoom, 17, accuracy: 1e-9)
    }

    func testStyleIsPickedFromAPopoverAndRememberedPerDeck() async throws {
        let ctx = mapContext("style")
        let s = try makeScene(context: ctx)
        XCTAssertEqual(s.model.style.name, .standard)
        XCTAssertTrue(ctx.root.click(controlID: "map.style"))
        XCTAssertEqual(ctx.root.popovers.first?.source, "map.styles")
        XCTAssertTrue(ctx.root.click(controlID: "map.style.dark"))
        XCTAssertEqual(s.model.style.name, .dark)
        XCTAssertTrue(ctx.root.popovers.isEmpty, "picking closes the popover")
        // A new scene for the same deck starts dark; the deck's own parameter loses to the choice.
        let again = mapContext("style2")
        let s2 = try MapSearchScene(MapSearchOptions(SceneParameters(["style": "minimal"], path: "scenes[2].parameters")),
                                    parameters: SceneParameters(["style": "minimal"], path: "scenes[2].parameters"),
                                    context: FakeSceneContext(pluginID: again.pluginID, dataDirectory: ctx.dataDirectory))
        XCTAssertEqual(s2.model.style.name, .dark)
    }

    func testReceivingABandShowsRecordStores() async throws {
        let ctx = mapContext("band")
        let s = try makeScene(context: ctx)
        s.receive(SceneParameters(["band": "Sigur Rós"]))
        XCTAssertEqual(s.presenter.summary.text, "2 record stores that may stock Sigur Rós")
        XCTAssertEqual(s.presenter.field.text, "Sigur Rós")
        XCTAssertEqual(s.model.results.count, 2)
    }

    func testBadParametersNameTheField() async {
        func err(_ v: [String: JSONValue]) -> String {
            do { _ = try MapSearchOptions(SceneParameters(v, path: "scenes[2].parameters")); return "" } catch { return "\(error)" }
        }
        XCTAssertEqual(err(["latitude": 60]), "scenes[2].parameters.longitude: latitude and longitude go together")
        XCTAssertEqual(err(["latitude": 95]), "scenes[2].parameters.latitude: expected a number -85–85, found 95", "out of range before alone")
        XCTAssertEqual(err(["zoom": 40]), "scenes[2].parameters.zoom: expected 2…20, found 40.0")
        XCTAssertEqual(err(["style": "sepia"]), "scenes[2].parameters.style: expected one of standard, dark, minimal, found \"sepia\"")
        XCTAssertTrue(err(["tiles": "https://example.org/tile.png"]).hasPrefix("scenes[2].parameters.tiles: expected a URL template"))
        XCTAssertEqual(err(["query": 3]), "scenes[2].parameters.query: expected string, found number 3")
        XCTAssertEqual(err([:]), "")
    }

    func testMissingMapFileIsAClearError() async {
        let ctx = mapContext("nomap")
        XCTAssertThrowsError(try makeScene(["map": "nowhere.sqlite"], context: ctx)) { e in
            XCTAssertEqual("\(e)", ctx.deckDirectory.appendingPathComponent("nowhere.sqlite").path + ": no such file")
        }
    }

    private func allLabels(_ v: View) -> [String] {
        ((v as? Label).map { [$0.text] } ?? []) + v.subviews.flatMap(allLabels)
    }
}

/// Trial 9 F11: the demo's "Record Stores" scene, the map panned with the arrows, then a search.
extension MapSceneTests {
    /// The room's view (the reference size) holds no more than it must outside the offline map:
    /// inside its bounds where they are larger, holding all of them where they are smaller.
    func assertOnTheMap(_ s: MapSearchScene, _ why: String, file: StaticString = #filePath, line: UInt = #line) {
        let vp = s.model.viewport(for: MapModel.referenceSize)
        let b = s.database.bounds
        let tl = vp.point(LatLon(lat: b.maxLat, lon: b.minLon)), br = vp.point(LatLon(lat: b.minLat, lon: b.maxLon))
        for (lo, hi, size, axis) in [(tl.x, br.x, vp.size.width, "x"), (tl.y, br.y, vp.size.height, "y")] {
            if hi - lo >= size {
                XCTAssertTrue(lo <= 1e-6 && hi >= size - 1e-6, "\(why): the room sees past the map's \(axis) edge: \(lo)…\(hi) in 0…\(size)", file: file, line: line)
            } else {
                XCTAssertTrue(lo >= -1e-6 && hi <= size + 1e-6, "\(why): part of the map pushed off the room's \(axis): \(lo)…\(hi) in 0…\(size)", file: file, line: line)
            }
        }
    }

    func testArrowsStopAtTheMapsEdgeAndASearchBringsItsResultsIntoTheRoomsView() async throws {
        let ctx = mapContext("edge")
        let s = try makeScene(["query": "record stores", "latitude": 60.1697, "longitude": 24.9445, "zoom": 16.5], context: ctx)
        let room = s.model.viewport(for: MapModel.referenceSize)
        XCTAssertEqual(room.centerLatLon.lat, 60.1697, accuracy: 1e-6, "the deck's framing is kept")
        XCTAssertEqual(room.centerLatLon.lon, 24.9445, accuracy: 1e-6)
        let map = s.presenter.map
        ctx.root.dispatch(.mouseDown(map.convertToWindow(map.bounds.center), button: 1, clicks: 1))
        ctx.root.dispatch(.mouseUp(map.convertToWindow(map.bounds.center), button: 1))
        XCTAssertTrue(map.isFocused)
        for key in ["Down", "Down", "Down", "Down", "Down", "Down", "Right", "Right", "Right", "Right"] {
            ctx.root.dispatch(.key(Key(key)))
            assertOnTheMap(s, "after \(key)")
        }
        XCTAssertGreaterThan(s.model.viewport(for: MapModel.referenceSize).centerLatLon.lat, 60.1697 - 1, "sanity")
        // The field still holds the deck's query: clear it, or "record storesTritone" is searched.
        s.presenter.field.text = ""
        XCTAssertTrue(ctx.root.click(controlID: "map.search"))
        ctx.root.dispatch(.text("Tritone"))
        ctx.root.dispatch(.key(Key("Return")))
        XCTAssertEqual(s.model.results.first?.place.name, "Tritone Records")
        let vp = s.model.viewport(for: MapModel.referenceSize)
        let pin = vp.point(Fixtures.tritone)
        let middle = Rect(origin: .zero, size: vp.size).insetBy(dx: vp.size.width * 0.2, dy: vp.size.height * 0.2)
        XCTAssertTrue(middle.contains(pin), "the result is well inside the room's view: \(pin)")
        assertOnTheMap(s, "after the search")
    }
}
