/// How often a talk looks at its displays without a cue (`DisplayController.startPeriodicCheck`).
public enum DisplayCheck {
    /// Seconds between periodic checks: 2 where nothing announces a change of mode or position
    /// (SDL2 sends no event for one); `fallbackInterval` where the platform's own notices do
    /// (`noticesArrive`: X11's RandR watcher wakes the loop on every screen, CRTC and output
    /// change), where the check only catches what no notice says (a panel changing the usable
    /// area, `_NET_WORKAREA`) or a notice lost.
    public static func interval(noticesArrive: Bool) -> Double { noticesArrive ? fallbackInterval : 2 }

    /// The fallback's period where notices arrive: an idle talk looks at its displays every 10 s,
    /// not every 2 s. Its four X round trips (SDL's `_NET_WORKAREA` read per display, RandR, the
    /// window manager asked) were 15 % of an idle talk's CPU every 2 s (issue 19, docs/Performance.md).
    public static let fallbackInterval = 10.0
}
