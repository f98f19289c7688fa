import XCTest
import PodiumKit
import PodiumTestSupport

/// The real `podium` binary (offscreen SDL, software renderer) driven through its control socket,
/// searching the loopback wiki: proves network answers reach the main thread (the SDL wake-up),
/// the action sheet, the audience switch and the offline fallback.
final class WebSearchEndToEndTests: XCTestCase {
    /// `podium` on a one-scene deck (`web-search` with `parameters` and the shipped band pages),
    /// both views windowed, offscreen SDL with the software renderer, data in `dir`.
    func launch(_ parameters: [String: JSONValue], in dir: URL) throws -> PodiumProcess {
        var p = parameters
        p["documents"] = .string(Fixtures.packageRoot.appendingPathComponent("Assets/WebSearch").path)
        let deck = dir.appendingPathComponent("deck.json")
        let deckJSON: JSONValue = ["title": "Web search test", "scenes": [["kind": "web-search", "title": "Search", "parameters": .object(p)]]]
        try Data(deckJSON.jsonString.utf8).write(to: deck)
        return try PodiumProcess(args: [deck.path, "--windowed"], environment: [
            "SDL_VIDEODRIVER": "offscreen", "SDL_RENDER_DRIVER": "software", "XDG_DATA_HOME": dir.appendingPathComponent("data").path,
        ], dir: dir)
    }

    func testSearchReadShowAndFallBackThroughTheControlSocket() throws {
        guard FileManager.default.isExecutableFile(atPath: TestPaths.podium) else { throw XCTSkip("build podium first (swift build)") }
        let wiki = try LoopbackWiki()
        defer { wiki.stop() }
        let dir = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let app = try launch(["provider": "online", "api": .string(wiki.endpoint), "timeout": 3], in: dir)
        defer { app.stop() }
        let c = app.client!

        func controls(_ s: JSONValue, _ window: String = "presenter") -> [JSONValue] {
            s["windows"]?.array?.first { $0["role"]?.string == window }?["controls"]?.array ?? []
        }
        func value(_ s: JSONValue, _ id: String, _ window: String = "presenter") -> String? {
            controls(s, window).first { $0["id"]?.string == id }?["value"]?.string
        }

        var state = try c.send(["cmd": "state"])
        XCTAssertEqual(state["driver"]?.string, "offscreen")
        XCTAssertEqual(state["scene"]?["kind"]?.string, "web-search")

        // Online search against the loopback wiki.
        XCTAssertEqual(try c.send(["cmd": "click", "id": "websearch.field"])["ok"], true)
        XCTAssertEqual(try c.send(["cmd": "type", "text": "Radiohead"])["ok"], true)
        XCTAssertEqual(try c.send(["cmd": "key", "key": "Return"])["ok"], true)
        state = try c.waitForState { value($0, "websearch.reader") == "Radiohead" }
        XCTAssertEqual(value(state, "websearch.reader"), "Radiohead", "the page extract arrives off the main thread and is shown")
        let rows = controls(state).filter { $0["role"]?.string == "row" }.compactMap { $0["label"]?.string }
        XCTAssertEqual(rows, ["Radiohead", "Radiohead discography", "Kid A"])
        XCTAssertEqual(value(state, "websearch.status"), "3 results from 127.0.0.1.")
        XCTAssertEqual(wiki.requests().first?["ua"] as? String, "Podium/1.0 (web-search scene; a Podium presenter) swift-corelibs-foundation")

        // Actions… → Show to Audience.
        XCTAssertNil(value(state, "websearch.audience.reader", "audience"))
        XCTAssertEqual(try c.send(["cmd": "click", "id": "websearch.actions"])["ok"], true)
        XCTAssertEqual(try c.send(["cmd": "click", "id": "sheet.websearch.actions.action.0"])["ok"], true)
        XCTAssertEqual(value(try c.send(["cmd": "state"]), "websearch.audience.reader", "audience"), "Radiohead")

        // A broken answer: the scene says so and offers the band pages.
        try c.send(["cmd": "click", "id": "websearch.field"])
        try c.send(["cmd": "key", "key": "Ctrl+U"])
        try c.send(["cmd": "type", "text": "malformed bristol"])
        try c.send(["cmd": "key", "key": "Return"])
        state = try c.waitForState { (value($0, "websearch.status") ?? "").contains("not valid search JSON") }
        let status = value(state, "websearch.status") ?? ""
        XCTAssertTrue(status.hasPrefix("127.0.0.1 sent a response that is not valid search JSON"), status)
        XCTAssertTrue(status.hasSuffix("Showing 2 offline results from Band pages."), status)

        let png = URL(fileURLWithPath: ProcessInfo.processInfo.environment["WEBSEARCH_SCREENSHOT"] ?? dir.appendingPathComponent("presenter.png").path)
        XCTAssertEqual(try c.send(["cmd": "screenshot", "window": "presenter", "path": .string(png.path)])["ok"], true)
        XCTAssertGreaterThan((try FileManager.default.attributesOfItem(atPath: png.path)[.size] as? Int) ?? 0, 1000)
        XCTAssertEqual(app.stop(), 0)
    }

    /// Real fonts: a band page shown to the audience never has ink on the reader's bottom edge
    /// (no line cut through), on any page, and ▼ on the presenter moves the room's copy on.
    func testTheRoomsPageHasNoLineCutByItsBottomEdge() throws {
        guard FileManager.default.isExecutableFile(atPath: TestPaths.podium) else { throw XCTSkip("build podium first (swift build)") }
        let dir = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let app = try launch(["query": "Radiohead"], in: dir)
        defer { app.stop() }
        let c = app.client!
        var state = try c.send(["cmd": "state"])
        XCTAssertEqual(state["driver"]?.string, "offscreen")
        XCTAssertEqual(try c.send(["cmd": "click", "id": "websearch.actions"])["ok"], true)
        XCTAssertEqual(try c.send(["cmd": "click", "id": "sheet.websearch.actions.action.0"])["ok"], true)
        state = try c.send(["cmd": "state"])
        let audience = try XCTUnwrap(state["windows"]?.array?.first { $0["role"]?.string == "audience" })
        let scale = audience["scale"]?.number ?? 1
        let f = try XCTUnwrap(app.control("websearch.audience.reader", in: "audience")?["frame"])
        XCTAssertEqual(try app.control("websearch.audience.reader", in: "audience")?["value"]?.string, "Radiohead")
        // The reader's last three pixel rows, less the trailing edge (where a scroll bar would be).
        let x = Int((f["x"]!.number! * scale).rounded()), w = Int((f["width"]!.number! * scale).rounded()) - 12
        let bottom = Int(((f["y"]!.number! + f["height"]!.number!) * scale).rounded(.down))
        var shots: [Data] = []
        for page in 0..<8 {
            let png = dir.appendingPathComponent("audience-\(page).png").path
            XCTAssertEqual(try c.send(["cmd": "screenshot", "window": "audience", "path": .string(png)])["ok"], true)
            let img = try PNGImage(path: png)
            let bg = img.rgb(x + 2, bottom - 1)
            let ink = img.count(x: x, y: bottom - 3, w: w, h: 3) { abs(Int($0.r) - bg.0) + abs(Int($0.g) - bg.1) + abs(Int($0.b) - bg.2) > 60 }
            XCTAssertEqual(ink, 0, "page \(page + 1): text touches the reader's bottom edge (a line cut through); see \(png)")
            let shot = try Data(contentsOf: URL(fileURLWithPath: png))
            if shots.last == shot { break }   // the last page: ▼ is off
            shots.append(shot)
            guard try c.send(["cmd": "click", "id": "websearch.room-on"])["ok"] == true else { break }
        }
        XCTAssertGreaterThan(Set(shots).count, 1, "▼ moved the room's copy to another page")
        XCTAssertEqual(app.stop(), 0)
    }
}
