import PodiumCore
import PodiumKit
import PodiumTestSupport
import XCTest

/// Trial 34 F2: Esc closes a popover (it has no Cancel button) and also ends a blackout or shows
/// a look-up to the room. A second Esc just after the one that closed the popover is the
/// speaker's habit, not a choice to show the room: it leaves the room as it is; the next one acts.
extension PresentationTests {
    private func openPopover(_ p: Presentation) throws {
        p.presenter.resize(to: Size(1200, 800))
        _ = p.presenter.renderFrame()
        XCTAssertNotNil(p.presenter.presentPopover(View(background: .white), preferredSize: Size(200, 100), at: .view(p.console), source: "probe"))
        XCTAssertNotNil(p.presenter.overlay.topmost)
    }

    func testASecondEscRightAfterClosingAPopoverKeepsTheRoomBlack() async throws {
        let p = makePresentation()
        p.press(Key("b"))
        XCTAssertEqual(p.audienceMode, .black)
        try openPopover(p)
        p.press(Key("Escape"))
        XCTAssertNil(p.presenter.overlay.topmost, "the first Esc closes the popover")
        XCTAssertEqual(p.audienceMode, .black)
        now += 0.3
        p.press(Key("Escape"))
        XCTAssertEqual(p.audienceMode, .black, "the double tap keeps the room black")
        XCTAssertNotNil(p.notice?.text.range(of: "The room stays black"), p.notice?.text ?? "no notice")
        now += 0.3
        p.press(Key("Escape"))
        XCTAssertEqual(p.audienceMode, .normal, "Esc again shows the room the talk")
        XCTAssertNil(p.notice, "and the notice that said it was held goes (trial 35 F3)")

        // Long after closing the popover, one Esc is the speaker's choice.
        p.press(Key("b"))
        try openPopover(p)
        p.press(Key("Escape"))
        now += Presentation.escapeGrace + 0.1
        p.press(Key("Escape"))
        XCTAssertEqual(p.audienceMode, .normal)
    }

    /// Review31 #5: a key between the closing Esc and the next (b, a clicker's blank key) is the
    /// speaker acting on purpose: the Esc after it is not a double tap, and acts.
    func testAKeyBetweenMakesTheNextEscCount() async throws {
        let p = makePresentation()
        try openPopover(p)
        p.press(Key("Escape"))
        XCTAssertNil(p.presenter.overlay.topmost)
        now += 0.5
        p.press(Key("b"))
        XCTAssertEqual(p.audienceMode, .black)
        now += 0.5
        p.press(Key("Escape"))
        XCTAssertEqual(p.audienceMode, .normal, "b then Esc: the room sees the talk again")
        XCTAssertNil(p.notice?.text.range(of: "Esc again"), p.notice?.text ?? "")
    }

    /// Trial 35 F11: a click on the projector that closed a console popover is a close too: an
    /// Esc right after it keeps the room black.
    func testAnEscRightAfterAProjectorClickClosedAPopoverKeepsTheRoom() async throws {
        let p = makePresentation()
        p.press(Key("b"))
        try openPopover(p)
        p.audienceInput(.mouseDown(Point(600, 300), button: 1, clicks: 1))
        p.audienceInput(.mouseUp(Point(600, 300), button: 1))
        XCTAssertNil(p.presenter.overlay.topmost)
        now += 0.3
        p.press(Key("Escape"))
        XCTAssertEqual(p.audienceMode, .black)
    }

    func testASecondEscRightAfterClosingAPopoverKeepsALookUpOnTheConsole() async throws {
        let p = makePresentation(kinds: ["a", "opener", "a", "b"])
        p.goTo(1)
        openerContext?.openScene(kind: "b", parameters: [:])
        XCTAssertEqual(p.currentIndex, 3); XCTAssertTrue(p.isFrozen)
        try openPopover(p)
        p.press(Key("Escape"))
        now += 0.15
        p.press(Key("Escape"))
        XCTAssertTrue(p.isFrozen, "the room still sees the scene the look-up came from")
        XCTAssertEqual(p.currentIndex, 3)
        XCTAssertNotNil(p.notice?.text.range(of: "The room still sees"), p.notice?.text ?? "no notice")
        p.press(Key("f"))
        XCTAssertFalse(p.isFrozen, "f shows it at once")
    }
}
