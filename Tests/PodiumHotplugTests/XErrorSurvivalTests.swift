import Foundation
import XCTest

/// An X protocol error no longer ends the talk (b948f93): Xlib's default handler exited the
/// process when SDL sent an event to a window a hot-plug had just destroyed (BadWindow on
/// X_SendEvent, 3 plugs in 8 under load). The test hook PODIUM_TEST_X_BAD_WINDOW makes podium
/// send exactly that request, on SDL's own X connection, at every display change; on the Xorg
/// rig the talk must stay up, keep advancing and log each error.
final class XErrorSurvivalTests: XCTestCase {
    static let hookLine = "test hook: sent an event to destroyed window 0x"

    /// The destroyed windows' ids the hook logged, and the resource ids of the errors logged.
    func ids(_ log: String) -> (sent: [String], errors: [String]) {
        let lines = log.split(separator: "\n")
        let sent = lines.compactMap { l in l.range(of: Self.hookLine).map { "0x" + l[$0.upperBound...] } }
        let errors = lines.filter { $0.contains("X error ignored, the talk goes on: BadWindow") && $0.contains("(request 25, ") }
            .compactMap { l in l.range(of: "resource ").map { String(l[$0.upperBound...].prefix { $0 != ")" }) } }
        return (sent, errors)
    }

    func testABadWindowErrorAtAHotPlugDoesNotEndTheTalk() throws {
        let rig = try XorgRig(["1280x800"])
        defer { rig.stop() }
        let podium = try RigPodium(rig: rig, environment: ["PODIUM_TEST_X_BAD_WINDOW": "1"])
        defer { podium.stop() }
        let before = try podium.waitFor("one display") { $0.displayNames == ["DUMMY0"] }
        XCTAssertEqual(before.driver, "x11")

        try rig.plug(1, "1920x1080")
        try podium.waitFor("audience fullscreen on DUMMY1") { $0.audienceIsFullscreen(on: "DUMMY1") }
        let first = poll(10) { () -> (sent: [String], errors: [String])? in let i = ids(podium.log); return i.sent.isEmpty || i.errors.isEmpty ? nil : i }
        let logged = try XCTUnwrap(first, "the hook sent its request and the error was logged; log:\n\(podium.log)")
        XCTAssertEqual(logged.errors.first, logged.sent.first, "the error is about the destroyed window: \(logged)")
        XCTAssertTrue(podium.process.isRunning, "an X error does not end the talk; log:\n\(podium.log)")

        // The talk goes on: it advances, and the next hot-plug's error is survived too.
        let start = try podium.state().sceneIndex
        for step in 1...2 {
            try podium.request(["cmd": "next"])
            try podium.waitFor("scene \(start + step)") { $0.sceneIndex == start + step }
        }
        let sentBefore = ids(podium.log).sent.count
        try rig.mode(1, "1280x720")
        try podium.waitFor("audience at 1280x720") { $0.audienceIsFullscreen(on: "DUMMY1") && $0.audience.size == [1280, 720] }
        XCTAssertNotNil(poll(10) { ids(podium.log).errors.count > sentBefore ? true : nil },
                        "the mode change's error is logged too; log:\n\(podium.log)")
        try podium.request(["cmd": "next"])
        let after = try podium.waitFor("scene \(start + 3)") { $0.sceneIndex == start + 3 }
        XCTAssertTrue(after.audienceIsFullscreen(on: "DUMMY1"), after.summary)
        let all = ids(podium.log)
        XCTAssertEqual(all.errors, all.sent, "every request made one logged error, nothing else failed")
        XCTAssertEqual(podium.stop(), 0, "the talk quits normally; log:\n\(podium.log)")
    }
}
