import PodiumKit
import XCTest
@testable import MapSearchScene

final class ProjectionTests: XCTestCase {
    func testOriginAndCornersOfTheWorldSquare() {
        let o = WebMercator.project(LatLon(lat: 0, lon: 0))
        XCTAssertEqual(o.x, 0.5, accuracy: 1e-12); XCTAssertEqual(o.y, 0.5, accuracy: 1e-12)
        let tl = WebMercator.project(LatLon(lat: WebMercator.maxLatitude, lon: -180))
        XCTAssertEqual(tl.x, 0, accuracy: 1e-12); XCTAssertEqual(tl.y, 0, accuracy: 1e-9)
        XCTAssertEqual(WebMercator.maxLatitude, 85.0511287798, accuracy: 1e-9)
        // Beyond the limit clamps instead of producing infinity.
        XCTAssertEqual(WebMercator.project(LatLon(lat: 90, lon: 0)).y, 0, accuracy: 1e-9)
    }

    func testRoundTripAtHelsinki() {
        let w = WebMercator.project(Fixtures.tritone)
        let back = WebMercator.unproject(w)
        XCTAssertEqual(back.lat, Fixtures.tritone.lat, accuracy: 1e-10)
        XCTAssertEqual(back.lon, Fixtures.tritone.lon, accuracy: 1e-10)
    }

    func testTileNumbersMatchTheSlippyMapFormula() {
        // OSM wiki formula, computed by hand for Tritone Records at zoom 16:
        // x = floor((24.9519734 + 180) / 360 × 65536) = 37310, y = 18970.
        let t = WebMercator.tile(containing: WebMercator.project(Fixtures.tritone), zoom: 16)
        XCTAssertEqual(t.x, 37310); XCTAssertEqual(t.y, 18970)
        XCTAssertEqual(WebMercator.tile(containing: WorldPoint(1, 1), zoom: 3).x, 7, "the far edge stays inside the world")
    }

    func testGroundResolutionAndDistance() {
        XCTAssertEqual(WebMercator.metresPerPoint(latitude: 0, zoom: 0), 156_543.034, accuracy: 0.01)
        // At 60° N a point covers half what it covers at the equator.
        XCTAssertEqual(WebMercator.metresPerPoint(latitude: 60, zoom: 16) * 2, WebMercator.metresPerPoint(latitude: 0, zoom: 16), accuracy: 1e-9)
        // One degree of latitude on the sphere: π/180 × 6 378 137 m.
        XCTAssertEqual(WebMercator.distance(LatLon(lat: 60, lon: 25), LatLon(lat: 61, lon: 25)), 111_319.49, accuracy: 0.01)
        // Kuvatehdas to Tritone Records, about 640 m apart.
        XCTAssertEqual(WebMercator.distance(Fixtures.kuvatehdas, Fixtures.tritone), 637.8, accuracy: 0.5)
    }

    func testViewportMapsCentreToMiddleAndBack() {
        let vp = Viewport(center: Fixtures.tritone, zoom: 16, size: Size(800, 600))
        let p = vp.point(Fixtures.tritone)
        XCTAssertEqual(p.x, 400, accuracy: 1e-6); XCTAssertEqual(p.y, 300, accuracy: 1e-6)
        let ll = vp.latLon(at: Point(123, 456))
        let q = vp.point(ll)
        XCTAssertEqual(q.x, 123, accuracy: 1e-6); XCTAssertEqual(q.y, 456, accuracy: 1e-6)
        let b = vp.bounds()
        XCTAssertTrue(b.contains(Fixtures.tritone))
        XCTAssertLessThan(b.minLat, b.maxLat); XCTAssertLessThan(b.minLon, b.maxLon)
    }

    func testPanMovesContentWithThePointer() {
        var vp = Viewport(center: Fixtures.tritone, zoom: 16, size: Size(800, 600))
        let before = vp.point(Fixtures.kuvatehdas)
        vp.pan(dx: 50, dy: -30)
        let after = vp.point(Fixtures.kuvatehdas)
        XCTAssertEqual(after.x - before.x, 50, accuracy: 1e-6)
        XCTAssertEqual(after.y - before.y, -30, accuracy: 1e-6)
    }

    func testZoomKeepsTheAnchorStill() {
        var vp = Viewport(center: Fixtures.tritone, zoom: 15, size: Size(800, 600))
        let anchor = Point(650, 120)
        let under = vp.latLon(at: anchor)
        vp.zoom(by: 1.5, at: anchor)
        XCTAssertEqual(vp.zoom, 16.5)
        let p = vp.point(under)
        XCTAssertEqual(p.x, anchor.x, accuracy: 1e-6); XCTAssertEqual(p.y, anchor.y, accuracy: 1e-6)
        vp.zoom(by: 100)
        XCTAssertEqual(vp.zoom, Viewport.zoomRange.upperBound, "zoom is clamped")
    }

    func testZoomToFitShowsTheWholeBox() throws {
        let b = GeoBounds(minLon: 24.935, minLat: 60.164, maxLon: 24.953, maxLat: 60.179)
        let size = Size(1920, 1080)
        let z = Viewport.zoomToFit(b, size: size, padding: 20)
        let vp = Viewport(center: b.center, zoom: z, size: size)
        let tl = vp.point(LatLon(lat: b.maxLat, lon: b.minLon)), br = vp.point(LatLon(lat: b.minLat, lon: b.maxLon))
        XCTAssertGreaterThanOrEqual(tl.y, 19.9); XCTAssertLessThanOrEqual(br.y, 1080 - 19.9)
        XCTAssertGreaterThanOrEqual(tl.x, 0); XCTAssertLessThanOrEqual(br.x, 1920)
        XCTAssertEqual(br.y - tl.y, 1040, accuracy: 1, "the tall box fills the height exactly")
    }

    func testScaleBarPicksRoundDistances() {
        let a = ScaleBar.measure(metresPerPoint: 1.3, maxPoints: 160)   // 208 m max → 200 m
        XCTAssertEqual(a.label, "200 m"); XCTAssertEqual(a.points, 200 / 1.3, accuracy: 1e-9)
        XCTAssertEqual(ScaleBar.measure(metresPerPoint: 40, maxPoints: 160).label, "5 km")
        XCTAssertEqual(ScaleBar.measure(metresPerPoint: 0.07, maxPoints: 160).label, "10 m")
        XCTAssertEqual(ScaleBar.measure(metresPerPoint: 0, maxPoints: 160).points, 0)
    }

    func testModelShowsTheSameRegionAtEverySize() {
        let m = MapModel(center: Fixtures.tritone, zoom: 16)
        let big = m.viewport(for: Size(1920, 1080)), small = m.viewport(for: Size(960, 540))
        XCTAssertEqual(big.zoom - small.zoom, 1, accuracy: 1e-9)
        var moved = small
        moved.pan(dx: 100, dy: 0)
        m.adopt(moved)
        XCTAssertEqual(m.zoom, 16, accuracy: 1e-9)
        XCTAssertEqual(m.viewport(for: Size(1920, 1080)).point(Fixtures.tritone).x, 960 + 200, accuracy: 1e-6, "a 100-point pan on a half-size view is 200 on the reference")
    }
}
