import Foundation
import PodiumSQLite
import PodiumKit
import PodiumTestSupport
import XCTest
@testable import MapSearchScene

/// Wait helper: drains `inbox` on this thread until nothing is pending (10 s at most).
@MainActor func settle(_ inboxes: MainInbox..., timeout: Double = 10) {
    let end = Date().addingTimeInterval(timeout)
    while inboxes.contains(where: { $0.pending > 0 }) && Date() < end {
        inboxes.forEach { $0.drain() }
        usleep(5000)
    }
    inboxes.forEach { $0.drain() }
}

@MainActor
final class GeocoderTests: XCTestCase {
    var server: LoopbackServer!
    override func setUp() async throws { server = try LoopbackServer() }
    override func tearDown() async throws { server.stop() }

    func testParsesARecordedNominatimAnswer() async throws {
        let places = try NominatimGeocoder.parse(Data(Recorded.tritone.utf8))
        let p = try XCTUnwrap(places.first)
        XCTAssertEqual(p.name, "Tritone Records")
        XCTAssertEqual(p.osm, "node/5865570485")
        XCTAssertEqual(p.category, "shop=music")
        XCTAssertEqual(p.categoryName, "Record store")
        XCTAssertEqual(p.address, "Sofiankatu 8, 00170 Helsinki")
        XCTAssertEqual(p.openingHours, "Mo-Fr 11:00-18:00; Sa 11:00-16:00")
        XCTAssertEqual(p.website, "https://www.tritonerecords.fi/")
        XCTAssertEqual(p.location.lat, 60.1687827, accuracy: 1e-9)
    }

    func testBadAnswersGiveReadableErrors() async {
        func err(_ s: String) -> String { do { _ = try NominatimGeocoder.parse(Data(s.utf8)); return "" } catch { return "\(error)" } }
        XCTAssertTrue(err(Recorded.malformed).hasPrefix("malformed JSON from the geocoder"), err(Recorded.malformed))
        XCTAssertEqual(err(Recorded.error), "geocoder error: Nothing to search for.")
        XCTAssertEqual(err(#"{"results":[]}"#), "expected a JSON array from the geocoder, found object")
        XCTAssertEqual(err(#"[{"name":"x"}]"#), "geocoder result [0]: missing lat/lon")
        XCTAssertEqual(err("[]"), "")
    }

    func search(_ base: String, _ q: String) -> Result<[Place], NominatimGeocoder.Failure> {
        let g = NominatimGeocoder(base: URL(string: base)!)
        let box = MainInbox()
        nonisolated(unsafe) var out: Result<[Place], NominatimGeocoder.Failure>?
        box.begin()
        g.search(q, near: nil) { r in box.post { out = r } }
        settle(box)
        return out ?? .failure(.init(description: "no answer"))
    }

    func testSearchOverHTTPWithUserAgent() async throws {
        server.route("/ok/search", json: Recorded.tritone)
        let places = try search(server.base + "/ok", "Tritone Records Helsinki").get()
        XCTAssertEqual(places.map(\.name), ["Tritone Records"])
        let req = try XCTUnwrap(server.requests.last)
        XCTAssertTrue(req.line.hasPrefix("GET /ok/search?q=Tritone%20Records%20Helsinki&format=jsonv2"), req.line)
        XCTAssertEqual(req.userAgent, HTTPClient.userAgent)
    }

    func testServerErrorsAndMalformedBodies() async {
        server.route("/down/search", status: 503, json: "{}")
        server.route("/broken/search", json: Recorded.malformed)
        server.route("/refuses/search", status: 400, json: Recorded.error)
        XCTAssertEqual(search(server.base + "/down", "x").failureText, "HTTP 503 from 127.0.0.1")
        XCTAssertTrue(search(server.base + "/broken", "x").failureText.hasPrefix("malformed JSON"))
        XCTAssertEqual(search(server.base + "/refuses", "x").failureText, "HTTP 400 from 127.0.0.1")
        // Nothing listens on port 9 of loopback: a transport error, not a crash.
        XCTAssertFalse(search("http://127.0.0.1:9", "x").failureText.isEmpty)
    }

    func testSceneFallsBackToTheGeocoderAndShowsProblems() async throws {
        server.route("/ok/search", json: Recorded.tritone)
        server.route("/down/search", status: 500, json: "{}")
        let ctx = mapContext("geo")
        let p = SceneParameters(["geocoder": .string(server.base + "/ok")], path: "p")
        let s = try MapSearchScene(MapSearchOptions(p), parameters: p, context: ctx)
        s.run("Tritone Records Helsinki")   // no offline name match
        XCTAssertTrue(s.presenter.summary.text.hasSuffix("searching online…"))
        settle(s.geocoderInbox)
        XCTAssertEqual(s.outcome?.interpretation, .online)
        XCTAssertEqual(s.presenter.summary.text, "1 place found online for “Tritone Records Helsinki”")
        XCTAssertEqual(s.model.results.first?.place.website, "https://www.tritonerecords.fi/")
        // Offline hits never wait for the network.
        let before = server.requests.count
        s.run("record stores")
        XCTAssertEqual(server.requests.count, before)

        let bad = SceneParameters(["geocoder": .string(server.base + "/down")], path: "p")
        let s2 = try MapSearchScene(MapSearchOptions(bad), parameters: bad, context: mapContext("geo2"))
        s2.run("Nirvana")
        settle(s2.geocoderInbox)
        XCTAssertEqual(s2.model.notice, "Online search failed: HTTP 500 from 127.0.0.1")
        XCTAssertEqual(s2.outcome?.interpretation, .artist("Nirvana"), "offline results stay")
    }
}

extension Result {
    var failureText: String { if case let .failure(e) = self { return "\(e)" }; return "" }
}

@MainActor
final class TileTests: XCTestCase {
    var server: LoopbackServer!
    override func setUp() async throws { server = try LoopbackServer() }
    override func tearDown() async throws { server.stop() }

    let vp = Viewport(center: Fixtures.tritone, zoom: 16, size: Size(600, 400))

    func images(_ l: DrawList) -> [(String, Rect)] {
        l.commands.compactMap { if case let .image(p, r, _) = $0 { return (p, r) } else { return nil } }
    }

    /// Draws once (requests go out), waits for the answers, draws again: the second frame's
    /// draw list and result.
    func drawAfterFetching(_ layer: TileLayer) -> (list: DrawList, complete: Bool, notice: String?) {
        var l = DrawList()
        _ = layer.draw(vp, into: &l)
        settle(layer.inbox)
        l = DrawList()
        let r = layer.draw(vp, into: &l)
        return (l, r.complete, r.notice)
    }

    func testKeysCoverTheViewport() async {
        let layer = TileLayer(source: XYZTileSource(template: "http://x/{z}/{x}/{y}.png"), cacheDirectory: Fixtures.temporaryDirectory("keys"), attribution: nil)
        let keys = layer.keys(for: vp)
        XCTAssertTrue(keys.contains(TileKey(z: 16, x: 37310, y: 18970)))
        // Tritone sits 94 points into its tile column and 5.5 into its row (worked by hand), so a
        // 600×400 view spans columns 37309…37311 and rows 18969…18970.
        XCTAssertEqual(Set(keys.map(\.x)), [37309, 37310, 37311])
        XCTAssertEqual(Set(keys.map(\.y)), [18969, 18970])
        XCTAssertEqual(keys.count, 6)
        var union = Rect.zero
        for k in keys { let r = layer.rect(k, vp); XCTAssertEqual(r.width, 256, accuracy: 1e-6); union = union == .zero ? r : Rect(min(union.minX, r.minX), min(union.minY, r.minY), max(union.maxX, r.maxX) - min(union.minX, r.minX), max(union.maxY, r.maxY) - min(union.minY, r.minY)) }
        XCTAssertTrue(union.contains(Rect(0, 0, 600, 400)))
    }

    func testTilesAreFetchedOnceThenServedFromTheDiskCache() async throws {
        server.route("/tiles/", contentType: "image/png", Recorded.png)
        let cache = Fixtures.temporaryDirectory("tiles")
        let template = server.base + "/tiles/{z}/{x}/{y}.png"
        let layer = TileLayer(source: XYZTileSource(template: template), cacheDirectory: cache, attribution: "Tiles test")
        var first = DrawList()
        let a = layer.draw(vp, into: &first)
        XCTAssertFalse(a.complete)
        XCTAssertTrue(images(first).isEmpty, "nothing cached yet")
        XCTAssertEqual(layer.requests, 6)
        settle(layer.inbox)
        var second = DrawList()
        XCTAssertTrue(layer.draw(vp, into: &second).complete)
        let drawn = images(second)
        XCTAssertEqual(drawn.count, 6)
        XCTAssertTrue(drawn.allSatisfy { FileManager.default.fileExists(atPath: $0.0) && $0.0.hasPrefix(cache.path) && $0.0.hasSuffix(".png") })
        XCTAssertTrue(server.requests.allSatisfy { $0.userAgent == HTTPClient.userAgent })
        // A new layer (next launch) over the same cache makes no requests.
        let served = server.requests.count
        let again = TileLayer(source: XYZTileSource(template: template), cacheDirectory: cache, attribution: nil)
        var third = DrawList()
        XCTAssertTrue(again.draw(vp, into: &third).complete)
        XCTAssertEqual(again.requests, 0)
        XCTAssertEqual(server.requests.count, served)
        // Another template does not see these tiles.
        let other = TileLayer(source: XYZTileSource(template: template + "?v=2"), cacheDirectory: cache, attribution: nil)
        var fourth = DrawList()
        XCTAssertFalse(other.draw(vp, into: &fourth).complete)
        settle(other.inbox)
    }

    func testFailuresKeepTheBasemapAndShowANotice() async throws {
        server.route("/garbage/", contentType: "image/png", Data("<html>rate limited</html>".utf8))
        // Port 9 on loopback has no listener: the "no network" case.
        for (base, expected) in [(server.base + "/missing/", "HTTP 404"), (server.base + "/garbage/", "is not an image"),
                                 ("http://127.0.0.1:9/", "connect")] {
            let layer = TileLayer(source: XYZTileSource(template: base + "{z}/{x}/{y}.png"),
                                  cacheDirectory: Fixtures.temporaryDirectory("fail"), attribution: nil)
            var l = DrawList()
            _ = layer.draw(vp, into: &l)
            settle(layer.inbox)
            l = DrawList()
            let r = layer.draw(vp, into: &l)
            XCTAssertFalse(r.complete)
            XCTAssertTrue(images(l).isEmpty)
            XCTAssertTrue(r.notice?.contains(expected) == true, "\(r.notice ?? "no notice")")
            XCTAssertTrue(r.notice?.hasSuffix("showing the offline map") == true)
            XCTAssertEqual(layer.requests, 6, "failed tiles are not re-requested every frame")
            layer.retryFailed()
            _ = layer.draw(vp, into: &l)
            XCTAssertEqual(layer.requests, 12, "retryFailed asks again")
            settle(layer.inbox)
        }
        // The map view draws the vector basemap under the notice.
        let root = WindowRoot(metrics: FixedMetrics())
        let model = MapModel(center: Fixtures.tritone, zoom: 16)
        let view = MapView(model: model, painter: MapPainter(database: try Fixtures.database()), interactive: false)
        view.tiles = TileLayer(source: XYZTileSource(template: server.base + "/missing/{z}/{x}/{y}.png"),
                               cacheDirectory: Fixtures.temporaryDirectory("failview"), attribution: "Test tiles")
        root.content.addSubview(view.pinned(.fill()))
        root.resize(to: Size(800, 600))
        _ = root.renderFrame()
        settle(view.tiles!.inbox)
        let frame = root.renderFrame().commands
        // The basemap comes as tiles (pictures): look inside them too.
        let cmds = frame + frame.flatMap { c -> [DrawCommand] in if case let .picture(p, _, _) = c { p.commands } else { [] } }
        XCTAssertTrue(cmds.contains { if case let .shape(_, c, _, _) = $0 { return c == MapStyle.standard.areas["building"] } else { return false } })
        let texts = cmds.compactMap { c -> String? in if case let .text(b, _, _) = c { return b.text } else { return nil } }
        XCTAssertTrue(texts.contains { $0.hasPrefix("Map tiles unavailable (HTTP 404)") })
        XCTAssertTrue(texts.contains("© OpenStreetMap contributors, ODbL · Test tiles"))
    }

    func testMBTilesIsAnOfflineSource() async throws {
        let dir = Fixtures.temporaryDirectory("mbtiles")
        let path = dir.appendingPathComponent("town.mbtiles").path
        let db = try SQLiteDatabase(path: path)
        try db.execute("CREATE TABLE metadata(name TEXT, value TEXT)")
        try db.execute("CREATE TABLE tiles(zoom_level INTEGER, tile_column INTEGER, tile_row INTEGER, tile_data BLOB)")
        // MBTiles rows count from the south (TMS): XYZ y 18970 at z16 is row 65535 − 18970.
        try db.query("INSERT INTO tiles VALUES (16, 37310, ?, ?)", [.integer(65535 - 18970), .blob(Recorded.png)])
        let source = try MBTilesSource(path: path)
        XCTAssertEqual(source.maxZoom, 16)
        let layer = TileLayer(source: source, cacheDirectory: dir.appendingPathComponent("cache"), attribution: nil)
        var l = DrawList()
        _ = layer.draw(vp, into: &l)
        settle(layer.inbox)
        l = DrawList()
        let r = layer.draw(vp, into: &l)
        XCTAssertEqual(images(l).count, 1, "the one tile in the file")
        XCTAssertEqual(images(l).first?.1, layer.rect(TileKey(z: 16, x: 37310, y: 18970), vp))
        XCTAssertFalse(r.complete)
        XCTAssertTrue(r.notice?.contains("no tile 16/") == true)
        XCTAssertThrowsError(try MBTilesSource(path: Fixtures.helsinki)) { e in XCTAssertTrue("\(e)".contains("not an MBTiles file")) }
    }

    /// From the reliability case map-tile-image-bomb: a 5000×5000 PNG (a small file: its rows
    /// compress to almost nothing) is refused from its header like a non-image tile, from a tile
    /// server and from an MBTiles file, and the offline map shows with a notice.
    func testOversizedTilesAreRefusedFromTheHeader() async throws {
        let bomb = try Recorded.hugePNG(width: 5000, height: 5000)
        XCTAssertLessThan(bomb.count, 2 << 20, "a file small enough to pass the size cap")
        server.route("/bomb/", contentType: "image/png", bomb)
        let layer = TileLayer(source: XYZTileSource(template: server.base + "/bomb/{z}/{x}/{y}.png"),
                              cacheDirectory: Fixtures.temporaryDirectory("bomb"), attribution: nil)
        let r = drawAfterFetching(layer)
        XCTAssertTrue(images(r.list).isEmpty, "no oversized tile reaches the renderer")
        XCTAssertTrue(r.notice?.contains("is 5000×5000 pixels, larger than the 4096×4096 allowed") == true, r.notice ?? "no notice")
        XCTAssertTrue(r.notice?.hasSuffix("showing the offline map") == true)

        let dir = Fixtures.temporaryDirectory("bombtiles")
        let path = dir.appendingPathComponent("bomb.mbtiles").path
        let db = try SQLiteDatabase(path: path)
        try db.execute("CREATE TABLE tiles(zoom_level INTEGER, tile_column INTEGER, tile_row INTEGER, tile_data BLOB)")
        // Every visible tile is a bomb except one whose PNG stops inside its header.
        for (i, k) in layer.keys(for: vp).enumerated() {
            try db.query("INSERT INTO tiles VALUES (16, ?, ?, ?)", [.integer(Int64(k.x)), .integer(Int64(65535 - k.y)), .blob(i == 0 ? Data(Recorded.png.prefix(40)) : bomb)])
        }
        let offline = TileLayer(source: try MBTilesSource(path: path), cacheDirectory: dir.appendingPathComponent("cache"), attribution: nil)
        let o = drawAfterFetching(offline)
        XCTAssertTrue(images(o.list).isEmpty)
        XCTAssertTrue(o.notice?.contains("is not a complete image") == true, o.notice ?? "no notice")
        XCTAssertFalse(o.complete)
        // Nothing of the refused tiles stays in the cache to be decoded later.
        let cached = FileManager.default.enumerator(atPath: dir.appendingPathComponent("cache").path)?.compactMap { $0 as? String }.filter { $0.hasSuffix(".png") } ?? []
        XCTAssertEqual(cached, [])
    }

    /// A download larger than the tile cap is stopped and reported, not kept.
    func testOversizedTileDownloadIsCut() async throws {
        server.route("/big/", contentType: "image/png", Recorded.png + Data(count: TileImage.maxFileBytes + 1))
        let layer = TileLayer(source: XYZTileSource(template: server.base + "/big/{z}/{x}/{y}.png"),
                              cacheDirectory: Fixtures.temporaryDirectory("big"), attribution: nil)
        let r = drawAfterFetching(layer)
        XCTAssertTrue(r.notice?.contains("the answer is larger than 2 MB") == true, r.notice ?? "no notice")
    }

    func testImageSniffing() async {
        XCTAssertEqual(TileImage.format(of: Recorded.png), "png")
        XCTAssertEqual(TileImage.format(of: Data([0xFF, 0xD8, 0xFF, 0xE0, 0, 0, 0xFF, 0xD9])), "jpg")
        XCTAssertNil(TileImage.format(of: Data([0xFF, 0xD8, 0xFF, 0xE0])), "truncated JPEG")
        XCTAssertNil(TileImage.format(of: Data("<!DOCTYPE html>".utf8)))
        XCTAssertNil(TileImage.format(of: Recorded.png.prefix(20)), "truncated PNG")
    }
}
