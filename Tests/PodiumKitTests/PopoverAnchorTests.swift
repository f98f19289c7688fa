import Foundation
import PodiumKit
import XCTest

/// Popovers anchored to views (or rectangles in a view's coordinates) are placed again whenever
/// layout changes — resize, split view collapse, scrolling — and close, telling the owner "not by
/// the user", when the anchor is removed, hidden or scrolled out of sight.
@MainActor
final class PopoverAnchorTests: XCTestCase {
    /// The arrow's tip touches the anchor's edge (2 pt gap) at a point within the anchor's span,
    /// and the panel lies inside the window's bounds less the 10 pt margins.
    func assertPointsAt(_ p: Popover, _ anchor: Rect, in root: WindowRoot, file: StaticString = #filePath, line: UInt = #line) {
        guard let pl = p.placement else { return XCTFail("not placed", file: file, line: line) }
        let tip = pl.arrowTip, gap = PopoverMetrics.gap
        switch pl.direction {
        case .up: XCTAssertEqual(tip.y, anchor.maxY + gap, accuracy: 0.5, file: file, line: line)
        case .down: XCTAssertEqual(tip.y, anchor.minY - gap, accuracy: 0.5, file: file, line: line)
        case .left: XCTAssertEqual(tip.x, anchor.maxX + gap, accuracy: 0.5, file: file, line: line)
        case .right: XCTAssertEqual(tip.x, anchor.minX - gap, accuracy: 0.5, file: file, line: line)
        }
        if pl.direction.isVertical {
            XCTAssertTrue((anchor.minX - 0.5)...(anchor.maxX + 0.5) ~= tip.x, "tip x \(tip.x) over \(anchor)", file: file, line: line)
        } else {
            XCTAssertTrue((anchor.minY - 0.5)...(anchor.maxY + 0.5) ~= tip.y, "tip y \(tip.y) beside \(anchor)", file: file, line: line)
        }
        let inside = root.bounds.inset(by: EdgeInsets(all: PopoverMetrics.margin))
        XCTAssertTrue(inside.contains(pl.frame), "\(pl.frame) inside \(inside)", file: file, line: line)
        XCTAssertFalse(pl.frame.intersects(anchor), "never covers its anchor", file: file, line: line)
    }

    func open(_ root: WindowRoot, at anchor: PopoverAnchor, size: Size = Size(200, 120), preferred: ArrowDirection = .up,
              dismissals: @escaping (Bool) -> Void) throws -> Popover {
        let p = Popover(content: View(background: .white), preferredSize: size, at: anchor, source: "test", preferred: preferred)
        p.onDismiss = dismissals
        XCTAssertTrue(root.present(p))
        return try XCTUnwrap(p.superview == nil ? nil : p)
    }

    // MARK: Resize

    func testWindowResizePlacesAgainInsideTheWindowKeepingTheDirection() async throws {
        let root = makeRoot(Size(800, 600))
        let button = Button("Info", id: "info")
        root.content.addSubview(button.pinned(Pins(trailing: 40, top: 300, width: 80, height: 34)))
        root.layoutIfNeeded()
        var dismissed: [Bool] = []
        let p = try open(root, at: .view(button), preferred: .up) { dismissed.append($0) }
        XCTAssertEqual(p.arrowDirection, .up)
        assertPointsAt(p, button.convertToWindow(button.bounds), in: root)
        // Shorter: 92 pt left below the button for 120 pt of content, so it flips above; then,
        // when the window grows back, it keeps that direction (tried first, and it fits).
        root.resize(to: Size(420, 450))
        _ = root.renderFrame()
        XCTAssertEqual(p.arrowDirection, .down, "no room below: placed above")
        assertPointsAt(p, button.convertToWindow(button.bounds), in: root)
        root.resize(to: Size(1000, 700))
        _ = root.renderFrame()
        XCTAssertEqual(p.arrowDirection, .down, "last time's direction is tried first")
        assertPointsAt(p, button.convertToWindow(button.bounds), in: root)
        XCTAssertEqual(p.anchor, button.convertToWindow(button.bounds))
        XCTAssertEqual(dismissed, [])
    }

    func testRectInAViewFollowsTheView() async throws {
        let root = makeRoot(Size(800, 600))
        let panel = View(background: .white)
        root.host(panel, at: Rect(100, 100, 300, 200))
        var dismissed: [Bool] = []
        let p = try open(root, at: .view(panel, rect: Rect(50, 20, 30, 30))) { dismissed.append($0) }
        XCTAssertEqual(p.anchor, Rect(150, 120, 30, 30))
        panel.pins = Pins(leading: 400, top: 250, width: 300, height: 200)
        _ = root.renderFrame()
        XCTAssertEqual(p.anchor, Rect(450, 270, 30, 30))
        assertPointsAt(p, p.anchor, in: root)
        XCTAssertEqual(dismissed, [])
    }

    // MARK: Split view collapse

    @MainActor final class SplitFixture {
        let root = makeRoot(Size(900, 600))
        let list = ListView()
        let detail = View(background: .white)
        let detailButton = Button("Share", id: "detail.share")
        let primaryButton = Button("Filter", id: "primary.filter")
        let split: SplitView
        init() {
            list.sections = [ListSection(title: "", rows: (0..<40).map { ListRow(id: "r\($0)", title: "Row \($0)") })]
            let primary = View(background: .white)
            primary.addSubview(list.pinned(Pins(leading: 0, trailing: 0, top: 44, bottom: 0)))
            primary.addSubview(primaryButton.pinned(Pins(leading: 8, top: 5, width: 80, height: 34)))
            detail.addSubview(detailButton.pinned(Pins(trailing: 20, top: 60, width: 90, height: 34)))
            split = SplitView(primary: primary, secondary: detail, primaryTitle: "Rows")
            root.content.addSubview(split.pinned(.fill()))
            root.layoutIfNeeded()
        }
    }

    func testSplitViewCollapseMovesTheAnchorAndThePopoverFollows() async throws {
        let f = SplitFixture()
        XCTAssertFalse(f.split.isCollapsed)
        var dismissed: [Bool] = []
        let p = try open(f.root, at: .view(f.detailButton)) { dismissed.append($0) }
        let before = p.anchor
        f.root.resize(to: Size(360, 600))
        _ = f.root.renderFrame()
        XCTAssertTrue(f.split.isCollapsed)
        let after = f.detailButton.convertToWindow(f.detailButton.bounds)
        XCTAssertNotEqual(before, after, "the secondary moved under the collapsed bar")
        XCTAssertEqual(p.anchor, after)
        XCTAssertNotNil(p.superview)
        assertPointsAt(p, after, in: f.root)
        XCTAssertEqual(dismissed, [])
    }

    func testSplitViewCollapseHidingTheAnchorClosesThePopoverNotByTheUser() async throws {
        let f = SplitFixture()
        var dismissed: [Bool] = []
        let p = try open(f.root, at: .view(f.primaryButton)) { dismissed.append($0) }
        f.root.resize(to: Size(360, 600))
        _ = f.root.renderFrame()
        XCTAssertNil(p.superview, "the primary (with the anchor) is hidden while collapsed")
        XCTAssertEqual(dismissed, [false])
    }

    // MARK: Scrolling

    func testARowAnchorFollowsScrollingAndClosesWhenScrolledOut() async throws {
        let root = makeRoot(Size(800, 600))
        let list = ListView()
        list.showsSectionIndex = false
        list.headerHeight = 0
        list.rowHeight = 40
        list.sections = [ListSection(title: "", rows: (0..<100).map { ListRow(id: "r\($0)", title: "Row \($0)") })]
        root.host(list, at: Rect(0, 100, 300, 400))
        var dismissed: [Bool] = []
        let p = try open(root, at: .row(id: "r3", in: list), preferred: .left) { dismissed.append($0) }
        XCTAssertEqual(p.anchor, Rect(0, 100 + 3 * 40, 300, 40))
        XCTAssertEqual(p.arrowDirection, .left)
        list.scroll(to: 70)
        _ = root.renderFrame()
        XCTAssertEqual(p.anchor, Rect(0, 100 + 120 - 70, 300, 40))
        assertPointsAt(p, p.anchor, in: root)
        // Half scrolled under the list's top edge: the arrow points at the part still shown.
        list.scroll(to: 140)
        _ = root.renderFrame()
        XCTAssertEqual(p.anchor, Rect(0, 100, 300, 20))
        assertPointsAt(p, p.anchor, in: root)
        XCTAssertEqual(dismissed, [])
        list.scroll(to: 400)
        _ = root.renderFrame()
        XCTAssertNil(p.superview, "row 3 scrolled out of the list")
        XCTAssertEqual(dismissed, [false])
    }

    /// A button 80×30 pt at (20, 20) in a 300×300 clipping view, laid out in an 800×600 window.
    private func clippedButton() -> (WindowRoot, Button) {
        let root = makeRoot(Size(800, 600))
        let clip = View(background: .white)
        clip.clipsToBounds = true
        root.host(clip, at: Rect(100, 100, 300, 300))
        let inner = Button("Deep", id: "deep")
        clip.addSubview(inner.pinned(Pins(leading: 20, top: 20, width: 80, height: 30)))
        root.layoutIfNeeded()
        return (root, inner)
    }

    func testAViewScrolledOutOfAClippingAncestorCloses() async throws {
        let (root, inner) = clippedButton()
        var dismissed: [Bool] = []
        let p = try open(root, at: .view(inner)) { dismissed.append($0) }
        inner.pins = Pins(leading: 20, top: 400, width: 80, height: 30)   // below the clip, still in the window
        _ = root.renderFrame()
        XCTAssertNil(p.superview)
        XCTAssertEqual(dismissed, [false])
    }

    /// Trial 34 m11: a toolbar button cut to a sliver by its clip (a narrow window) counts as out
    /// of sight; one still half shown keeps its popover.
    func testAViewClippedToASliverCloses() async throws {
        let (root, inner) = clippedButton()
        var dismissed: [Bool] = []
        let p = try open(root, at: .view(inner)) { dismissed.append($0) }
        inner.pins = Pins(leading: 260, top: 20, width: 80, height: 30)   // half cut off
        _ = root.renderFrame()
        XCTAssertNotNil(p.superview, "half shown: still anchored")
        inner.pins = Pins(leading: 290, top: 20, width: 80, height: 30)   // 10 of 80 pt shown
        _ = root.renderFrame()
        XCTAssertNil(p.superview, "a sliver: out of sight")
        XCTAssertEqual(dismissed, [false])
    }

    /// Review31: a view larger than its clip (scrolled content) is pointed at by what shows of it.
    func testAViewLargerThanItsClipStaysAnchored() async throws {
        let (root, inner) = clippedButton()
        let p = try open(root, at: .view(inner)) { _ in }
        inner.pins = Pins(leading: 0, top: -900, width: 300, height: 2000)   // 300 of its 2000 pt shown
        _ = root.renderFrame()
        XCTAssertNotNil(p.superview)
    }

    // MARK: The anchor goes

    func testRemovedHiddenOrFreedAnchorsClose() async throws {
        for way in ["removed", "hidden", "freed", "rect gone"] {
            let root = makeRoot(Size(800, 600))
            var button: Button? = Button("Go", id: "go")
            root.host(button!, at: Rect(300, 200, 80, 34))
            var dismissed: [Bool] = []
            var gone = false
            let anchor: PopoverAnchor = way == "rect gone" ? .view(button!) { v in gone ? nil : v.bounds } : .view(button!)
            let p = try open(root, at: anchor) { dismissed.append($0) }
            switch way {
            case "removed": button?.removeFromSuperview()
            case "hidden": button?.isHidden = true
            case "freed": button?.removeFromSuperview(); button = nil
            default: gone = true
            }
            _ = root.renderFrame()
            XCTAssertNil(p.superview, way)
            XCTAssertEqual(dismissed, [false], way)
        }
    }

    func testWindowRectAnchorStaysWhereItWasCaptured() async throws {
        let root = makeRoot(Size(800, 600))
        var dismissed: [Bool] = []
        let p = try open(root, at: .window(Rect(300, 200, 40, 40))) { dismissed.append($0) }
        root.resize(to: Size(900, 700))
        _ = root.renderFrame()
        XCTAssertEqual(p.anchor, Rect(300, 200, 40, 40))
        XCTAssertNil(p.anchorView)
        assertPointsAt(p, p.anchor, in: root)
        XCTAssertEqual(dismissed, [])
    }

    // MARK: Scene context

    /// A context written before the view-anchored variants existed: only the rect requirements.
    final class RectOnlyContext: SceneContext {
        let root: WindowRoot
        var rects: [(String, Rect)] = []
        init(root: WindowRoot) { self.root = root }
        let pluginID = "test"
        var theme: Theme { .standard }
        var dataDirectory: URL { URL(fileURLWithPath: "/nonexistent") }
        var assetsDirectory: URL { URL(fileURLWithPath: "/nonexistent") }
        var deckDirectory: URL { URL(fileURLWithPath: "/nonexistent") }
        func setNeedsDisplay() {}
        func schedule(afterMilliseconds ms: Int, repeats: Bool, _ body: @escaping () -> Void) -> TimerToken { TimerToken() }
        func openScene(kind: String, parameters: [String: JSONValue]) {}
        func presentPopover(_ content: View, preferredSize: Size, from anchor: Rect, source: String,
                            permittedDirections: Set<ArrowDirection>) -> Popover? {
            rects.append((source, anchor))
            return root.presentPopover(content, preferredSize: preferredSize, at: .window(anchor), source: source, permitted: permittedDirections)
        }
        func presentActionSheet(_ sheet: ActionSheet, from anchor: Rect, source: String) {
            rects.append((source, anchor))
            root.presentActionSheet(sheet, from: anchor, source: source)
        }
        func setClipboard(_ text: String) {}
        func log(_ message: String) {}
    }

    func testOlderContextsGetTheViewAnchoredCallsAsTheAnchorsRectNow() async throws {
        let root = makeRoot(Size(800, 600))
        let ctx = RectOnlyContext(root: root)
        let button = Button("Go", id: "go")
        root.host(button, at: Rect(300, 200, 80, 34))
        XCTAssertNotNil(ctx.presentPopover(View(), preferredSize: Size(100, 100), from: button, source: "a"))
        ctx.presentActionSheet(ActionSheet(actions: [.init("X") {}]), from: button, source: "b")
        XCTAssertEqual(ctx.rects.map(\.0), ["a", "b"])
        XCTAssertEqual(ctx.rects.map(\.1), [Rect(300, 200, 80, 34), Rect(300, 200, 80, 34)])
        button.isHidden = true
        XCTAssertNil(ctx.presentPopover(View(), preferredSize: Size(100, 100), from: button, source: "c"), "a hidden anchor shows nothing")
        XCTAssertEqual(ctx.rects.count, 2)
    }
}
