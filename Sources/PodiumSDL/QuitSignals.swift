import CSDL2
import FoundationEssentials
import PodiumKit
import Glibc
import Synchronization

/// SIGTERM and SIGINT as a request to quit, handled in the run loop like `q`, instead of killing
/// the process mid-frame (or leaving it to SDL's own handler, which only exists while SDL runs).
/// The handler only writes the signal number to a pipe (async-signal-safe); a small thread reads
/// it, records it and wakes the loop with SDL_QUIT. A second signal, or a loop that does not
/// come round within `grace` seconds, ends the process the default way.
public enum QuitSignals {
    private static let received = Atomic<Int32>(0)
    private static let acknowledged = Atomic<Bool>(false)
    /// Seconds the run loop has to come round after a signal before podium ends the default way.
    public static let grace = 3.0

    /// Called by the run loop when it has seen `pending` and leaves to shut down in order.
    public static func acknowledge() { acknowledged.store(true, ordering: .releasing) }
    nonisolated(unsafe) private static var writeEnd: Int32 = -1
    nonisolated(unsafe) private static var hangupNote: UnsafeMutablePointer<CChar>?

    /// Called once a quit signal arrives (on the signal thread, before the loop sees it): e.g.
    /// telling the crash watcher the talk is quitting, so the default end that follows a second
    /// signal or a stuck loop is not taken for a kill. Set before `install`.
    nonisolated(unsafe) public static var onRequest: (@Sendable () -> Void)?

    /// The signal that asked podium to quit (SIGTERM or SIGINT), or nil.
    public static var pending: Int32? { let s = received.load(ordering: .acquiring); return s == 0 ? nil : s }

    /// Installs the handlers (once). Signals that arrive before SDL runs are recorded in
    /// `pending`. The run loop must check `pending` and call `acknowledge` within `grace` seconds.
    public static func install() {
        guard writeEnd < 0 else { return }
        var fds: [Int32] = [-1, -1]
        guard pipe(&fds) == 0 else { return }
        for fd in fds { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }   // not inherited by xdg-open & co.
        writeEnd = fds[1]
        let readEnd = fds[0]
        for s in [SIGTERM, SIGINT] {
            signal(s) { signo in
                var b = UInt8(truncatingIfNeeded: signo)
                _ = write(QuitSignals.writeEnd, &b, 1)
            }
        }
        // A closed terminal (SIGHUP) does not end the talk: a speaker tidying the desktop before
        // the talk closes the terminal it was typed in (as `nohup` would). A line says so.
        hangupNote = strdup("podium: the terminal that started the talk closed (SIGHUP); the talk goes on\n")
        signal(SIGHUP) { _ in
            if let m = QuitSignals.hangupNote { _ = write(2, m, strlen(m)) }
        }
        startDetachedThread(name: "podium signals") {
            var b: UInt8 = 0
            while true {
                let n = read(readEnd, &b, 1)
                if n < 0, errno == EINTR { continue }
                guard n == 1 else { return }
                QuitSignals.onRequest?()
                // A second signal while the first is still being handled (a loop or a shutdown
                // that hangs): the default action, so Ctrl+C twice always ends podium.
                if QuitSignals.received.load(ordering: .acquiring) != 0 { signal(Int32(b), SIG_DFL); raise(Int32(b)); return }
                QuitSignals.received.store(Int32(b), ordering: .releasing)
                // Wakes SDL_WaitEventTimeout; fails harmlessly before SDL_Init (the loop checks `pending`).
                var e = SDL_Event(); e.type = SDL_QUIT.rawValue
                SDL_PushEvent(&e)
                // A loop that does not come round in time is stuck (a blocking read, a scene that
                // never returns): end the default way rather than ignore the signal.
                let deadline = ProcessInfo.processInfo.systemUptime + grace
                var fd = pollfd(fd: readEnd, events: Int16(POLLIN), revents: 0)
                while !acknowledged.load(ordering: .acquiring), poll(&fd, 1, 50) == 0 {
                    if ProcessInfo.processInfo.systemUptime > deadline { signal(Int32(b), SIG_DFL); raise(Int32(b)); return }
                }
            }
        }
    }
}
