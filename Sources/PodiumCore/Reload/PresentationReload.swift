import Foundation
import PodiumKit

/// A new version of the deck (its files changed, or Ctrl+R) replacing the one on screen.
extension Presentation {
    /// Shows `newDeck` in place of the current deck: every scene is made again from it, the talk
    /// keeps its timers (elapsed, paused, time on this scene; the plan comes from the new deck)
    /// and its place (`ReloadPosition`: the same scene, or the page with the same label, clamped
    /// when scenes were removed). Call on the main thread between frames, only with a deck whose
    /// files were checked: the room sees the new scene on the next frame.
    public func replaceDeck(_ newDeck: Deck) {
        let target = ReloadPosition.index(from: currentIndex, old: deck.scenes.map(ReloadPosition.Anchor.init),
                                          new: newDeck.scenes.map(ReloadPosition.Anchor.init))
        let old = scenes[currentIndex]
        let position = (old as? ScenePositionKeeping)?.position
        if let old { SceneCode.run(in: currentIndex) { old.willResignCurrent() } }
        SceneCode.crashed = [:]   // a reload is the speaker's retry: every scene is made afresh
        presenter.popovers.forEach { $0.dismiss(byUser: false) }
        if isOverviewOpen { closeOverview() }   // its thumbnails show the old version
        replan(newDeck)
        deckGeneration += 1
        scenes = [:]
        nextStage.content.removeAllSubviews()
        currentIndex = target
        show(target)   // same index: the timers are not touched
        // Inside the scene too: a PDF page range stays on its page.
        if let position { currentScene.receive(SceneParameters(position, path: "reload")) }
        refreshTimers()
        rewordQuestionAfterReload()
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
