import PodiumKit

/// Keys typed just after typing in a text field are not talk keys: the well-known "disable
/// touchpad while typing" guard (syndaemon; libinput's disable-while-typing, DWT), turned onto
/// the keyboard. A speaker who Tabs out of a field, or whose Return committed it, and types on
/// ("Seattle band") would otherwise pause the timer with `t`, advance with Space and `n` and
/// black out the room with `b`.
///
/// For `holdSeconds` after the last key typed into a text field, a printable key (letters,
/// digits, punctuation, Space) or Return with no Ctrl/Alt/Super that no view consumes is held
/// back: it neither drives the talk nor answers a question, and the presenter view says why.
/// A held key extends the hold, as each key press restarts libinput's DWT timer: a sentence
/// typed on past its field is lost whole, never its tail. Clicker keys (Page Up/Down, arrows,
/// F5, Esc, Home/End) are never held.
///
/// Pure state with times from the caller's clock (seconds), so it is tested without a platform.
public struct TypingGuard: Sendable {
    /// How long after the last typed key printable keys stay held, in seconds. libinput holds
    /// the touchpad 200 ms after one key and 500 ms while typing
    /// (`DEFAULT_KEYBOARD_ACTIVITY_TIMEOUT_1`/`_2`, evdev-mt-touchpad.c); syndaemon's default
    /// idle time is 2 s. Looking from a field to the talk and back is slower than the next
    /// keystroke, so 1 s: a held key costs only a presenter hint, a passed one derails the room.
    public static let holdSeconds = 1.0

    /// When the last key went into a text field (or was held), nil before any typing.
    public private(set) var lastTypedAt: Double?

    public init() {}

    /// True for keys that type text: a character (letters, digits, punctuation), Space, Return,
    /// or the keypad's digits, operators and Enter, with at most Shift held. Editing keys (Backspace, Delete) count as typing when
    /// they go into a field (`noteKey`) but are never held: Backspace is also a clicker's "back".
    public static func types(_ k: Key) -> Bool {
        guard !k.control, !k.alt, !k.gui else { return false }
        switch k.code {
        case .character, .space, .returnKey, .keypadEnter: return true
        case let .other(name): return name.count == 8 && name.hasPrefix("Keypad ")   // SDL's "Keypad 7", "Keypad +"
        default: return false
        }
    }

    /// Records key `k` at `now` if it went into a text field (`intoTextField`): a typing or
    /// editing key.
    public mutating func noteKey(_ k: Key, intoTextField: Bool, at now: Double) {
        guard intoTextField else { return }
        if Self.types(k) || (k.isPlain && (k.code == .backspace || k.code == .delete)) { lastTypedAt = now }
    }

    /// Whether `k`, arriving at `now` with no text field to take it, is held back. A held key
    /// extends the hold.
    public mutating func holds(_ k: Key, at now: Double) -> Bool {
        guard Self.types(k), let t = lastTypedAt, now - t < Self.holdSeconds, now >= t else { return false }
        lastTypedAt = now
        return true
    }
}

/// The guard on the presenter: keys are noted in `Presentation.press`, held in the question
/// check and in `handleKey`.
extension Presentation {
    /// The presenter's hint for a held key; it never reaches the audience view.
    public static let typingHint = "Keys held while typing — click a field to type, or wait a moment"
    /// How long the hint shows after the last held key, in seconds.
    static let typingHintSeconds = 2.5

    /// Shows `typingHint` in the presenter's banner for `typingHintSeconds`.
    func showTypingHint() {
        typingHintTimer?.cancel()
        typingHintShown = true
        typingHintTimer = timers.schedule(now: clock(), after: Self.typingHintSeconds, repeats: false) { [weak self] in
            self?.typingHintShown = false; self?.updateBanner()
        }
        updateBanner()
    }

    /// True when `k` (no text field having taken it) is held back by the typing guard; then the
    /// hint shows.
    func typingHolds(_ k: Key) -> Bool {
        guard typingGuard.holds(k, at: clock()) else { return false }
        showTypingHint()
        return true
    }
}
