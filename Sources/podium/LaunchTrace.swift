import FoundationEssentials
import PodiumKit
import Glibc

/// Where launch time goes, for profiling (issue 19): with `PODIUM_LAUNCH_TRACE=1` in the
/// environment, each mark logs the wall time since the process started, the main thread's CPU
/// time (ms) and minor page faults, and the CPU time of the whole process (every thread, ms) so
/// far, after t= (CLOCK_MONOTONIC seconds, as `perf record -k CLOCK_MONOTONIC` stamps samples).
/// Off by default: marks then cost one branch.
enum LaunchTrace {
    static let enabled = ProcessInfo.processInfo.environment["PODIUM_LAUNCH_TRACE"] == "1"
    nonisolated(unsafe) static var start: Double = processStartUptime() ?? ProcessInfo.processInfo.systemUptime

    static func mark(_ what: @autoclosure () -> String) {
        guard enabled else { return }
        var cpu = timespec()
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &cpu)
        let wall = (ProcessInfo.processInfo.systemUptime - start) * 1000
        var main = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &main)
        var usage = rusage()
        getrusage(__rusage_who_t(1), &usage)   // RUSAGE_THREAD (a GNU extension Glibc does not import)
        printError(String(cFormat: "podium: launch trace t=%.4f +%.1f ms wall, main thread %.1f ms and %ld page faults, %.1f ms CPU: ",
                          ProcessInfo.processInfo.systemUptime, wall, Double(main.tv_sec) * 1000 + Double(main.tv_nsec) / 1e6, usage.ru_minflt,
                          Double(cpu.tv_sec) * 1000 + Double(cpu.tv_nsec) / 1e6) + what())
    }
}
