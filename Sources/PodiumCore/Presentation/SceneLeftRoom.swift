import PodiumKit

/// Trial 32 F1: a scene that moves its `audienceView` out of the room after it was made (into its
/// presenter view in `didBecomeCurrent`, "show the speaker what the room sees") left the room a
/// blank background and drew the room's content on the console, with nothing said. It is a
/// plugin error for that scene: its error card for the speaker, the room keeps its picture.
extension Presentation {
    /// Refuses scene `index` when its audience view is no longer in `room` (its host in the
    /// audience window), putting back `before`'s room view first so the card holds the picture
    /// the room had. True when refused (the card is shown).
    func refuseIfRoomLost(_ room: SceneCodeView, at index: Int, before: (scene: Scene, index: Int)?) -> Bool {
        guard room.sceneView.superview !== room, !(scenes[index] is ErrorCardScene) else { return false }
        audience.content.removeAllSubviews()
        if let before, before.index != index {
            audience.content.addSubview(SceneCodeView(before.scene.audienceView, index: before.index))
        }
        replaceWithErrorCard(index: index, plugin: pluginID(at: index), error: leftRoom(at: index))
        return true
    }

    /// A draw of the room found scene `index`'s audience view gone from `room` (moved later, by
    /// a timer or an action): refused just after that draw, not while the window draws, if
    /// `room` is still the room's scene then. It keeps drawing the scene's last picture, which
    /// the card then holds.
    func refuseLaterForLeavingRoom(_ room: SceneCodeView, at index: Int) {
        timers.schedule(now: clock(), after: 0, repeats: false) { [weak self, weak room] in
            guard let self, let room, room.superview === audience.content, index == currentIndex else { return }
            replaceWithErrorCard(index: index, plugin: pluginID(at: index), error: leftRoom(at: index))
        }
    }

    private func pluginID(at index: Int) -> String { registry.sceneKind(deck.scenes[index].kind)?.pluginID ?? "none" }

    private func leftRoom(at index: Int) -> SceneViewsCheck.LeftRoom {
        SceneViewsCheck.LeftRoom(plugin: pluginID(at: index), kind: deck.scenes[index].kind)
    }
}
