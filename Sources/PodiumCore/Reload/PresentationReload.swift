import FoundationEssentials
import Glibc
import PodiumKit

/// A new version of the deck (its files changed, or Ctrl+R) replacing the one on screen.
extension Presentation {
    /// Shows `newDeck` in place of the current deck. Scenes whose deck entry did not change (kind,
    /// title, parameters, and the file a `file` parameter names, `SceneOrigin`) are kept, the same
    /// objects at their new index, so an editor saving another scene costs the speaker no typing,
    /// focus or popover; the others are made again from the new deck (an error card always is:
    /// a reload is the speaker's retry; not a scene skipped after it crashed the talk, `SceneSkips.swift`). The talk keeps its timers (elapsed, paused, time on this
    /// scene; the plan comes from the new deck) and its place (`ReloadPosition.place`: the same
    /// scene, a PDF deck's page with the same content, an edited one by the pages around it, else
    /// the page with the same label, clamped when scenes were removed; how: `reloadPlaceFound`). Call on the main thread between frames, only with a deck whose
    /// files were checked: the room sees the new scene on the next frame.
    public func replaceDeck(_ newDeck: Deck) {
        let oldAnchors = deck.scenes.map(ReloadPosition.Anchor.init), newAnchors = newDeck.scenes.map(ReloadPosition.Anchor.init)
        var (target, found) = ReloadPosition.place(from: currentIndex, old: oldAnchors, new: newAnchors)
        // A removed scene the room still holds is back (the paste after a cut): the talk goes to it.
        if let j = removedScene?.index(in: newAnchors) { (target, found) = (j, .label) }
        // Gone (`ReloadRemovedScene.swift`): the console goes to the scene next will show.
        let removed = removedSceneHeld(old: oldAnchors, new: newAnchors, found: found)
        if let r = removed { target = r.after ?? r.before ?? target }
        reloadPlaceFound = found
        let keep = SceneKeeping.plan(old: sceneOrigins.filter { scenes[$0.key] != nil && !(scenes[$0.key] is ErrorCardScene) },
                                     new: newDeck.scenes, directory: newDeck.directory)
        let old = scenes[currentIndex]
        // The scene on screen stays as it is (its views, focus, typing, popovers) when kept at the target.
        let currentKept = old != nil && keep[target] == currentIndex
        var position = (old as? ScenePositionKeeping)?.position
        // A scene with a content fingerprint (a PDF deck's page) is one page, found by it: the
        // old page number would show another page in its place, even one talk.pdfpc hides.
        if deck.scenes.indices.contains(currentIndex), deck.scenes[currentIndex].content != nil { position = nil }
        if let old, !currentKept, removedScene == nil { SceneCode.run(in: currentIndex) { old.willResignCurrent() } }
        // What the speaker made of the scenes remade goes to their replacements (`ReloadCarriesState.swift`).
        let carried = CarriedState.place(takeCarriedStates(keptOld: Set(keep.values)), current: currentIndex,
                                         old: oldAnchors, new: newAnchors,
                                         kept: Set(keep.keys))
        // A scene handed its state has its place in it: the position would undo a changed parameter.
        if carried[target] != nil { position = nil }
        // The removed scene's inner place (a page, a view) is no other scene's (review 17).
        if removed != nil { position = nil }
        // The field that had the keys when the console hid follows its scene (`HiddenConsole.swift`).
        if focusBeforeHiding?.scene == currentIndex { focusBeforeHiding?.scene = target }
        // A scene skipped after it crashed the talk stays skipped by its entry (trial 20 M2).
        SceneCode.reloading(from: deck.scenes)
        // Remade: the control that had the keys gets them back after (`ReloadKeepsFocus.swift`).
        let focus = currentKept ? nil : focusBeforeReload()
        if !currentKept { presenter.popovers.forEach { $0.dismiss(byUser: false) } }
        if isOverviewOpen { closeOverview() }   // its thumbnails show the old version
        // A look-up goes back to where the talk was, in the new deck (`LookUp.swift`).
        lookUp = lookUp.map { $0.following(old: oldAnchors, new: newAnchors) }
        frozenScene = frozenScene.map { ReloadPosition.index(from: $0, old: oldAnchors, new: newAnchors) }
        followLeftStates(old: oldAnchors, new: newAnchors)
        replan(newDeck)
        deckGeneration += 1
        let (oldScenes, oldOrigins) = (scenes, sceneOrigins)
        scenes = [:]; sceneOrigins = [:]; carriedStates = carried
        for (j, i) in keep {
            scenes[j] = oldScenes[i]; sceneOrigins[j] = oldOrigins[i]
            oldOrigins[i]?.context?.sceneIndex = j
            oldOrigins[i]?.context?.deckGeneration = deckGeneration
        }
        nextStage.content.removeAllSubviews()
        if currentKept {
            currentIndex = target
            removedScene = removed   // still gone: still held, beside the scene that moved
            showKeptSceneAfterReload(target)
        } else {
            currentIndex = target
            // What the room sees now, while the old scene's view is still there: a scene handed
            // its state may need a moment to show it again (`ReloadHoldsTheRoom.swift`).
            let roomFrame = carried[target] != nil || removed != nil ? roomFrameToHold() : nil
            show(target, becomesCurrent: removed == nil)   // same index: the timers are not touched
            // Inside the scene too: a PDF page range stays on its page.
            if let position { currentScene.receive(SceneParameters(position, path: "reload")) }
            restoreFocusAfterReload(focus)
            if let roomFrame, let removed { holdRemovedScene(roomFrame, hold: removed) }
            else if let roomFrame { holdRoomWhileRestoring(roomFrame) }
        }
        refreshTimers()
        rewordQuestion()
        if let r = lookUp?.removed { lookUpOriginRemoved(r) }
    }

    /// The current scene was kept by a reload: its views stay where they are (taking them out
    /// and back would drop the focus of the field the speaker types in); only its index, the
    /// console's title, notes and next previews follow the new deck.
    private func showKeptSceneAfterReload(_ index: Int) {
        for root in [console.sceneArea, audience.content] {
            for case let v as SceneCodeView in root.subviews { v.sceneIndex = index }
        }
        let s = currentScene
        console.titleLabel.text = consoleTitle(at: index)
        console.positionLabel.text = slides.positionText(of: index)
        // Where next goes: during a look-up, on from the room's scene (trial 16 m10), not index + 1.
        console.setNextCaption(nextCaption())
        let text = deck.scenes[index].notes
        console.notes.setNotes(text)
        console.notesArea.set(sceneNotes: s.presenterNotesView, hasText: !text.trimmingWhitespace().isEmpty)
        nextSlideStage.content.removeAllSubviews()
        console.nextPreviews.setShowsNextSlide(false)
        attachNextPreview()
        if !isFrozen { audience.requestRedraw() }
        presenter.requestRedraw()
    }

    /// Takes the timing of `newDeck` (the same scenes; another length, end time, last minutes or
    /// end slide), keeping the running timers.
    func replan(_ newDeck: Deck) {
        deck = newDeck
        (slides, endScene, plannedSceneSeconds) = Self.plan(newDeck)
        talk = talk.replanned(durationMinutes: newDeck.durationMinutes, sceneSeconds: plannedSceneSeconds)
    }

    /// Puts the talk where a journal left it (after a crash): scene `scene` (clamped to the deck)
    /// at `position` inside it (`ScenePositionKeeping`), and, when the talk had started,
    /// `elapsed` seconds, paused or running.
    public func resume(scene: Int, position: [String: JSONValue]? = nil, started: Bool, elapsed: Double, paused: Bool, sceneStart: Double? = nil) {
        goTo(min(max(0, scene), sceneCount - 1))
        if let position { currentScene.receive(SceneParameters(position, path: "resume")) }
        if started { talk.restore(elapsed: elapsed, paused: paused, at: clock(), sceneStart: sceneStart) }
        else { talk = TalkClock(durationMinutes: deck.durationMinutes, sceneSeconds: plannedSceneSeconds) }
        refreshTimers()
        presenter.requestRedraw()
    }
}
