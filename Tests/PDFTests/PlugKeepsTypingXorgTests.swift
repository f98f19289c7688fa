import Foundation
import PodiumKit
import PodiumTestSupport
import XCTest

/// Typing into a presenter field while the projector is plugged in: the new audience window is
/// mapped, and the window manager may give it the keyboard for a moment. A trial lost "9abcde" of
/// "0123456789abc…" typed through a plug. Every character must reach the field. Real Xorg with
/// openbox (which focuses newly mapped windows); keys typed through XTEST by xdotool.
final class PlugKeepsTypingXorgTests: XorgPDFTestCase {
    func field(_ s: JSONValue) -> JSONValue? {
        s["windows"]?.array?.first { $0["role"]?.string == "presenter" }?["controls"]?.array?.first { $0["role"]?.string == "text-field" }
    }

    func testKeysTypedWhileTheProjectorIsPluggedInAllReachTheFocusedField() throws {
        try startOpenbox()
        try rig.unplug(1)   // the laptop alone; the projector comes while the speaker types
        let deck = """
        {"title": "Typing", "scenes": [{"kind": "web-search", "title": "Web", "parameters": {"provider": "offline", "query": ""}}]}
        """
        try deck.write(toFile: path("deck.json"), atomically: true, encoding: .utf8)
        let app = try PodiumProcess(args: [path("deck.json")], environment: rig.environment.merging(["SDL_RENDER_DRIVER": "software"]) { $1 }, dir: dir)
        defer { app.stop() }
        let c = try XCTUnwrap(app.client)
        var s = try c.waitForState { $0["displays"]?.array?.count == 1 && self.field($0) != nil && $0["windows"]?.array?.first?["focused"]?.bool == true }
        XCTAssertEqual(s["driver"]?.string, "x11")
        let f = try XCTUnwrap(field(s), "a text field on the presenter view: \(s)")
        let w = try XCTUnwrap(s["windows"]?.array?.first)
        let scale = w["scale"]?.number ?? 1, frame = try XCTUnwrap(f["frame"])
        let x = (w["bounds"]?["x"]?.number ?? 0) + (frame["x"]!.number! + frame["width"]!.number! / 2) * scale
        let y = (w["bounds"]?["y"]?.number ?? 0) + (frame["y"]!.number! + frame["height"]!.number! / 2) * scale
        try xdotool("mousemove", String(Int(x)), String(Int(y)), "click", "1")
        // The field has the keys: a first character reaches it.
        try xdotool("type", "x")
        s = try c.waitForState { self.field($0)?["value"]?.string?.hasSuffix("x") == true }
        let before = try XCTUnwrap(field(s)?["value"]?.string)
        XCTAssertTrue(before.hasSuffix("x"), "the click focused the field: \(before)")

        // 40 ms a key; the projector is plugged 0.2 s into the typing.
        let text = "0123456789abcdefghijklmnopqrstuvwxyz"
        let typing = try ChildProcess("/usr/bin/env", ["xdotool", "type", "--delay", "40", text], environment: rig.environment)
        usleep(200_000)
        try rig.plug(1, "1920x1080")
        XCTAssertEqual(typing.waitForExit(seconds: 20), 0)
        s = try c.waitForState { self.field($0)?["value"]?.string == before + text }
        XCTAssertEqual(field(s)?["value"]?.string, before + text, "every key typed through the plug reached the field\n\(app.log)")
        // And the plug itself happened meanwhile: the audience view fullscreen on the projector.
        s = try c.waitForState { $0["roles"]?["audienceDisplay"]?.string == "DUMMY1" }
        XCTAssertEqual(s["roles"]?["audienceDisplay"]?.string, "DUMMY1")
    }
}
