import Foundation
import PodiumTestSupport
import XCTest

/// A PDF test on a real X server with two monitors (1280×800 and 1920×1080, Xorg dummy driver),
/// where xdotool presses keys and clicks through XTEST as a speaker would.
class XorgPDFTestCase: PDFTestCase {
    var rig: XorgRig!
    override func setUpWithError() throws { rig = try XorgRig(monitors: ["1280x800", "1920x1080"]) }
    override func tearDown() { rig?.stop(); super.tearDown() }

    /// Starts openbox (a stacking EWMH window manager) on the rig and waits until it manages the
    /// screen; the caller stops it. Skips the test where openbox is not installed.
    func startOpenbox() throws -> ChildProcess {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/openbox") else { throw XCTSkip("openbox is not installed (make test-deps)") }
        let wm = try ChildProcess("/usr/bin/openbox", [], environment: rig.environment.merging(TestPaths.privateHome(in: URL(fileURLWithPath: path("wm")))) { $1 },
                                  stderr: .null)
        let deadline = Date().addingTimeInterval(10)
        while Date() < deadline,
              (try? runProcess("/usr/bin/env", ["xprop", "-root", "_NET_SUPPORTING_WM_CHECK"], environment: rig.environment))?.stdout.contains("window id") != true {
            usleep(50_000)
        }
        return wm
    }

    func xdotool(_ args: String...) throws {
        let r = try runProcess("/usr/bin/env", ["xdotool"] + args, environment: rig.environment)
        XCTAssertEqual(r.status, 0, "xdotool \(args): \(r.stderr)")
    }
}
