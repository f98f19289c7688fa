import XCTest
@testable import PodiumSDL

/// When SDL's start blocks libdbus's autolaunch (issue 19, launch): only when the session names
/// no bus, neither by address nor by the runtime directory's `bus` socket libdbus tries first.
final class SessionBusAutolaunchTests: XCTestCase {
    func testAnUnsetAddressWithoutARuntimeBusIsBlocked() {
        XCTAssertEqual(SessionBusAutolaunch.blockingAddress(environment: [:], busSocketExists: { _ in false }), "disabled:")
        XCTAssertEqual(SessionBusAutolaunch.blockingAddress(environment: ["XDG_RUNTIME_DIR": "/run/user/1000"], busSocketExists: { _ in false }), "disabled:")
    }

    func testASessionBusIsLeftAlone() {
        XCTAssertNil(SessionBusAutolaunch.blockingAddress(environment: ["DBUS_SESSION_BUS_ADDRESS": "unix:path=/run/user/1000/bus"], busSocketExists: { _ in false }))
        var asked: [String] = []
        XCTAssertNil(SessionBusAutolaunch.blockingAddress(environment: ["XDG_RUNTIME_DIR": "/run/user/1000"], busSocketExists: { asked.append($0); return true }))
        XCTAssertEqual(asked, ["/run/user/1000/bus"])
    }

    /// Set only around the call: what the talk starts later sees the environment it was given.
    func testTheAddressIsSetOnlyDuringTheCall() {
        guard ProcessInfo.processInfo.environment["DBUS_SESSION_BUS_ADDRESS"] == nil,
              !FileManager.default.fileExists(atPath: (ProcessInfo.processInfo.environment["XDG_RUNTIME_DIR"] ?? "/nonexistent") + "/bus") else {
            return XCTAssertEqual(SessionBusAutolaunch.withoutAutolaunch { getenv("DBUS_SESSION_BUS_ADDRESS").map { String(cString: $0) } },
                                  ProcessInfo.processInfo.environment["DBUS_SESSION_BUS_ADDRESS"])
        }
        let during = SessionBusAutolaunch.withoutAutolaunch { getenv("DBUS_SESSION_BUS_ADDRESS").map { String(cString: $0) } }
        XCTAssertEqual(during, "disabled:")
        XCTAssertNil(getenv("DBUS_SESSION_BUS_ADDRESS"), "unset again afterwards")
    }
}
