import PodiumKit
import XCTest

@MainActor
final class TextInputTests: XCTestCase {
    func testTypingEditingAndCommitThroughTheWindow() async {
        let root = makeRoot()
        let f = TextField(placeholder: "Band name", id: "search")
        var changes: [String] = [], committed: String?
        f.onChange = { changes.append($0) }
        f.onCommit = { committed = $0 }
        root.host(f, at: Rect(10, 10, 300, 34))
        XCTAssertTrue(root.click(controlID: "search"))
        XCTAssertTrue(f.isFocused)
        root.dispatch(.text("Sigur "))
        root.dispatch(.text("Rós"))
        XCTAssertEqual(f.text, "Sigur Rós")
        root.press("Left"); root.press("Left")
        root.press("Backspace")
        XCTAssertEqual(f.text, "Sigur ós")
        root.press("Home"); root.press("Delete")
        XCTAssertEqual(f.text, "igur ós")
        root.press("End"); root.dispatch(.text("!"))
        XCTAssertEqual(f.text, "igur ós!")
        root.press("Return")
        XCTAssertEqual(committed, "igur ós!")
        XCTAssertEqual(changes.last, "igur ós!")
        XCTAssertEqual(changes.count, 5)
    }

    func testShortcutsAreSwallowedWhileTyping() async {
        let root = makeRoot()
        var unhandled: [String] = []
        root.onUnhandledKey = { unhandled.append($0.description); return true }
        let f = TextField(id: "f")
        root.host(f, at: Rect(10, 10, 300, 34))
        f.becomeFocused()
        root.press("b"); root.press("Space"); root.press("Page Down")
        XCTAssertEqual(unhandled, ["Page Down"], "letters and Space belong to the field; paging still reaches the host")
        root.press("Escape")
        XCTAssertFalse(f.isFocused, "Esc gives up focus")
        root.press("b")
        XCTAssertEqual(unhandled.last, "b")
    }

    func testCopyCutPasteUseTheWindowClipboard() async {
        let root = makeRoot()
        var system = "from elsewhere"
        root.clipboard = ClipboardAccess(write: { system = $0 }, read: { system })
        let f = TextField("Mogwai", id: "f")
        root.host(f, at: Rect(10, 10, 300, 34))
        f.becomeFocused()
        root.press("Ctrl+A"); root.press("Ctrl+C")
        XCTAssertEqual(system, "Mogwai")
        root.press("Ctrl+X")
        XCTAssertEqual(f.text, "")
        system = "Low "
        root.press("Ctrl+V"); root.press("Ctrl+V")
        XCTAssertEqual(f.text, "Low Low ")
        root.clipboard = nil
        root.press("Ctrl+A"); root.press("Ctrl+X")
        root.press("Ctrl+V")
        XCTAssertEqual(f.text, "Low Low ", "without a platform clipboard the window keeps its own")
    }

    func testClickPlacesCursorShiftExtendsDoubleClickSelectsWord() async {
        let root = makeRoot()
        let f = TextField("Arcade Fire", id: "f")
        root.host(f, at: Rect(0, 0, 300, 34))
        // Body font: 7.5 pt per character, 8 pt padding. Between "Arc" and "ade" is x = 8 + 22.5.
        root.clickAt(Point(8 + 22.5 + 2, 17))
        XCTAssertEqual(f.state.cursor, 3)
        root.press("Shift+End")
        XCTAssertEqual(f.state.selectedText, "ade Fire")
        root.clickAt(Point(8 + 7.5 * 8, 17), clicks: 2)
        XCTAssertEqual(f.state.selectedText, "Fire")
        let caret = f.caretRect()
        XCTAssertEqual(caret.midX, 8 + 7.5 * 11, accuracy: 0.01)
    }

    func testLongFieldScrollsToKeepTheCursorVisible() async {
        let root = makeRoot()
        let f = TextField(id: "f")
        root.host(f, at: Rect(0, 0, 100, 34))
        f.becomeFocused()
        root.dispatch(.text(String(repeating: "x", count: 40)))
        let c = f.caretRect()
        XCTAssertLessThanOrEqual(c.maxX, 100 - 8 + 1)
        XCTAssertGreaterThan(f.scroll, 0)
        root.press("Home")
        XCTAssertEqual(f.scroll, 0)
    }

    func testTextViewWrapsAndMovesBetweenLines() async {
        let root = makeRoot()
        let v = TextView("one two three four\nfive", id: "notes")
        var committed = false
        v.onCommit = { _ in committed = true }
        // 16 pt of padding + 72 pt: nine characters per line.
        root.host(v, at: Rect(0, 0, 16 + 72, 200))
        XCTAssertEqual(v.visualLines().map { String(v.state.characters[$0]) }, ["one two ", "three ", "four", "five"])
        v.becomeFocused()
        v.state.move(to: 1)
        root.press("Down")
        XCTAssertEqual(v.state.cursor, 9, "straight down from column 1")
        root.press("End")
        XCTAssertEqual(v.state.cursor, 13, "End of a wrapped line stops before the next line")
        root.press("Return")
        XCTAssertEqual(v.text, "one two three\n four\nfive")
        root.press("Ctrl+Return")
        XCTAssertTrue(committed)
        XCTAssertEqual(root.node("notes")?.role, "text-view")
    }

    func testControlTreeShowsFieldsWithPlaceholderLabelAndValue() async {
        let root = makeRoot()
        let f = TextField("Low", placeholder: "Band name", id: "search")
        root.host(f, at: Rect(10, 20, 200, 34))
        let n = root.node("search")
        XCTAssertEqual(n?.role, "text-field")
        XCTAssertEqual(n?.label, "Band name")
        XCTAssertEqual(n?.value, "Low")
        XCTAssertEqual(n?.frame, Rect(10, 20, 200, 34))
    }
}
