import Foundation

/// Waits for a child process to exit and returns its exit status, without relying on
/// Foundation's own reaping: on Linux, `Process.waitUntilExit()` was seen to hang forever on a
/// child that had already exited (left a zombie) after long test runs. Polls `waitpid(WNOHANG)`
/// for up to `seconds`, then sends SIGKILL and waits for good.
@discardableResult
public func reap(_ p: Process, seconds: Double = 10) -> Int32 {
    let pid = p.processIdentifier
    guard pid > 0 else { return -1 }
    var status: Int32 = 0
    let deadline = Date().addingTimeInterval(seconds)
    while Date() < deadline {
        let r = waitpid(pid, &status, WNOHANG)
        if r == pid { return decode(status) }
        if r == -1 { p.waitUntilExit(); return p.terminationStatus }   // Foundation reaped it first: it knows the status
        usleep(10_000)
    }
    kill(pid, SIGKILL)
    if waitpid(pid, &status, 0) == pid { return decode(status) }
    return -1
}

/// Exit code, or 128 + signal number for a child killed by a signal (as shells report it).
private func decode(_ status: Int32) -> Int32 {
    let sig = status & 0x7F
    return sig == 0 ? (status >> 8) & 0xFF : 128 + sig
}
