import PodiumKit
import XCTest

@MainActor
final class ControlsTests: XCTestCase {
    func testSliderSnapsDragsAndSteps() async {
        let root = makeRoot()
        let s = Slider(value: 3, in: 0...10, step: 1, id: "rating")
        var seen: [Double] = []
        s.onChange = { seen.append($0) }
        root.host(s, at: Rect(0, 0, 222, 34))   // track 11…211: 20 pt per step
        XCTAssertEqual(s.knobX, 11 + 60)
        root.dispatch(.mouseDown(Point(11 + 139, 17), button: 1, clicks: 1))
        XCTAssertEqual(s.value, 7, "139 pt snaps to step 7")
        root.dispatch(.mouseMoved(Point(300, 17), buttons: 1))
        XCTAssertEqual(s.value, 10, "dragging past the end clamps")
        root.dispatch(.mouseUp(Point(300, 17), button: 1))
        root.press("Left"); root.press("Left")
        XCTAssertEqual(s.value, 8)
        root.press("Home")
        XCTAssertEqual(s.value, 0)
        root.press("Left")
        XCTAssertEqual(seen, [7, 10, 9, 8, 0], "no change reported when nothing changed")
        XCTAssertEqual(root.node("rating")?.value, "0")
        XCTAssertEqual(root.node("rating")?.role, "slider")
        XCTAssertEqual(Slider(value: 0.26, in: 0...1, step: 0.25).value, 0.25)
    }

    func testSwitchTogglesByClickAndKey() async {
        let root = makeRoot()
        let sw = Switch(isOn: false, label: "Seen live", id: "seen")
        var states: [Bool] = []
        sw.onChange = { states.append($0) }
        root.host(sw, at: Rect(20, 20, 51, 31))
        XCTAssertTrue(root.click(controlID: "seen"))
        XCTAssertTrue(sw.isOn)
        root.press("Space")
        XCTAssertEqual(states, [true, false])
        let n = root.node("seen")
        XCTAssertEqual(n?.label, "Seen live")
        XCTAssertEqual(n?.value, "off")
        XCTAssertEqual(n?.role, "switch")
    }

    func testSegmentsAreControlChildrenWithIds() async {
        let root = makeRoot()
        let seg = SegmentedControl(titles: ["All", "On Tour", "Split"], selected: 0, id: "filter")
        var picked: [Int] = []
        seg.onChange = { picked.append($0) }
        root.host(seg, at: Rect(0, 0, 300, 32))
        let nodes = root.controlTree().filter { $0.role == "segment" }
        XCTAssertEqual(nodes.map(\.id), ["filter.all", "filter.on-tour", "filter.split"])
        XCTAssertEqual(nodes[1].frame, Rect(100, 0, 100, 32))
        XCTAssertTrue(root.click(controlID: "filter.split"))
        XCTAssertEqual(seg.selectedIndex, 2)
        root.press("Left")
        XCTAssertEqual(picked, [2, 1])
        XCTAssertEqual(root.node("filter")?.value, "On Tour")
        XCTAssertEqual(root.node("filter.on-tour")?.value, "selected")
    }

    func testToolbarFixedAndFlexibleSpacesFollowTheWidth() async {
        let root = makeRoot(Size(600, 400))
        let edit = BarButtonItem("Edit", id: "edit"), share = BarButtonItem("Share", id: "share")
        let bar = Toolbar(items: [.button(edit), .fixedSpace(20), .button(BarButtonItem("Add", id: "add")), .flexibleSpace, .button(share)], id: "bar")
        bar.pinned(Pins(leading: 0, trailing: 0, top: 0, height: Toolbar.height))
        root.content.addSubview(bar)
        root.layoutIfNeeded()
        XCTAssertEqual(root.node("bar")?.role, "toolbar")
        XCTAssertEqual(root.node("edit")?.frame.minX, 8)
        XCTAssertEqual(root.node("add")!.frame.minX, root.node("edit")!.frame.maxX + 6 + 20 + 6)
        XCTAssertEqual(root.node("share")?.frame.maxX, 600 - 8)
        root.resize(to: Size(900, 400))
        XCTAssertEqual(root.node("share")?.frame.maxX, 900 - 8, "the flexible space grows with the window")
        var tapped = false
        share.action = { _ in tapped = true }
        XCTAssertTrue(root.click(controlID: "share"))
        XCTAssertTrue(tapped)
    }

    func testNavigationBarCentresItsTitle() async {
        let root = makeRoot(Size(600, 400))
        let nav = NavigationBar(title: "Bands", leading: [.button(BarButtonItem("Back", id: "back"))],
                                trailing: [.button(BarButtonItem("Add", id: "add"))], id: "nav")
        nav.pinned(Pins(leading: 0, trailing: 0, top: 0, height: Toolbar.height))
        root.content.addSubview(nav)
        root.layoutIfNeeded()
        XCTAssertEqual(nav.titleLabel.frame.midX, 300, accuracy: 0.5)
        XCTAssertEqual(root.node("nav")?.label, "Bands")
        XCTAssertEqual(root.node("nav")?.role, "navigation-bar")
        XCTAssertEqual(root.node("add")?.frame.maxX, 592)
    }

    func testTabMovesFocusThroughTheControlsInReadingOrder() async {
        let root = makeRoot()
        let field = TextField(id: "field"), slider = Slider(id: "slider"), sw = Switch(id: "switch")
        let seg = SegmentedControl(titles: ["A", "B"], id: "seg")
        root.host(seg, at: Rect(10, 200, 200, 32))
        root.host(field, at: Rect(10, 10, 200, 34))
        root.host(slider, at: Rect(10, 60, 200, 34))
        root.host(sw, at: Rect(10, 110, 51, 31))
        var order: [String?] = []
        for _ in 0..<5 { root.press("Tab"); order.append(root.focusedView?.id) }
        XCTAssertEqual(order, ["field", "slider", "switch", "seg", "field"], "top to bottom whatever the tree order, wrapping around")
        root.press("Shift+Tab"); root.press("Shift+Tab")
        XCTAssertEqual(root.focusedView?.id, "switch")
        root.press("Space")
        XCTAssertTrue(sw.isOn, "the focused control gets the keys")
    }
}

@MainActor
final class ListKeyboardTests: XCTestCase {
    func testKeysMoveAcrossSectionsAndClampAtTheEnds() async {
        let root = makeRoot(Size(400, 48 * 5 + 28))
        let list = ListView()
        list.id = "list"
        list.sections = [
            ListSection(title: "A", rows: (0..<3).map { ListRow(id: "a\($0)", title: "A\($0)") }),
            ListSection(title: "B", rows: []),
            ListSection(title: "C", rows: (0..<10_000).map { ListRow(id: "c\($0)", title: "C\($0)") }),
        ]
        root.host(list, at: Rect(0, 0, 400, 48 * 5 + 28))
        list.becomeFocused()
        root.press("Up")
        XCTAssertEqual(list.selectedRow?.id, "a0", "the first key selects the first row")
        root.press("Down"); root.press("Down"); root.press("Down")
        XCTAssertEqual(list.selectedRow?.id, "c0", "skips the empty section")
        root.press("Up")
        XCTAssertEqual(list.selectedRow?.id, "a2")
        root.press("PageDown")
        XCTAssertEqual(list.selectedRow?.id, "c3", "a page is the visible rows less one: four")
        root.press("End")
        XCTAssertEqual(list.selectedRow?.id, "c9999")
        root.press("Down")
        XCTAssertEqual(list.selectedRow?.id, "c9999", "clamped at the end")
        XCTAssertNotNil(root.node("list.row.c9999"), "scrolled into view")
        root.press("Home")
        XCTAssertEqual(list.selectedRow?.id, "a0")
        root.press("PageUp")
        XCTAssertEqual(list.selectedRow?.id, "a0", "clamped at the start")
    }
}
