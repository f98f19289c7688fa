import Foundation
import PodiumCore
import PodiumKit
import PodiumTestSupport
import XCTest

/// A scene's popovers through the host's `SceneContext`: anchored at a view of its presenter view,
/// they follow it when the presenter window resizes and close (not by the user) when the scene's
/// view leaves the window.
@MainActor
final class ScenePopoverTests: XCTestCase {
    final class ButtonScene: Scene {
        let title = "Buttons"
        let presenterView = View()
        let audienceView = View()
        let button = Button("Info", id: "scene.info")
        let context: SceneContext
        init(_ context: SceneContext) {
            self.context = context
            presenterView.addSubview(button.pinned(Pins(trailing: 20, top: 20, width: 80, height: 34)))
        }
    }

    func testAViewAnchoredPopoverFollowsItsButtonAndClosesWithItsScene() async throws {
        var scenes: [ButtonScene] = []
        let r = PluginRegistry()
        r.register(PluginDescriptor(id: "test", name: "Test", version: "1", sceneKinds: [
            SceneKind(name: "buttons", summary: "") { _, ctx in let s = ButtonScene(ctx); scenes.append(s); return s },
        ]))
        let deck = Deck(title: "T", scenes: [DeckScene(kind: "buttons"), DeckScene(kind: "buttons")], path: "/tmp/t.json")
        let p = Presentation(deck: deck, registry: r, metrics: FixedMetrics(), clock: { 0 })
        p.presenter.resize(to: Size(1200, 800))
        _ = p.presenter.renderFrame()
        let scene = try XCTUnwrap(scenes.first)
        let popover = try XCTUnwrap(scene.context.presentPopover(View(background: .white), preferredSize: Size(200, 100),
                                                                 from: scene.button, source: "info"))
        var dismissed: [Bool] = []
        popover.onDismiss = { dismissed.append($0) }
        XCTAssertTrue(p.presenter.popovers.contains { $0 === popover })
        XCTAssertEqual(popover.anchor, scene.button.convertToWindow(scene.button.bounds))

        p.presenter.resize(to: Size(1000, 700))
        _ = p.presenter.renderFrame()
        let moved = scene.button.convertToWindow(scene.button.bounds)
        XCTAssertEqual(popover.anchor, moved, "follows the button after the resize")
        XCTAssertEqual(try XCTUnwrap(popover.placement).arrowTip.y, moved.maxY + PopoverMetrics.gap)
        XCTAssertEqual(dismissed, [])

        p.next()
        _ = p.presenter.renderFrame()
        XCTAssertNil(popover.superview, "closed with its scene's view")
        XCTAssertEqual(dismissed, [false])
    }
}
