/// Input delivered to views, in window points. The platform translates SDL events into these.
public enum InputEvent: Equatable, Sendable {
    /// A button pressed at a point: `button` is SDL's number (1 left, 2 middle, 3 right), `clicks`
    /// 2 for a double click.
    case mouseDown(Point, button: Int, clicks: Int)
    /// A button released at a point; `button` as in `mouseDown`.
    case mouseUp(Point, button: Int)
    /// The pointer moved to a point; `buttons` is the held buttons as SDL's bitmask (1 left, 2
    /// middle, 4 right), 0 for none.
    case mouseMoved(Point, buttons: Int)
    /// Wheel delta in lines; positive `dy` scrolls content up (towards the start), as SDL reports.
    case wheel(dx: Double, dy: Double, at: Point)
    /// A key press (also each autorepeat; see ``Key/isRepeat``). Typed text arrives separately as
    /// `text`.
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
    /// Modifiers held with the key; `gui` is the Super/Windows/Command key.
    public var shift, control, alt, gui: Bool
    /// True when the key is held down and this is the keyboard's autorepeat of it (SDL's
    /// `SDL_KeyboardEvent.repeat`; under X the first after ~660 ms, then every 30–50 ms), not a
    /// press of its own. Not part of `==` or the hash: a repeat is the same key. Keys from the
    /// control socket, the phone remote and tests are presses (false).
    public var isRepeat = false
    /// A key by its platform name (`"Page Down"`, `"A"`, `"F5"`), its ``Key/code`` derived from the
    /// name, with the modifiers held.
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

