import PodiumCore
import PodiumKit
import XCTest

/// Which displays the talk covers black (`DisplayPolicy.spareDisplays`): every display that is
/// neither the presenter's nor the room's and mirrors neither (trial 13 F6: a second projector
/// or a stage monitor showed the desktop for the whole talk).
final class SpareDisplayPolicyTests: XCTestCase {
    /// Displays laid out left to right, or at `x`, each with one mode.
    private func displays(_ specs: [(String, Int, Int)], x: [Int: Double] = [:]) -> [DisplayInfo] {
        var next = 0.0
        return specs.enumerated().map { i, s in
            let b = Rect(x[i] ?? next, 0, Double(s.1), Double(s.2)); next = b.maxX
            let m = DisplayInfo.Mode(width: s.1, height: s.2, refreshRate: 60)
            return DisplayInfo(index: i, name: s.0, bounds: b, usableBounds: b, currentMode: m, modes: [m])
        }
    }
    private let laptop = ("eDP-1", 1280, 800), projector = ("HDMI-1", 1920, 1080), stage = ("DP-2", 1920, 1080)
    private func names(_ p: DisplayPolicy) -> [String] { p.spareDisplays.map(\.name) }

    func testTheThirdDisplayIsSpareAtLaunchAndWhenPluggedMidTalk() {
        var p = DisplayPolicy()
        _ = p.update(displays([laptop, projector, stage]), at: 0)
        XCTAssertEqual(p.assignment.presenter?.name, "eDP-1")
        XCTAssertEqual(p.assignment.audienceDisplay?.name, "HDMI-1")
        XCTAssertEqual(names(p), ["DP-2"])

        var q = DisplayPolicy()
        _ = q.update(displays([laptop, projector]), at: 0)
        XCTAssertEqual(names(q), [], "two displays: nothing spare")
        _ = q.update(displays([laptop, projector, stage]), at: 5)
        XCTAssertEqual(q.assignment.audienceDisplay?.name, "HDMI-1", "a plug does not move the audience")
        XCTAssertEqual(names(q), ["DP-2"])
        _ = q.update(displays([laptop, projector]), at: 6)
        XCTAssertEqual(names(q), [], "unplugged: nothing to cover")
    }

    /// The audience display pulled: during the grace period every other display is spare; past
    /// it the audience takes the third display, which stops being spare; the first one back
    /// takes the audience again and the third is spare again.
    func testFailoverTakesTheSpareDisplayAndGivesItBack() {
        var p = DisplayPolicy(blipGrace: 2)
        let all = displays([laptop, projector, stage])
        _ = p.update(all, at: 0)
        _ = p.update([all[0], all[2]], at: 1)
        XCTAssertEqual(p.assignment.audience, .preview)
        XCTAssertEqual(names(p), ["DP-2"], "black while the audience waits for HDMI-1")
        _ = p.update([all[0], all[2]], at: 3.5)
        XCTAssertEqual(p.assignment.audienceDisplay?.name, "DP-2")
        XCTAssertEqual(names(p), [])
        _ = p.update(all, at: 5)
        XCTAssertEqual(p.assignment.audienceDisplay?.name, "HDMI-1")
        XCTAssertEqual(names(p), ["DP-2"])
    }

    /// Never the presenter's or the room's display, nor one mirroring either; a swap exchanges
    /// the two roles and leaves the third spare.
    func testNeverTheConsolesOrTheRoomsDisplayNorAMirrorOfEither() {
        var p = DisplayPolicy()
        // DP-2 mirrors the projector (same origin), DP-3 mirrors the laptop: neither is spare.
        _ = p.update(displays([laptop, projector, stage, ("DP-3", 1280, 800)], x: [2: 1280, 3: 0]), at: 0)
        XCTAssertEqual(p.assignment.audienceDisplay?.name, "HDMI-1")
        XCTAssertEqual(names(p), [])

        var s = DisplayPolicy()
        _ = s.update(displays([laptop, projector, stage]), at: 0)
        XCTAssertNotNil(s.swap(at: 1))
        XCTAssertEqual(s.assignment.presenter?.name, "HDMI-1")
        XCTAssertEqual(names(s), ["DP-2"])

        // Only the room's display left, mirrored by nothing: nothing spare.
        var lid = DisplayPolicy()
        let two = displays([laptop, projector])
        _ = lid.update(two, at: 0)
        var alone = two[1]; alone.index = 0
        _ = lid.update([alone], at: 1)
        XCTAssertTrue(lid.assignment.onlyTheRoomsDisplay)
        XCTAssertEqual(names(lid), [])
    }

    /// Beside another talk (`besideAnotherTalk`) the other displays may be that talk's room:
    /// nothing is covered. No display at all: nothing either.
    func testBesideAnotherTalkOrWithoutDisplaysNothingIsSpare() {
        var p = DisplayPolicy(windowed: true)
        p.besideAnotherTalk = true
        _ = p.update(displays([laptop, projector, stage]), at: 0)
        XCTAssertEqual(names(p), [])
        var none = DisplayPolicy()
        _ = none.update([], at: 0)
        XCTAssertEqual(names(none), [])
    }
}
