/// Which key was pressed, independent of the platform's key names. Printable keys are
/// `.character` in lower case ("a", "/", "."); keys with no character have their own case.
/// `Key.code` gives it; scenes and controls match on it instead of on names.
public enum KeyCode: Hashable, Sendable {
    /// A key that types a character, lower case ("a", "/", "."); modifiers held are in ``Key``.
    case character(Character)
    /// Keys with no character: Return, the keypad's Enter (a key of its own), Escape, Tab, Space,
    /// Backspace, Delete (forward) and Insert.
    case returnKey, keypadEnter, escape, tab, space, backspace, delete, insert
    /// Arrow and navigation keys.
    case left, right, up, down, pageUp, pageDown, home, end
    /// F1…F24.
    case function(Int)
    /// Any other key, by the platform's name ("Pause", "Keypad +", "Menu").
    case other(String)

    /// The code for a key name as SDL spells it (`SDL_GetKeyName`): "Return", "PageDown",
    /// "F5", "A"; spaces and case are ignored ("Page Down" is PageDown).
    public init(name: String) {
        // The spaces dropped scalar by scalar, as `replacingOccurrences(of: " ", with: "")` did:
        // Foundation's bridging cost ~0.05 ms of every key press on the advance's path (issue 19).
        var n = name.lowercased()
        if name.count > 1 { n.unicodeScalars.removeAll { $0 == " " } }
        switch n {
        case "return", "enter": self = .returnKey
        case "keypadenter": self = .keypadEnter
        case "escape", "esc": self = .escape
        case "tab": self = .tab
        case "space", " ": self = .space
        case "backspace": self = .backspace
        case "delete": self = .delete
        case "insert": self = .insert
        case "left": self = .left
        case "right": self = .right
        case "up": self = .up
        case "down": self = .down
        case "pageup": self = .pageUp
        case "pagedown": self = .pageDown
        case "home": self = .home
        case "end": self = .end
        default:
            if n.count == 1, let c = n.first { self = .character(c); return }
            if n.first == "f", let i = Int(n.dropFirst()), (1...24).contains(i) { self = .function(i); return }
            self = .other(name)
        }
    }

    /// Up, Down, Left or Right.
    public var isArrow: Bool { [.up, .down, .left, .right].contains(self) }
    /// Return or the keypad's Enter.
    public var isReturn: Bool { self == .returnKey || self == .keypadEnter }
}
