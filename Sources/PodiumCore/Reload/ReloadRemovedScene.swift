import PodiumKit

/// The scene on screen removed by a reload (trial 21 M1): an editor's cut and paste is two saves,
/// and the cut moved the room to the next scene with no key pressed; the paste did not bring the
/// scene back. The room keeps the removed scene's last frame (`roomHoldFrame`, as through a
/// restoring reload, `ReloadHoldsTheRoom.swift`) until the speaker moves, and a version that has
/// the scene again takes the talk back to it. The console is on the scene next goes to; that
/// scene is not current (no clip plays behind the picture) until the speaker steps to it.
struct RemovedSceneHold: Equatable {
    /// The removed scene as the version it was in names it (kind and title).
    let anchor: ReloadPosition.Anchor
    /// In the deck on screen: the first scene that followed the removed one and is still there,
    /// and the last that preceded it (trial 22 M1: with a scene before it cut in the same save,
    /// the scene now at its index was one further on); nil: none.
    var after: Int?, before: Int?

    /// The hold of the scene at `index` of `old`, gone from `new`.
    init(removed index: Int, old: [ReloadPosition.Anchor], new: [ReloadPosition.Anchor]) {
        func kept(_ candidates: some Sequence<Int>) -> Int? {
            candidates.lazy.map { ReloadPosition.place(from: $0, old: old, new: new) }.first { $0.found != .notFound }?.index
        }
        anchor = old[index]
        after = kept(index + 1 ..< old.count)
        before = kept((0 ..< index).reversed())
    }

    /// The same hold once `new` replaces `old` (the deck its places index).
    func following(old: [ReloadPosition.Anchor], new: [ReloadPosition.Anchor]) -> RemovedSceneHold {
        func moved(_ i: Int?) -> Int? {
            i.flatMap { let p = ReloadPosition.place(from: $0, old: old, new: new); return p.found == .notFound ? nil : p.index }
        }
        var h = self
        h.after = moved(after); h.before = moved(before)
        return h
    }

    /// Where next (`step` 1) or previous (-1) goes from the removed scene: the scene after it or
    /// before it; with neither left (every scene replaced), `current` (the console's); nil at
    /// either end of the deck, where nothing happens, as there.
    func step(_ step: Int, current: Int) -> Int? {
        (step > 0 ? after : before) ?? (after == nil && before == nil ? current : nil)
    }

    /// Where the removed scene is in `new`, when a scene of its kind and title is back (the
    /// nearest to its old place); nil while it is still gone.
    func index(in new: [ReloadPosition.Anchor]) -> Int? {
        guard anchor.title != nil else { return nil }
        let near = after ?? before ?? 0
        return new.indices.filter { new[$0] == anchor }.min { abs($0 - near) < abs($1 - near) }
    }
}

extension Presentation {
    /// The removed scene the room holds once a reload replaces `old` with `new` (`found`: how the
    /// place of the scene on screen was found): that scene when not found, while the room sees it
    /// (a PDF's page too, cut or hidden by talk.pdfpc: trial 33 F4, the room was sent to the page
    /// now at its number, a backup or a slide not reached yet; an error card held its picture
    /// already; frozen or during a look-up the room sees another picture, and the console's scene
    /// when that ends, trial 22 M2), else one held before and still gone. Nil: none.
    func removedSceneHeld(old: [ReloadPosition.Anchor], new: [ReloadPosition.Anchor], found: ReloadPosition.Found) -> RemovedSceneHold? {
        if let held = removedScene { return held.index(in: new) == nil ? held.following(old: old, new: new) : nil }
        guard found == .notFound, lookUp == nil, !isFrozen, old.indices.contains(currentIndex),
              let s = scenes[currentIndex], !(s is ErrorCardScene) else { return nil }
        return RemovedSceneHold(removed: currentIndex, old: old, new: new)
    }

    /// The title of the removed scene whose picture the room keeps, nil when none (for the
    /// speaker's notice after a reload).
    public var heldRemovedSceneTitle: String? { removedScene.map { $0.anchor.title ?? $0.anchor.kind } }

    /// After a reload placed the console on the scene next goes to because the scene on screen is
    /// gone (`hold`): the room keeps `frame`, what it saw, until the speaker moves.
    func holdRemovedScene(_ frame: (list: DrawList, size: Size), hold: RemovedSceneHold) {
        removedScene = hold
        roomHoldFrame.show(frame.list, size: frame.size)
        updateRoomLayers()
        // Next now goes from the removed scene: its caption and preview say where.
        console.setNextCaption(nextCaption())
        attachNextPreview()
        log("reload: the room keeps its picture of the removed scene until the speaker moves")
        audience.requestRedraw()
        presenter.requestRedraw()
    }

    /// Next (`step` 1) or previous (-1) while the room holds a removed scene steps from that
    /// scene (`RemovedSceneHold.step`). Returns whether it took the step (nothing to do at either
    /// end of the deck is one).
    func stepFromRemovedScene(_ step: Int) -> Bool {
        guard let r = removedScene, talkHold == nil else { return false }
        guard let to = r.step(step, current: currentIndex) else { return true }
        closePromptsForAMove()
        if to == currentIndex { log("the room sees \(sceneName(at: to)), after the removed scene it kept") }
        timeStepOffRemovedScene(to: to)
        show(to)   // the scene becomes current as after any step (a clip starts)
        return true
    }

    /// A step from the held removed scene to the console's own scene (next, or go-to) is a scene
    /// change for the timers though the index stays (`show` counts only a new index): the talk
    /// starts, the scene's timer restarts.
    func timeStepOffRemovedScene(to index: Int) {
        guard removedScene != nil, index == currentIndex else { return }
        if !talk.isStarted { startTalk() }
        talk.sceneChanged(at: clock())
    }
}
