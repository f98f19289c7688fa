import PodiumKit
import XCTest

@MainActor
final class SplitViewTests: XCTestCase {
    func testCollapseBreakpointAndPrimaryWidth() async {
        let table: [(Double, Bool, Double?)] = [
            (320, true, nil), (399, true, nil), (400, false, 180), (500, false, 180),
            (800, false, 240), (1000, false, 300), (1200, false, 360), (2560, false, 360),
        ]
        for (w, collapsed, primary) in table {
            let l = SplitLayout(bounds: Rect(0, 0, w, 600))
            XCTAssertEqual(l.isCollapsed, collapsed, "width \(w)")
            XCTAssertEqual(l.primary?.width, primary, "width \(w)")
            if let p = l.primary {
                XCTAssertEqual(l.secondary.minX, p.maxX + 1, "1 pt separator")
                XCTAssertEqual(l.secondary.maxX, w)
            } else {
                XCTAssertEqual(l.secondary, Rect(0, 44, w, 556), "secondary fills the window below the bar")
            }
        }
    }

    @MainActor final class Fixture {
        let root: WindowRoot
        let list = ListView()
        let detail = Label("none")
        let split: SplitView
        init(width: Double) {
            root = makeRoot(Size(width, 600))
            list.id = "bands"
            list.sections = [ListSection(title: "", rows: (0..<30).map { ListRow(id: "\($0)", title: "Band \($0)") })]
            split = SplitView(primary: list, secondary: detail, primaryTitle: "Bands", id: "split")
            list.onSelect = { [unowned self] _, row in detail.text = row.title; split.primaryDidChooseItem() }
            root.content.addSubview(split.pinned(.fill()))
            root.layoutIfNeeded()
        }
    }

    func testCollapsedShowsAButtonTitledAfterThePrimary() async {
        let f = Fixture(width: 360)
        XCTAssertTrue(f.split.isCollapsed)
        let button = f.root.node("split.show-primary")
        XCTAssertEqual(button?.label, "Bands")
        XCTAssertEqual(f.root.node("split.bar")?.role, "toolbar")
        XCTAssertNil(f.root.node("bands"), "the primary is not shown while collapsed")
        XCTAssertEqual(f.detail.frame, Rect(0, 44, 360, 556))
        XCTAssertTrue(f.root.click(controlID: "split.show-primary"))
        let p = f.split.primaryPopoverShown
        XCTAssertNotNil(p)
        XCTAssertEqual(p?.arrowDirection, .up)
        XCTAssertEqual(f.root.node("bands")?.role, "list", "the primary is in the popover")
        // Clicking the button again changes nothing (no second popover, not closed); Esc closes.
        XCTAssertTrue(f.root.click(controlID: "split.show-primary"))
        XCTAssertEqual(f.root.popovers.count, 1)
        f.root.press("Escape")
        XCTAssertTrue(f.root.popovers.isEmpty)
        XCTAssertNil(f.root.node("bands"))
    }

    func testChoosingARowUpdatesTheSecondaryAndDismisses() async {
        let f = Fixture(width: 360)
        _ = f.root.click(controlID: "split.show-primary")
        XCTAssertTrue(f.root.click(controlID: "bands.row.2"))
        XCTAssertEqual(f.detail.text, "Band 2")
        XCTAssertNil(f.split.primaryPopoverShown)
        XCTAssertTrue(f.root.popovers.isEmpty)
        XCTAssertEqual(f.list.selection, ListIndexPath(0, 2))
    }

    func testSelectionSurvivesCollapseAndExpand() async {
        let f = Fixture(width: 900)
        XCTAssertFalse(f.split.isCollapsed)
        XCTAssertEqual(f.list.frame.width, 270)
        XCTAssertTrue(f.root.click(controlID: "bands.row.4"))
        f.root.resize(to: Size(360, 600))
        XCTAssertTrue(f.split.isCollapsed)
        XCTAssertEqual(f.list.selection, ListIndexPath(0, 4))
        _ = f.root.click(controlID: "split.show-primary")
        XCTAssertEqual(f.root.node("bands.row.4")?.value, "selected", "still selected in the popover")
        // Widening while the popover is open puts the primary back beside the secondary.
        f.root.resize(to: Size(1000, 600))
        XCTAssertFalse(f.split.isCollapsed)
        XCTAssertTrue(f.root.popovers.isEmpty)
        XCTAssertEqual(f.root.node("bands")?.frame, Rect(0, 0, 300, 600))
        XCTAssertEqual(f.root.node("bands.row.4")?.value, "selected")
        XCTAssertEqual(f.detail.text, "Band 4")
    }
}
