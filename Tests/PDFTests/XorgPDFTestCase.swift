import Foundation
import PodiumKit
import PodiumTestSupport
import XCTest

/// A PDF test on a real X server with two monitors (1280×800 and 1920×1080, Xorg dummy driver),
/// where xdotool presses keys and clicks through XTEST as a speaker would.
class XorgPDFTestCase: PDFTestCase {
    var rig: XorgRig!
    override func setUpWithError() throws { rig = try XorgRig(monitors: ["1280x800", "1920x1080"]) }
    override func tearDown() { rig?.stop(); super.tearDown() }

    /// Starts openbox on the rig (`XorgRig.startWindowManager`; the rig's `stop` ends it).
    /// Skips the test where openbox is not installed.
    func startOpenbox() throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/openbox") else { throw XCTSkip("openbox is not installed (make test-deps)") }
        try rig.startWindowManager()
    }

    /// Writes `deck` (a JSON deck) as deck.json and presents it on the rig (software renderer),
    /// waiting until the audience view is shown on the projector (x 1280). Returns the talk (the
    /// caller stops it), its control client and that state; fails unless SDL chose x11.
    func presentOnTheRig(deck: String) throws -> (app: PodiumProcess, client: ControlClient, state: JSONValue) {
        try deck.write(toFile: path("deck.json"), atomically: true, encoding: .utf8)
        let app = try PodiumProcess(args: [path("deck.json")], environment: rig.environment.merging(["SDL_RENDER_DRIVER": "software"]) { $1 }, dir: dir)
        let c: ControlClient = try XCTUnwrap(app.client)
        let audience = { (s: JSONValue) in s["windows"]?.array?.first { $0["role"]?.string == "audience" } }
        let s = try c.waitForState { audience($0)?["visible"]?.bool == true && audience($0)?["bounds"]?["x"]?.number == 1280 }
        XCTAssertEqual(s["driver"]?.string, "x11")
        return (app, c, s)
    }

    func xdotool(_ args: String...) throws {
        let r = try runProcess("/usr/bin/env", ["xdotool"] + args, environment: rig.environment)
        XCTAssertEqual(r.status, 0, "xdotool \(args): \(r.stderr)")
    }
}
