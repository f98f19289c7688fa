import Foundation
import PodiumKit
import PodiumTestSupport
import XCTest

/// Trial 10 F9, F5 on a real X server: the band list's Actions… popover and the overview open on
/// the console when the laptop's output goes off (`xrandr --output DUMMY0 --off`, the lid closed
/// with the projector on). The speaker, who now sees only the room, presses keys through XTEST
/// (xdotool): each must move the room exactly one scene, never act on the hidden console; and
/// the console, back with the lid, shows the talk's place with nothing reopened.
final class HiddenConsoleKeysXorgTests: XorgPDFTestCase {
    func index(_ s: JSONValue) -> Int? { s["scene"]?["index"]?.number.map { Int($0) } }

    func testKeysWithTheLidClosedMoveTheRoomOneSceneEachWhateverWasOpenOnTheConsole() throws {
        let titles = (3...20).map { #"{"kind": "title", "title": "S\#($0)", "parameters": {"heading": "Scene \#($0)"}}"# }
        let deck = """
        {"title": "Lid", "scenes": [{"kind": "title", "title": "S1", "parameters": {"heading": "Scene 1"}},
          {"kind": "band-list", "title": "The Bands", "parameters": {"store": "bands.sqlite", "select": "Radiohead"}},
          \(titles.joined(separator: ",\n  "))]}
        """
        var (app, c, s) = try presentOnTheRig(deck: deck)
        defer { app.stop() }

        // The band list, its Actions… sheet open, then the overview over it (Down moves its
        // selection while the speaker sees it: it has the keys).
        _ = try c.send(["cmd": "goto", "index": 1])
        s = try c.waitForState { self.window($0, "presenter")?["controls"]?.array?.contains { $0["id"]?.string == "bands.actions" } == true }
        XCTAssertEqual(try c.send(["cmd": "click", "id": "bands.actions"])["error"], nil)
        s = try c.waitForState { $0["popovers"]?.array?.contains { $0["source"]?.string == "bands.actions" } == true }
        XCTAssertEqual(s["popovers"]?.array?.count, 1, "the Actions… sheet is open")
        _ = try c.send(["cmd": "overview"])
        s = try c.waitForState { $0["overview"]?["open"]?.bool == true && self.window($0, "presenter")?["focused"]?.bool == true }
        let selected = s["overview"]?["selected"]?.number
        try xdotool("key", "Down")
        s = try c.waitForState { $0["overview"]?["selected"]?.number != selected }
        XCTAssertEqual(index(s), 1, "the overview took Down while seen; the room stays")

        // Lid closed: only the room's display is left; the console is hidden.
        try rig.unplug(0)
        s = try c.waitForState { $0["roles"]?["audiencePlacement"]?.string == "mirror" && self.window($0, "audience")?["focused"]?.bool == true }
        XCTAssertEqual(window(s, "presenter")?["visible"]?.bool, false, "the console is hidden\n\(app.log)")
        XCTAssertEqual(s["popovers"]?.array?.count, 0, "no popover left open on the hidden console")
        XCTAssertEqual(s["overview"]?["open"]?.bool, false, "the overview closed with the console")

        // Down, Return (the trial's two keys), Space, Tab (the overview key: nothing opens) then
        // Page Down: the room one scene on for each key that means next, none for Tab.
        var want = 1
        for key in ["Down", "Return", "space", "Tab", "Next", "Left"] {
            want += key == "Tab" ? 0 : key == "Left" ? -1 : 1
            try xdotool("key", key)
            usleep(400_000)   // a key's effect, and none extra, has landed by now
            s = try c.waitForState { self.index($0) == want }
            XCTAssertEqual(index(s), want, "after \(key) the room is on scene \(want + 1)\n\(app.log)")
            XCTAssertEqual(s["overview"]?["open"]?.bool, false, "after \(key)")
            XCTAssertEqual(s["popovers"]?.array?.count, 0, "after \(key)")
            XCTAssertEqual(s["audienceMode"]?.string, "normal")
        }
        XCTAssertEqual(index(s), 4, "Down, Return, Space, Page Down, Left: four on, one back")

        // Lid open: the console is back on the laptop at the talk's place; nothing reopened.
        try rig.plug(0, "1280x800")
        s = try c.waitForState { $0["roles"]?["audiencePlacement"]?.string == "display" && self.window($0, "presenter")?["visible"]?.bool == true }
        XCTAssertEqual(index(s), 4)
        XCTAssertEqual(s["overview"]?["open"]?.bool, false)
        XCTAssertEqual(s["popovers"]?.array?.count, 0)
        XCTAssertEqual(s["help"]?.bool, false)
        XCTAssertTrue(app.log.contains("the console is hidden: its popovers, overview, help and text focus are closed"), app.log)
    }
}
