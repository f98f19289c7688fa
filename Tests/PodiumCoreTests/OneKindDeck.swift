import Foundation
import PodiumCore
import PodiumKit
import PodiumTestSupport

/// A presentation of `count` scenes of one kind, made by `make` when first shown; `made` holds
/// them in the order made.
@MainActor
final class OneKindDeck<S: Scene> {
    private final class Made { var scenes: [S] = [] }
    private let box = Made()
    let presentation: Presentation
    var made: [S] { box.scenes }

    init(scenes count: Int, _ make: @escaping () -> S) {
        let r = PluginRegistry(), box = box
        r.register(PluginDescriptor(id: "t", name: "T", version: "1", sceneKinds: [SceneKind(name: "k", summary: "") { _, _ in let s = make(); box.scenes.append(s); return s }]))
        presentation = Presentation(deck: Deck(title: "T", scenes: (0..<count).map { _ in DeckScene(kind: "k") }, path: "/talks/t.json"),
                                    registry: r, metrics: FixedMetrics(), clock: { 0 })
    }
}
