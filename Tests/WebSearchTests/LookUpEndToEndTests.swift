import XCTest
import PodiumKit
import PodiumTestSupport

/// Trial 13 F13, as the speaker met it: the real `podium` (offscreen SDL, software renderer)
/// on a deck with a scene between the band list and the web search, driven through the control
/// socket. The band list's Actions… › Search the Web opens the search on the console only: the
/// room keeps the band list (its scene and its pixels) until the speaker shows it (`f`); Page Up
/// goes back to the band list, not to the scene before the search. The search's own Results to
/// Audience shows it to the room as `f` does (`SceneContext.showToRoom`).
final class LookUpEndToEndTests: XCTestCase {
    var dir: URL!
    override func setUpWithError() throws {
        guard FileManager.default.isExecutableFile(atPath: TestPaths.podium) else { throw XCTSkip("build podium first (swift build)") }
        dir = try Fixtures.temporaryDirectory()
    }
    override func tearDown() { if let dir { try? FileManager.default.removeItem(at: dir) } }

    /// The real podium (windowed, offscreen, software renderer, its data folder private) on a
    /// deck of a title, the band list on Radiohead, `third` and the web search on the shipped pages.
    func launch(third: JSONValue) throws -> PodiumProcess {
        let pages = Fixtures.packageRoot.appendingPathComponent("Assets/WebSearch").path
        let deckJSON: JSONValue = ["title": "Look-up test", "scenes": [
            ["kind": "title", "title": "Hello", "parameters": ["heading": "Hello"]],
            ["kind": "band-list", "title": "Bands", "parameters": ["select": "Radiohead"]],
            third,
            ["kind": "web-search", "title": "Read More", "parameters": ["provider": "offline", "documents": .string(pages)]],
        ]]
        let deck = dir.appendingPathComponent("deck.json")
        try Data(deckJSON.jsonString.utf8).write(to: deck)
        return try PodiumProcess(args: [deck.path, "--windowed"], environment: [
            "SDL_VIDEODRIVER": "offscreen", "SDL_RENDER_DRIVER": "software", "XDG_DATA_HOME": dir.appendingPathComponent("data").path,
        ], dir: dir)
    }

    private var shots = 0
    /// The audience window's pixels now.
    func room(_ c: ControlClient) throws -> PNGImage {
        shots += 1
        let png = dir.appendingPathComponent("room\(shots).png").path
        XCTAssertEqual(try c.send(["cmd": "screenshot", "window": "audience", "path": .string(png)])["ok"], true)
        return try PNGImage(path: png)
    }

    func testSearchTheWebFromTheBandListStaysOnTheConsole() throws {
        let app = try launch(third: ["kind": "title", "title": "Between", "parameters": ["heading": "Between"]])
        defer { app.stop() }
        let c = app.client!
        func room() throws -> PNGImage { try self.room(c) }
        func searchTheWeb() throws {
            XCTAssertEqual(try c.send(["cmd": "click", "id": "bands.actions"])["ok"], true)
            XCTAssertEqual(try c.send(["cmd": "click", "id": "sheet.bands.actions.action.1"])["ok"], true)   // Search the Web
        }

        XCTAssertEqual(try c.send(["cmd": "goto", "index": 1])["ok"], true)
        var s = try c.waitForState(timeout: 30) { $0["scene"]?["index"]?.int == 1 }
        XCTAssertEqual(s["driver"]?.string, "offscreen")
        let bands = try room()

        // The look-up: the console is on the search, handed the band's name; the room is not moved.
        try searchTheWeb()
        s = try c.waitForState(timeout: 30) { $0["scene"]?["index"]?.int == 3 }
        XCTAssertEqual(s["scene"]?["kind"]?.string, "web-search", "the console shows the search")
        XCTAssertEqual(s["frozen"]?.bool, true, "the room is held")
        XCTAssertEqual(s["frozenScene"]?.int, 1, "on the band list")
        let notice = s["console"]?["notice"]?.string ?? ""
        XCTAssertTrue(notice.contains("the room still sees Bands"), notice)
        XCTAssertEqual(try room().rgba, bands.rgba, "the room's pixels did not change")

        // Page Up: back to the band list (not "Between"), live.
        XCTAssertEqual(try c.send(["cmd": "key", "key": "Page Up"])["ok"], true)
        s = try c.waitForState { $0["scene"]?["index"]?.int != 3 }
        XCTAssertEqual(s["scene"]?["index"]?.int, 1, "previous goes back to where the look-up came from")
        XCTAssertEqual(s["frozen"]?.bool, false)
        XCTAssertEqual(s["console"]?["notice"], .null, "the notice went with the look-up")
        XCTAssertEqual(try room().rgba, bands.rgba)

        // Again, and this time the speaker shows it: f.
        try searchTheWeb()
        s = try c.waitForState(timeout: 30) { $0["scene"]?["index"]?.int == 3 }
        XCTAssertEqual(try room().rgba, bands.rgba)
        XCTAssertEqual(try c.send(["cmd": "key", "key": "f"])["ok"], true)
        s = try c.waitForState { $0["frozen"]?.bool == false }
        XCTAssertEqual(s["scene"]?["index"]?.int, 3)
        XCTAssertNotEqual(try room().rgba, bands.rgba, "after f the room sees the search")

        // The search's own Results to Audience does what f does.
        XCTAssertEqual(try c.send(["cmd": "key", "key": "Page Up"])["ok"], true)
        s = try c.waitForState { $0["scene"]?["index"]?.int == 2 }
        XCTAssertEqual(try c.send(["cmd": "goto", "index": 1])["ok"], true)
        s = try c.waitForState(timeout: 30) { $0["scene"]?["index"]?.int == 1 }
        try searchTheWeb()
        s = try c.waitForState(timeout: 30) { $0["scene"]?["index"]?.int == 3 }
        XCTAssertEqual(s["frozen"]?.bool, true)
        XCTAssertEqual(try c.send(["cmd": "click", "id": "websearch.audience-results"])["ok"], true)
        s = try c.waitForState { $0["frozen"]?.bool == false }
        XCTAssertEqual(s["scene"]?["index"]?.int, 3, "the console stays on the search")
        XCTAssertFalse(s["console"]?["notice"]?.string?.contains("on the console only") == true, "the look-up's hint went with it")
        XCTAssertNotEqual(try room().rgba, bands.rgba, "the room sees the search")
        XCTAssertEqual(try c.send(["cmd": "key", "key": "Page Up"])["ok"], true)
        s = try c.waitForState { $0["scene"]?["index"]?.int != 3 }
        XCTAssertEqual(s["scene"]?["index"]?.int, 2, "the look-up is over: previous is the scene before")
        XCTAssertEqual(app.stop(), 0)
    }

    /// Trial 16 M1, as the speaker met it: the demo's order (band list, map, web search). Find
    /// Local Record Stores looks up the very next scene; `f` then showed the room an empty dark
    /// frame, and so did next after a Search the Web look-up (the talk going on to the map),
    /// until a scene change. The room sees the map each time.
    func testTheRoomSeesTheMapAfterALookUpOfTheNextScene() throws {
        let app = try launch(third: ["kind": "map-search", "title": "Record Stores",
                                     "parameters": ["query": "record stores", "latitude": 60.1697, "longitude": 24.9445, "zoom": 16.5]])
        defer { app.stop() }
        let c = app.client!
        /// The share of the audience window's pixels in its commonest colour: 1 for an empty frame.
        func roomSameColourShare() throws -> Double {
            let img = try room(c)
            var counts: [UInt32: Int] = [:]
            for i in stride(from: 0, to: img.rgba.count, by: 4) {
                counts[UInt32(img.rgba[i]) << 16 | UInt32(img.rgba[i + 1]) << 8 | UInt32(img.rgba[i + 2]), default: 0] += 1
            }
            return Double(counts.values.max() ?? 0) / Double(max(1, img.width * img.height))
        }
        func lookUp(action: Int, to index: Int) throws {
            XCTAssertEqual(try c.send(["cmd": "goto", "index": 1])["ok"], true)
            _ = try c.waitForState(timeout: 30) { $0["scene"]?["index"]?.int == 1 && $0["frozen"]?.bool == false }
            XCTAssertEqual(try c.send(["cmd": "click", "id": "bands.actions"])["ok"], true)
            XCTAssertEqual(try c.send(["cmd": "click", "id": .string("sheet.bands.actions.action.\(action)")])["ok"], true)
            let s = try c.waitForState(timeout: 30) { $0["scene"]?["index"]?.int == index }
            XCTAssertEqual(s["frozen"]?.bool, true, "a look-up: the room is held on the band list")
        }

        // Find Local Record Stores, then f: the room sees the map.
        try lookUp(action: 2, to: 2)
        XCTAssertEqual(try c.send(["cmd": "key", "key": "f"])["ok"], true)
        var s = try c.waitForState { $0["frozen"]?.bool == false }
        XCTAssertEqual(s["scene"]?["index"]?.int, 2)
        XCTAssertLessThan(try roomSameColourShare(), 0.9, "after f the room sees the map, not an empty frame")

        // Search the Web, then Page Down: the talk goes on to the map, which the room sees.
        try lookUp(action: 1, to: 3)
        XCTAssertEqual(try c.send(["cmd": "key", "key": "Page Down"])["ok"], true)
        s = try c.waitForState { $0["frozen"]?.bool == false }
        XCTAssertEqual(s["scene"]?["index"]?.int, 2, "next goes on from the band list")
        XCTAssertLessThan(try roomSameColourShare(), 0.9, "the room sees the map, not an empty frame")
        XCTAssertEqual(app.stop(), 0)
    }
}
