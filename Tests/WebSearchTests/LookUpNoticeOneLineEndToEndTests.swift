import XCTest
import PodiumKit
import PodiumTestSupport

/// Trial 20 m5: the look-up's notice (then "Read More is on the console only: the room still sees
/// Bands. f shows it to the room; Page Up goes back.") took two lines and pushed the scene's
/// toolbar down. The banner is one line, cut with "…" (the log has it whole): the search's field
/// is where it is when the scene is reached with no notice.
extension LookUpEndToEndTests {
    func testTheLookUpsNoticeMovesNoControlOfTheScene() throws {
        let app = try launch(third: ["kind": "title", "title": "Between", "parameters": ["heading": "Between"]])
        defer { app.stop() }
        let c = app.client!
        func frame(_ s: JSONValue, _ id: String) -> JSONValue? {
            s["windows"]?.array?.first { $0["role"]?.string == "presenter" }?["controls"]?.array?.first { $0["id"]?.string == id }?["frame"]
        }
        // Reached by goto: no notice.
        XCTAssertEqual(try c.send(["cmd": "goto", "index": 3])["ok"], true)
        var s = try c.waitForState(timeout: 30) { $0["scene"]?["index"]?.int == 3 && frame($0, "websearch.field") != nil }
        XCTAssertEqual(s["console"]?["notice"], .null)
        let plain = try XCTUnwrap(frame(s, "websearch.field"))
        // Reached by the band list's look-up, with the long notice.
        XCTAssertEqual(try c.send(["cmd": "goto", "index": 1])["ok"], true)
        _ = try c.waitForState(timeout: 30) { $0["scene"]?["index"]?.int == 1 }
        XCTAssertEqual(try c.send(["cmd": "click", "id": "bands.actions"])["ok"], true)
        XCTAssertEqual(try c.send(["cmd": "click", "id": "sheet.bands.actions.action.1"])["ok"], true)   // Search the Web
        s = try c.waitForState(timeout: 30) { $0["scene"]?["index"]?.int == 3 && $0["frozen"]?.bool == true }
        let notice = s["console"]?["notice"]?.string ?? ""
        XCTAssertTrue(notice.contains("on the console only —"), notice)
        XCTAssertEqual(frame(s, "websearch.field"), plain, "the notice moved the scene's field")
        let banner = try XCTUnwrap(frame(s, "console.banner"))
        XCTAssertEqual(banner["height"]?.number, 34, "one line (BannerView.lineHeight): \(banner)")
        // Longer than the line (else this proves nothing): cut, and whole in the log.
        XCTAssertTrue(app.log.contains("notice (cut to one line on the console): \(notice)"), app.log)
        XCTAssertEqual(app.stop(), 0)
    }
}
