/// What `DisplayController` does with the presenter window (the console: notes, timers, the
/// remote's QR code) given where the window system really has it (`RealPlacement`).
///
/// The room must never see the console. A window manager rule that forces it onto the projector
/// (openbox `<applications><application title="Podium Presenter*"><position><monitor>2`) applies
/// each time the window is mapped, so every "unmap and place again" is answered by the same rule:
/// trial 12 F10 saw the console on the projector three times in 4 s (a second each, the settle
/// time) before Podium gave up. So the order is:
/// 1. On the room's display: unmapped at once, whatever the settle time (the X server's frame
///    is where the room sees it now); placed again once.
/// 2. Back on the room's display after that one try (the window manager fights): stay unmapped,
///    the console hidden (keys go to the talk, questions on the room's view), until the
///    displays change or a swap. No more tries meanwhile: each would show it to the room again.
/// 3. Off its display but not on the room's (a third monitor): judged only once the window
///    manager has settled, placed again `offDisplayTries` times, then left there.
/// Only where the platform knows where a window really is (`DisplayPlatform.managedFrame`: X11
/// with a window manager); a Wayland compositor does not say (a sway `for_window … move to
/// output` rule wins there).
public enum PresenterRepair: Equatable, Sendable {
    /// Where it belongs, or nothing to judge yet.
    case none
    /// Unmapped, placed on its display again and mapped.
    case placeAgain
    /// Unmapped until the displays change (the window manager keeps it on the room's display).
    case withhold
    /// On a display the room does not see, after `offDisplayTries` tries: left there.
    case leave

    /// Tries for a window off its display but not on the room's (its own display is still the
    /// speaker's to look at, so a stubborn window manager gets two chances, as before).
    public static let offDisplayTries = 2

    /// - real: `RealPlacement.misplaced`'s answer (nil: where it belongs).
    /// - tries: times it was placed again since the displays last changed.
    /// - settled: the window manager has had `DisplayController.settleTime` to act on the last
    ///   placement (only frames off the room's display wait for that).
    public static func decide(_ real: RealPlacement?, tries: Int, settled: Bool) -> PresenterRepair {
        guard let real else { return .none }
        if real.onRoomsDisplay { return tries < 1 ? .placeAgain : .withhold }
        guard settled else { return .none }
        return tries < offDisplayTries ? .placeAgain : tries == offDisplayTries ? .leave : .none
    }
}
