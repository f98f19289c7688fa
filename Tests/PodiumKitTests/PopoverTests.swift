import PodiumKit
import XCTest

@MainActor
final class PopoverTests: XCTestCase {
    /// A window with a toolbar holding a "Bands" bar button and a plain button beneath.
    @MainActor final class Fixture {
        let root = makeRoot(Size(800, 600))
        let item = BarButtonItem("Bands", id: "bands")
        let under = Button("Under", id: "under")
        var underClicks = 0
        var dismissals: [Bool] = []
        init() {
            let bar = Toolbar(items: [.flexibleSpace, .button(item)], id: "bar")
            root.content.addSubview(bar.pinned(Pins(leading: 0, trailing: 0, top: 0, height: Toolbar.height)))
            root.host(under, at: Rect(20, 400, 120, 40))
            under.action = { [unowned self] _ in underClicks += 1 }
        }
        @discardableResult
        func open(_ source: String = "bands", parent: Popover? = nil) -> Popover? {
            let content = View(background: .white)
            content.addSubview(Button("Inside", id: "inside.\(source)").pinned(Pins(leading: 10, top: 10, width: 100, height: 30)))
            let p = root.presentPopover(content, preferredSize: Size(300, 200), from: item, source: source, parent: parent)
            p?.onDismiss = { [unowned self] in dismissals.append($0) }
            return p
        }
    }

    func testPresentFromBarButtonPointsAtIt() async {
        let f = Fixture()
        let p = f.open()!
        let itemFrame = f.item.convertToWindow(f.item.bounds)
        XCTAssertEqual(p.anchor, itemFrame)
        XCTAssertEqual(p.arrowDirection, .up)
        XCTAssertEqual(p.placement?.arrowTip.y, itemFrame.maxY + PopoverMetrics.gap)
        XCTAssertEqual(f.root.node("popover.bands")?.role, "popover")
        XCTAssertEqual(f.root.node("popover.bands")?.value, "up")
        XCTAssertNotNil(f.root.node("inside.bands"), "popover content is in the control tree")
    }

    func testSameSourceTwiceShowsOne() async {
        let f = Fixture()
        XCTAssertNotNil(f.open())
        XCTAssertNil(f.open(), "no stacked duplicate")
        XCTAssertEqual(f.root.popovers.count, 1)
    }

    func testOneRootPerWindowChildrenStack() async {
        let f = Fixture()
        let a = f.open("a")!
        let b = f.open("b")!
        XCTAssertNil(a.superview, "a second root replaces the first")
        XCTAssertEqual(f.dismissals, [false], "replaced by code, not by the user")
        let child = f.open("child", parent: b)!
        XCTAssertEqual(f.root.popovers.map(\.source), ["b", "child"])
        b.dismiss(byUser: false)
        XCTAssertNil(child.superview, "children close with their parent")
        XCTAssertTrue(f.root.popovers.isEmpty)
        XCTAssertNil(f.open("orphan", parent: child), "a child of a closed popover is not shown")
    }

    func testClickOutsideDismissesAllAndIsConsumed() async {
        let f = Fixture()
        let p = f.open("a")!
        f.open("child", parent: p)
        f.root.clickAt(Point(80, 420))   // on "Under"
        XCTAssertTrue(f.root.popovers.isEmpty)
        XCTAssertEqual(f.underClicks, 0, "the click that dismissed did not reach the button beneath")
        XCTAssertEqual(f.dismissals, [true, true], "owners told the user dismissed them")
        f.root.clickAt(Point(80, 420))
        XCTAssertEqual(f.underClicks, 1)
    }

    func testClickOnTheAnchorAgainChangesNothing() async {
        let f = Fixture()
        var itemClicks = 0
        f.item.action = { _ in itemClicks += 1 }
        let p = f.open()!
        let anchorCentre = f.item.convertToWindow(f.item.bounds).center
        f.root.clickAt(anchorCentre)
        XCTAssertEqual(f.root.popovers.map { $0 === p }, [true], "still exactly the same popover")
        XCTAssertEqual(f.dismissals, [], "not dismissed")
        XCTAssertEqual(itemClicks, 0, "the click was consumed, not passed to the button")
    }

    func testClickInsideTheParentClosesOnlyTheChild() async {
        let f = Fixture()
        let parent = f.open("a")!
        let child = Popover(content: View(background: .white), preferredSize: Size(120, 80),
                            anchor: Rect(parent.frame.minX + 10, parent.frame.maxY - 40, 20, 20), source: "child", preferred: .left)
        child.parentPopover = parent
        XCTAssertTrue(f.root.present(child))
        // Somewhere in the parent, not covered by the child.
        let inParent = Point(parent.frame.minX + 150, parent.frame.minY + 20)
        XCTAssertFalse(child.frame.contains(inParent))
        f.root.clickAt(inParent)
        XCTAssertNil(child.superview)
        XCTAssertNotNil(parent.superview)
    }

    func testClicksInsideReachTheContent() async {
        let f = Fixture()
        f.open()
        var hit = false
        (f.root.popovers[0].content.subviews[0] as! Button).action = { _ in hit = true }
        XCTAssertTrue(f.root.click(controlID: "inside.bands"))
        XCTAssertTrue(hit)
        XCTAssertEqual(f.root.popovers.count, 1)
    }

    func testEscClosesTheTopOnly() async {
        let f = Fixture()
        let p = f.open("a")!
        f.open("child", parent: p)
        f.root.press("Escape")
        XCTAssertEqual(f.root.popovers.map(\.source), ["a"])
        f.root.press("Escape")
        XCTAssertTrue(f.root.popovers.isEmpty)
        XCTAssertEqual(f.dismissals, [true, true])
    }

    func testFollowsTheAnchorOnResizeAndKeepsItsDirection() async {
        let f = Fixture()
        let p = Popover(content: View(background: .white), preferredSize: Size(300, 200), from: f.item,
                        source: "side", preferred: .left)
        XCTAssertTrue(f.root.present(p))
        XCTAssertEqual(p.arrowDirection, .right, "no room right of a trailing item: flipped")
        f.root.resize(to: Size(1200, 800))
        _ = f.root.renderFrame()
        XCTAssertEqual(p.anchor, f.item.convertToWindow(f.item.bounds))
        XCTAssertEqual(p.anchor.maxX, 1200 - 8, "moved with the bar button")
        XCTAssertEqual(p.arrowDirection, .right, "kept its direction")
        XCTAssertEqual(p.placement!.arrowTip.x, p.anchor.minX - PopoverMetrics.gap, accuracy: 0.5)
    }

    func testDismissedWhenItsAnchorLeavesTheWindow() async {
        let f = Fixture()
        let p = f.open()!
        f.item.superview!.superview!.isHidden = true   // the toolbar goes away
        _ = f.root.renderFrame()
        XCTAssertNil(p.superview)
        XCTAssertEqual(f.dismissals, [false])
        let q = Popover(content: View(), preferredSize: Size(100, 100), anchor: Rect(700, 500, 40, 40), source: "rect")
        f.root.present(q)
        f.root.resize(to: Size(600, 400))
        _ = f.root.renderFrame()
        XCTAssertNil(q.superview, "the rectangle is outside the smaller window")
    }

    func testDecorationInTheOverlayIsNeitherDismissedNorClickable() async {
        let f = Fixture()
        let cover = View(background: .black)
        cover.pins = .fill(); cover.isHidden = true
        f.root.overlay.addSubview(cover)
        f.open()
        f.root.clickAt(Point(80, 420))
        XCTAssertIdentical(cover.superview, f.root.overlay, "the blackout cover stays")
        f.root.clickAt(Point(80, 420))
        XCTAssertEqual(f.underClicks, 1)
    }

    func testFadeInAndOutNeverBlockInput() async {
        let f = Fixture()
        var t = 100.0
        f.root.clock = { t }
        let p = f.open()!
        XCTAssertTrue(f.root.isAnimating)
        // Mid fade-in the panel is translucent and scaled about the arrow tip.
        t += PresentedView.appearDuration / 2
        let mid = f.root.renderFrame()
        XCTAssertTrue(f.root.needsDisplay, "keeps asking for frames while animating")
        let arrows = mid.commands.compactMap { c -> Color? in if case let .polygon(_, col) = c { return col } else { return nil } }
        XCTAssertEqual(arrows.count, 1)
        XCTAssertTrue(arrows.allSatisfy { $0.a > 0 && $0.a < 255 }, "translucent while fading in: \(arrows)")
        // Input works during the transition.
        var hit = false
        (p.content.subviews[0] as! Button).action = { _ in hit = true }
        XCTAssertTrue(f.root.click(controlID: "inside.bands"))
        XCTAssertTrue(hit)
        t += PresentedView.appearDuration
        _ = f.root.renderFrame()
        XCTAssertFalse(f.root.isAnimating)
        XCTAssertFalse(f.root.needsDisplay, "settled: no more frames")
        // Dismissal: gone from the tree at once, its picture fades out.
        f.root.press("Escape")
        XCTAssertNil(p.superview)
        XCTAssertTrue(f.root.isAnimating)
        f.root.clickAt(Point(80, 420))
        XCTAssertEqual(f.underClicks, 1, "the fading picture does not catch clicks")
        let ghost = f.root.renderFrame()
        XCTAssertTrue(ghost.commands.contains { if case .polygon = $0 { true } else { false } }, "the arrow is still drawn while fading out")
        t += PresentedView.disappearDuration
        let after = f.root.renderFrame()
        XCTAssertFalse(after.commands.contains { if case .polygon = $0 { true } else { false } })
        XCTAssertFalse(f.root.isAnimating)
    }

    func testNoClockMeansNoAnimation() async {
        let f = Fixture()
        f.open()
        XCTAssertFalse(f.root.isAnimating)
        _ = f.root.renderFrame()
        XCTAssertFalse(f.root.needsDisplay)
    }
}

@MainActor
final class PopoverScrollAndDisplayTests: XCTestCase {
    func testShrunkContentScrollsWithTheWheel() async {
        let root = makeRoot(Size(400, 300))
        let content = View(background: .white)
        let bottom = Button("Last", id: "last")
        content.addSubview(bottom.pinned(Pins(leading: 10, bottom: 10, width: 100, height: 30)))
        let p = Popover(content: content, preferredSize: Size(200, 1000), anchor: Rect(180, 10, 40, 30), source: "tall", permitted: [.up])
        root.present(p)
        XCTAssertTrue(p.placement!.shrunk)
        XCTAssertEqual(p.frame.height, 290 - (40 + 14))
        XCTAssertEqual(content.frame.height, 1000, "the content keeps its preferred height")
        XCTAssertNil(root.node("last").flatMap { p.frame.contains($0.frame.center) ? $0 : nil }, "the last button starts out of view")
        root.dispatch(.wheel(dx: 0, dy: -100, at: p.frame.center))
        XCTAssertEqual(p.contentOffset, 1000 - (p.frame.height - 2 * PopoverMetrics.contentInset), "scrolled to the end (clamped)")
        XCTAssertTrue(p.frame.contains(root.node("last")!.frame.center))
        XCTAssertTrue(root.click(controlID: "last"))
        XCTAssertEqual(root.popovers.count, 1, "a click on scrolled content is inside")
    }

    func testDisplayChangePlacesAfreshWithoutTellingTheOwner() async {
        let root = makeRoot(Size(800, 600))
        var told = 0
        let p = Popover(content: View(), preferredSize: Size(300, 200), anchor: Rect(378, 100, 44, 44), source: "p", preferred: .up)
        p.onDismiss = { _ in told += 1 }
        root.present(p)
        // Squeezed so it goes to the side, then the window grows again: it keeps the side…
        root.resize(to: Size(800, 330)); _ = root.renderFrame()
        XCTAssertEqual(p.arrowDirection, .left)
        root.resize(to: Size(800, 600)); _ = root.renderFrame()
        XCTAssertEqual(p.arrowDirection, .left)
        // …until the window lands on another display: then it is placed as if new.
        var t = 5.0
        root.clock = { t }
        root.displayDidChange()
        _ = root.renderFrame()
        XCTAssertEqual(p.arrowDirection, .up)
        XCTAssertTrue(root.isAnimating, "fades in again")
        t += 1
        XCTAssertFalse(root.isAnimating)
        XCTAssertEqual(told, 0)
        XCTAssertNotNil(p.superview)
    }
}

extension PopoverTests {
    /// Trial 32 m7: a plugin's NaN or huge preferred size. The popover was invisible (only its
    /// arrow) and one NaN in its frame made the control socket's whole state reply `null`.
    func testANonFiniteOrHugePreferredSizeIsAsLargeAsTheWindowLetsIt() async {
        for size in [Size(.nan, 200), Size(1e12, .infinity), Size(-5, .nan)] {
            let f = Fixture()
            let p = f.root.presentPopover(View(background: .white), preferredSize: size, from: f.item, source: "huge")
            XCTAssertNotNil(p, "\(size)")
            guard let p else { continue }
            f.root.layoutIfNeeded()
            let numbers: [Double] = [p.frame.x, p.frame.y, p.frame.width, p.frame.height]
            XCTAssertTrue(numbers.allSatisfy(\.isFinite), "\(size): \(p.frame)")
            XCTAssertTrue(Rect(0, 0, 800, 600).contains(p.frame.center), "\(size): on the window: \(p.frame)")
            XCTAssertGreaterThan(p.frame.height, size.height.isNaN ? 100 : 0, "\(size): \(p.frame)")
        }
    }

    func testAJSONReplyWithANonFiniteNumberKeepsEverythingElse() {
        let v: JSONValue = .object(["ok": .bool(true), "frame": .array([.number(.nan), .number(2), .number(.infinity)])])
        XCTAssertEqual(v.jsonString, #"{"frame":[null,2,null],"ok":true}"#)
    }
}
