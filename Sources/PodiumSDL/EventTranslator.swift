import CSDL2
import PodiumKit

/// Turns SDL events into `InputEvent`s in window points. Mouse coordinates from SDL are already
/// in window (point) coordinates; wheel deltas are in lines.
public enum EventTranslator {
    public static func input(from e: SDL_Event) -> InputEvent? {
        switch SDL_EventType(e.type) {
        case SDL_MOUSEBUTTONDOWN:
            return .mouseDown(Point(Double(e.button.x), Double(e.button.y)), button: Int(e.button.button), clicks: Int(e.button.clicks))
        case SDL_MOUSEBUTTONUP:
            return .mouseUp(Point(Double(e.button.x), Double(e.button.y)), button: Int(e.button.button))
        case SDL_MOUSEMOTION:
            return .mouseMoved(Point(Double(e.motion.x), Double(e.motion.y)), buttons: Int(e.motion.state))
        case SDL_MOUSEWHEEL:
            var x: Int32 = 0, y: Int32 = 0
            SDL_GetMouseState(&x, &y)
            return .wheel(dx: Double(e.wheel.preciseX), dy: Double(e.wheel.preciseY), at: Point(Double(x), Double(y)))
        case SDL_KEYDOWN:
            let m = UInt32(e.key.keysym.mod)
            let name = String(cString: SDL_GetKeyName(e.key.keysym.sym))
            var key = Key(name, shift: m & UInt32(KMOD_SHIFT.rawValue) != 0, control: m & UInt32(KMOD_CTRL.rawValue) != 0,
                          alt: m & UInt32(KMOD_ALT.rawValue) != 0, gui: m & UInt32(KMOD_GUI.rawValue) != 0)
            key.isRepeat = e.key.repeat != 0   // a held key's autorepeat (see `Key.isRepeat`)
            return .key(key)
        case SDL_TEXTINPUT:
            let s = withUnsafeBytes(of: e.text.text) { raw in String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self) }
            return .text(s)
        case SDL_TEXTEDITING:
            // `start` is the composition's caret in characters (SDL counts code points).
            let s = withUnsafeBytes(of: e.edit.text) { raw in String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self) }
            let scalars = Array(s.unicodeScalars.prefix(Int(max(0, e.edit.start))))
            return .composition(s, cursor: String(String.UnicodeScalarView(scalars)).count)
        case SDL_DROPFILE:
            guard let f = e.drop.file else { return nil }
            defer { SDL_free(f) }
            var x: Int32 = 0, y: Int32 = 0
            SDL_GetMouseState(&x, &y)
            return .dropFile(path: String(cString: f), at: Point(Double(x), Double(y)))
        default:
            return nil
        }
    }

    /// The SDL window id an event is addressed to, when it has one.
    public static func windowID(of e: SDL_Event) -> UInt32? {
        switch SDL_EventType(e.type) {
        case SDL_MOUSEBUTTONDOWN, SDL_MOUSEBUTTONUP: e.button.windowID
        case SDL_MOUSEMOTION: e.motion.windowID
        case SDL_MOUSEWHEEL: e.wheel.windowID
        case SDL_KEYDOWN, SDL_KEYUP: e.key.windowID
        case SDL_TEXTINPUT: e.text.windowID
        case SDL_TEXTEDITING: e.edit.windowID
        case SDL_DROPFILE: e.drop.windowID
        case SDL_WINDOWEVENT: e.window.windowID
        default: nil
        }
    }
}

/// SDL's clipboard.
public enum Clipboard {
    public static func set(_ text: String) { SDL_SetClipboardText(text) }
    public static func get() -> String {
        guard let p = SDL_GetClipboardText() else { return "" }
        defer { SDL_free(p) }
        return String(cString: p)
    }
}
