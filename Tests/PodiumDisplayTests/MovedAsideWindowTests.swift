import Foundation
import PodiumCore
import PodiumKit
import XCTest

/// Trial 21 m3: `--windowed`, the speaker's presenter window moved aside for the audience window
/// when the projector went; the projector back, it stayed squeezed at the left of the display.
@MainActor
final class MovedAsideWindowTests: FakeDisplaysTestCase {
    func windowedController() -> DisplayController<FakePlatform> {
        platform.connect([("eDP-1", 1280, 800), ("HDMI-1", 1920, 1080)])
        let c = DisplayController(policy: DisplayPolicy(windowed: true), platform: platform, presentation: presentation, presenterWindow: platform.presenter,
                                  windowed: true, choicesPath: choices) { [unowned self] in self.lines.append($0) }
        c.refresh(reason: "launch", launch: true)
        return c
    }

    func unplug(_ c: DisplayController<FakePlatform>) {
        platform.connect([("eDP-1", 1280, 800)])
        now += 1; presentation.timers.fire(now: now); c.refresh(reason: "display 1 disconnected")
    }

    func plug(_ c: DisplayController<FakePlatform>) {
        platform.connect([("eDP-1", 1280, 800), ("HDMI-1", 1920, 1080)])
        now += 1; presentation.timers.fire(now: now); c.refresh(reason: "display 1 connected")
    }

    func testTheProjectorBackThePresenterWindowGoesBackWhereTheSpeakerHadIt() async throws {
        let c = windowedController()
        let speakers = Rect(128, 80, 1024, 640)
        platform.presenter.frame = speakers   // where the speaker put it
        unplug(c)
        XCTAssertEqual(c.assignment.audience, .window)
        let aside = try XCTUnwrap(SideBySideWindows.frames(in: platform.bounds("eDP-1"))).presenter
        XCTAssertEqual(platform.presenter.frame, aside, "moved aside for the audience window (documented)")
        plug(c)
        XCTAssertEqual(c.assignment.audienceDisplay?.name, "HDMI-1")
        XCTAssertEqual(platform.presenter.frame, speakers, "back where the speaker had it")
        XCTAssertFalse(platform.presenter.isFullscreen)
        XCTAssertTrue(lines.contains { $0.contains("presenter window back where it was") }, "\(lines)")
        // A second blip: the same again (what was remembered is the speaker's, not the squeezed frame).
        unplug(c); plug(c)
        XCTAssertEqual(platform.presenter.frame, speakers)
    }

    func testAWindowTheSpeakerMovedMeanwhileStaysWhereTheyPutIt() async throws {
        let c = windowedController()
        platform.presenter.frame = Rect(128, 80, 1024, 640)
        unplug(c)
        let theirs = Rect(300, 100, 900, 600)
        platform.presenter.frame = theirs   // moved and resized by the speaker while the projector was gone
        plug(c)
        XCTAssertEqual(platform.presenter.frame, theirs, "the speaker's later choice wins")
        XCTAssertFalse(lines.contains { $0.contains("presenter window back where it was") }, "\(lines)")
    }
}
