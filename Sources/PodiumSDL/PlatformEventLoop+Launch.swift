import CSDL2
import CX11Present
import FoundationEssentials
import Glibc

extension PlatformEventLoop {
    /// Handles the events the launch's window setup already caused, before the first frames
    /// (issue 19): on X11 mapping a window, making it fullscreen and giving it the focus send
    /// Expose, ConfigureNotify and focus events for requests made before any frame was drawn.
    /// Taken after the first frames, each Expose repainted a whole window again that already
    /// showed that very frame (the room's and the console's, ~7 and ~9 ms of CPU at launch, and
    /// the bench's "settled" came only after them). Taken now, they only mark the windows for
    /// the whole first frame they get anyway. `window` names SDL's X connection to sync first
    /// (XSync: the server is done with those requests, so their events are on the connection);
    /// other drivers just take what is queued. Never waits for an event.
    /// `PODIUM_LAUNCH_EVENTS=0` leaves them for after the first frames, as before (A/B).
    public func takeLaunchEvents(syncing window: PlatformWindow?, _ handle: (PlatformEvent) throws -> Void) rethrows {
        guard ProcessInfo.processInfo.environment["PODIUM_LAUNCH_EVENTS"] != "0" else { return }
        if let w = window, SDLVideo.currentDriver == "x11" { _ = podium_x11_sync(UnsafeMutableRawPointer(w.sdl)) }
        try wait(timeoutMs: 0, handle)
    }
}
