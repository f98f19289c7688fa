import PodiumKit

extension DisplayController {
    /// Tells the presenter window which part of it to paint black (`RoomStrip`): the part on the
    /// room's display, from its real frame (the X server's, where a window manager may have moved
    /// it), the room's display and the presenter's now. Run after every placement and on every
    /// refresh (display, window and periodic events, the settled check), so the strip follows a
    /// hot-plug, a mode change, a display moved, or a `--windowed` console dragged; when the
    /// displays no longer overlap it is cleared. `drawNow`: when a strip appears, the console is
    /// drawn at once, before the audience window is placed and raised.
    func updateRoomStrip(drawNow: Bool = false) {
        let w = presenterWindow
        let a = policy.assignment
        // No room display, or the console unmapped: nothing to ask the window system.
        var rect: Rect?
        if let room = a.roomDisplay, w.isVisible {
            rect = RoomStrip.cover(windowFrame: realFrame(of: w), windowSize: w.pointSize, room: room, presenter: a.presenter)
        }
        guard rect != roomStrip else { return }
        roomStrip = rect
        w.coverRoomStrip(rect)
        if drawNow, rect != nil { _ = w.drawNow() }
    }
}
