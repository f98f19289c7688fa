import Foundation
import XCTest
@testable import MapSearchScene

final class MapDatabaseTests: XCTestCase {
    func testMetaOfTheHelsinkiExtract() throws {
        let db = try Fixtures.database()
        XCTAssertEqual(db.bounds.minLon, 24.9351762, accuracy: 1e-7)
        XCTAssertEqual(db.bounds.maxLat, 60.179113, accuracy: 1e-7)
        XCTAssertTrue(db.attribution.contains("OpenStreetMap contributors"))
        XCTAssertTrue(db.bounds.contains(Fixtures.tritone))
    }

    func testBoxQueryReturnsOnlyIntersectingFeaturesInDrawOrder() throws {
        let db = try Fixtures.database()
        // About 150 m around Tritone Records on Sofiankatu.
        let box = GeoBounds(minLon: 24.9505, minLat: 60.1681, maxLon: 24.9535, maxLat: 60.1695)
        let fs = try db.features(in: box)
        XCTAssertFalse(fs.isEmpty)
        let boxW = (WebMercator.project(LatLon(lat: box.maxLat, lon: box.minLon)), WebMercator.project(LatLon(lat: box.minLat, lon: box.maxLon)))
        for f in fs {
            // R*Tree boxes are float32, rounded outwards: allow a hair.
            XCTAssertTrue(f.extent.maxX >= boxW.0.x - 1e-7 && f.extent.minX <= boxW.1.x + 1e-7 &&
                          f.extent.maxY >= boxW.0.y - 1e-7 && f.extent.minY <= boxW.1.y + 1e-7, "feature \(f.id) is outside the box")
        }
        XCTAssertEqual(fs.map(\.layer), fs.map(\.layer).sorted(), "areas before streets, major streets last")
        XCTAssertTrue(fs.contains { $0.name == "Sofiankatu" && $0.kind == .line })
        XCTAssertTrue(fs.contains { $0.featureClass == "building" && $0.kind == .area })
        let everything = try db.features(in: db.bounds)
        XCTAssertGreaterThan(everything.count, 3000)
        XCTAssertLessThan(fs.count, everything.count / 5, "the index narrows the query")
    }

    func testWaterAndParksAreReal() throws {
        let all = try Fixtures.database().features(in: try Fixtures.database().bounds)
        XCTAssertTrue(all.contains { $0.featureClass == "water" && $0.name == "Töölönlahti" })
        XCTAssertTrue(all.contains { $0.featureClass == "park" && $0.name == "Esplanadinpuisto" })
    }

    func testBoxOutsideTheDataIsEmpty() throws {
        let db = try Fixtures.database()
        XCTAssertTrue(try db.features(in: GeoBounds(minLon: 2.3, minLat: 48.8, maxLon: 2.4, maxLat: 48.9)).isEmpty)
        XCTAssertTrue(try db.places(in: GeoBounds(minLon: 2.3, minLat: 48.8, maxLon: 2.4, maxLat: 48.9)).isEmpty)
    }

    func testPlacesByBoxCategoryAndName() throws {
        let db = try Fixtures.database()
        let near = try db.places(in: GeoBounds(minLon: 24.9518, minLat: 60.1687, maxLon: 24.9521, maxLat: 60.1689))
        XCTAssertTrue(near.contains { $0.name == "Tritone Records" })
        let music = try db.places(categories: ["shop=music"])
        XCTAssertEqual(Set(music.map(\.name)), ["Tritone Records", "Kuvatehdas"])
        let t = try XCTUnwrap(music.first { $0.name == "Tritone Records" })
        XCTAssertEqual(t.address, "Sofiankatu 8, 00170 Helsinki")
        XCTAssertEqual(t.openingHours, "Mo-Fr 11:00-18:00; Sa 11:00-16:00")
        XCTAssertEqual(t.website, "https://www.tritonerecords.fi/")
        XCTAssertEqual(t.osm, "node/5865570485")
        XCTAssertEqual(t.categoryName, "Record store")
        XCTAssertEqual(try db.places(nameContaining: ["tritone"]).map(\.name), ["Tritone Records"])
        XCTAssertTrue(try db.places(nameContaining: ["100%_"]).isEmpty, "LIKE wildcards in a query are literal")
    }

    func testClearErrorsForBadFiles() throws {
        XCTAssertThrowsError(try MapDatabase(path: "/nonexistent/map.sqlite")) { e in
            XCTAssertEqual("\(e)", "/nonexistent/map.sqlite: no such file")
        }
        let dir = Fixtures.temporaryDirectory("badmap")
        let text = dir.appendingPathComponent("notes.sqlite")
        try Data("hello".utf8).write(to: text)
        XCTAssertThrowsError(try MapDatabase(path: text.path)) { e in
            XCTAssertTrue("\(e)".hasPrefix("\(text.path): not a Podium map file"), "\(e)")
        }
    }

    func testTruncatedGeometryIsRejected() {
        var bytes = Data()
        bytes.append(contentsOf: [3, 0, 0, 0])                // three points promised…
        bytes.append(contentsOf: [UInt8](repeating: 0, count: 8))   // …one given
        XCTAssertNil(bytes.withUnsafeBytes(MapFeature.decodeRings))
    }
}
