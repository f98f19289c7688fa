import Foundation
import PodiumKit
import PodiumTestSupport
import XCTest

/// Trial 20 F3 on a real X server: the speaker types a band's name into the band list's Name
/// field and keeps typing while the displays are mirrored for a moment (`xrandr --same-as`: the
/// console hidden under the room's view). The keys typed on (XTEST, xdotool) were the talk's:
/// " Ros band" moved the room three scenes and blacked it out. They are typing and held; a
/// clicker's Page Down still acts at once; the console, back, says how many keys it held.
final class HiddenConsoleTypingXorgTests: XorgPDFTestCase {
    func index(_ s: JSONValue) -> Int? { s["scene"]?["index"]?.number.map { Int($0) } }
    func nameField(_ s: JSONValue) -> JSONValue? {
        window(s, "presenter")?["controls"]?.array?.first { $0["id"]?.string == "bands.name" }
    }

    func testTypingOnThroughAMirrorBlipNeverDrivesTheTalk() throws {
        let titles = (3...8).map { #"{"kind": "title", "title": "S\#($0)", "parameters": {"heading": "Scene \#($0)"}}"# }
        let deck = """
        {"title": "Blip", "scenes": [{"kind": "title", "title": "S1", "parameters": {"heading": "Scene 1"}},
          {"kind": "band-list", "title": "The Bands", "parameters": {"store": "bands.sqlite", "select": "Radiohead"}},
          \(titles.joined(separator: ",\n  "))]}
        """
        var (app, c, s) = try presentOnTheRig(deck: deck)
        defer { app.stop() }
        _ = try c.send(["cmd": "goto", "index": 1])
        s = try c.waitForState { self.nameField($0) != nil && self.window($0, "presenter")?["focused"]?.bool == true }
        XCTAssertEqual(try c.send(["cmd": "click", "id": "bands.name"])["error"], nil)
        try xdotool("type", "--delay", "120", "Sigur")
        s = try c.waitForState { self.nameField($0)?["value"]?.string?.hasSuffix("Sigur") == true }
        XCTAssertEqual(index(s), 1)

        // The speaker types on, 150 ms a key, while the displays are mirrored 0.3 s in.
        let typing = try ChildProcess("/usr/bin/env", ["xdotool", "type", "--delay", "150", " Ros band and more words on the bands"],
                                      environment: rig.environment)
        usleep(300_000)
        try rig.mirror(1)
        s = try c.waitForState { $0["console"]?["hidden"]?.bool == true }
        XCTAssertEqual(typing.waitForExit(seconds: 30), 0)
        usleep(400_000)   // the last keys' effect, if any, has landed by now
        s = try c.waitForState { $0["console"]?["hidden"]?.bool == true }
        XCTAssertEqual(index(s), 1, "the room stays on The Bands\n\(app.log)")
        XCTAssertEqual(s["audienceMode"]?.string, "normal", "b did not black out the room")
        XCTAssertEqual(s["question"], .null, "s did not ask to swap")
        XCTAssertEqual(s["pageJump"], .null)

        // A clicker's key is never typing: Page Down moves the room at once.
        try xdotool("key", "Next")
        s = try c.waitForState { self.index($0) == 2 }
        XCTAssertEqual(index(s), 2)

        // The blip is over: the console is back and says what it held.
        try rig.plug(1, "1920x1080")
        s = try c.waitForState { $0["console"]?["hidden"]?.bool == false && $0["console"]?["notice"]?.string?.contains("held while the console was hidden") == true }
        let notice = try XCTUnwrap(s["console"]?["notice"]?.string)
        XCTAssertTrue(notice.contains("typed keys were held"), notice)
        XCTAssertEqual(index(s), 2)
        XCTAssertEqual(s["audienceMode"]?.string, "normal")
    }

    /// Trial 33 m7 with real key presses (XTEST): a pdfpc user presses `n` for a note (pdfpc
    /// < 4.3), then types "check numbers" with no field to take it. Its Space and n moved the
    /// room on, its b blacked it out and its s asked to swap the displays. From the third key of
    /// the run the typing is held, and the console says why; after a pause b is the talk's.
    func testTypingWithNoFieldDoesNotDriveTheRoom() throws {
        let titles = (1...6).map { #"{"kind": "title", "title": "S\#($0)", "parameters": {"heading": "Scene \#($0)"}}"# }
        var (app, c, s) = try presentOnTheRig(deck: #"{"title": "Typed", "scenes": [\#(titles.joined(separator: ", "))]}"#)
        defer { app.stop() }
        try xdotool("key", "n")
        s = try c.waitForState { self.index($0) == 1 }
        usleep(1_200_000)
        try xdotool("type", "--delay", "150", "check numbers")
        usleep(600_000)   // the last keys' effect, if any, has landed by now
        s = try c.send(["cmd": "state"])
        XCTAssertEqual(index(s), 1, "the room stays on scene 2\n\(app.log)")
        XCTAssertEqual(s["audienceMode"]?.string, "normal", "b did not black out the room")
        XCTAssertEqual(s["question"], .null, "s did not ask to swap")
        XCTAssertEqual(s["console"]?["banner"]?.string, "Typing went to the talk, not to a field: keys held until you pause a moment")
        usleep(1_200_000)
        try xdotool("key", "b")
        s = try c.waitForState { $0["audienceMode"]?.string == "black" }
        XCTAssertEqual(index(s), 1)
    }
}
