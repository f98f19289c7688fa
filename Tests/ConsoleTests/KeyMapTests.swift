import Foundation
import PodiumCore
import PodiumKit
import XCTest

final class KeyMapTests: XCTestCase {
    func testDefaultsCoverClickerKeys() {
        let m = KeyMap.standard
        for k in ["Page Down", "Right", "Down", "Space", "Return"] { XCTAssertEqual(m.action(for: Key(k)), .next, k) }
        for k in ["Page Up", "Left", "Up", "Backspace"] { XCTAssertEqual(m.action(for: Key(k)), .previous, k) }
        XCTAssertEqual(m.action(for: Key("F5")), .startFromBeginning)
        XCTAssertEqual(m.action(for: Key("F5", shift: true)), .startFromCurrent, "Shift+F5 is its own binding")
        XCTAssertEqual(m.action(for: Key("B")), .blackout, "SDL names letters in capitals")
        XCTAssertEqual(m.action(for: Key(".")), .blackout)
        XCTAssertEqual(m.action(for: Key("Escape")), .clear)
        XCTAssertEqual(m.action(for: Key("/", shift: true)), .help)
        XCTAssertEqual(m.action(for: Key("=", control: true)), .notesLarger)
        XCTAssertNil(m.action(for: Key("b", control: true)), "modifiers must match exactly")
    }

    /// The crash watcher is told the blackout keys as X keysyms: a Latin-1 character's keysym is
    /// its code point ("b" 0x62, "." 0x2e, "é" 0xe9); keys with a modifier or a longer name
    /// are left out (the watcher counts a press with no modifier held only).
    func testBlackoutKeysymsForTheCrashWatcher() throws {
        XCTAssertEqual(KeyMap.standard.blackoutKeysyms.sorted(), [0x2e, 0x62])
        let m = try KeyMap(bindings: KeyMap.defaultBindings.merging([.blackout: ["B", "é", "Ctrl+K", "F7", "Keypad 0"]]) { $1 }, file: "test")
        XCTAssertEqual(m.blackoutKeysyms.sorted(), [0x62, 0xe9], "names are matched lower case, as the watcher reads level 0")
        let none = try KeyMap(bindings: KeyMap.defaultBindings.merging([.blackout: []]) { $1 }, file: "test")
        XCTAssertEqual(none.blackoutKeysyms, [])
    }

    func testSDLsOwnKeyNamesMatchTheBindings() {
        // SDL_GetKeyName says "PageDown"/"PageUp" (no space) for the keys clickers send.
        XCTAssertEqual(KeyMap.standard.action(for: Key("PageDown")), .next)
        XCTAssertEqual(KeyMap.standard.action(for: Key("PageUp")), .previous)
        XCTAssertEqual(KeyChord("Page Down")?.description, "Page Down", "shown as written")
    }

    func testChordParsing() {
        XCTAssertEqual(KeyChord("Ctrl++"), KeyChord(Key("+", control: true)))
        XCTAssertEqual(KeyChord("Ctrl+Keypad +"), KeyChord(Key("Keypad +", control: true)))
        XCTAssertEqual(KeyChord("shift+F5"), KeyChord(Key("F5", shift: true)))
        XCTAssertEqual(KeyChord("+"), KeyChord(Key("+")))
        XCTAssertNil(KeyChord("Ctrl+"))
        XCTAssertNil(KeyChord(""))
        XCTAssertEqual(KeyChord("ctrl+shift+page down")?.description, "Ctrl+Shift+Page Down")
    }

    /// "Esc" and "Enter", as the README and keyboards say them, are SDL's Escape and Return.
    func testEverydayNamesAreSDLsKeys() throws {
        XCTAssertEqual(KeyChord("Esc"), KeyChord("Escape"))
        XCTAssertEqual(KeyChord("Ctrl+Enter"), KeyChord("Ctrl+Return"))
        XCTAssertEqual(KeyChord("Esc")?.keyName, "escape")
        let m = try KeyMap.parse(Data(#"{"blackout": ["Enter"]}"#.utf8), file: "k.json", knownKey: { ["escape", "return"].contains($0.lowercased()) })
        XCTAssertEqual(m.keys(for: .blackout).first, KeyChord("Return"))
    }

    func testFileReplacesNamedActionsAndKeepsOthers() throws {
        let m = try KeyMap.parse(Data(#"{"next": ["x", "Page Down"], "pauseTimer": ["p"]}"#.utf8), file: "k.json")
        XCTAssertEqual(m.action(for: Key("x")), .next)
        XCTAssertNil(m.action(for: Key("Space")), "next's defaults are replaced")
        XCTAssertEqual(m.action(for: Key("p")), .pauseTimer, "a key moved from previous to pauseTimer")
        XCTAssertEqual(m.action(for: Key("Left")), .previous, "previous keeps its other defaults")
        XCTAssertEqual(m.action(for: Key("b")), .blackout)
        let shipped = try KeyMap.load(path: URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../Assets/keymap.example.json").standardized.path)
        XCTAssertEqual(shipped.action(for: Key("Page Down")), .next)
    }

    /// A misspelt key name ("PageDwn", a misspelt modifier) is refused by the platform's key
    /// names, not bound to a key that never comes: the clicker would be dead mid-talk.
    func testMisspeltKeyNamesAreRefused() {
        let sdlNames: Set = ["pagedown", "page down", "right", "b", "f5", "+", "keypad +", "x"]
        func error(_ json: String) -> String? {
            do { _ = try KeyMap.parse(Data(json.utf8), file: "k.json", knownKey: { sdlNames.contains($0) }); return nil } catch { return "\(error)" }
        }
        XCTAssertNil(error(#"{"next": ["Page Down", "PageDown", "Right", "x"], "notesLarger": ["Ctrl++", "Ctrl+Keypad +"]}"#))
        XCTAssertTrue(error(#"{"next": ["PageDwn"]}"#)?.hasPrefix(#"k.json: next[0]: "PageDwn" is not a key"#) == true)
        XCTAssertTrue(error(#"{"blackout": ["Ctrl+Shft+b"]}"#)?.hasPrefix(#"k.json: blackout[0]: "Ctrl+Shft+b" is not a key"#) == true)
    }

    func testErrorsNameFileAndEntry() {
        func error(_ json: String) -> String {
            do { _ = try KeyMap.parse(Data(json.utf8), file: "talk-keys.json"); return "no error" } catch { return "\(error)" }
        }
        XCTAssertTrue(error(#"{"nxet": ["x"]}"#).hasPrefix(#"talk-keys.json: "nxet": unknown action; did you mean "next"? (known: next, previous"#), error(#"{"nxet": ["x"]}"#))
        XCTAssertEqual(error(#"{"next": "x"}"#), "talk-keys.json: next: expected an array of key names, found string")
        XCTAssertEqual(error(#"{"next": ["x", 3]}"#), "talk-keys.json: next[1]: expected a key name string, found number")
        XCTAssertEqual(error(#"{"freeze": ["Ctrl+"]}"#), #"talk-keys.json: freeze[0]: "Ctrl+" is not a key (expected e.g. "Page Down", "Right", "b" or "Ctrl+Shift+F5": modifiers Ctrl, Shift, Alt, Super and SDL's key names; or a mouse entry: MouseLeft, MouseMiddle, MouseRight, WheelUp, WheelDown)"#)
        XCTAssertEqual(error(#"{"freeze": ["x"], "whiteout": ["x"]}"#), #"talk-keys.json: freeze[0]: "x" is already bound to whiteout"#)
        XCTAssertEqual(error("[1]"), "talk-keys.json: expected a JSON object of action names to key lists, found array")
        XCTAssertTrue(error("{").hasPrefix("talk-keys.json: not valid JSON"))
        XCTAssertThrowsError(try KeyMap.load(path: "/nonexistent/keys.json")) { XCTAssertTrue("\($0)".hasPrefix("/nonexistent/keys.json: cannot read file")) }
    }

    /// Every problem of a key map in one run, an unknown action with the closest known one, as a
    /// deck's misspelt parameter gets (trial 8: only the unknown action, and no suggestion; the
    /// bad key came one fix later).
    func testEveryProblemInOneRunAndAnUnknownActionGetsASuggestion() throws {
        let json = #"{"next": ["PageDown", "Hyper+Q"], "blakout": ["b"], "freeze": ["x", 3], "whiteout": ["x"]}"#
        XCTAssertThrowsError(try KeyMap.parse(Data(json.utf8), file: "km.json", knownKey: { ["pagedown", "b", "x"].contains($0) })) { e in
            let lines = (e as? KeyMapError)?.all.map(\.description) ?? []
            XCTAssertEqual(lines.count, 4, "\(lines)")
            XCTAssertTrue(lines[0].hasPrefix(#"km.json: "blakout": unknown action; did you mean "blackout"? (known: next, previous"#), "\(lines)")
            XCTAssertEqual(lines[1], #"km.json: freeze[1]: expected a key name string, found number"#)
            XCTAssertTrue(lines[2].hasPrefix(#"km.json: next[1]: "Hyper+Q" is not a key"#), "\(lines)")
            XCTAssertEqual(lines[3], #"km.json: freeze[0]: "x" is already bound to whiteout"#)
            XCTAssertEqual("\(e)", lines.joined(separator: "\n"))
        }
    }
}
