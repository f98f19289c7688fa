import Foundation
import PodiumCore
import PodiumKit
import PodiumTestSupport
import XCTest

/// A scene's popover from a button at the scene area's right edge does not cover the presenter's
/// audience preview nor the timers: the speaker keeps seeing what the room sees.
@MainActor
final class PresenterPopoverKeepClearTests: XCTestCase {
    func testAScenePopoverBesideThePreviewLeavesItClear() async throws {
        var scenes: [ScenePopoverTests.ButtonScene] = []
        let r = PluginRegistry()
        r.register(PluginDescriptor(id: "test", name: "Test", version: "1", sceneKinds: [
            SceneKind(name: "buttons", summary: "") { _, ctx in let s = ScenePopoverTests.ButtonScene(ctx); scenes.append(s); return s },
        ]))
        let p = Presentation(deck: Deck(title: "T", scenes: [DeckScene(kind: "buttons")], path: "/tmp/t.json"),
                             registry: r, metrics: FixedMetrics(), clock: { 0 })
        for size in [Size(1280, 800), Size(1024, 768)] {
            p.presenter.resize(to: size)
            _ = p.presenter.renderFrame()
            let scene = try XCTUnwrap(scenes.first)
            let popover = try XCTUnwrap(scene.context.presentPopover(View(background: .white), preferredSize: Size(260, 150),
                                                                     from: scene.button, source: "actions"))
            _ = p.presenter.renderFrame()
            let preview = p.console.preview.convertToWindow(p.console.preview.bounds)
            let timers = p.console.timers.convertToWindow(p.console.timers.bounds)
            let button = scene.button.convertToWindow(scene.button.bounds)
            XCTAssertTrue(button.maxX + 268 / 2 > preview.minX, "\(size): centred under the button it would cover the preview")
            XCTAssertFalse(popover.frame.intersects(preview), "\(size): \(popover.frame) covers the audience preview \(preview)")
            XCTAssertFalse(popover.frame.intersects(timers), "\(size): \(popover.frame) covers the timers \(timers)")
            XCTAssertEqual(popover.arrowDirection, .up)
            let tip = try XCTUnwrap(popover.placement).arrowTip
            XCTAssertTrue(tip.x >= button.minX && tip.x <= button.maxX, "\(size): the arrow points at the button")
            popover.dismiss(byUser: true)
            _ = p.presenter.renderFrame()
        }
    }
}
