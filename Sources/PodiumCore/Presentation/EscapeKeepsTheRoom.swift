import PodiumKit

/// Esc is both the console's "close this" (a popover, which has no Cancel button; a text field;
/// the overview or key help) and the room's "back to live" (a blackout ends, a freeze or a
/// look-up is shown). A speaker's habitual second Esc after closing something showed the room
/// what they held back (trial 34 F2: a blackout ended, a console-only web search went to the
/// projector). So an Esc within `escapeGrace` of one that closed something, or of typing into a
/// field, with no other key between, leaves the room as it is and says so; the next Esc acts.
extension Presentation {
    /// Seconds after an Esc that closed something (or a key typed into a field) in which an Esc
    /// does not change what the room sees. Longer than a double tap (0.15-0.5 s in trial 34) and
    /// than leaving a field after Return (1.5 s there).
    public static let escapeGrace = 2.0
    /// The end of the notice an Esc held back shows.
    static let escapeHeldReason = "(that Esc came right after one that closed a popover or a field)."

    /// Whether this key is an Esc the room ignores (true: it did nothing but a notice). Notes
    /// an Esc that closes something and a key typed into a field (`intoField`).
    func escapeKeepsTheRoom(_ action: ConsoleAction?, intoField: Bool) -> Bool {
        let now = clock()
        if intoField { escapeClosedAt = now; return false }
        // Another key between (b, f, a clicker's blank) is the speaker acting on purpose: the
        // Esc after it is not a double tap (review31 #5: "b … Esc" was held back).
        guard action == .clear else { escapeClosedAt = nil; return false }
        if presenter.overlay.topmost != nil || !console.overview.isHidden || !console.help.isHidden {
            escapeClosedAt = now
            return false
        }
        guard let at = escapeClosedAt, now - at < Self.escapeGrace, now >= at, let held = roomWithheld else {
            // This Esc acts: the notice that said the last one did not goes (trial 35 F3: it
            // stayed up over a live room).
            if notice?.text.hasSuffix(Self.escapeHeldReason) == true { showNotice(nil) }
            return false
        }
        escapeClosedAt = nil
        let room = switch held {
        case .cover(.white): "stays white"
        case .cover: "stays black"
        case let .lookUp(origin): "still sees \(title(at: origin))"
        case .frozen: "stays frozen"
        }
        // What to press first: the banner is one line, cut with "…" (trial 28 m9).
        showPassingNotice("The room \(room): Esc again shows it the talk \(Self.escapeHeldReason)", seconds: 8)
        log("an Esc right after closing a popover or a field was not taken for the room (the room \(room)); the next Esc is")
        return true
    }
}
