import CSDL2
import Foundation
import Synchronization

/// SIGTERM and SIGINT as a request to quit, handled in the run loop like `q`, instead of killing
/// the process mid-frame (or leaving it to SDL's own handler, which only exists while SDL runs).
/// The handler only writes the signal number to a pipe (async-signal-safe); a small thread reads
/// it, records it and wakes the loop with SDL_QUIT. A second signal ends the process at once.
public enum QuitSignals {
    private static let received = Atomic<Int32>(0)
    nonisolated(unsafe) private static var writeEnd: Int32 = -1

    /// The signal that asked podium to quit (SIGTERM or SIGINT), or nil.
    public static var pending: Int32? { let s = received.load(ordering: .acquiring); return s == 0 ? nil : s }

    /// Installs the handlers (once). Call before `SDLVideo.start`, so SDL keeps its hands off
    /// (it installs its own only over the default disposition); signals that arrive before SDL runs
    /// are still recorded in `pending`.
    public static func install() {
        guard writeEnd < 0 else { return }
        var fds: [Int32] = [-1, -1]
        guard pipe(&fds) == 0 else { return }
        for fd in fds { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }   // not inherited by xdg-open & co.
        writeEnd = fds[1]
        setenv("SDL_NO_SIGNAL_HANDLERS", "1", 1)
        let readEnd = fds[0]
        for s in [SIGTERM, SIGINT] {
            signal(s) { signo in
                var b = UInt8(truncatingIfNeeded: signo)
                _ = write(QuitSignals.writeEnd, &b, 1)
            }
        }
        let t = Thread {
            var b: UInt8 = 0
            while true {
                let n = read(readEnd, &b, 1)
                if n < 0, errno == EINTR { continue }
                guard n == 1 else { return }
                // A second signal while the first is still being handled (a loop or a shutdown
                // that hangs): the default action, so Ctrl+C twice always ends podium.
                if QuitSignals.received.load(ordering: .acquiring) != 0 { signal(Int32(b), SIG_DFL); raise(Int32(b)); return }
                QuitSignals.received.store(Int32(b), ordering: .releasing)
                // Wakes SDL_WaitEventTimeout; fails harmlessly before SDL_Init (the loop checks `pending`).
                var e = SDL_Event(); e.type = SDL_QUIT.rawValue
                SDL_PushEvent(&e)
            }
        }
        t.name = "podium signals"
        t.start()
    }
}
