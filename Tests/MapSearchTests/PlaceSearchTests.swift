import XCTest
@testable import MapSearchScene

final class PlaceSearchTests: XCTestCase {
    func testRecordStoresAreRankedByDistanceFromTheCentre() throws {
        let s = PlaceSearch(database: try Fixtures.database())
        let fromTritone = try s.search("record stores", near: LatLon(lat: 60.1688, lon: 24.9515))
        XCTAssertEqual(fromTritone.interpretation, .category(["shop=music"]))
        XCTAssertEqual(fromTritone.results.map(\.place.name), ["Tritone Records", "Kuvatehdas"])
        XCTAssertLessThan(fromTritone.results[0].distance, 50)
        let fromStation = try s.search("Record Stores", near: LatLon(lat: 60.1710, lon: 24.9414))
        XCTAssertEqual(fromStation.results.map(\.place.name), ["Kuvatehdas", "Tritone Records"])
        XCTAssertEqual(fromStation.summary, "2 × record store")
    }

    func testSynonymsAndLiteralTags() throws {
        let s = PlaceSearch(database: try Fixtures.database())
        let c = LatLon(lat: 60.17, lon: 24.945)
        XCTAssertEqual(try s.search("vinyl", near: c).results.count, 2)
        XCTAssertEqual(try s.search("shop=music", near: c).results.count, 2)
        let cafes = try s.search("cafes", near: c)
        XCTAssertGreaterThan(cafes.results.count, 20)
        XCTAssertTrue(cafes.results.allSatisfy { $0.place.category == "amenity=cafe" })
        XCTAssertEqual(cafes.results.map(\.distance), cafes.results.map(\.distance).sorted())
    }

    func testNameSearchIgnoresCaseAndDiacritics() throws {
        let s = PlaceSearch(database: try Fixtures.database())
        let c = LatLon(lat: 60.17, lon: 24.945)
        let t = try s.search("TRITONE", near: c)
        XCTAssertEqual(t.interpretation, .name)
        XCTAssertEqual(t.results.first?.place.name, "Tritone Records")
        XCTAssertEqual(try s.search("saastopankki", near: c).results.first?.place.name, "Nooa Säästöpankki")
        XCTAssertEqual(try s.search("Säästö", near: c).results.first?.place.name, "Nooa Säästöpankki")
    }

    func testABandNameFindsRecordStoresThatMayStockIt() throws {
        let s = PlaceSearch(database: try Fixtures.database(), artists: KnownArtists(["Radiohead", "Sigur Rós"]))
        let o = try s.search("Radiohead", near: Fixtures.tritone)
        XCTAssertEqual(o.interpretation, .artist("Radiohead"))
        XCTAssertEqual(o.results.first?.place.name, "Tritone Records")
        XCTAssertEqual(o.summary, "2 record stores that may stock Radiohead")
        XCTAssertEqual(try s.search(" sigur ros ", near: Fixtures.tritone).interpretation, .artist("sigur ros"), "folded like place names")
        XCTAssertEqual(try s.recordStores(for: "Кино", near: Fixtures.kuvatehdas).results.first?.place.name, "Kuvatehdas")
    }

    /// Trial 10 F8: any word with no place was read as a band, so a typo answered "2 record
    /// stores that may stock zzzqqq" and pinned them for the room.
    func testAWordThatIsNoPlaceAndNoKnownBandMatchesNothing() throws {
        let s = PlaceSearch(database: try Fixtures.database(), artists: KnownArtists(["Radiohead"]))
        let o = try s.search("zzzqqq", near: Fixtures.tritone)
        XCTAssertEqual(o.interpretation, .noMatch)
        XCTAssertEqual(o.results, [])
        XCTAssertEqual(o.summary, "No places match “zzzqqq”")
        XCTAssertEqual(try PlaceSearch(database: try Fixtures.database()).search("Radiohead", near: Fixtures.tritone).interpretation,
                       .noMatch, "a band nobody listed is no band")
    }

    /// "cafe" listed the nearest 50 while the summary said "50 × café" of 83: the count says so.
    func testASearchCutByTheLimitSaysHowManyMatched() throws {
        let s = PlaceSearch(database: try Fixtures.database())
        let cafes = try s.search("cafe", near: Fixtures.tritone)
        let all = try Fixtures.database().places(categories: ["amenity=cafe"]).count
        XCTAssertGreaterThan(all, s.limit)
        XCTAssertEqual(cafes.results.count, s.limit)
        XCTAssertEqual(cafes.total, all)
        XCTAssertEqual(cafes.summary, "\(s.limit) nearest of \(all) × café")
        XCTAssertEqual(try s.search("record stores", near: Fixtures.tritone).summary, "2 × record store", "nothing cut, nothing said")
    }

    func testEmptyQueryAndLimit() throws {
        var s = PlaceSearch(database: try Fixtures.database())
        XCTAssertEqual(try s.search("   ", near: Fixtures.tritone).interpretation, .empty)
        s.limit = 3
        XCTAssertEqual(try s.search("restaurants", near: Fixtures.tritone).results.count, 3)
    }

    func testDistanceText() {
        let p = Place(id: 1, osm: "node/1", name: "x", category: "shop=music", location: Fixtures.tritone)
        XCTAssertEqual(SearchResult(place: p, distance: 434).distanceText, "430 m")
        XCTAssertEqual(SearchResult(place: p, distance: 1234).distanceText, "1.2 km")
        XCTAssertEqual(PlaceCategories.displayName("amenity=fast_food"), "Fast food")
    }
}
