import Foundation
import PodiumKit
import PodiumTestSupport
import XCTest

/// Drawing only what changed, on the Xorg rig (a real audience window on a second monitor): while
/// the talk timer ticks, the presenter repaints and presents only around its clock and the
/// audience window is not presented at all; an advance presents the audience again.
final class DamageEndToEndTests: XCTestCase {
    var dir: URL!
    override func setUp() { dir = TestPaths.tempDir("damage") }
    override func tearDown() { try? FileManager.default.removeItem(at: dir) }

    func testAClockTickRepaintsTheClockAloneAndTheAudienceIsNotPresentedBetweenAdvances() throws {
        let scenes = (0..<3).map { #"{"kind":"title","title":"S\#($0)","time":30,"parameters":{"heading":"Scene \#($0)"}}"# }
        let deck = dir.appendingPathComponent("deck.json").path
        try #"{"title":"Damage","duration":3,"scenes":[\#(scenes.joined(separator: ","))]}"#.write(toFile: deck, atomically: true, encoding: .utf8)
        let rig = try XorgRig(monitors: ["1280x800", "1920x1080"])
        defer { rig.stop() }
        let app = try PodiumProcess(args: [deck], environment: rig.environment.merging(["SDL_RENDER_DRIVER": "software"]) { $1 }, dir: dir)
        defer { app.stop() }
        let c = app.client!
        var s = try c.waitForState { $0["windows"]?.array?.last?["visible"]?.bool == true }
        XCTAssertEqual(s["driver"]?.string, "x11")
        XCTAssertEqual(s["windows"]?.array?.last?["display"]?.string, "DUMMY1")
        XCTAssertEqual(try c.send(["cmd": "key", "key": "Right"])["ok"]?.bool, true, "the first advance starts the timer")
        s = try c.send(["cmd": "state"])
        func frames(_ s: JSONValue) -> [Double] { (s["windows"]?.array ?? []).map { $0["framesDrawn"]?.number ?? -1 } }
        let before = frames(s), shown = s["timers"]?["shown"]?.string
        // Two ticks of the clock, nothing else.
        s = try c.waitForState(timeout: 10) { ($0["timers"]?["elapsed"]?.number ?? 0) >= 2.5 && $0["timers"]?["shown"]?.string != shown }
        let after = frames(s)
        XCTAssertGreaterThan(after[0], before[0], "the presenter was redrawn for the clock")
        XCTAssertEqual(after[1], before[1], "the audience window was not presented between advances")
        let d = try XCTUnwrap(s["windows"]?.array?.first?["lastDamage"], "presenter damage")
        let w = d["width"]?.number ?? 0, h = d["height"]?.number ?? 0
        XCTAssertGreaterThan(w * h, 0)
        XCTAssertLessThan(w * h, 1280 * 800 / 10, "a tick repaints a small part of the console: \(d)")
        XCTAssertEqual(try c.send(["cmd": "key", "key": "Right"])["ok"]?.bool, true)
        s = try c.send(["cmd": "state"])
        XCTAssertGreaterThan(frames(s)[1], after[1], "an advance presents the audience again")
        XCTAssertEqual(app.stop(), 0)
    }
}
