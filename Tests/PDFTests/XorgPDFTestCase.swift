import Foundation
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

    func xdotool(_ args: String...) throws {
        let r = try runProcess("/usr/bin/env", ["xdotool"] + args, environment: rig.environment)
        XCTAssertEqual(r.status, 0, "xdotool \(args): \(r.stderr)")
    }
}
