import PodiumCore
import PodiumKit
import PodiumSDL

extension PresentCommand {
    /// Before any window exists (issue 19, launch): both view trees are laid out at the sizes
    /// their windows will get on the displays SDL reports now, and one frame of each is walked
    /// unshown (`WindowRoot.prepareFrame`), so scenes start their slow work, the PDF worker its
    /// page renders (the room's page, the speaker's, the next preview), in parallel with making
    /// the windows. A wrong guess (a remembered display choice, a window manager's resize) costs
    /// only renders not used: the first frames then render what they need as before.
    /// X11 only: there a window's points are its pixels; other drivers' scales are known only
    /// once a window is on its display.
    /// Returns what was prepared, e.g. "audience 1920×1080, presenter 1280×800" (points), for
    /// the launch trace; empty when nothing was.
    @discardableResult
    func prepareFirstFrames(policy: DisplayPolicy) -> String {
        guard SDLVideo.currentDriver == "x11" else { return "" }
        var probe = policy
        let displays = SDLVideo.displaysAsUsersName(SDLVideo.displays())
        _ = probe.update(displays, at: 0)
        let a = probe.assignment
        // The watcher knows the room from now on, not only from the first frame: a restart that
        // dies in its first scene's `make` holds the room's lock already, and the watcher's cover
        // takes it over only with a room to cover (review29 #2: the lock went free). Until the
        // first frame it watches no display change with it (`podium_crash_watch_first_frame`).
        CrashRestart.reportLayout(displays: displays.map(\.bounds), room: a.roomDisplay?.bounds,
                                  spare: probe.spareDisplays.map(\.bounds), x11: true)
        var prepared: [String] = []
        func name(_ s: Size) -> String { "\(Int(s.width))×\(Int(s.height))" }
        if let d = a.audienceDisplay, d.bounds.width >= 1, d.bounds.height >= 1 {
            presentation.audience.prepareFrame(size: d.bounds.size, scale: 1)
            prepared.append("audience \(name(d.bounds.size))")
            // The console's next preview is put in after the first frames (a 50 ms timer, so
            // making the next scene never delays the room), and its page rendered only then:
            // the presenter's last launch frames came 30-45 ms after the first. A next scene of
            // the same kind as the first (a PDF's next page) is made now, its plugin already
            // loaded, so the presenter's first frame is its final one.
            let i = presentation.currentIndex, scenes = presentation.deck.scenes
            if i + 1 < scenes.count, scenes[i].kind == scenes[i + 1].kind {
                presentation.attachNextPreview()
                prepared.append("next preview")
            }
        }
        if let p = a.presenter {
            // As DisplayController places it: filling its display when there is another one.
            let full = !windowedViews.contains(.presenter) && displays.count >= 2
            let size = full ? p.bounds.size : p.usableBounds.size
            if size.width >= 1, size.height >= 1 {
                presentation.presenter.prepareFrame(size: size, scale: 1)
                prepared.append("presenter \(name(size))")
            }
        }
        return prepared.joined(separator: ", ")
    }
}
