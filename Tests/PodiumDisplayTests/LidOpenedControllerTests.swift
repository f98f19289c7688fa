import Foundation
import PodiumCore
import PodiumKit
import XCTest

/// Trial 18 F1 through `DisplayController`: launched with only the projector (the console fills
/// it), then the laptop's display arrives as the primary one, second in SDL's order. The console
/// goes to the laptop, the audience view to the projector; and the audience window covers the
/// projector before the console leaves it (else the room saw the desktop between the two).
@MainActor
final class LidOpenedControllerTests: FakeDisplaysTestCase {
    func testTheAudienceCoversTheProjectorBeforeTheConsoleLeavesIt() async throws {
        platform.connect([("DUMMY1", 1920, 1080)])
        let c = controller()
        XCTAssertEqual(c.assignment.presenter?.name, "DUMMY1")
        XCTAssertEqual(c.assignment.audience, .preview)
        XCTAssertTrue(platform.presenter.isFullscreen && platform.presenter.frame == platform.bounds("DUMMY1"))

        platform.connect([("DUMMY1", 1920, 1080), ("DUMMY0", 1280, 800)])
        platform.displays[1].isPrimary = true
        let projector = platform.bounds("DUMMY1")
        // When the console leaves fullscreen on the projector: is the room's view over it already?
        var coveredWhenTheConsoleLeft: [Bool] = []
        platform.presenter.onLeaveFullscreen = { [unowned self] in
            coveredWhenTheConsoleLeft.append(platform.liveWindows.contains { $0.name == "audience" && $0.isVisible && $0.frame == projector })
        }
        now += 1
        c.refresh(reason: "RandR notice")
        XCTAssertEqual(c.assignment.presenter?.name, "DUMMY0", "\(lines)")
        XCTAssertEqual(c.assignment.audienceDisplay?.name, "DUMMY1", "\(lines)")
        XCTAssertEqual(coveredWhenTheConsoleLeft.first, true, "the console left the projector before the room's view covered it: \(coveredWhenTheConsoleLeft)")
        let aw = try XCTUnwrap(c.audienceWindow)
        XCTAssertTrue(aw.isVisible && aw.isFullscreen && aw.frame == projector, "audience \(aw.frame)")
        XCTAssertTrue(platform.presenter.isVisible && !platform.presenter.isMinimized && platform.presenter.frame == platform.bounds("DUMMY0"))
        XCTAssertTrue(platform.presenter.focused, "the console keeps the keyboard")
        XCTAssertTrue(lines.last?.contains("now: presenter on DUMMY0, audience fullscreen on DUMMY1") ?? false, "\(lines)")
    }
}
