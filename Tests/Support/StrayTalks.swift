import Foundation

/// The processes whose command line mentions `marker` (a test's own folder), other than this
/// one: talks, the restarts their crash watchers made (not this test's children), the watchers
/// (`watcher`: named podium-watch) and their covers. A zombie (this machine's init reaps no
/// orphans) has no command line: it is not listed.
public func processes(mentioning marker: String) -> [(pid: pid_t, watcher: Bool)] {
    let pids = (try? FileManager.default.contentsOfDirectory(atPath: "/proc"))?.compactMap(pid_t.init) ?? []
    return pids.compactMap { pid in
        guard pid != getpid(), let cmd = try? String(contentsOfFile: "/proc/\(pid)/cmdline", encoding: .utf8), cmd.contains(marker) else { return nil }
        let comm = (try? String(contentsOfFile: "/proc/\(pid)/comm", encoding: .utf8))?.trimmingCharacters(in: .whitespacesAndNewlines)
        return (pid, comm == "podium-watch")
    }
}

/// Ends every process `processes(mentioning:)` lists, watchers first: a watcher whose talk is
/// killed restarts it (a kill the talk did not ask for, `CrashRestart`), so killing a talk
/// before its watcher could leave a restarted talk running. Repeats until none is left (a
/// restart exec'd meanwhile has a watcher of its own) or `seconds` pass.
public func endTalks(mentioning marker: String, seconds: Double = 15) {
    let deadline = Date().addingTimeInterval(seconds)
    while true {
        let found = processes(mentioning: marker)
        if found.isEmpty || Date() > deadline { return }
        for p in found where p.watcher { kill(p.pid, SIGKILL) }
        for p in found where !p.watcher { kill(p.pid, SIGKILL) }
        usleep(20_000)
    }
}
