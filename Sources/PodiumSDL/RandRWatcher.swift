import CSDL2
import CXrandr
import Foundation
import Glibc
import Synchronization

/// Wakes the run loop the moment the X server's RandR configuration changes (a mode, a position,
/// an output switched on or off). SDL2 (2.26) sends nothing for a mode change, so without this the
/// room saw the top-left of the old-size frame until the periodic display check ran (up to 2 s).
/// Runs on its own X connection and thread (Xlib connections are not shared between threads);
/// each burst of RandR notices becomes one SDL event of `eventType`, which the loop turns into
/// `PlatformEvent.displaysChanged`. The periodic check stays as the fallback.
final class RandRWatcher: @unchecked Sendable {
    /// The registered SDL event type pushed on a change.
    let eventType: UInt32
    private let dpy: OpaquePointer
    private let eventBase: Int32
    private let stopPipe: (read: Int32, write: Int32)
    /// Set when an SDL event is queued and not yet handled, so a burst (screen, CRTC and output
    /// notices of one `xrandr --mode`) wakes the loop once.
    private let queued = Atomic<Bool>(false)
    private let finished = DispatchSemaphore(value: 0)

    /// Nil when there is no X server or it lacks RandR (other video drivers need none of this).
    init?(eventType: UInt32) {
        guard let dpy = XOpenDisplay(nil) else { return nil }
        var base: Int32 = 0, errorBase: Int32 = 0
        var fds: [Int32] = [-1, -1]
        guard XRRQueryExtension(dpy, &base, &errorBase) != 0, pipe(&fds) == 0 else { XCloseDisplay(dpy); return nil }
        self.dpy = dpy; self.eventBase = base; self.eventType = eventType; stopPipe = (fds[0], fds[1])
        XRRSelectInput(dpy, XDefaultRootWindow(dpy), Int32(RRScreenChangeNotifyMask | RRCrtcChangeNotifyMask | RROutputChangeNotifyMask))
        XFlush(dpy)
        Thread.detachNewThread { [self] in run() }
    }

    /// Called by the loop when it takes the event: the next notice wakes it again.
    func handled() { queued.store(false, ordering: .releasing) }

    /// Stops the thread and closes its connection (waits for the thread, at most 1 s).
    func stop() {
        var b: UInt8 = 1
        _ = write(stopPipe.write, &b, 1)
        _ = finished.wait(timeout: .now() + 1)
    }

    private func run() {
        defer { XCloseDisplay(dpy); close(stopPipe.read); close(stopPipe.write); finished.signal() }
        var fds = [pollfd(fd: XConnectionNumber(dpy), events: Int16(POLLIN), revents: 0),
                   pollfd(fd: stopPipe.read, events: Int16(POLLIN), revents: 0)]
        while true {
            // Xlib may hold events already read off the socket: drain them before sleeping.
            var changed = false
            while XPending(dpy) > 0 {
                var e = XEvent()
                XNextEvent(dpy, &e)
                let t = e.type - eventBase
                if t == RRScreenChangeNotify || t == RRNotify { changed = true }
            }
            if changed, !queued.exchange(true, ordering: .acquiringAndReleasing) {
                var e = SDL_Event()
                e.type = eventType
                SDL_PushEvent(&e)   // thread-safe
            }
            if poll(&fds, 2, -1) < 0, errno != EINTR { return }
            if fds[1].revents != 0 || fds[0].revents & Int16(POLLHUP | POLLERR) != 0 { return }
        }
    }
}
