import Foundation
import PodiumSQLite
import PodiumKit
import PodiumTestSupport
import XCTest
@testable import MapSearchScene

/// The real binary: a snapshot checked by pixels, and a search through the control socket.
@MainActor
final class MapEndToEndTests: XCTestCase {
    override func setUp() async throws {
        try XCTSkipUnless(FileManager.default.isExecutableFile(atPath: TestPaths.podium), "build first: swift build")
    }

    func writeDeck(_ dir: URL, _ params: String) throws -> String {
        let deck = dir.appendingPathComponent("map.json")
        try Data("""
        {"title":"Map test","scenes":[{"kind":"title","parameters":{"heading":"Hi"}},
         {"kind":"map-search","title":"Stores","parameters":\(params)}]}
        """.utf8).write(to: deck)
        return deck.path
    }

    func testSnapshotPixels() async throws {
        let dir = Fixtures.temporaryDirectory("snap")
        let deck = try writeDeck(dir, #"{"query":"Tritone","latitude":60.1697,"longitude":24.9445,"zoom":16.5}"#)
        let out = dir.appendingPathComponent("audience.png").path
        let r = try runPodium(["snapshot", deck, "--scene", "1", "--view", "audience", "--size", "1920x1080", "--out", out],
                              environment: ["XDG_DATA_HOME": dir.path, "SDL_RENDER_DRIVER": "software"])
        XCTAssertEqual(r.status, 0, r.output)
        XCTAssertTrue(r.output.contains("driver offscreen"), r.output)
        let img = try DecodedPNG(path: out)
        XCTAssertEqual(img.width, 1920); XCTAssertEqual(img.height, 1080)
        let s = MapStyle.standard
        XCTAssertGreaterThan(img.share(of: s.areas["building"]!), 0.10, "buildings cover much of the centre")
        XCTAssertGreaterThan(img.share(of: s.areas["park"]!), 0.02, "parks")
        XCTAssertGreaterThan(img.share(of: s.areas["water"]!), 0.0005, "water")
        XCTAssertGreaterThan(img.share(of: s.lines["primary"]!.0), 0.005, "primary streets")
        // The pin sits exactly where the projection says Tritone Records is.
        let vp = MapModel(center: LatLon(lat: 60.1697, lon: 24.9445), zoom: 16.5).viewport(for: Size(1920, 1080))
        let tip = vp.point(Fixtures.tritone)
        let r9 = 9 * 1.8
        XCTAssertEqual(img.color(Int(tip.x), Int(tip.y - 2.3 * r9)), s.pin, "pin disc above the tip")
        XCTAssertEqual(img.color(Int(tip.x), Int(tip.y - 1.6 * r9)), .white, "white dot in the pin")
        // Scale bar and attribution boxes sit in the corners over the map.
        XCTAssertNotEqual(img.color(1919 - 4, 1079 - 4), s.land)
    }

    func testMBTilesSnapshotShowsTilesInsteadOfTheVectorMap() async throws {
        let dir = Fixtures.temporaryDirectory("mbsnap")
        let mb = dir.appendingPathComponent("green.mbtiles").path
        let db = try SQLiteDatabase(path: mb)
        try db.execute("CREATE TABLE tiles(zoom_level INTEGER, tile_column INTEGER, tile_row INTEGER, tile_data BLOB)")
        let vp = MapModel(center: LatLon(lat: 60.1697, lon: 24.9445), zoom: 16.5).viewport(for: Size(1920, 1080))
        let probe = TileLayer(source: XYZTileSource(template: "http://unused/{z}/{x}/{y}"), cacheDirectory: dir, attribution: nil)
        for k in probe.keys(for: vp) {
            try db.query("INSERT INTO tiles VALUES (?, ?, ?, ?)", [.integer(Int64(k.z)), .integer(Int64(k.x)), .integer(Int64((1 << k.z) - 1 - k.y)), .blob(Recorded.png)])
        }
        let deck = try writeDeck(dir, #"{"mbtiles":"green.mbtiles","tileAttribution":"Green test tiles","latitude":60.1697,"longitude":24.9445,"zoom":16.5}"#)
        let out = dir.appendingPathComponent("tiles.png").path
        let r = try runPodium(["snapshot", deck, "--scene", "1", "--view", "audience", "--size", "1920x1080", "--out", out],
                              environment: ["XDG_DATA_HOME": dir.path, "SDL_RENDER_DRIVER": "software"])
        XCTAssertEqual(r.status, 0, r.output)
        let img = try DecodedPNG(path: out)
        let green = Color(0x20, 0x90, 0x40)
        XCTAssertEqual(img.color(40, 40), green, "tiles drawn in the first frame")
        XCTAssertGreaterThan(img.share(of: green), 0.9)
        XCTAssertLessThan(img.share(of: MapStyle.standard.areas["building"]!), 0.001, "a complete tile cover hides the vector map")
    }

    /// Trial 9 F11 on the Xorg rig (a real audience window): the arrows pan the map, but the
    /// room's frame never gets more of the bare land colour than at the start (the map pushed off
    /// the offline data), and a search after panning shows its pin to the room.
    func testArrowsKeepTheRoomOnTheMapAndASearchShowsItsPin() async throws {
        let dir = Fixtures.temporaryDirectory("e2e-edge")
        let deck = try writeDeck(dir, #"{"latitude":60.1697,"longitude":24.9445,"zoom":16.5}"#)
        let rig = try XorgRig(monitors: ["1280x800", "1920x1080"])
        defer { rig.stop() }
        let podium = try PodiumProcess(args: [deck], environment: rig.environment.merging(["SDL_RENDER_DRIVER": "software", "XDG_DATA_HOME": dir.path]) { $1 }, dir: dir)
        defer { podium.stop() }
        let c = podium.client!
        let st = try c.waitForState { $0["windows"]?.array?.last?["visible"]?.bool == true }
        XCTAssertEqual(st["driver"]?.string, "x11")
        XCTAssertEqual(try c.send(["cmd": "goto", "index": 1])["ok"], true)
        func room(_ name: String) throws -> DecodedPNG {
            let path = dir.appendingPathComponent("\(name).png").path
            let r: JSONValue = try c.send(["cmd": "screenshot", "window": "audience", "path": .string(path)])
            XCTAssertEqual(r["ok"], true)
            return try DecodedPNG(path: path)
        }
        let land = MapStyle.standard.land
        let start = try room("start").share(of: land)
        let list = try XCTUnwrap(podium.control("map.results")?["frame"])
        let x = list["x"]!.number! + list["width"]!.number! + 60, y = list["y"]!.number! + 60
        XCTAssertEqual(try c.send(["cmd": "click", "x": .number(x), "y": .number(y)])["ok"], true)
        for _ in 0..<6 { XCTAssertEqual(try c.send(["cmd": "key", "key": "Down"])["ok"], true) }
        for _ in 0..<4 { XCTAssertEqual(try c.send(["cmd": "key", "key": "Right"])["ok"], true) }
        let panned = try room("panned").share(of: land)
        XCTAssertLessThan(panned, start + 0.03, "the room's map is not pushed off the data: bare land \(start) → \(panned)")
        XCTAssertEqual(try c.send(["cmd": "click", "id": "map.search"])["ok"], true)
        XCTAssertEqual(try c.send(["cmd": "type", "text": "Tritone"])["ok"], true)
        XCTAssertEqual(try c.send(["cmd": "key", "key": "Return"])["ok"], true)
        let found = try room("found")
        XCTAssertGreaterThan(found.share(of: MapStyle.standard.pin), 0.0001, "the room sees the result's pin")
        XCTAssertLessThan(found.share(of: land), start + 0.03)
        XCTAssertEqual(podium.stop(), 0, podium.log)
    }

    func testSearchThroughTheControlSocketFindsTritoneRecords() async throws {
        let dir = Fixtures.temporaryDirectory("e2e")
        let deck = try writeDeck(dir, #"{"latitude":60.1697,"longitude":24.9445,"zoom":16.5}"#)
        let podium = try PodiumProcess(args: [deck, "--windowed"], environment:
            ["SDL_VIDEODRIVER": "offscreen", "SDL_RENDER_DRIVER": "software", "XDG_DATA_HOME": dir.path], dir: dir)
        var stopped = false
        defer { if !stopped { podium.stop() } }
        let c = podium.client!
        XCTAssertEqual(try c.send(["cmd": "goto", "index": 1])["ok"], true)
        XCTAssertEqual(try c.send(["cmd": "click", "id": "map.search"])["ok"], true)
        XCTAssertEqual(try c.send(["cmd": "type", "text": "record stores"])["ok"], true)
        XCTAssertEqual(try c.send(["cmd": "key", "key": "Return"])["ok"], true)
        let state = try c.send(["cmd": "state"])
        XCTAssertEqual(state["driver"], "offscreen")
        XCTAssertEqual(state["scene"]?["kind"], "map-search")
        let presenter = try XCTUnwrap(state["windows"]?.array?.first)
        let controls = presenter["controls"]?.array ?? []
        let row = controls.first { $0["label"] == "Tritone Records" && $0["role"] == "row" }
        XCTAssertNotNil(row, "Tritone Records is in the results list")
        XCTAssertNotNil(controls.first { $0["id"] == "map.pin.node/5865570485" }, "and has a pin")

        XCTAssertEqual(try c.send(["cmd": "click", "id": "map.pin.node/5865570485"])["ok"], true)
        let after = try c.send(["cmd": "state"])
        let pop = try XCTUnwrap(after["popovers"]?.array?.first)
        XCTAssertEqual(pop["source"], "map.place")
        let shot = dir.appendingPathComponent("presenter.png").path
        XCTAssertEqual(try c.send(["cmd": "screenshot", "window": "presenter", "path": .string(shot)])["ok"], true)
        XCTAssertGreaterThan(try DecodedPNG(path: shot).share(of: MapStyle.standard.selectedPin), 0.0001, "the selected pin is drawn")
        stopped = true
        XCTAssertEqual(podium.stop(), 0, podium.log)
    }
}
