import PodiumKit
import XCTest

/// An action sheet opened from a button inside a popover: a child popover pointing at that button;
/// a click outside all of them dismisses the stack (consumed), Esc closes the top one.
@MainActor
final class ActionSheetInPopoverTests: XCTestCase {
    @MainActor final class Fixture {
        let root: WindowRoot
        let item = BarButtonItem("Tools", id: "tools")
        let under = Button("Under", id: "under")
        let more = Button("More…", id: "menu.more")
        var log: [String] = []
        var parentDismissals: [Bool] = []
        var parent: Popover!
        init(width: Double = 800) {
            root = makeRoot(Size(width, 600))
            let bar = Toolbar(items: [.flexibleSpace, .button(item)], id: "bar")
            root.content.addSubview(bar.pinned(Pins(leading: 0, trailing: 0, top: 0, height: Toolbar.height)))
            root.host(under, at: Rect(20, 500, 120, 40))
            under.action = { [unowned self] _ in log.append("under") }
            let body = View(background: .white)
            body.addSubview(more.pinned(Pins(trailing: 10, bottom: 10, width: 90, height: 34)))
            more.action = { [unowned self] b in
                root.presentActionSheet(ActionSheet(title: "Row", actions: [
                    .init("Rename") { [unowned self] in log.append("rename") },
                ], onCancel: { [unowned self] in log.append("cancel") }), from: b)
            }
            parent = root.presentPopover(body, preferredSize: Size(300, 200), from: item)
            parent.onDismiss = { [unowned self] in parentDismissals.append($0) }
        }
        var sheet: Popover? { root.popovers.first { $0.source == "menu.more" } }
    }

    func testTheSheetIsAChildPopoverPointingAtItsButton() async throws {
        let f = Fixture()
        XCTAssertTrue(f.root.click(controlID: "menu.more"))
        let sheet = try XCTUnwrap(f.sheet)
        XCTAssertTrue(sheet.parentPopover === f.parent, "a child of the popover its button is in")
        XCTAssertEqual(f.root.overlay.presented.count, 2, "the parent stays open")
        let button = f.more.convertToWindow(f.more.bounds)
        XCTAssertEqual(sheet.anchor, button)
        let tip = try XCTUnwrap(sheet.placement?.arrowTip)
        XCTAssertTrue(button.insetBy(dx: -PopoverMetrics.gap - 0.5, dy: -PopoverMetrics.gap - 0.5).contains(tip),
                      "the arrow's tip \(tip) touches the button \(button)")
        XCTAssertFalse(sheet.frame.intersects(button), "never covers its button")
        XCTAssertNotNil(f.root.node("sheet.menu.more.action.0"))
        // Its action runs and closes only the sheet.
        XCTAssertTrue(f.root.click(controlID: "sheet.menu.more.action.0"))
        XCTAssertEqual(f.log, ["rename"])
        XCTAssertEqual(f.root.popovers.map { $0 === f.parent }, [true])
    }

    func testClickOutsideAllDismissesTheStackAndIsConsumed() async throws {
        let f = Fixture()
        XCTAssertTrue(f.root.click(controlID: "menu.more"))
        XCTAssertNotNil(f.sheet)
        f.root.clickAt(Point(80, 520))   // on "Under", outside both popovers
        XCTAssertTrue(f.root.overlay.presented.isEmpty)
        XCTAssertEqual(f.log, ["cancel"], "the click reached nothing beneath; the sheet was cancelled")
        XCTAssertEqual(f.parentDismissals, [true])
    }

    func testEscClosesTheTopOneOnly() async throws {
        let f = Fixture()
        XCTAssertTrue(f.root.click(controlID: "menu.more"))
        f.root.press("Escape")
        XCTAssertNil(f.sheet)
        XCTAssertEqual(f.root.popovers.map { $0 === f.parent }, [true])
        XCTAssertEqual(f.log, ["cancel"])
        f.root.press("Escape")
        XCTAssertTrue(f.root.overlay.presented.isEmpty)
        XCTAssertEqual(f.parentDismissals, [true])
    }

    func testClickingTheButtonAgainChangesNothingAndClickingTheParentClosesTheSheet() async throws {
        let f = Fixture()
        XCTAssertTrue(f.root.click(controlID: "menu.more"))
        XCTAssertTrue(f.root.click(controlID: "menu.more"))
        XCTAssertEqual(f.root.overlay.presented.count, 2, "no second sheet, none closed")
        XCTAssertEqual(f.log, [])
        let parentCorner = f.parent.frame.origin + Point(20, 20)
        f.root.clickAt(parentCorner)
        XCTAssertNil(f.sheet, "a click in the parent closes the child above it")
        XCTAssertEqual(f.root.popovers.count, 1)
        XCTAssertEqual(f.log, ["cancel"])
    }

    func testTheSheetFollowsItsButtonWhenTheWindowResizes() async throws {
        let f = Fixture()
        XCTAssertTrue(f.root.click(controlID: "menu.more"))
        let sheet = try XCTUnwrap(f.sheet)
        let before = sheet.anchor
        f.root.resize(to: Size(1100, 500))
        _ = f.root.renderFrame()
        XCTAssertNotNil(f.sheet, "still open")
        let button = f.more.convertToWindow(f.more.bounds)
        XCTAssertEqual(sheet.anchor, button)
        XCTAssertEqual(button.minX - before.minX, 300, "the bar item, its popover and the button moved with the trailing edge")
        XCTAssertTrue(f.root.bounds.inset(by: EdgeInsets(all: PopoverMetrics.margin)).contains(sheet.frame))
    }

    func testInACompactWindowTheBottomSheetIsStillAChild() async throws {
        let f = Fixture(width: 380)
        XCTAssertTrue(f.root.click(controlID: "menu.more"))
        let shown = f.root.overlay.presented
        XCTAssertEqual(shown.count, 2)
        XCTAssertTrue(shown.last is BottomSheet)
        XCTAssertTrue(shown.last?.parentPopover === f.parent)
        XCTAssertTrue(f.root.click(controlID: "sheet.menu.more.cancel"))
        XCTAssertEqual(f.root.overlay.presented.count, 1, "Cancel closes the sheet, not its parent")
        XCTAssertEqual(f.log, ["cancel"])
    }

    func testClosingTheParentClosesTheSheetNotByTheUser() async throws {
        let f = Fixture()
        XCTAssertTrue(f.root.click(controlID: "menu.more"))
        f.item.isHidden = true   // the parent's anchor goes
        _ = f.root.renderFrame()
        XCTAssertTrue(f.root.overlay.presented.isEmpty)
        XCTAssertEqual(f.parentDismissals, [false])
        XCTAssertEqual(f.log, [], "onCancel is for the user's cancels only")
    }
}
