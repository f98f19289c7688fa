import CSDL2
import CSDL2Image
import Foundation
@testable import MapSearchScene
import PodiumKit
@testable import PodiumSDL
import PodiumTestSupport
import XCTest

/// `scripts/bench-map.sh` figures for memory: the online map (tiles from a loopback server)
/// panned for PODIUM_BENCH_SECONDS (default 60) at 1920×1080, with the process's resident
/// memory and the renderer's image textures printed before and after. Prints, never judges.
@MainActor
final class MapPanMemoryBenchmarkTests: XCTestCase {
    func residentMB() -> Double {
        let fields = (try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8))?.split(separator: " ") ?? []
        return fields.count > 1 ? Double(fields[1])! * Double(sysconf(Int32(_SC_PAGESIZE))) / 1_048_576 : 0
    }

    func testPanTheOnlineMapForAMinute() async throws {
        try XCTSkipUnless(ProcessInfo.processInfo.environment["PODIUM_BENCH"] == "1", "set PODIUM_BENCH=1 (scripts/bench-map.sh)")
        let seconds = Double(ProcessInfo.processInfo.environment["PODIUM_BENCH_SECONDS"] ?? "") ?? 60
        setenv("SDL_RENDER_DRIVER", "software", 1)
        try SDLVideo.start(driver: "offscreen")
        defer { SDLVideo.stop() }
        XCTAssertEqual(SDLVideo.currentDriver, "offscreen")

        // One 256×256 PNG tile, served for every tile address.
        let dir = Fixtures.temporaryDirectory("panmem")
        let tilePath = dir.appendingPathComponent("tile.png").path
        let surface = try XCTUnwrap(SDL_CreateRGBSurfaceWithFormat(0, 256, 256, 32, SDL_PIXELFORMAT_ARGB8888.rawValue))
        SDL_FillRect(surface, nil, 0xFF80_C080)
        XCTAssertEqual(IMG_SavePNG(surface, tilePath), 0)
        SDL_FreeSurface(surface)
        let server = try LoopbackServer()
        defer { server.stop() }
        server.route("/tiles/", contentType: "image/png", try Data(contentsOf: URL(fileURLWithPath: tilePath)))

        let text = TextEngine()
        let root = WindowRoot(metrics: text)
        let model = MapModel(center: LatLon(lat: 60.1697, lon: 24.9445), zoom: 16)
        let map = MapView(model: model, painter: MapPainter(database: try MapDatabase(path: Fixtures.helsinki)), interactive: false)
        map.tiles = TileLayer(source: XYZTileSource(template: server.base + "/tiles/{z}/{x}/{y}.png"),
                              cacheDirectory: dir.appendingPathComponent("cache"), attribution: "bench tiles")
        root.content.addSubview(map.pinned(.fill()))
        let window = try PlatformWindow(title: "map pan", root: root, size: Size(1920, 1080), text: text)
        window.renderer.decodesImagesSynchronously = true

        func frame() { settle(map.tiles!.inbox, timeout: 0.05); _ = window.renderIfNeeded(force: true) }
        for _ in 0..<5 { frame() }
        let before = residentMB(), texturesBefore = window.renderer.images.bytes
        let end = Date().addingTimeInterval(seconds)
        var frames = 0
        while Date() < end {
            // East a tile's width a frame: a column of new tiles every frame.
            model.center = WorldPoint(model.center.x + 1 / pow(2, 16), model.center.y)
            frame(); frames += 1
        }
        let after = residentMB(), texturesAfter = window.renderer.images.bytes
        let mb = { (b: Int) in String(format: "%.1f MB", Double(b) / 1_048_576) }
        print(String(format: "map-bench: pan the online map %.0f s (%d frames, %d tile requests)", seconds, frames, map.tiles!.requests))
        print(String(format: "map-bench: resident memory before %.1f MB, after %.1f MB", before, after))
        print("map-bench: image textures before \(mb(texturesBefore)), after \(mb(texturesAfter)) (limit \(mb(window.renderer.images.limitBytes)))")
        XCTAssertLessThanOrEqual(texturesAfter, window.renderer.images.limitBytes, "the image texture cache stays within its limit")
        try? FileManager.default.removeItem(at: dir)
    }
}
