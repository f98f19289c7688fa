import Foundation
import PodiumKit
import PodiumSDL
import XCTest

/// `X11Outputs` reads the RandR outputs from the server only when the server's RandR timestamps
/// moved (a plug, a mode change), so the enumerations on each display and window event of a plug
/// cost one round trip, not two or three per output (issue 19's plug path); after the first
/// read, a change is read from RandR 1.5's monitors without asking each output; the window
/// manager's presence is asked once per enumeration; and a change is always seen.
/// (One test: X11Outputs keeps one connection per process, to the first rig's server.)
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

        let eachOutput = X11Outputs.outputInfoReads
        XCTAssertEqual(eachOutput, first.count, "the first read asks every output")

        // The window manager is asked once per enumeration (none runs yet).
        XCTAssertEqual(X11Outputs.hasWindowManager(), false)
        let checks = X11Outputs.windowManagerChecks
        XCTAssertEqual(X11Outputs.hasWindowManager(), false)
        XCTAssertEqual(X11Outputs.hasWindowManager(), false)
        XCTAssertEqual(X11Outputs.windowManagerChecks, checks, "asked again before the next enumeration")

        try rig.plug(1, "1920x1080")
        let plugged = try XCTUnwrap(X11Outputs.outputs())
        XCTAssertEqual(X11Outputs.outputReads, 2)
        XCTAssertEqual(plugged.first { $0.name == "DUMMY1" }?.bounds, Rect(1280, 0, 1920, 1080))
        XCTAssertEqual(plugged.first { $0.name == "DUMMY0" }?.bounds, Rect(0, 0, 1280, 800))
        XCTAssertEqual(plugged.map(\.name), first.map(\.name), "every output, named as before")
        XCTAssertEqual(plugged.filter { $0.bounds != nil }.count, 2)
        XCTAssertEqual(X11Outputs.outputInfoReads, eachOutput, "the plug was read from the monitors, no output asked one by one")
        XCTAssertEqual(X11Outputs.outputs(), plugged)
        XCTAssertEqual(X11Outputs.outputReads, 2)
        _ = X11Outputs.hasWindowManager()
        XCTAssertEqual(X11Outputs.windowManagerChecks, checks + 1, "asked again after an enumeration")

        try rig.mode(1, "1280x720")
        XCTAssertEqual(X11Outputs.outputs()?.first { $0.name == "DUMMY1" }?.bounds, Rect(1280, 0, 1280, 720), "a mode change is seen")
        XCTAssertEqual(X11Outputs.outputReads, 3)

        try rig.unplug(1)
        let off = try XCTUnwrap(X11Outputs.outputs())
        XCTAssertNil(off.first { $0.name == "DUMMY1" }?.bounds, "switched off")
        XCTAssertEqual(off.first { $0.name == "DUMMY0" }?.bounds, Rect(0, 0, 1280, 800))
        XCTAssertEqual(X11Outputs.outputInfoReads, eachOutput)

        // A monitor the user defines may span outputs: every output is asked again, and the
        // answer is the same as the outputs' own.
        _ = try runTool("xrandr", ["--setmonitor", "podium-test", "auto", "DUMMY0"], env: rig.clientEnv)
        try rig.plug(1, "1920x1080")
        let userMonitor = try XCTUnwrap(X11Outputs.outputs())
        XCTAssertGreaterThan(X11Outputs.outputInfoReads, eachOutput)
        XCTAssertEqual(userMonitor.first { $0.name == "DUMMY0" }?.bounds, Rect(0, 0, 1280, 800))
        XCTAssertEqual(userMonitor.first { $0.name == "DUMMY1" }?.bounds, Rect(1280, 0, 1920, 1080))
    }
}
