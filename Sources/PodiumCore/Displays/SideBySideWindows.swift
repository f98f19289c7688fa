import PodiumKit

/// One display and the audience view in a window of its own (`--windowed audience`/`presentation`
/// or `both`, `AudiencePlacement.window`): the two windows side by side, never one over the other.
/// Without a window manager nothing moves a window that opens on top of another (a trial saw the
/// audience window open over the console, hiding the notes and timers); with one, both start
/// where the speaker can see them. The presenter gets the left part, the audience the right.
public enum SideBySideWindows {
    /// Points between the two windows (a window manager's borders fit in it).
    public static let gap = 16.0
    /// The smallest widths that still work: the console at 640 points, a readable audience view.
    public static let minimumPresenterWidth = 640.0, minimumAudienceWidth = 320.0

    /// Frames (desktop coordinates, as `usable`) for the presenter and audience windows inside
    /// `usable` (the display's bounds less panels); nil when they do not fit side by side.
    /// The audience window is 16:9 (a projector's shape) at the top right, about 40 % wide.
    public static func frames(in usable: Rect) -> (presenter: Rect, audience: Rect)? {
        let aw = max(minimumAudienceWidth, (usable.width * 0.4).rounded(.down))
        let pw = usable.width - aw - gap
        guard pw >= minimumPresenterWidth, usable.height >= 400 else { return nil }
        let ah = min(usable.height, (aw * 9 / 16).rounded(.down))
        return (Rect(usable.minX, usable.minY, pw, usable.height), Rect(usable.maxX - aw, usable.minY, aw, ah))
    }
}
