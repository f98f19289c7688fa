import Foundation
import PodiumKit
import PodiumTestSupport
import XCTest

/// What the kit tour shows on screen: the switch's "Encore" label beside it, and the action
/// sheet opened from "Remove…" inside the popover outlined, its arrow visible over the popover
/// and pointing at "Remove…".
@MainActor
final class KitTourLooksTests: XCTestCase {
    func makeTour() -> (SetlistScene, WindowRoot) {
        let root = makeRoot(Size(900, 600))
        let scene = SetlistScene(context: FakeSceneContext(pluginID: "tour", dataDirectory: FileManager.default.temporaryDirectory, root: root))
        root.content.addSubview(scene.presenterView.pinned(.fill()))
        root.layoutIfNeeded()
        return (scene, root)
    }

    func labels(in v: View) -> [Label] { ((v as? Label).map { [$0] } ?? []) + v.subviews.flatMap(labels) }

    func testTheEncoreSwitchHasAVisibleLabelBesideIt() async throws {
        let (scene, root) = makeTour()
        XCTAssertTrue(root.click(controlID: "tour.songs.row.song.1"))
        root.layoutIfNeeded()
        let sw = try XCTUnwrap(root.node("tour.encore")).frame
        let label = try XCTUnwrap(labels(in: scene.presenterView).first { $0.text == "Encore" }, "no Encore label on screen")
        XCTAssertTrue(label.isVisibleInWindow)
        let l = label.convertToWindow(label.bounds)
        XCTAssertGreaterThanOrEqual(l.minX, sw.minX + Switch.size.width, "beside the track, not under it")
        XCTAssertTrue(l.minY < sw.maxY && sw.minY < l.maxY, "on the switch's row")
        XCTAssertGreaterThanOrEqual(l.width, FixedMetrics().layout(.line("Encore", font: label.font, width: 10_000)).size.width, "not cut")
        let drawn = root.drawList().commands.contains { if case let .text(b, _, _) = $0 { return b.text == "Encore" }; return false }
        XCTAssertTrue(drawn, "the label is drawn")
    }

    func testTheSheetFromInsideThePopoverIsOutlinedAndPointsAtRemove() async throws {
        let (scene, root) = makeTour()
        defer { withExtendedLifetime(scene) {} }   // its buttons' actions hold it weakly
        XCTAssertTrue(root.click(controlID: "tour.songs.row.song.1"))
        root.layoutIfNeeded()
        XCTAssertTrue(root.click(controlID: "tour.options"))
        let popover = try XCTUnwrap(root.popovers.first { $0.source == "tour.options" }, "\(root.overlay.presented.map(\.source))")
        XCTAssertTrue(root.click(controlID: "tour.remove"))
        let sheet = try XCTUnwrap(root.popovers.first { $0.source == "tour.remove" })
        _ = root.renderFrame()
        XCTAssertTrue(sheet.isChildPopover); XCTAssertFalse(popover.isChildPopover)
        let remove = try XCTUnwrap(root.node("tour.remove")).frame
        let p = try XCTUnwrap(sheet.placement)
        XCTAssertTrue(p.arrowTip.x >= remove.minX && p.arrowTip.x <= remove.maxX, "the arrow points at Remove…")
        XCTAssertEqual(p.arrowTip.y, remove.maxY + PopoverMetrics.gap, accuracy: 0.5)
        // The arrow lies over the parent's panel, which is of the popover colour: an outline of
        // another colour, larger than the arrow, makes it visible.
        XCTAssertTrue(popover.frame.contains(p.arrowTip), "the arrow is over the parent popover")
        let theme = Theme.standard
        let polygons = root.drawList().commands.compactMap { c -> ([Point], Color)? in if case let .polygon(pts, col) = c { return (pts, col) }; return nil }
        let outline = try XCTUnwrap(polygons.first { $0.1 == theme.separator && $0.1 != theme.raised }, "no outline drawn round the sheet's arrow")
        XCTAssertLessThan(outline.0[0].y, p.arrowTip.y - 0.5, "the outline reaches past the arrow's tip")
        let panelOutline = root.drawList().commands.contains { if case let .fill(r, c, _) = $0 { return c == theme.separator && r.contains(sheet.frame) && r != sheet.frame }; return false }
        XCTAssertTrue(panelOutline, "the sheet's panel is outlined")
    }
}
