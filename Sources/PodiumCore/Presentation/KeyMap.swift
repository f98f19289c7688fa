import FoundationEssentials
import Glibc
import PodiumKit

/// A key with exact modifiers, as written in key maps: `"Ctrl+Shift+F5"`, `"Page Down"`, `"+"`,
/// `"Ctrl++"`, `"Ctrl+Keypad +"`. Key names are SDL's (`SDL_GetKeyName`), matched ignoring case
/// and spaces: SDL calls the clicker keys "PageDown"/"PageUp", people write "Page Down".
public struct KeyChord: Hashable, Sendable, CustomStringConvertible {
    /// The key name as matched: lower case, spaces removed.
    public var name: String
    public var shift = false, control = false, alt = false, gui = false
    /// The key name as written, for display.
    private var label: String
    /// The key part as written, lower case ("page down", "f5", "+"), for checking it names a key.
    public var keyName: String { label }

    static func normalize(_ n: some StringProtocol) -> String {
        var l = n.lowercased()
        // Without Foundation's `replacingOccurrences`: this runs on every key press (issue 19).
        if !l.allSatisfy(\.isWhitespace) { l.unicodeScalars.removeAll { $0 == " " } }
        return l
    }
    public static func == (a: KeyChord, b: KeyChord) -> Bool {
        (a.name, a.shift, a.control, a.alt, a.gui) == (b.name, b.shift, b.control, b.alt, b.gui)
    }
    public func hash(into h: inout Hasher) { h.combine(name); h.combine(shift); h.combine(control); h.combine(alt); h.combine(gui) }

    /// Parses modifier prefixes (`Ctrl+`, `Control+`, `Shift+`, `Alt+`, `Super+`/`Gui+`/`Cmd+`,
    /// any case) followed by a key name; nil when no key name is left.
    public init?(_ text: String) {
        var rest = Substring(text)
        parsing: while let plus = rest.firstIndex(of: "+"), plus != rest.startIndex, rest.index(after: plus) != rest.endIndex {
            switch rest[..<plus].lowercased() {
            case "ctrl", "control": control = true
            case "shift": shift = true
            case "alt": alt = true
            case "super", "gui", "cmd": gui = true
            default: break parsing
            }
            rest = rest[rest.index(after: plus)...]
        }
        guard !rest.isEmpty, !rest.allSatisfy(\.isWhitespace) else { return nil }
        // "Ctrl+" is a modifier with no key.
        if rest.count > 1, rest.hasSuffix("+"), Self.modifierNames.contains(rest.dropLast().lowercased()) { return nil }
        let key = Self.aliases[rest.lowercased()].map { Substring($0) } ?? rest
        name = Self.normalize(key); label = String(key).lowercased()
    }
    /// Everyday names for keys SDL names otherwise ("Esc" is SDL's "Escape", "Enter" its
    /// "Return"): a key map written the way the README and keyboards say it works.
    static let aliases = ["esc": "Escape", "enter": "Return", "del": "Delete", "ins": "Insert", "pgup": "Page Up", "pgdn": "Page Down"]
    static let modifierNames: Set<String> = ["ctrl", "control", "shift", "alt", "super", "gui", "cmd"]
    /// True for a mouse entry ("MouseLeft", "WheelDown"…, `PointerButton`), not a key.
    public var isPointer: Bool { PointerButton.allCases.contains { Self.normalize($0.rawValue) == name } }
    public init(_ key: Key) {
        name = Self.normalize(key.name); label = key.name.lowercased()
        shift = key.shift; control = key.control; alt = key.alt; gui = key.gui
    }
    public var description: String {
        let pointer = PointerButton.allCases.first { Self.normalize($0.rawValue) == name }?.rawValue
        let n = pointer ?? (label.count == 1 ? label : label.split(separator: " ").map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined(separator: " "))
        return (control ? "Ctrl+" : "") + (alt ? "Alt+" : "") + (gui ? "Super+" : "") + (shift ? "Shift+" : "") + n
    }
}

/// A key map file that cannot be used: names the file, the entry and the problem. Every problem
/// of the file is reported: the first here, the rest in `more` (`all`).
public struct KeyMapError: Error, CustomStringConvertible, Equatable {
    public var file: String
    public var entry: String
    public var message: String
    /// Further problems of the same file, in order.
    public var more: [KeyMapError] = []
    public init(file: String, entry: String, message: String) { self.file = file; self.entry = entry; self.message = message }
    /// This problem and every further one, one line each.
    public var all: [KeyMapError] { [KeyMapError(file: file, entry: entry, message: message)] + more }
    public var description: String { all.map(\.line).joined(separator: "\n") }
    private var line: String { entry.isEmpty ? "\(file): \(message)" : "\(file): \(entry): \(message)" }

    /// Throws the first of `problems` with the rest in `more`; nothing when there are none.
    static func throwAll(_ problems: [KeyMapError]) throws {
        guard var first = problems.first else { return }
        first.more = Array(problems.dropFirst())
        throw first
    }
}

/// Every console binding: chords to actions. Defaults cover common clickers (PageUp/PageDown,
/// arrows, Space, Return, Backspace, F5/Shift+F5, Esc, `.`/`b`); a JSON key-map file replaces the
/// keys of the actions it names:
///
/// ```json
/// { "next": ["Page Down", "Right", "Space"], "blackout": ["b"], "pauseTimer": ["Pause", "t"] }
/// ```
///
/// An empty list unbinds an action; a chord bound to two actions is an error.
public struct KeyMap: Sendable {
    public private(set) var bindings: [ConsoleAction: [KeyChord]]
    private var lookup: [KeyChord: ConsoleAction] = [:]

    public static let defaultBindings: [ConsoleAction: [String]] = [
        .next: ["Page Down", "Right", "Down", "Space", "Return", "Keypad Enter", "n", "MouseLeft", "WheelDown"],
        .previous: ["Page Up", "Left", "Up", "Backspace", "p", "MouseRight", "WheelUp"],
        .first: ["Home"], .last: ["End"],
        .startFromBeginning: ["F5"], .startFromCurrent: ["Shift+F5"],
        .blackout: ["b", "."], .whiteout: ["w"], .freeze: ["f"],
        .clear: ["Escape"],
        .pauseTimer: ["t", "Pause"],
        .overview: ["Tab", "o"], .help: ["?", "Shift+/", "F1"],
        .notesLarger: ["Ctrl+=", "Ctrl++", "Ctrl+Shift+=", "Ctrl+Keypad +"],
        .notesSmaller: ["Ctrl+-", "Ctrl+Keypad -"],
        .reload: ["Ctrl+R"],
        .swapDisplays: ["s"], .quit: ["q"], .quitNow: ["Ctrl+Q"],
        .nextSlide: ["Shift+Page Down", "Shift+Right"], .previousSlide: ["Shift+Page Up", "Shift+Left"],
        // YouTube's key; Space stays the clicker's `next` (see README, "Media").
        .playPause: ["k"],
        // Typing digits opens the prompt too (digits a key map binds stay bound).
        .goToPage: ["g"],
        // Drawing on PDF pages (README, "Drawing, spotlight and zoom").
        .penTool: ["d"], .highlighterTool: ["h"], .eraserTool: ["e"],
        .undoDrawing: ["Ctrl+Z"], .clearDrawing: ["c"], .spotlight: ["l"], .zoom: ["z"],
    ]

    public static let standard: KeyMap = try! KeyMap(bindings: defaultBindings, file: "built-in key map")

    /// Builds a map; throws `KeyMapError` (naming `file`, every problem) for an unparsable key
    /// or a chord bound twice.
    public init(bindings: [ConsoleAction: [String]], file: String) throws {
        self.bindings = [:]
        var problems: [KeyMapError] = []
        for action in ConsoleAction.allCases {
            var chords: [KeyChord] = []
            for (i, text) in (bindings[action] ?? []).enumerated() {
                guard let c = KeyChord(text) else {
                    problems.append(KeyMapError(file: file, entry: "\(action.rawValue)[\(i)]", message: "\(SafeText.quote(text)) is not a key (expected e.g. \"Page Down\" or \"Ctrl+Shift+F5\")"))
                    continue
                }
                if let other = lookup[c], other != action {
                    problems.append(KeyMapError(file: file, entry: "\(action.rawValue)[\(i)]", message: "\(SafeText.quote(text)) is already bound to \(other.rawValue)"))
                    continue
                }
                lookup[c] = action; chords.append(c)
            }
            self.bindings[action] = chords
        }
        try KeyMapError.throwAll(problems)
    }

    /// The action bound to `key`, if any.
    public func action(for key: Key) -> ConsoleAction? { lookup[KeyChord(key)] }
    /// The action bound to a mouse button or wheel step with these modifiers (`Ctrl+MouseLeft`).
    public func action(for pointer: PointerButton, shift: Bool = false, control: Bool = false, alt: Bool = false) -> ConsoleAction? {
        lookup[KeyChord(Key(pointer.rawValue, shift: shift, control: control, alt: alt))]
    }
    public func keys(for action: ConsoleAction) -> [KeyChord] { bindings[action] ?? [] }

    /// The X keysyms of the keys bound to `blackout` without a modifier whose name is one
    /// Latin-1 character (`b`, `.`): such a keysym is the character's code point (X Window
    /// System Protocol, Appendix A, "KEYSYM Encoding"). For the crash watcher, which covers the
    /// room when one is pressed, with no modifier held, while the talk does not respond; other
    /// keys are left out.
    public var blackoutKeysyms: [UInt32] {
        keys(for: .blackout).compactMap { c in
            guard !c.shift, !c.control, !c.alt, !c.gui, c.name.unicodeScalars.count == 1, let u = c.name.unicodeScalars.first,
                  (0x20...0x7e).contains(u.value) || (0xa0...0xff).contains(u.value) else { return nil }
            return u.value
        }
    }

    /// Reads a key-map file: a JSON object from action names to arrays of key names. Actions it
    /// does not name keep their default keys. Throws `KeyMapError` naming the file and the entry
    /// of every problem (an unknown action, with the nearest known one; a value that is not an
    /// array of strings, a bad key, a key bound twice), the first with the rest in `more`.
    ///
    /// `knownKey` (the platform's, e.g. SDL's key-name lookup) refuses a name that is no key
    /// ("PageDwn"), so a typo cannot leave the clicker's key unbound mid-talk.
    public static func load(path: String, knownKey: ((String) -> Bool)? = nil) throws -> KeyMap {
        let data: Data
        do { data = try InputFile.read(path, maxBytes: 1 << 20) }
        catch let e as InputFileError { throw KeyMapError(file: path, entry: "", message: e.reason == .missing ? "cannot read file (no such file)" : e.problem) }
        return try parse(data, file: path, knownKey: knownKey)
    }

    public static func parse(_ data: Data, file: String, knownKey: ((String) -> Bool)? = nil) throws -> KeyMap {
        let root: JSONValue
        do { root = try JSONValue.parse(data) } catch { throw KeyMapError(file: file, entry: "", message: "not valid JSON: \(error)") }
        guard let obj = root.object else { throw KeyMapError(file: file, entry: "", message: "expected a JSON object of action names to key lists, found \(root.typeName)") }
        var b = defaultBindings
        // A key the file moves to another action leaves the action it had by default.
        var claimed: Set<KeyChord> = []
        // Every problem of the file in one run (an unknown action and a bad key together).
        var problems: [KeyMapError] = []
        let actions = ConsoleAction.allCases.map(\.rawValue)
        for key in obj.keys.sorted() {
            let value = obj[key]!
            guard let action = ConsoleAction(rawValue: key) else {
                problems.append(KeyMapError(file: file, entry: "\(SafeText.quote(key))", message: "unknown action\(NameSuggestion.didYouMean(key, among: actions)) (known: \(actions.joined(separator: ", ")))"))
                continue
            }
            guard let list = value.array else {
                problems.append(KeyMapError(file: file, entry: key, message: "expected an array of key names, found \(value.typeName)"))
                continue
            }
            var keys: [String] = []
            for (i, v) in list.enumerated() {
                guard let s = v.string else {
                    problems.append(KeyMapError(file: file, entry: "\(key)[\(i)]", message: "expected a key name string, found \(v.typeName)"))
                    continue
                }
                guard let c = KeyChord(s), c.isPointer || knownKey?(c.keyName) ?? true else {
                    problems.append(KeyMapError(file: file, entry: "\(key)[\(i)]", message: "\(SafeText.quote(s)) is not a key (expected e.g. \"Page Down\", \"Right\", \"b\" or \"Ctrl+Shift+F5\": modifiers Ctrl, Shift, Alt, Super and SDL's key names; or a mouse entry: \(PointerButton.allCases.map(\.rawValue).joined(separator: ", ")))"))
                    continue
                }
                keys.append(s); claimed.insert(c)
            }
            b[action] = keys
        }
        for a in ConsoleAction.allCases where obj[a.rawValue] == nil {
            b[a] = b[a]?.filter { KeyChord($0).map { !claimed.contains($0) } ?? true }
        }
        // A key bound twice is found by the map itself: its problems join these.
        var map: KeyMap?
        do { map = try KeyMap(bindings: b, file: file) } catch let e as KeyMapError { problems += e.all }
        try KeyMapError.throwAll(problems)
        guard let map else { throw KeyMapError(file: file, entry: "", message: "cannot be used") }
        return map
    }
}
