import Foundation
import PodiumKit
import PodiumSDL
import XCTest

/// `X11Outputs` reads the RandR outputs from the server only when the server's RandR timestamps
/// moved (a plug, a mode change), so the enumerations on each display and window event of a plug
/// cost one round trip, not two or three per output (issue 19's plug path); and a change is
/// always seen.
final class X11OutputsCacheTests: XCTestCase {
    func testOutputsAreReadAgainOnlyAfterAChange() throws {
        let rig = try XorgRig(["1280x800"])
        defer { rig.stop() }
        // X11Outputs keeps one connection per process, opened on first use: this process's only one.
        try XCTSkipIf(X11Outputs.outputReads > 0, "X11Outputs was already connected to another server in this process")
        setenv("DISPLAY", rig.clientEnv["DISPLAY"]!, 1)
        let first = try XCTUnwrap(X11Outputs.outputs())
        XCTAssertEqual(first.first { $0.name == "DUMMY0" }?.bounds, Rect(0, 0, 1280, 800))
        XCTAssertNil(first.first { $0.name == "DUMMY1" }?.bounds, "not switched on yet")
        XCTAssertEqual(X11Outputs.outputReads, 1)
        XCTAssertEqual(X11Outputs.outputs(), first)
        XCTAssertEqual(X11Outputs.outputReads, 1, "nothing changed: the outputs were not asked again")

        try rig.plug(1, "1920x1080")
        let plugged = try XCTUnwrap(X11Outputs.outputs())
        XCTAssertEqual(X11Outputs.outputReads, 2)
        XCTAssertEqual(plugged.first { $0.name == "DUMMY1" }?.bounds, Rect(1280, 0, 1920, 1080))
        XCTAssertEqual(X11Outputs.outputs(), plugged)
        XCTAssertEqual(X11Outputs.outputReads, 2)

        try rig.mode(1, "1280x720")
        XCTAssertEqual(X11Outputs.outputs()?.first { $0.name == "DUMMY1" }?.bounds, Rect(1280, 0, 1280, 720), "a mode change is seen")
        XCTAssertEqual(X11Outputs.outputReads, 3)
    }
}
