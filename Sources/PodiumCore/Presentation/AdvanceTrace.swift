import FoundationEssentials
import PodiumKit
import Glibc

/// Where a key's time goes until the room's first pixel, for profiling (issue 19): with
/// `PODIUM_ADVANCE_TRACE=1` in the environment, the run loop stamps each step of a turn that
/// began with a key press (key dequeued, press handled, the room's copy sent, the server done
/// with it, the room's frame, the console's, the journal) and prints one line per turn to stderr
/// once the turn is over, in CLOCK_MONOTONIC ms as `scripts/bench-xwatch.c` and `perf record -k
/// CLOCK_MONOTONIC` stamp theirs. Off by default: a mark then costs one branch. Main thread only.
public enum AdvanceTrace {
    public static let enabled = ProcessInfo.processInfo.environment["PODIUM_ADVANCE_TRACE"] == "1"
    nonisolated(unsafe) private static var marks: [(StaticString, Double)] = {
        var a: [(StaticString, Double)] = []
        a.reserveCapacity(32)
        return a
    }()

    /// Starts a turn's record (a key press was dequeued); earlier marks not printed are dropped.
    public static func begin(_ what: StaticString) {
        guard enabled else { return }
        marks.removeAll(keepingCapacity: true)
        marks.append((what, now()))
    }

    /// Stamps a step of the turn begun, if any.
    public static func mark(_ what: StaticString) {
        guard enabled, !marks.isEmpty else { return }
        marks.append((what, now()))
    }

    /// Prints the turn's record, "advance trace t0=T key +0.000 press +0.120 …" (ms after the
    /// first mark), and clears it.
    public static func end() {
        guard enabled, let first = marks.first else { return }
        var line = String(cFormat: "podium: advance trace t0=%.3f", first.1)
        for (what, t) in marks { line += " \(what) " + String(cFormat: "+%.3f", t - first.1) }
        marks.removeAll(keepingCapacity: true)
        let bytes = Array((line + "\n").utf8)
        _ = bytes.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
    }

    private static func now() -> Double {
        var t = timespec()
        clock_gettime(CLOCK_MONOTONIC, &t)
        return Double(t.tv_sec) * 1000 + Double(t.tv_nsec) / 1e6
    }
}
