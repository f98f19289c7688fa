import PodiumCore
import XCTest

/// The display lock's key (`DisplayLock.server`); the refusal itself is DisplayLockXorgTests.
final class DisplayLockTests: XCTestCase {
    /// Which display server a `present` reaches, as SDL 2.26 picks it; none for headless drivers.
    func testTheLockIsKeyedByTheDisplayServerSDLReaches() {
        XCTAssertEqual(DisplayLock.server(environment: ["DISPLAY": ":3"]), "x11 :3")
        XCTAssertEqual(DisplayLock.server(environment: ["DISPLAY": ":3", "WAYLAND_DISPLAY": "wayland-1", "SDL_VIDEODRIVER": "wayland,x11"]), "wayland wayland-1")
        XCTAssertEqual(DisplayLock.server(environment: ["DISPLAY": ":3", "WAYLAND_DISPLAY": "", "SDL_VIDEODRIVER": "x11"]), "x11 :3")
        XCTAssertNil(DisplayLock.server(environment: ["DISPLAY": ":3", "SDL_VIDEODRIVER": "offscreen"]))
        XCTAssertNil(DisplayLock.server(environment: [:]))
        // One spelling per server (trial 10: `:0.0` and `unix:0` escaped the lock of `:0`).
        for spelling in [":0", ":0.0", "unix:0", "unix:0.1"] {
            XCTAssertEqual(DisplayLock.server(environment: ["DISPLAY": spelling, "SDL_VIDEODRIVER": "x11"]), "x11 :0", spelling)
        }
        XCTAssertEqual(DisplayLock.server(environment: ["DISPLAY": "otherhost:0.0"]), "x11 otherhost:0")
        XCTAssertNotEqual(DisplayLock.server(environment: ["DISPLAY": ":1"]), DisplayLock.server(environment: ["DISPLAY": ":10"]))
    }
}
