import FoundationEssentials
import PodiumKit
import Glibc

/// Whether the speaker is ahead of, on or behind the plan.
public enum Pace: String, Sendable {
    case ahead, onTime, behind
}

/// The talk's timers, all in seconds of a monotonic clock passed in (`now`), so it is pure and
/// testable: elapsed time (starts on the first advance, can pause), time on the current scene,
/// and the plan from the deck (`duration` in minutes, per-scene `time` in seconds).
public struct TalkClock: Sendable {
    /// Planned seconds per scene; scenes without a `time` share what the deck's duration leaves.
    public let plan: [Double]?
    /// Planned length of the talk in seconds, if the deck gives one (or the scene times add up).
    public let plannedTotal: Double?
    private(set) var startedAt: Double?
    private(set) var pausedAt: Double?
    /// Paused time before `pausedAt`, subtracted from elapsed.
    private(set) var pausedTotal = 0.0
    /// Elapsed time when the current scene became current.
    private(set) var sceneStart = 0.0

    /// - Parameters:
    ///   - durationMinutes: the deck's `duration`.
    ///   - sceneSeconds: each scene's `time`, nil where not given.
    public init(durationMinutes: Double?, sceneSeconds: [Double?]) {
        let given = sceneSeconds.compactMap { $0 }.reduce(0, +)
        // Scene times add up to a plan only when they give some time: backup scenes after an end
        // slide get 0 s each, which alone is no plan (it showed a countdown from 0:00).
        let total = durationMinutes.map { $0 * 60 } ?? (given > 0 ? given : nil)
        plannedTotal = total
        if let total, !sceneSeconds.isEmpty {
            let unplanned = sceneSeconds.filter { $0 == nil }.count
            let share = unplanned > 0 ? max(0, total - given) / Double(unplanned) : 0
            plan = sceneSeconds.map { $0 ?? share }
        } else { plan = nil }
    }

    /// This clock with another plan (a reloaded deck) and the same running timers.
    public func replanned(durationMinutes: Double?, sceneSeconds: [Double?]) -> TalkClock {
        var c = TalkClock(durationMinutes: durationMinutes, sceneSeconds: sceneSeconds)
        c.startedAt = startedAt; c.pausedAt = pausedAt; c.pausedTotal = pausedTotal; c.sceneStart = sceneStart
        return c
    }

    /// Puts the timer where a journal left it (resuming after a crash): `elapsed` seconds of
    /// talk, paused or running from `now`; time on the current scene counts from talk time
    /// `sceneStart` (seconds; clamped to 0…`elapsed`), or starts again when it is nil.
    public mutating func restore(elapsed: Double, paused: Bool, at now: Double, sceneStart: Double? = nil) {
        startedAt = now - max(0, elapsed); pausedTotal = 0; pausedAt = paused ? now : nil
        self.sceneStart = min(max(0, sceneStart ?? elapsed), max(0, elapsed))
    }

    public var isStarted: Bool { startedAt != nil }
    public var isPaused: Bool { pausedAt != nil }

    /// Starts the elapsed timer (first advance, F5). Restarting resets it to zero.
    public mutating func start(at now: Double) {
        startedAt = now; pausedAt = nil; pausedTotal = 0; sceneStart = 0
    }
    /// Pauses or resumes; before the start it starts the timer paused at zero.
    public mutating func togglePause(at now: Double) {
        if startedAt == nil { startedAt = now }
        if let p = pausedAt { pausedTotal += now - p; pausedAt = nil } else { pausedAt = now }
    }
    /// Marks that another scene became current.
    public mutating func sceneChanged(at now: Double) { sceneStart = elapsed(at: now) }

    /// Seconds of talk so far: 0 before the start, frozen while paused.
    public func elapsed(at now: Double) -> Double {
        guard let s = startedAt else { return 0 }
        return max(0, (pausedAt ?? now) - s - pausedTotal)
    }
    /// Seconds on the current scene (counted only while the talk timer runs).
    public func sceneElapsed(at now: Double) -> Double { max(0, elapsed(at: now) - sceneStart) }
    /// Seconds left of the planned duration (negative when over), nil without a plan.
    public func remaining(at now: Double) -> Double? { plannedTotal.map { $0 - elapsed(at: now) } }

    /// Where the plan puts scene `index`: (planned start, planned end) in elapsed seconds.
    public func slot(of index: Int) -> (start: Double, end: Double)? {
        guard let plan, plan.indices.contains(index) else { return nil }
        let start = plan[..<index].reduce(0, +)
        return (start, start + plan[index])
    }

    /// Compares progress through the scenes with time used: ahead while the elapsed time is still
    /// before the current scene's planned start, behind once it is past the scene's planned end,
    /// on time in between. Nil without a plan or before the timer starts.
    public func pace(at now: Double, sceneIndex: Int) -> Pace? {
        guard isStarted, let s = slot(of: sceneIndex) else { return nil }
        let e = elapsed(at: now)
        if e < s.start { return .ahead }
        if e > s.end { return .behind }
        return .onTime
    }

    /// `m:ss`, or `h:mm:ss` from an hour; negative values get a leading minus. NaN and infinities
    /// show `–:––`; magnitudes are capped at 999 hours.
    public static func format(_ seconds: Double) -> String {
        let neg = seconds < 0
        // Bounded so no plan (or clock jump) can trap the conversion; 999 hours reads as "a lot".
        guard seconds.isFinite else { return "–:––" }
        let t = Int(min(abs(seconds), 999 * 3600).rounded(.down))
        let body = t >= 3600 ? "\(t / 3600):\(twoDigits(t / 60 % 60)):\(twoDigits(t % 60))" : "\(t / 60):\(twoDigits(t % 60))"
        return (neg ? "−" : "") + body
    }

    /// `n` (0…99) with a leading zero; plain Swift, as `String(format:)` goes through Foundation
    /// every second.
    static func twoDigits(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
}
