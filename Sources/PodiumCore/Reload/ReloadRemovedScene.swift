import PodiumKit

/// The scene on screen removed by a reload (trial 21 M1): an editor's cut and paste is two saves,
/// and the cut moved the room to the next scene with no key pressed; the paste did not bring the
/// scene back. The room keeps the removed scene's last frame (`roomHoldFrame`, as through a
/// restoring reload, `ReloadHoldsTheRoom.swift`) until the speaker moves, and a version that has
/// the scene again takes the talk back to it. The console is on the scene now at its index.
struct RemovedSceneHold {
    /// The removed scene as the version it was in names it (kind and title).
    let anchor: ReloadPosition.Anchor
    /// Its index in that version: the scene after it is there now, the one before it just before.
    let index: Int

    /// Where the removed scene is in `new`, when a scene of its kind and title is back (the
    /// nearest to its old place); nil while it is still gone.
    func index(in new: [ReloadPosition.Anchor]) -> Int? {
        guard anchor.title != nil else { return nil }
        return new.indices.filter { new[$0] == anchor }.min { abs($0 - index) < abs($1 - index) }
    }
}

extension Presentation {
    /// The removed scene the room holds once a reload from `old` to `new` places the talk at
    /// `target` (`found` how): the scene on screen when not found (a JSON deck's: a PDF's page
    /// is shown at its number, an error card held its picture already), else one held before and
    /// still gone, its index following the scene beside it. Nil: the room sees the talk's scene.
    func removedSceneHeld(old: [ReloadPosition.Anchor], new: [ReloadPosition.Anchor], target: Int, found: ReloadPosition.Found) -> RemovedSceneHold? {
        if let held = removedScene {
            return held.index(in: new) == nil ? RemovedSceneHold(anchor: held.anchor, index: target + held.index - currentIndex) : nil
        }
        guard found == .notFound, old.indices.contains(currentIndex), old[currentIndex].content == nil,
              let s = scenes[currentIndex], !(s is ErrorCardScene) else { return nil }
        return RemovedSceneHold(anchor: old[currentIndex], index: currentIndex)
    }

    /// After a reload placed the talk elsewhere because the scene on screen is gone (`hold`): the
    /// room keeps `frame`, what it saw, until the speaker moves.
    func holdRemovedScene(_ frame: (list: DrawList, size: Size), hold: RemovedSceneHold) {
        // The console's scene is not the room's yet: a clip must not play (and be heard) behind
        // the picture, nor a timer run; it becomes current when the speaker steps to it.
        if removedScene == nil { SceneCode.run(in: currentIndex) { currentScene.willResignCurrent() } }
        removedScene = hold
        roomHoldFrame.show(frame.list, size: frame.size)
        updateRoomLayers()
        // Next now goes to the console's scene: its caption and preview say so.
        console.setNextCaption(nextCaption())
        attachNextPreview()
        log("reload: the room keeps its picture of the removed scene until the speaker moves")
        audience.requestRedraw()
        presenter.requestRedraw()
    }

    /// Next (`step` 1) or previous (-1) while the room holds a removed scene steps from that
    /// scene: to the scene that followed it (the one at its index now, the console's) or the one
    /// before it; at either end of the deck nothing happens, as there. Returns whether it took the step.
    func stepFromRemovedScene(_ step: Int) -> Bool {
        guard let r = removedScene, talkHold == nil else { return false }
        let to = step > 0 ? r.index : r.index - 1
        guard (0..<sceneCount).contains(to) else { return true }
        closePromptsForAMove()
        if to == currentIndex {
            talk.sceneChanged(at: clock())
            log("the room sees \(sceneName(at: to)), after the removed scene it kept")
        }
        show(to)   // the scene becomes current as after any step (a clip starts)
        return true
    }
}
