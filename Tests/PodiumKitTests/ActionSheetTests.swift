import PodiumKit
import XCTest

@MainActor
final class ActionSheetTests: XCTestCase {
    var log: [String] = []
    func sheet() -> ActionSheet {
        ActionSheet(title: "Radiohead", actions: [
            .init("Share", style: .default) { [unowned self] in log.append("share") },
            .init("Delete", style: .destructive) { [unowned self] in log.append("delete") },
        ], onCancel: { [unowned self] in log.append("cancel") })
    }

    func testRegularWidthIsAPopoverWithoutCancel() async {
        let root = makeRoot(Size(800, 600))
        let b = Button("More", id: "more")
        root.host(b, at: Rect(600, 100, 80, 34))
        let shown = root.presentActionSheet(sheet(), from: b)
        XCTAssertTrue(shown is Popover)
        XCTAssertEqual((shown as? Popover)?.anchor, Rect(600, 100, 80, 34))
        let ids = root.controlTree().map(\.id)
        XCTAssertTrue(ids.contains("sheet.more.action.0"))
        XCTAssertFalse(ids.contains("sheet.more.cancel"), "no Cancel in a popover: a click outside cancels")
        XCTAssertNil(root.presentActionSheet(sheet(), from: b), "not twice from the same source")
        root.clickAt(Point(10, 500))
        XCTAssertEqual(log, ["cancel"])
        XCTAssertTrue(root.popovers.isEmpty)
    }

    func testActionRunsItsHandlerAndIsNotACancel() async {
        let root = makeRoot(Size(800, 600))
        root.presentActionSheet(sheet(), from: Rect(400, 300, 40, 40), source: "row")
        XCTAssertEqual(root.node("sheet.row.action.1")?.label, "Delete")
        XCTAssertTrue(root.click(controlID: "sheet.row.action.1"))
        XCTAssertEqual(log, ["delete"])
        XCTAssertTrue(root.overlay.presented.isEmpty)
    }

    func testCompactWidthIsABottomSheetWithCancel() async {
        let root = makeRoot(Size(360, 640))
        let shown = root.presentActionSheet(sheet(), from: Rect(300, 10, 40, 40), source: "more")
        XCTAssertTrue(shown is BottomSheet)
        let frame = shown!.frame
        XCTAssertEqual(frame.maxY, 640 - 8, "pinned to the bottom")
        XCTAssertEqual(frame.width, 360 - 16)
        let cancel = root.node("sheet.more.cancel")
        XCTAssertEqual(cancel?.label, "Cancel")
        XCTAssertLessThanOrEqual(cancel!.frame.maxY, frame.maxY, "every button fits in the sheet")
        XCTAssertTrue(root.click(controlID: "sheet.more.cancel"))
        XCTAssertEqual(log, ["cancel"])
        XCTAssertTrue(root.overlay.presented.isEmpty)
        // Esc cancels too.
        root.presentActionSheet(sheet(), from: Rect(300, 10, 40, 40), source: "more")
        root.press("Escape")
        XCTAssertEqual(log, ["cancel", "cancel"])
    }

    func testSheetFromInsideAPopoverIsItsChild() async {
        let root = makeRoot(Size(800, 600))
        let p = Popover(content: View(background: .white), preferredSize: Size(300, 300), anchor: Rect(100, 50, 40, 40), source: "menu")
        root.present(p)
        let shown = root.presentActionSheet(sheet(), from: Rect(120, 200, 40, 30), source: "row", parent: p)
        XCTAssertNotNil(shown)
        XCTAssertEqual(root.overlay.presented.count, 2, "the parent stays open")
        p.dismiss(byUser: true)
        XCTAssertTrue(root.overlay.presented.isEmpty)
        XCTAssertEqual(log, ["cancel"], "closing the parent cancels the child sheet")
    }
}
