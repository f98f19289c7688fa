import Foundation
import PodiumCore
import PodiumKit
import PodiumTestSupport
import XCTest

/// Trial 10 F3's "+ Add once did nothing": a key typed where no field had the focus showed the
/// "Keys held while typing" hint, a one-line banner over the top of the scene area, where the
/// band list keeps + Add. The click went to the banner, the name field lost the focus and the
/// typing after it was held. The banner lets clicks through to the scene beneath.
@MainActor
final class BannerClickThroughTests: XCTestCase {
    var now = 1000.0

    func testAClickOnAControlUnderTheBannerReachesIt() async throws {
        let p = ControlsScene.presentation(clock: { [unowned self] in self.now })
        let s = try XCTUnwrap(p.currentScene as? ControlsScene)
        ControlsScene.click(p, s.field)
        p.press(Key("x")); p.presenter.dispatch(.text("x"))   // typed into the field
        p.presenter.focus(nil)
        now += 0.2
        p.press(Key("a"))   // no field has it: held, and the hint shows
        let banner = try XCTUnwrap(p.presenter.controlTree().first { $0.id == "console.banner" })
        XCTAssertEqual(banner.label, Presentation.typingHint)
        p.presenter.layoutIfNeeded()
        let button = s.button.convertToWindow(s.button.bounds)
        XCTAssertTrue(banner.frame.contains(button.center), "the scene's button lies under the banner: \(banner.frame) \(button)")
        ControlsScene.click(p, s.button)
        XCTAssertEqual(s.pressed, 1, "the click reached the button under the banner")
        ControlsScene.click(p, s.field)
        XCTAssertTrue(p.presenter.focusedView === s.field)
    }
}
