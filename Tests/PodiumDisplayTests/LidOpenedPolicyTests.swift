import PodiumCore
import PodiumKit
import XCTest

/// Trial 18 F1: a talk launched with the laptop's lid closed (only the projector, so the console
/// fills it), then the lid opened. SDL appends the laptop's display after the projector, so SDL's
/// display 0 stays the projector; the roles must be the ones a launch with both gives: the console
/// on the primary display (the laptop), the room's view on the projector. Output names without a
/// built-in panel's (`DUMMY0`, the trial's Xorg dummy driver) so that only the primary rule acts.
final class LidOpenedPolicyTests: XCTestCase {
    /// `DUMMY1` (1920×1080) alone at the origin: the lid-closed launch.
    private let projectorAlone = [DisplayInfo.rig("DUMMY1", 1920, 1080, x: 0, index: 0)]
    /// The lid opened: `DUMMY0` (1280×800) right of the projector, primary, second in SDL's order.
    private func lidOpened(primary: Bool = true) -> [DisplayInfo] {
        [.rig("DUMMY1", 1920, 1080, x: 0, index: 0), .rig("DUMMY0", 1280, 800, x: 1920, index: 1, primary: primary)]
    }

    func testTheLaptopArrivingAsThePrimaryDisplayTakesTheConsole() throws {
        var p = DisplayPolicy()
        _ = p.update(projectorAlone, at: 0)
        XCTAssertEqual(p.assignment.presenter?.name, "DUMMY1", "one display: the console is on it (documented)")
        XCTAssertEqual(p.assignment.audience, .preview)
        let c = try XCTUnwrap(p.update(lidOpened(), at: 5))
        XCTAssertEqual(p.assignment.presenter?.name, "DUMMY0", "the console goes to the primary display: \(c)")
        XCTAssertEqual(p.assignment.audienceDisplay?.name, "DUMMY1", "the room's view goes to the projector: \(c)")
        XCTAssertTrue(c.description.contains("+DUMMY0 [1920, 0, 1280×800]; now: presenter on DUMMY0, audience fullscreen on DUMMY1"), c.description)
        // As a launch with both displays (SDL lists the primary first then) chooses.
        var launch = DisplayPolicy()
        _ = launch.update([.rig("DUMMY0", 1280, 800, x: 1920, index: 0, primary: true), .rig("DUMMY1", 1920, 1080, x: 0, index: 1)], at: 0)
        XCTAssertEqual([launch.assignment.presenter?.name, launch.assignment.audienceDisplay?.name], ["DUMMY0", "DUMMY1"])
    }

    /// Without a primary display marked (Wayland has none), SDL's display 0 stays the rule.
    func testWithoutAPrimaryDisplaySDLsFirstStaysTheRule() {
        var p = DisplayPolicy()
        _ = p.update(projectorAlone, at: 0)
        _ = p.update(lidOpened(primary: false), at: 5)
        XCTAssertEqual([p.assignment.presenter?.name, p.assignment.audienceDisplay?.name], ["DUMMY1", "DUMMY0"])
    }

    /// The speaker's own choices win over the primary display: the command-line options,
    /// `--switch-screens`, and a swap remembered in displays.json for these two displays.
    func testTheSpeakersChoicesStillWin() {
        func opened(_ configure: (inout DisplayPolicy) -> Void) -> [String?] {
            var p = DisplayPolicy()
            configure(&p)
            _ = p.update(projectorAlone, at: 0)
            _ = p.update(lidOpened(), at: 5)
            return [p.assignment.presenter?.name, p.assignment.audienceDisplay?.name]
        }
        XCTAssertEqual(opened { $0.presenterSelector = .name("DUMMY1") }, ["DUMMY1", "DUMMY0"], "--presenter-display DUMMY1")
        XCTAssertEqual(opened { $0.audienceSelector = .name("DUMMY0") }, ["DUMMY1", "DUMMY0"], "--audience-display DUMMY0")
        XCTAssertEqual(opened { $0.switchesScreens = true }, ["DUMMY1", "DUMMY0"], "--switch-screens")
        let both = lidOpened()
        XCTAssertEqual(opened {
            $0.remembered.remember(.init(displays: both, presenter: both[0].identity, audience: both[1].identity, saved: nil))
        }, ["DUMMY1", "DUMMY0"], "a swap remembered for these displays")
    }

    /// Once the room has its own display, making another display primary moves nothing: the
    /// console never goes onto the room's display.
    func testAPrimaryChangeMidTalkLeavesTheRoomsDisplayAlone() {
        var p = DisplayPolicy()
        _ = p.update(projectorAlone, at: 0)
        _ = p.update(lidOpened(), at: 5)
        _ = p.update([.rig("DUMMY1", 1920, 1080, x: 0, index: 0, primary: true), .rig("DUMMY0", 1280, 800, x: 1920, index: 1)], at: 10)
        XCTAssertEqual([p.assignment.presenter?.name, p.assignment.audienceDisplay?.name], ["DUMMY0", "DUMMY1"])
    }
}

private extension DisplayInfo {
    static func rig(_ name: String, _ w: Int, _ h: Int, x: Double, index: Int, primary: Bool = false) -> DisplayInfo {
        let b = Rect(x, 0, Double(w), Double(h))
        let mode = Mode(width: w, height: h, refreshRate: 60)
        return DisplayInfo(index: index, name: name, bounds: b, usableBounds: b, currentMode: mode, modes: [mode], isPrimary: primary)
    }
}
