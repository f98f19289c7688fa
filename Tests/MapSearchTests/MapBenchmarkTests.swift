import CSDL2
import Foundation
import MapSearchScene
import PodiumKit
import PodiumSDL
import XCTest

/// Figures for `scripts/bench-map.sh` (runs only with PODIUM_BENCH=1; prints, never judges speed).
@MainActor
final class MapBenchmarkTests: XCTestCase {
    func median(_ n: Int, _ body: () throws -> Void) rethrows -> Double { try times(n, body)[n / 2] }
    /// `n` timings of `body` in ms, sorted.
    func times(_ n: Int, _ body: () throws -> Void) rethrows -> [Double] {
        var t: [Double] = []
        for _ in 0..<n {
            let s = DispatchTime.now().uptimeNanoseconds
            try body()
            t.append(Double(DispatchTime.now().uptimeNanoseconds - s) / 1e6)
        }
        return t.sorted()
    }
    func figure(_ name: String, _ ms: Double) { print(String(format: "map-bench: %-52@ %8.2f ms", name as NSString, ms)) }

    func testPrintFigures() async throws {
        try XCTSkipUnless(ProcessInfo.processInfo.environment["PODIUM_BENCH"] == "1", "set PODIUM_BENCH=1 (scripts/bench-map.sh)")
        setenv("SDL_RENDER_DRIVER", "software", 1)
        try SDLVideo.start(driver: "offscreen")
        defer { SDLVideo.stop() }
        XCTAssertEqual(SDLVideo.currentDriver, "offscreen")

        let text = TextEngine()
        let root = WindowRoot(metrics: text)
        let db = try MapDatabase(path: Fixtures.helsinki)
        let painter = MapPainter(database: db)
        let model = MapModel(center: LatLon(lat: 60.1697, lon: 24.9445), zoom: 16.5)
        let map = MapView(model: model, painter: painter, interactive: false)
        map.baseChromeScale = 1.8
        root.content.addSubview(map.pinned(.fill()))
        let window = try PlatformWindow(title: "map bench", root: root, size: Size(1920, 1080), text: text)
        let search = PlaceSearch(database: db, artists: KnownArtists(["Radiohead"]))
        model.results = try search.search("record stores", near: Fixtures.tritone).results

        var vp = Viewport(center: LatLon(lat: 60.1697, lon: 24.9445), zoom: 16.5, size: Size(1920, 1080))
        let cold = median(1) { var l = DrawList(); painter.paint(vp, style: .standard, into: &l, metrics: text) }
        var commands = 0
        let warm = median(21) {
            vp.pan(dx: 3, dy: 0)
            var l = DrawList(); commands = painter.paint(vp, style: .standard, into: &l, metrics: text).commands
        }
        // The map moves ~2 points a frame (a slow drag): ready tiles only move. First without
        // tiles (the basemap painted every frame, as before issue 19), for comparison.
        map.drawsTiles = false
        let untiled = times(21) { model.center = WorldPoint(model.center.x + 1e-7, model.center.y); _ = window.renderIfNeeded(force: true) }
        map.drawsTiles = true
        _ = window.renderIfNeeded(force: true)
        let full = median(21) { model.center = WorldPoint(model.center.x + 1e-7, model.center.y); _ = window.renderIfNeeded(force: true) }
        // A fast drag, 40 points a frame for 120 frames: tiles coming into view are made on the way.
        let made = map.basemap.tilesMade
        let fast = times(120) { model.center = WorldPoint(model.center.x + 40 / vp.worldSize, model.center.y + 10 / vp.worldSize); _ = window.renderIfNeeded(force: true) }
        let fastMade = map.basemap.tilesMade - made
        let zoomed = median(3) { model.zoom += 0.25; _ = window.renderIfNeeded(force: true) }
        model.center = WebMercator.project(LatLon(lat: 60.1697, lon: 24.9445)); model.zoom = 16.5
        _ = window.renderIfNeeded(force: true)
        // New results: labels make way for the new pins (only cells and tiles they touch are redone), back where
        // the bench began (after the other figures, so those are taken as before).
        let records = model.results, cafes = try search.search("cafes", near: Fixtures.tritone).results
        var flip = false
        let relabelled = times(6) { flip.toggle(); model.results = flip ? cafes : records; _ = window.renderIfNeeded(force: true) }
        model.results = cafes
        _ = window.renderIfNeeded(force: true)
        let fullCafes = median(21) { model.center = WorldPoint(model.center.x + 1e-7, model.center.y); _ = window.renderIfNeeded(force: true) }
        model.results = records
        _ = window.renderIfNeeded(force: true)
        let query = try median(51) { _ = try db.features(in: vp.bounds(margin: 20)) }
        let cat = try median(51) { _ = try search.search("record stores", near: Fixtures.tritone) }
        let name = try median(51) { _ = try search.search("tritone", near: Fixtures.tritone) }
        let artist = try median(51) { _ = try search.search("Radiohead", near: Fixtures.tritone) }

        figure("draw list, 1920x1080 frame, first (cold cache)", cold)
        figure("draw list, 1920x1080 frame, panning (\(commands) commands)", warm)
        figure("full frame 1920x1080 panning, basemap painted every frame", untiled[10])
        figure("full frame 1920x1080: layout + draw list + SDL software render", full)
        figure("  the same with \(cafes.count) pins (labels around them)", fullCafes)
        figure("  fast pan 40 pt/frame, median (\(fastMade) tiles made in 120 frames)", fast[60])
        figure("  fast pan 40 pt/frame, p95", fast[113])
        figure("  fast pan 40 pt/frame, max", fast[119])
        figure("first frame after new results (\(cafes.count) or \(records.count) pins), median of 6", relabelled[3])
        figure("first frame after a zoom step (every tile made)", zoomed)
        figure("R*Tree bbox query of the visible area", query)
        figure("search \"record stores\" (category)", cat)
        figure("search \"tritone\" (name)", name)
        figure("search \"Radiohead\" (artist → record stores)", artist)
        if ProcessInfo.processInfo.environment["PODIUM_BENCH_KINDS"] == "1" {
            var l = DrawList(); painter.paint(vp, style: .standard, into: &l, metrics: text)
            let kinds: [(String, (DrawCommand) -> Bool)] = [
                ("shape", { if case .shape = $0 { return true }; return false }),
                ("line", { if case .line = $0 { return true }; return false }),
                ("fill", { if case .fill = $0 { return true }; return false }),
                ("text", { if case .text = $0 { return true }; return false })]
            for (n, f) in kinds {
                let sub = l.commands.filter(f)
                var dl = DrawList(); for c in sub { switch c { case let .shape(sh, col, k, o): dl.shape(sh, col, scale: k, offset: o); case let .line(a, b, col, w): dl.line(a, b, col, width: w); case let .fill(r, col, rad): dl.fill(r, col, radius: rad); case let .text(b, col, o): dl.text(b, col, at: o); default: break } }
                let ms = median(5) { window.renderer.draw(dl, background: .white) }
                figure("render only \(n) (\(sub.count))", ms)
            }
        }
        XCTAssertGreaterThan(commands, 1000, "a full frame of central Helsinki is thousands of commands")
        XCTAssertGreaterThan(window.framesDrawn, 0)
    }
}
