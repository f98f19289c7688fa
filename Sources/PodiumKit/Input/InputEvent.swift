/// Input delivered to views, in window points. The platform translates SDL events into these.
public enum InputEvent: Equatable, Sendable {
    case mouseDown(Point, button: Int, clicks: Int)
    case mouseUp(Point, button: Int)
    case mouseMoved(Point, buttons: Int)
    /// Wheel delta in lines; positive `dy` scrolls content up (towards the start), as SDL reports.
    case wheel(dx: Double, dy: Double, at: Point)
    case key(Key)
    /// Composed UTF-8 text from the platform's text input (SDL_TEXTINPUT), never raw key codes.
    case text(String)
    /// Files dropped on the window (SDL_DROPFILE), with the pointer position if known.
    case dropFile(path: String, at: Point)
    /// Input-method composition in progress (SDL_TEXTEDITING): the preedit text, shown inline at
    /// the caret until `.text` commits it, and the composition's own caret in `Character`s. An
    /// empty string ends the composition.
    case composition(String, cursor: Int)
}

/// A key press: which key (`code`) and the modifiers held. Made by the platform from SDL's key
/// name (`SDL_GetKeyName`: "Return", "Escape", "Left", "A", "PageDown", "F5"…).
public struct Key: Equatable, Hashable, Sendable, CustomStringConvertible {
    /// The platform's name for the key, kept for key maps and messages; match on `code`.
    public var name: String { didSet { code = KeyCode(name: name) } }
    /// The key, typed: match on this (`k.code == .pageDown`), not on `name`.
    public private(set) var code: KeyCode
    public var shift, control, alt, gui: Bool
    /// True when the key is held down and this is the keyboard's autorepeat of it (SDL's
    /// `SDL_KeyboardEvent.repeat`; under X the first after ~660 ms, then every 30–50 ms), not a
    /// press of its own. Not part of `==` or the hash: a repeat is the same key. Keys from the
    /// control socket, the phone remote and tests are presses (false).
    public var isRepeat = false
    public init(_ name: String, shift: Bool = false, control: Bool = false, alt: Bool = false, gui: Bool = false) {
        self.name = name; code = KeyCode(name: name)
        self.shift = shift; self.control = control; self.alt = alt; self.gui = gui
    }
    public static func == (a: Key, b: Key) -> Bool {
        a.code == b.code && a.name == b.name && a.shift == b.shift && a.control == b.control && a.alt == b.alt && a.gui == b.gui
    }
    public func hash(into h: inout Hasher) {
        h.combine(name); h.combine(code); h.combine(shift); h.combine(control); h.combine(alt); h.combine(gui)
    }
    /// True when no modifier is held.
    public var isPlain: Bool { !shift && !control && !alt && !gui }
    /// True when this is the key `n` names ("a" == "A", "Page Down" == "PageDown").
    public func `is`(_ n: String) -> Bool { code == KeyCode(name: n) }
    /// The binding form used in key maps and logs: "Ctrl+Shift+F5".
    public var description: String {
        (control ? "Ctrl+" : "") + (alt ? "Alt+" : "") + (gui ? "Super+" : "") + (shift ? "Shift+" : "") + name
    }
    /// Parses "Ctrl+Shift+F5" style bindings; nil for an empty key name.
    public init?(binding: String) {
        var parts = binding.split(separator: "+", omittingEmptySubsequences: false).map(String.init)
        // "Ctrl++" means the plus key.
        if binding.hasSuffix("++") { parts.removeLast(2); parts.append("+") }
        guard let last = parts.popLast(), !last.isEmpty else { return nil }
        self.init(last)
        for m in parts {
            switch m.lowercased() {
            case "ctrl", "control": control = true
            case "shift": shift = true
            case "alt": alt = true
            case "super", "gui", "cmd": gui = true
            default: return nil
            }
        }
    }
}

