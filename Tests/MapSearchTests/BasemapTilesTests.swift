import CSDL2
import Foundation
import PodiumKit
import PodiumSDL
import PodiumTestSupport
import XCTest
@testable import MapSearchScene

/// The basemap as cached tiles: a pan reuses every tile still in view and makes only those that
/// come into view; the tiles show what the painter draws for the whole view; labels are placed
/// once per cell, so tiles agree on them.
@MainActor
final class BasemapTilesTests: XCTestCase {
    func map(size: Size = Size(1920, 1080)) throws -> (WindowRoot, MapView, MapModel) {
        let root = WindowRoot(metrics: FixedMetrics())
        let model = MapModel(center: LatLon(lat: 60.1697, lon: 24.9445), zoom: 16.5)
        let view = MapView(model: model, painter: MapPainter(database: try Fixtures.database()), interactive: true)
        root.content.addSubview(view.pinned(.fill()))
        root.resize(to: size)
        return (root, view, model)
    }
    func pictures(_ l: DrawList) -> [Picture] { l.commands.compactMap { if case let .picture(p, _, _) = $0 { p } else { nil } } }

    func testPanningReusesTheTilesInViewAndMakesOnlyThoseComingIntoView() async throws {
        let (root, view, _) = try map()
        let first = pictures(root.renderFrame())
        XCTAssertEqual(view.basemap.tilesMade, first.count)
        XCTAssertGreaterThanOrEqual(first.count, 12, "a 1920×1080 view spans 4×3 tiles of 512 points or more")

        // Small pans (the pointer dragging): the same tiles, moved; only a tile coming into view is made.
        var previous = first, freshTotal = 0
        _ = view.handle(.mouseDown(Point(900, 500), button: 1, clicks: 1))
        for step in 1...12 {
            let made = view.basemap.tilesMade
            _ = view.handle(.mouseMoved(Point(900 - 5 * Double(step), 500 + Double(step)), buttons: 1))
            let frame = root.renderFrame()
            let now = pictures(frame)
            let fresh = now.filter { p in !previous.contains { $0 === p } }
            XCTAssertEqual(view.basemap.tilesMade - made, fresh.count, "only tiles coming into view are made")
            XCTAssertFalse(frame.commands.contains { if case .polygon = $0 { true } else if case .line = $0 { true } else { false } },
                           "the frame replays no map geometry")
            freshTotal += fresh.count
            previous = now
        }
        _ = view.handle(.mouseUp(Point(840, 512), button: 1))
        XCTAssertLessThanOrEqual(freshTotal, 2 * 4, "60 points of panning bring at most a column and a row of tiles")

        // A long pan with the arrow keys: a new column, the rest reused; labels are not placed again.
        let before = view.basemap.tilesMade, cells = view.basemap.cellsMade
        XCTAssertTrue(view.handle(.key(Key("Right"))))
        let now = pictures(root.renderFrame())
        let fresh = now.filter { p in !previous.contains { $0 === p } }
        XCTAssertLessThan(fresh.count, now.count / 2, "most tiles are the ones already made")
        XCTAssertEqual(view.basemap.tilesMade - before, fresh.count)
        XCTAssertLessThanOrEqual(view.basemap.cellsMade - cells, 2, "labels are placed per cell, not per frame")
    }

    func testZoomingMakesNewTilesAndTheModelsRoundTripKeepsTheLevel() async throws {
        let (root, view, model) = try map(size: Size(900, 600))
        let a = pictures(root.renderFrame())
        // The presenter's view is smaller than the reference size: its zoom goes through log2 both ways.
        for _ in 0..<20 { model.adopt(view.viewport) }
        XCTAssertTrue(pictures(root.renderFrame()).elementsEqual(a, by: ===), "the same level: the same tiles")
        view.zoom(by: 1, at: nil)
        let b = pictures(root.renderFrame())
        XCTAssertFalse(b.contains { p in a.contains { $0 === p } }, "a new zoom level draws new tiles")
    }

    func testTheTilesShowWhatThePainterDrawsForTheWholeView() async throws {
        setenv("SDL_RENDER_DRIVER", "software", 1)
        try SDLVideo.start(driver: "offscreen")
        defer { SDLVideo.stop() }
        XCTAssertEqual(SDLVideo.currentDriver, "offscreen")
        let text = TextEngine()
        let painter = MapPainter(database: try Fixtures.database())
        let size = Size(1000, 700)
        let window = try PlatformWindow(title: "tiles", root: WindowRoot(metrics: text), size: size, text: text)
        defer { window.close() }
        var vp = Viewport(center: LatLon(lat: 60.1697, lon: 24.9445), zoom: 16.5, size: size)
        vp.pan(dx: 123.37, dy: -45.81)   // tile edges at fractional view positions
        var direct = DrawList()
        painter.paint(vp, style: .standard, into: &direct, metrics: nil)
        window.renderer.draw(direct, background: .black)
        let a = try window.renderer.readPixels(size: window.pixelSize)

        let tiles = BasemapTiles(painter: painter)
        var tiled = DrawList()
        for (p, r) in tiles.tiles(for: vp, style: .standard, labelScale: 1, metrics: nil) { tiled.picture(p, in: r) }
        window.renderer.draw(tiled, background: .black)
        let b = try window.renderer.readPixels(size: window.pixelSize)
        // Geometry may land half a pixel apart (tiles are snapped to whole pixels): a pixel counts
        // as matching when the direct frame has its colour at most one pixel away.
        let w = Int(size.width), h = Int(size.height)
        func rgb(_ px: [UInt8], _ x: Int, _ y: Int) -> Int { let i = (y * w + x) * 4; return Int(px[i]) << 16 | Int(px[i + 1]) << 8 | Int(px[i + 2]) }
        var differ = 0
        for y in 0..<h { for x in 0..<w {
            let c = rgb(b, x, y)
            if c == rgb(a, x, y) { continue }
            var near = false
            for dy in -1...1 { for dx in -1...1 where (0..<w).contains(x + dx) && (0..<h).contains(y + dy) && rgb(a, x + dx, y + dy) == c { near = true } }
            if !near { differ += 1 }
        } }
        XCTAssertLessThan(Double(differ) / Double(w * h), 0.002, "\(differ) pixels differ")
        let black = stride(from: 0, to: b.count, by: 4).filter { b[$0] == 0 && b[$0 + 1] == 0 && b[$0 + 2] == 0 }.count
        XCTAssertEqual(black, 0, "no pixel of the background shows between tiles")
    }

    func testLabelsArePlacedOncePerCellAndTilesAgree() async throws {
        let painter = MapPainter(database: try Fixtures.database())
        let tiles = BasemapTiles(painter: painter)
        let vp = Viewport(center: LatLon(lat: 60.1697, lon: 24.9445), zoom: 16.5, size: Size(1920, 1080))
        let set = tiles.tiles(for: vp, style: .standard, labelScale: 1.8, metrics: FixedMetrics())
        // Each placed label, in view points, from every tile that draws it.
        var seen: [String: Set<String>] = [:]
        for (p, r) in set {
            for case let .text(b, _, o) in p.commands {
                seen[b.text, default: []].insert(String(format: "%.3f,%.3f", o.x + r.minX, o.y + r.minY))
            }
        }
        XCTAssertGreaterThan(seen.count, 5, "labels are drawn")
        // A name has its text and four halo copies: five positions, the same in every tile.
        for (name, spots) in seen { XCTAssertLessThanOrEqual(spots.count, 5 * tiles.cellsMade, "\(name): \(spots.count) positions") }
        XCTAssertLessThanOrEqual(tiles.cellsMade, 4, "a 1920×1080 view touches at most 4 cells of 2048 points")
    }
    /// The room on a 3840×2160 projector (labels 3.6× as large): a long street name crossing a
    /// tile edge more than half a tile from where it starts is drawn by every tile it touches,
    /// so no tile edge slices it (the tile holding its end used to judge it by its start alone).
    func testEveryTileALabelTouchesDrawsIt() async throws {
        let metrics = FixedMetrics()
        let tiles = BasemapTiles(painter: MapPainter(database: try Fixtures.database()))
        let vp = Viewport(center: LatLon(lat: 60.1697, lon: 24.9445), zoom: 17.5, size: Size(3840, 2160))
        let set = tiles.tiles(for: vp, style: .standard, labelScale: 3.6, metrics: metrics)
        // Each tile's labels as text at a view-point origin.
        struct Spot: Hashable { var text: String; var x: Int; var y: Int }
        func spot(_ text: String, _ o: Point, _ r: Rect) -> Spot { Spot(text: text, x: Int((o.x + r.minX) * 1000), y: Int((o.y + r.minY) * 1000)) }
        let drawn: [Set<Spot>] = set.map { p, r in
            Set(p.commands.compactMap { if case let .text(b, _, o) = $0 { spot(b.text, o, r) } else { nil } })
        }
        var checked = 0, long = 0, cut: Set<String> = []
        for (i, (p, r)) in set.enumerated() {
            for case let .text(b, _, o) in p.commands {
                let size = metrics.size(of: b.text, font: b.font)
                let label = Rect(o.x + r.minX, o.y + r.minY, size.width, size.height)
                if size.width > BasemapTiles.tileSize / 2 { long += 1 }
                for (j, (_, other)) in set.enumerated() where j != i && other.insetBy(dx: 0.5, dy: 0.5).intersects(label) {
                    if !drawn[j].contains(spot(b.text, o, r)) { cut.insert("\(b.text) at the edge of the tile at \(other)") }
                    checked += 1
                }
            }
        }
        XCTAssertEqual(cut.sorted(), [], "labels sliced at a tile edge")
        XCTAssertGreaterThan(long, 0, "some labels are wider than half a tile")
        XCTAssertGreaterThan(checked, 0, "some labels cross a tile edge")
    }
}
