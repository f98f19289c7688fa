import FoundationEssentials
import Glibc
import PodiumKit

/// What the console's timer strip shows, computed from `TalkClock` once a second.
public struct TimerReadout: Equatable, Sendable {
    public var elapsed: Double
    public var running: Bool
    public var paused: Bool
    public var remaining: Double?
    /// Minutes before the end from which the countdown is amber (`--last-minutes`), nil: never.
    public var lastMinutes: Double? = nil
    public var pace: Pace?
    public var sceneElapsed: Double
    public var scenePlanned: Double?
    /// Local wall-clock time, "HH:MM".
    public var clock: String
    /// Seconds until `--start-time` while the talk has not started; nil otherwise.
    public var untilStart: Double? = nil

    /// How close the end is: `lastMinutes` within the last minutes, `over` past the planned
    /// end (only with `lastMinutes` set); nil otherwise.
    public var countdownPhase: String? {
        guard let m = lastMinutes, let r = remaining else { return nil }
        return r < 0 ? "over" : r <= m * 60 ? "lastMinutes" : nil
    }
}

/// The toolbar's timers: wall clock, time on this scene (against its plan), the countdown to the
/// planned end coloured by pace, and the elapsed time (⏸ while paused).
public final class TimersView: StackView {
    public let elapsedLabel = Label("0:00", font: .bold(20))
    let countdownLabel = Label("", font: .bold(17))
    let sceneLabel = Label("", font: .system(15))
    let clockLabel = Label("", font: .system(15))
    public private(set) var readout: TimerReadout?
    /// Told when a label's text changed length (the toolbar may have to make room again).
    var onWidthChange: (() -> Void)?
    /// The strip drawn again alone on a tick that changed nothing else (`WindowRoot.markIslandOnly`).
    public let island = RenderIsland()

    public init() {
        super.init(.horizontal, spacing: 16)
        alignment = .center
        elapsedLabel.id = "console.timer"
        countdownLabel.id = "console.countdown"
        sceneLabel.id = "console.sceneTimer"
        clockLabel.id = "console.clock"
        add(clockLabel); add(sceneLabel); add(countdownLabel); add(elapsedLabel)
        island.view = self
    }

    public override func render(into list: inout DrawList) {
        let start = list.commands.count, offset = list.offset, clip = list.clip
        super.render(into: &list)
        island.rendered(from: start, at: offset, clip: clip, into: list)
    }

    /// Colour for a pace: green ahead, the normal text colour on time, red behind.
    public static func color(_ pace: Pace?, theme: Theme) -> Color {
        switch pace {
        case .ahead: theme.positive
        case .behind: theme.destructive
        case .onTime, nil: theme.text
        }
    }

    /// Shows `r`; returns true when the strip alone changed (no label changed length, so the
    /// toolbar keeps its layout), false when nothing did or the toolbar may have to make room.
    @discardableResult
    public func show(_ r: TimerReadout) -> Bool {
        guard r != readout else { return false }
        readout = r
        let labels = [elapsedLabel, countdownLabel, sceneLabel, clockLabel]
        let lengths = labels.map { $0.isHidden ? -1 : $0.text.count }
        let t = theme
        elapsedLabel.text = (r.paused ? "⏸ " : "") + TalkClock.format(r.elapsed)
        elapsedLabel.color = r.paused ? t.warning : r.running ? t.text : t.secondaryText
        // --start-time: the countdown to the start stands in for the elapsed time.
        if let u = r.untilStart { elapsedLabel.text = "starts in " + TalkClock.format(u.rounded(.up)); elapsedLabel.color = t.tint }
        if let rem = r.remaining {
            countdownLabel.isHidden = false
            // Whole seconds left rounded up, as the elapsed time is rounded down: the two add up
            // to the plan (0:12 elapsed, 3:48 left of 4:00), never a second short.
            let left = rem.rounded(.up)
            countdownLabel.text = (left < 0 ? "over " : "left ") + TalkClock.format(abs(left))
            // The last minutes (--last-minutes) turn it amber, then red past the end.
            switch r.countdownPhase {
            case "lastMinutes"?: countdownLabel.color = t.warning
            case "over"?: countdownLabel.color = t.destructive
            default: countdownLabel.color = Self.color(r.pace, theme: t)
            }
        } else { countdownLabel.isHidden = true }
        let scene = "scene " + TalkClock.format(r.sceneElapsed) + (r.scenePlanned.map { " / " + TalkClock.format($0) } ?? "")
        sceneLabel.text = scene
        sceneLabel.color = r.scenePlanned.map { r.sceneElapsed > $0 ? t.destructive : t.secondaryText } ?? t.secondaryText
        clockLabel.text = r.clock
        clockLabel.color = t.secondaryText
        setNeedsLayout()
        guard labels.map({ $0.isHidden ? -1 : $0.text.count }) == lengths else { onWidthChange?(); return false }
        return true
    }
}
