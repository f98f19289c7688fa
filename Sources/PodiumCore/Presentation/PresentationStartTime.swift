import FoundationEssentials
import Glibc
import PodiumKit

/// `--start-time HH:MM` (pdfpc's `--start-time`): until then the presenter's elapsed timer shows
/// the countdown to the start ("starts in 4:59"); at that time the talk timer starts by itself,
/// unless the first advance (or Shift+F5) started it before. Only the console shows it.
extension Presentation {
    /// Sets the start to the next `minutesAfterMidnight` (local time, 0…1439) from the wall
    /// clock: later today, or tomorrow when it was more than 12 hours ago. A time less than 12
    /// hours past is today's: the talk is late, nothing counts down and the timer starts on the
    /// first advance. Returns the start, or nil when it has passed.
    @discardableResult
    public func setStartTime(minutesAfterMidnight m: Int) -> Date? {
        startTimer?.cancel(); startTimer = nil
        let now = wallClock()
        let c = Calendar.current.dateComponents([.hour, .minute, .second], from: now)
        let nowSeconds = Double((c.hour ?? 0) * 3600 + (c.minute ?? 0) * 60 + (c.second ?? 0))
        var d = Double(m * 60) - nowSeconds
        if d < -12 * 3600 { d += 24 * 3600 }
        return setStartTime(at: now.addingTimeInterval(d))
    }

    /// Sets the start to `date` (a journaled `--start-time`, `TalkJournal.Record.startTime`).
    /// Returns it, or nil when it has passed: nothing counts down and the timer starts on the
    /// first advance.
    @discardableResult
    public func setStartTime(at date: Date) -> Date? {
        startTimer?.cancel(); startTimer = nil
        let d = date.timeIntervalSince(wallClock())
        guard d > 0 else { startTime = nil; refreshTimers(); return nil }
        startTime = date
        startTimer = timers.schedule(now: clock(), after: d, repeats: false) { [weak self] in self?.startTimeReached() }
        refreshTimers()
        return startTime
    }

    /// Seconds until the start time while the talk has not started, else nil.
    public var secondsUntilStart: Double? {
        guard let s = startTime, !talk.isStarted else { return nil }
        return max(0, s.timeIntervalSince(wallClock()))
    }

    func startTimeReached() {
        startTimer = nil
        guard !talk.isStarted else { return }
        startTalk()
        talk.sceneChanged(at: clock())
        log("start time reached: the talk timer runs")
        refreshTimers()
        presenter.requestRedraw()
    }
}
