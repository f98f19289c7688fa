import Foundation
import PodiumKit
import PodiumTestSupport
import XCTest

/// Trial 15 m8, on an X server with no window manager (a kiosk): a second `podium present
/// --windowed` beside the running talk takes the keyboard (SDL gives its window the focus with
/// revert-to None); ended with SIGTERM, its window goes and the X input focus with it, to None.
/// Nothing else gives it back without a window manager, and a click does not either: the
/// speaker's clicker (keys through XTEST, xdotool) went dead. The talk takes the keyboard back.
final class FocusBackXorgTests: XorgPDFTestCase {
    func index(_ s: JSONValue) -> Int? { s["scene"]?["index"]?.number.map { Int($0) } }

    func testTheTalkGetsTheKeysBackWhenAnotherPodiumEndsWithoutAWindowManager() throws {
        let titles = (1...6).map { #"{"kind": "title", "title": "S\#($0)", "parameters": {"heading": "Scene \#($0)"}}"# }
        var (app, c, s) = try presentOnTheRig(deck: #"{"title": "Kiosk", "scenes": [\#(titles.joined(separator: ", "))]}"#)
        defer { app.stop() }
        s = try c.waitForState { self.window($0, "presenter")?["focused"]?.bool == true }
        try xdotool("key", "Next")
        s = try c.waitForState { self.index($0) == 1 }
        XCTAssertEqual(index(s), 1, "the talk has the keys to begin with")

        // The second podium, windowed (the display lock lets it open), takes the keyboard.
        let home = dir.appendingPathComponent("second")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        let other = TestPaths.titleDeck(3, title: "Other", in: home)
        let second = try PodiumProcess(args: [other, "--windowed"], environment: TestPaths.privateHome(in: home).merging(rig.environment) { $1 }
                                       .merging(["SDL_RENDER_DRIVER": "software"]) { $1 }, dir: home)
        defer { second.stop() }
        let s2 = try XCTUnwrap(second.client).waitForState { self.window($0, "presenter")?["focused"]?.bool == true }
        XCTAssertEqual(window(s2, "presenter")?["focused"]?.bool, true, "the second podium took the keyboard\n\(second.log)")
        s = try c.waitForState { self.window($0, "presenter")?["focused"]?.bool == false }

        kill(second.process.processIdentifier, SIGTERM)
        XCTAssertEqual(second.waitForExit(seconds: 20), 0, second.log)

        // Page Down reaches the talk again, with no click or anything else from the speaker.
        s = try c.waitForState { self.window($0, "presenter")?["focused"]?.bool == true }
        try xdotool("key", "Next")
        s = try c.waitForState { self.index($0) == 2 }
        XCTAssertEqual(index(s), 2, "Page Down after the other podium ended moves the talk\n\(app.log)")
        XCTAssertEqual(try runProcess("/usr/bin/env", ["xdotool", "getwindowfocus"], environment: rig.environment).status, 0, "the X input focus is a window, not None")
        XCTAssertTrue(app.log.contains("no window has the keyboard (the X input focus is none)"), app.log)
    }
}
