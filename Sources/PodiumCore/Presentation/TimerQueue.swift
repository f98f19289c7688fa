import PodiumKit

/// Timers for scenes and the console, fired by the run loop. The loop sleeps until
/// `nextDeadline`, so nothing polls while idle.
public final class TimerQueue {
    struct Entry { var due: Double; var interval: Double?; var token: TimerToken; var body: () -> Void }
    private var entries: [Entry] = []
    public init() {}

    /// Adds a timer due `seconds` after `now`.
    @discardableResult
    public func schedule(now: Double, after seconds: Double, repeats: Bool, _ body: @escaping () -> Void) -> TimerToken {
        let t = TimerToken()
        entries.append(Entry(due: now + seconds, interval: repeats ? max(0.001, seconds) : nil, token: t, body: body))
        return t
    }
    /// The earliest due time, or nil when no timer is pending.
    public var nextDeadline: Double? { entries.filter { !$0.token.isCancelled }.map(\.due).min() }
    /// Cancels and drops every timer (at shutdown: their closures may hold scenes).
    public func cancelAll() {
        entries.forEach { $0.token.cancel() }
        entries.removeAll()
    }
    /// Runs every timer due at `now`; repeating ones are re-armed from their due time.
    public func fire(now: Double) {
        entries.removeAll { $0.token.isCancelled }
        let due = entries.indices.filter { entries[$0].due <= now }
        // A timer cancelled by an earlier one in this batch does not run.
        for i in due where !entries[i].token.isCancelled { entries[i].body() }
        entries = entries.compactMap { e in
            guard e.due <= now else { return e }
            guard let iv = e.interval, !e.token.isCancelled else { return nil }
            var n = e; while n.due <= now { n.due += iv }
            return n
        }
    }
}
