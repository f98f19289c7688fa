import FoundationEssentials
import Glibc
import PodiumKit

/// The room keeps its frame through a reload while the remade current scene brings back what the
/// room saw (`SceneStateCarrying.audienceIsRestoring`): an online web search re-running the
/// carried search showed the room "Search results appear here", then the results, and only then
/// the page it had been reading. The held frame is drawn as a freeze's (`FrozenFrameView`), under
/// the freeze, pointer and covers; the presenter view shows the new scene at once.
struct RoomHold {
    /// The scene waited for, at `index`: a move to another scene (or an error card in its place)
    /// ends the wait.
    weak var scene: SceneStateCarrying?
    let index: Int
    /// `clock()` seconds after which the room sees the scene whatever it shows.
    let deadline: Double
    let poll: TimerToken
}

extension Presentation {
    /// The most seconds the room waits for a remade scene after a reload, then sees what it has.
    /// About as long as a page load on a slow venue network may take; a room staring at the same
    /// picture for longer would look hung.
    public static let roomHoldSeconds = 5.0
    /// How often the host asks the scene whether it is still restoring (seconds).
    static let roomHoldPollSeconds = 0.05

    /// Whether the room sees the scene itself: not frozen, covered or held through a reload.
    var roomSeesScene: Bool { !isFrozen && audienceMode == .normal && !isRoomHeld }

    /// Draws the room's scene only when the room sees it (a slow plugin draw never delays a
    /// cover's frame, trial 11 F6), and the held frame only when no frozen frame covers it; the
    /// console's badge says which.
    func updateRoomLayers() {
        audience.content.isHidden = !roomSeesScene
        roomHoldFrame.isHidden = !isRoomHeld || isFrozen
        console.setAudienceStatus(audienceMode, frozen: isFrozen, held: roomSeesHeldPicture)
    }

    /// Whether the room sees an older picture: held through a reload, or kept by an error card (a
    /// scene that failed or was skipped shows the speaker its card and the room the picture it
    /// had; trial 22 m8: the toolbar said LIVE).
    var roomSeesHeldPicture: Bool { isRoomHeld || scenes[currentIndex] is ErrorCardScene }

    /// What the room sees now, to hold through a reload: the frame already held by an earlier
    /// reload (never the restoring scene's half-way state), else the live scene.
    func roomFrameToHold() -> (list: DrawList, size: Size) {
        roomHoldFrame.held ?? (liveAudienceFrame(), audience.bounds.size)
    }

    /// After a reload made the current scene afresh and handed it the old one's state: while the
    /// scene says it is restoring, the room keeps `frame` (taken before the old scene's view left).
    func holdRoomWhileRestoring(_ frame: (list: DrawList, size: Size)) {
        guard let s = currentScene as? SceneStateCarrying, restoring(s, at: currentIndex) else { return }
        let poll = timers.schedule(now: clock(), after: Self.roomHoldPollSeconds, repeats: true) { [weak self] in self?.pollRoomHold() }
        roomHold = RoomHold(scene: s, index: currentIndex, deadline: clock() + Self.roomHoldSeconds, poll: poll)
        roomHoldFrame.show(frame.list, size: frame.size)
        updateRoomLayers()
        log("reload: the room keeps its picture while \(sceneName(at: currentIndex)) restores it")
        audience.requestRedraw()
        presenter.requestRedraw()
    }

    /// Asks the held scene again (the timer's work; tests call it after moving the clock): the
    /// room sees it once it is restored, or once the bound passed, with a notice to the speaker.
    func pollRoomHold() {
        guard let h = roomHold else { return }
        guard let s = h.scene, h.index == currentIndex, s === scenes[currentIndex] else { endRoomHold(); return }
        if !restoring(s, at: h.index) {
            endRoomHold()
            let waited = clock() - (h.deadline - Self.roomHoldSeconds)
            log("reload: \(sceneName(at: h.index)) restored what the room saw; the room waited \(String(cFormat: "%.2f", waited)) s")
            return
        }
        guard clock() >= h.deadline else { return }
        endRoomHold()
        let seconds = Int(Self.roomHoldSeconds)
        log("reload: \(sceneName(at: h.index)) was still restoring what the room saw after \(seconds) s; the room sees it as it is")
        showPassingNotice("The room waited \(seconds) s for the reloaded scene and now sees it as it is", seconds: 6)
    }

    /// The room sees the current scene again (restored, timed out, or the talk moved; or after a
    /// removed scene, `ReloadRemovedScene.swift`).
    func endRoomHold() {
        guard isRoomHeld else { return }
        roomHold?.poll.cancel()
        roomHold = nil
        removedScene = nil
        roomHoldFrame.clear()
        updateRoomLayers()
        if !isFrozen { audience.requestRedraw() }
        presenter.requestRedraw()
    }

    private func restoring(_ s: SceneStateCarrying, at index: Int) -> Bool {
        SceneCode.run(in: index) { s.audienceIsRestoring }
    }
}
