import Foundation
import PodiumKit
import PodiumTestSupport
import XCTest

/// Issue 13.1 as a speaker meets it: on a real X server with two monitors, click into every kind
/// of control in every shipped scene with the real pointer (xdotool through XTEST), then press
/// the clicker's key through the X server: the talk moves on, every time. (It lives with the PDF
/// tests because its deck has a PDF scene written by `TestPDF`.)
final class ClickerEndToEndTests: XorgPDFTestCase {

    func writeDeck() throws -> String {
        TestPDF.write(path("talk.pdf"), .init(pages: 4, outline: [("Start", 0), ("Middle", 2)]))
        let deck = """
        {"title": "Every scene", "scenes": [
          {"kind": "title", "title": "Hello", "parameters": {"heading": "Hello"}},
          {"kind": "band-list", "title": "Bands", "parameters": {"select": "Radiohead"}},
          {"kind": "map-search", "title": "Map", "parameters": {"query": "record stores", "latitude": 60.1697, "longitude": 24.9445, "zoom": 16.5}},
          {"kind": "web-search", "title": "Web", "parameters": {"provider": "offline", "query": "Sigur Rós"}},
          {"kind": "gallery", "title": "Gallery"},
          {"kind": "pdf", "parameters": {"file": "talk.pdf", "pages": "1-3"}},
          {"kind": "title", "title": "End", "parameters": {"heading": "Thanks"}}
        ]}
        """
        try deck.write(toFile: path("deck.json"), atomically: true, encoding: .utf8)
        return path("deck.json")
    }

    /// The scene's controls worth clicking: one of every role, plus the console's previews.
    func targets(_ s: JSONValue) -> [JSONValue] {
        let controls = s["windows"]?.array?.first?["controls"]?.array ?? []
        var seen: Set<String> = [], out: [JSONValue] = []
        let skip: Set = ["toolbar", "navigation-bar", "status", "alert"]
        for c in controls {
            guard let id = c["id"]?.string, let role = c["role"]?.string, !skip.contains(role) else { continue }
            let isPreview = id == "console.preview" || id == "console.nextPreview"
            guard isPreview || !id.hasPrefix("console."), !seen.contains(isPreview ? id : role) else { continue }
            seen.insert(isPreview ? id : role)
            out.append(c)
        }
        return out
    }

    /// Clicks control `c` with the real pointer (screen pixels from its window's bounds and scale).
    func click(_ s: JSONValue, _ c: JSONValue) throws {
        let w = try XCTUnwrap(s["windows"]?.array?.first)
        let scale = w["scale"]?.number ?? 1
        let f = try XCTUnwrap(c["frame"])
        let x = (w["bounds"]?["x"]?.number ?? 0) + (f["x"]!.number! + f["width"]!.number! / 2) * scale
        let y = (w["bounds"]?["y"]?.number ?? 0) + (f["y"]!.number! + f["height"]!.number! / 2) * scale
        try xdotool("mousemove", String(Int(x)), String(Int(y)), "click", "1")
    }

    func index(_ s: JSONValue) -> Int { s["scene"]?["index"]?.int ?? -1 }

    func testClickerKeysDriveTheTalkAfterAClickIntoAnyControlOfAnyScene() throws {
        let app = try PodiumProcess(args: [try writeDeck()], environment: rig.environment.merging(["SDL_RENDER_DRIVER": "software"]) { $1 }, dir: dir)
        defer { app.stop() }
        let c = app.client!
        var s = try c.waitForState { $0["windows"]?.array?.last?["visible"]?.bool == true }
        XCTAssertEqual(s["driver"]?.string, "x11", "SDL used the X server")
        let count = s["scene"]?["count"]?.int ?? 0
        var clicked: [String] = []
        for scene in 0..<(count - 1) {
            XCTAssertEqual(try c.send(["cmd": "goto", "index": .number(Double(scene))])["ok"]?.bool, true)
            for target in targets(try c.send(["cmd": "state"])) {
                let id = target["id"]!.string!, role = target["role"]!.string!
                XCTAssertEqual(try c.send(["cmd": "goto", "index": .number(Double(scene))])["ok"]?.bool, true)
                s = try c.send(["cmd": "state"])
                // Its frame now (a click elsewhere may have moved it); skip one that is gone.
                guard let now = targets(s).first(where: { $0["id"]?.string == id }) ?? s["windows"]?.array?.first?["controls"]?.array?.first(where: { $0["id"]?.string == id }) else { continue }
                try click(s, now)
                switch role {
                case "text-field": try xdotool("type", "bw"); try xdotool("key", "Return")      // commit gives the keys back
                case "text-view": try xdotool("type", "bw"); try xdotool("key", "Escape")       // Esc gives the keys back
                default: break
                }
                Thread.sleep(forTimeInterval: 0.2)
                // A click on the audience preview is itself an advance (the key map's MouseLeft):
                // back to the scene, so Page Down has somewhere to go.
                if id == "console.preview" { XCTAssertEqual(try c.send(["cmd": "goto", "index": .number(Double(scene))])["ok"]?.bool, true) }
                s = try c.send(["cmd": "state"])
                XCTAssertEqual(s["audienceMode"]?.string, "normal", "typing b/w into \(id) did not black or white out the room")
                let before = index(s), title = s["scene"]?["title"]?.string
                try xdotool("key", "Next")
                let after = try c.waitForState(timeout: 5) { self.index($0) != before || $0["scene"]?["title"]?.string != title }
                // A PDF page range steps through its pages first: the title names the page.
                let moved = index(after) == before + 1 || (index(after) == before && after["scene"]?["kind"]?.string == "pdf" && after["scene"]?["title"]?.string != title)
                XCTAssertTrue(moved, "Page Down after clicking \(id) (\(role)) in scene \(scene): \(before) \(title ?? "") → \(index(after)) \(after["scene"]?["title"]?.string ?? "")")
                clicked.append("\(scene):\(role)")
            }
        }
        // Every kind of control the issue names was clicked somewhere.
        for role in ["button", "row", "list", "slider", "switch", "segmented", "text-field", "text-view", "map", "pin", "reader", "preview"] {
            XCTAssertTrue(clicked.contains { $0.hasSuffix(":\(role)") }, "no \(role) was clicked: \(clicked)")
        }
        XCTAssertEqual(app.stop(), 0)
    }

    /// Trial 16 m6: a click on a map pin with the real pointer opens its card; the clicker's Right
    /// through the X server at once closes the card and moves the talk (it used to go to the map
    /// beneath, or nowhere at the map's edge). A click on the map itself keeps the README's rule:
    /// Right then pans the map, and the talk stays.
    func testARightJustAfterClickingAMapPinMovesTheTalk() throws {
        let app = try PodiumProcess(args: [try writeDeck()], environment: rig.environment.merging(["SDL_RENDER_DRIVER": "software"]) { $1 }, dir: dir)
        defer { app.stop() }
        let c = app.client!
        _ = try c.waitForState { $0["windows"]?.array?.last?["visible"]?.bool == true }
        XCTAssertEqual(try c.send(["cmd": "goto", "index": 2])["ok"]?.bool, true)
        func control(_ s: JSONValue, _ id: String) throws -> JSONValue {
            try XCTUnwrap(s["windows"]?.array?.first?["controls"]?.array?.first { $0["id"]?.string == id }, "no \(id)")
        }
        var s = try c.send(["cmd": "state"])
        // The map away from its pins (its top left), then Right: the map pans.
        let map = try control(s, "map"), f = try XCTUnwrap(map["frame"])
        let corner: JSONValue = ["frame": ["x": .number(f["x"]!.number! + 20), "y": .number(f["y"]!.number! + 20), "width": 20, "height": 20]]
        try click(s, corner)
        try xdotool("key", "Right")
        s = try c.waitForState(timeout: 5) { (try? control($0, "map"))?["value"] != map["value"] }
        XCTAssertNotEqual(try control(s, "map")["value"], map["value"], "Right panned the clicked map")
        XCTAssertEqual(index(s), 2, "and the talk stayed")
        // The pin, then Right at once: the card closes and the talk moves on.
        try click(s, try control(s, "map.pin.node/5865570485"))
        s = try c.waitForState(timeout: 5) { $0["popovers"]?.array?.isEmpty == false }
        XCTAssertEqual(s["popovers"]?.array?.first?["source"]?.string, "map.place", "the pin's card is open")
        try xdotool("key", "Right")
        s = try c.waitForState(timeout: 5) { self.index($0) != 2 }
        XCTAssertEqual(index(s), 3, "Right over the pin's card moved the talk")
        XCTAssertEqual(s["popovers"]?.array?.count ?? 0, 0, "and closed the card")
        XCTAssertEqual(app.stop(), 0)
    }

    /// A key map that binds `next` to "x" reaches the PDF scene as the action: its page range
    /// steps on x, and Page Down (no longer bound) does nothing.
    func testAKeyMapsNextStepsThroughAPDFRange() throws {
        try #"{"next": ["x"], "previous": ["z"]}"#.write(toFile: path("keys.json"), atomically: true, encoding: .utf8)
        let app = try PodiumProcess(args: [try writeDeck(), "--keymap", path("keys.json")],
                                    environment: rig.environment.merging(["SDL_RENDER_DRIVER": "software"]) { $1 }, dir: dir)
        defer { app.stop() }
        let c = app.client!
        XCTAssertEqual(try c.send(["cmd": "state"])["driver"]?.string, "x11")
        XCTAssertEqual(try c.send(["cmd": "goto", "index": 5])["ok"]?.bool, true)
        XCTAssertEqual(try c.send(["cmd": "state"])["scene"]?["title"]?.string, "Start")
        try xdotool("key", "x")
        XCTAssertEqual(try c.waitForState(timeout: 5) { $0["scene"]?["title"]?.string != "Start" }["scene"]?["title"]?.string, "Page 2")
        try xdotool("key", "Next")
        Thread.sleep(forTimeInterval: 0.3)
        XCTAssertEqual(try c.send(["cmd": "state"])["scene"]?["title"]?.string, "Page 2", "Page Down is unbound")
        try xdotool("key", "x"); try xdotool("key", "x")
        let end = try c.waitForState(timeout: 5) { $0["scene"]?["index"]?.int == 6 }
        XCTAssertEqual(end["scene"]?["index"]?.int, 6, "after the range's last page x moves the deck on")
        XCTAssertEqual(app.stop(), 0)
    }
}
