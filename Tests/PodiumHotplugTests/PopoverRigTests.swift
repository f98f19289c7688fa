import Foundation
import XCTest

/// Issue 13 point 6 on real display servers (Xorg with the dummy driver and no window manager;
/// nested sway): a popover stays attached to its button when the presenter's display changes
/// mode or the displays are swapped.
final class PopoverRigTests: XCTestCase {
    /// `rig` (by default Xorg with a 1280×800 presenter display and a 1920×1080 projector), the
    /// gallery's popover cases page, and a popover open from the bottom-right button; `body` gets
    /// the state then.
    func withPopover<R: Rig>(_ makeRig: () throws -> R, audienceOn projector: String,
                             _ body: (R, RigPodium, PodiumState) throws -> Void) throws {
        let rig = try makeRig()
        defer { rig.stop() }
        let podium = try RigPodium(rig: rig, arguments: [packageRoot.appendingPathComponent("Assets/Decks/gallery.json").path])
        defer { podium.stop() }
        try podium.waitFor("audience on \(projector)") { $0.audienceIsFullscreen(on: projector) }
        try podium.request(["cmd": "goto", "index": 3])
        try podium.request(["cmd": "click", "id": "gallery.at.bottom-right"])
        let before = try podium.waitFor("popover open") { $0.popoverCount == 1 }
        try body(rig, podium, before)
    }

    func testPopoverFollowsItsButtonThroughAPresenterDisplayModeChange() throws {
        try withPopover({ try XorgRig(["1280x800", "1920x1080"]) }, audienceOn: "DUMMY1") { rig, podium, before in
            let button = "gallery.at.bottom-right"
            try assertAttached(before, to: button)
            try rig.mode(0, "1024x768")
            // A `state` may come between the new layout and the next frame: wait for the frame.
            let after = try podium.waitFor("presenter re-laid out at 1024×768") {
                $0.presenter.size[0] < before.presenter.size[0] && self.anchorIsCurrent($0, button)
            }
            XCTAssertEqual(after.popoverCount, 1, "still open: its button is still shown")
            XCTAssertNotEqual(after.presenter.frame(of: button), before.presenter.frame(of: button), "the button moved")
            try assertAttached(after, to: button)
        }
    }

    /// Swap (control socket, immediate): the presenter moves to the larger display; the popover
    /// is placed afresh there, still pointing at its button.
    func testPopoverFollowsItsButtonThroughASwap() throws {
        try swap({ try XorgRig(["1280x800", "1920x1080"]) }, projector: "DUMMY1", moves: true)
    }

    /// The same under a nested sway (SDL's wayland driver): both outputs are 1280×720, so the
    /// button stays put, and the popover is placed afresh on the other output.
    func testPopoverStaysAttachedThroughASwapUnderSway() throws {
        try swap({ try SwayRig(outputs: 2) }, projector: "WL-2", moves: false)
    }

    func swap<R: Rig>(_ makeRig: () throws -> R, projector: String, moves: Bool, file: StaticString = #filePath, line: UInt = #line) throws {
        try withPopover(makeRig, audienceOn: projector) { _, podium, before in
            let button = "gallery.at.bottom-right"
            try assertAttached(before, to: button, file: file, line: line)
            try podium.request(["cmd": "swap"])
            let after = try podium.waitFor("presenter on \(projector)", file: file, line: line) {
                $0.presenterDisplay == projector && $0.presenter.display == projector && self.anchorIsCurrent($0, button)
            }
            XCTAssertEqual(after.popoverCount, 1, file: file, line: line)
            if moves { XCTAssertNotEqual(after.presenter.frame(of: button), before.presenter.frame(of: button), "the button moved", file: file, line: line) }
            try assertAttached(after, to: button, file: file, line: line)
        }
    }

    func popover(_ s: PodiumState) -> [String: Any]? { (s.raw["popovers"] as? [[String: Any]])?.first }
    /// The popover was placed against the button's current frame (or is gone: the asserts say so).
    func anchorIsCurrent(_ s: PodiumState, _ id: String) -> Bool {
        guard let a = popover(s)?["anchor"] as? [String: Double] else { return true }
        return [a["x"], a["y"], a["width"], a["height"]].map { $0 ?? -1 } == s.presenter.frame(of: id)
    }

    /// The popover's anchor is the button's frame now, its arrow side touches the button's edge,
    /// and it lies inside the presenter view.
    func assertAttached(_ s: PodiumState, to id: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let p = try XCTUnwrap(popover(s), file: file, line: line)
        let b = try XCTUnwrap(s.presenter.frame(of: id), file: file, line: line)
        let a = p["anchor"] as? [String: Double] ?? [:], f = p["frame"] as? [String: Double] ?? [:]
        XCTAssertEqual([a["x"], a["y"], a["width"], a["height"]].map { $0 ?? -1 }, b, "anchored at the button as it is now", file: file, line: line)
        let fx = f["x"] ?? -1, fy = f["y"] ?? -1, fw = f["width"] ?? -1, fh = f["height"] ?? -1
        let size = s.presenter.size
        XCTAssertTrue(fx >= 0 && fy >= 0 && fx + fw <= size[0] && fy + fh <= size[1], "inside the presenter view \(size): \(f)", file: file, line: line)
        // Bottom-right corner: the arrow points down at the button, so the panel ends above it.
        XCTAssertEqual(p["arrowDirection"] as? String, "down", file: file, line: line)
        XCTAssertEqual(fy + fh + 12 + 2, b[1], accuracy: 0.5, "arrow (12 pt) and gap (2 pt) end at the button's top", file: file, line: line)
        XCTAssertTrue(fx <= b[0] + b[2] / 2 && b[0] + b[2] / 2 <= fx + fw, "the button's centre is within the panel's span", file: file, line: line)
    }
}
