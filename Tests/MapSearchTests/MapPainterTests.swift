import PodiumKit
import PodiumTestSupport
import XCTest
@testable import MapSearchScene

@MainActor
final class MapPainterTests: XCTestCase {
    func paint(zoom: Double, style: MapStyle = .standard, size: Size = Size(1920, 1080)) throws -> (DrawList, MapPainter.Stats) {
        let painter = MapPainter(database: try Fixtures.database())
        var list = DrawList()
        let stats = painter.paint(Viewport(center: LatLon(lat: 60.1697, lon: 24.9445), zoom: zoom, size: size),
                                  style: style, into: &list, metrics: FixedMetrics())
        return (list, stats)
    }

    func testFullFrameDrawsEveryLayerAndAreasAsShapes() async throws {
        let (list, stats) = try paint(zoom: 16.5)
        XCTAssertGreaterThan(stats.features, 1000)
        XCTAssertGreaterThan(stats.labels, 5)
        var fills: Set<Color> = []
        for c in list.commands {
            if case .polygon = c { XCTFail("areas are general shapes the renderer fills, not pre-cut polygons") }
            if case let .shape(shape, color, k, _) = c {
                XCTAssertFalse(shape.rings.isEmpty)
                XCTAssertTrue(shape.rings.allSatisfy { $0.count >= 3 }, "every ring has at least three corners")
                XCTAssertEqual(shape.rule, .evenOdd, "a ring inside the outline is a courtyard")
                XCTAssertGreaterThan(shape.bounds.width * k + shape.bounds.height * k, 1.5, "areas smaller than a point are skipped")
                fills.insert(color)
            }
        }
        let s = MapStyle.standard
        for cls in ["water", "park", "building"] { XCTAssertTrue(fills.contains(s.areas[cls]!), "\(cls) drawn") }
        XCTAssertTrue(list.commands.contains { if case let .line(_, _, c, w) = $0 { return c == s.lines["primary"]!.0 && w > 5 } else { return false } },
                      "primary streets wider than at zoom 16's base")
        XCTAssertTrue(list.commands.contains { if case let .text(b, _, _) = $0 { return b.text == "Esplanadinpuisto" } else { return false } })
    }

    func testZoomingOutSimplifies() async throws {
        let near = try paint(zoom: 17).1, far = try paint(zoom: 13.5).1
        XCTAssertLessThan(far.commands, try paint(zoom: 16.5).1.commands, "fewer commands when zoomed out over the same data")
        XCTAssertEqual(far.labels, 0, "no labels below zoom 14.5")
        XCTAssertGreaterThan(near.features, 0)
    }

    func testStylesDiffer() async throws {
        let dark = try paint(zoom: 16, style: .dark).0, minimal = try paint(zoom: 16, style: .minimal).0
        if case let .fill(_, c, _) = dark.commands[0] { XCTAssertEqual(c, MapStyle.dark.land) } else { XCTFail("land first") }
        XCTAssertFalse(minimal.commands.contains { if case let .shape(_, c, _, _) = $0 { return c == MapStyle.standard.areas["building"] } else { return false } },
                       "minimal draws no buildings")
        XCTAssertEqual(MapStyle.named(.dark).name, .dark)
    }

    func testAudienceViewShowsAttributionScaleBarAndSelectedName() async throws {
        let root = WindowRoot(metrics: FixedMetrics())
        let db = try Fixtures.database()
        let model = MapModel(center: Fixtures.tritone, zoom: 16)
        let view = MapView(model: model, painter: MapPainter(database: db), interactive: false)
        view.baseChromeScale = 1.8
        root.content.addSubview(view.pinned(.fill()))
        root.resize(to: Size(1920, 1080))
        let tritone = try XCTUnwrap(try db.places(categories: ["shop=music"]).first { $0.name == "Tritone Records" })
        model.results = [SearchResult(place: tritone, distance: 0)]
        model.selected = tritone
        let texts = root.renderFrame().commands.compactMap { c -> String? in if case let .text(b, _, _) = c { return b.text } else { return nil } }
        XCTAssertTrue(texts.contains("© OpenStreetMap contributors, ODbL"))
        XCTAssertTrue(texts.contains { $0.hasSuffix(" m") }, "scale bar label")
        XCTAssertTrue(texts.contains("Tritone Records"), "the selected place is named on the map")
        XCTAssertTrue(root.controlTree().isEmpty, "the audience map has no controls")
    }
}
