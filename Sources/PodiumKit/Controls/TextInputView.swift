/// The editing machinery shared by `TextField` (one line, scrolls sideways) and `TextView`
/// (several lines, wrapped by the layout engine, scrolls vertically): typing through `.text` events (composed
/// UTF-8 from the platform), a cursor and a selection, Backspace/Delete, Left/Right/Up/Down,
/// Home/End (Shift extends), Ctrl+A/C/V/X through the window's clipboard, click, Shift-click,
/// double-click and drag to select.
open class TextInputView: View {
    /// The text, cursor and selection; setting it redraws (and does not call
    /// ``TextInputView/onChange``).
    public var state: TextEditState { didSet { if state != oldValue { shownChanged() } } }
    /// The text. Setting a different text puts the cursor at its end and does not call
    /// ``TextInputView/onChange``.
    public var text: String {
        get { state.text }
        set { guard newValue != state.text else { return }; state.setText(newValue) }
    }
    /// Grey hint shown while the text is empty; also the control's label when none is set.
    public var placeholder: String { didSet { setNeedsDisplay() } }
    /// Font of the text and placeholder, ``Font/body`` by default.
    public var font: Font = .body { didSet { shownChanged() } }
    /// False makes the view display-only: no focus, no typing, clicks and keys pass on.
    public var isEditable = true
    /// Called after every edit the user makes (typing, deleting, paste, cut), with the new text.
    public var onChange: ((String) -> Void)?
    /// Inner padding between the frame and the text, in points.
    public var padding = 8.0
    let isMultiline: Bool
    /// Scroll position of the text inside the frame, in points (x for fields, y for views).
    public var scroll: Double { revealIfNeeded(); return scrollOffset }
    private var scrollOffset = 0.0
    /// Set by every change that can move the cursor or the text; the scroll follows the cursor
    /// once, when the view is next drawn or asked where something is. So a burst of typed keys
    /// handled in one turn of the main loop lays the text out once, not once per key.
    private var needsReveal = false
    /// The input method's composition (preedit) shown at the cursor, and its own caret.
    public private(set) var composition = ""
    private var compositionCursor = 0
    private var cached: (block: TextBlock, map: TextCaretMap)?

    init(text: String, placeholder: String, multiline: Bool, id: String?) {
        state = TextEditState(text, allowsNewlines: multiline)
        self.placeholder = placeholder; isMultiline = multiline
        super.init()
        self.id = id
        cornerRadius = 8
    }

    open override var acceptsFocus: Bool { isEditable }
    open override var isTextEntry: Bool { isEditable }
    open override var isUserInteractionEnabled: Bool { true }
    open override var accessibilityValue: String? { text }

    // MARK: Geometry

    var textArea: Rect { bounds.insetBy(dx: padding, dy: isMultiline ? padding : 0) }
    var lineHeight: Double { metrics?.lineHeight(font) ?? font.size * 1.25 }

    /// The text as shown (with any composition at the cursor, underlined), laid out by the
    /// window's engine: wrapped to the text area in a view; one line in a field, as wide as the
    /// area or its text, so a right-to-left entry sits at the right edge.
    private var shown: (block: TextBlock, map: TextCaretMap)? {
        guard let m = metrics else { return nil }
        let chars = state.characters, c = state.cursor
        let display = composition.isEmpty ? state.text : String(chars[..<c]) + composition + String(chars[c...])
        let spans = composition.isEmpty ? [] : [TextSpan(c..<(c + composition.count), underline: true)]
        var b = TextBlock(display, font: font, width: max(1, textArea.width), spans: spans)
        if !isMultiline {
            b.text = Self.flatten(display)
            b.width = max(textArea.width, m.layout(TextBlock(b.text, font: font)).size.width + 1)
        }
        if let c = cached, c.block == b { return c }
        let out = (b, TextCaretMap(b, metrics: m))
        cached = out
        return out
    }
    private static func flatten(_ s: String) -> String { String(s.map { $0.isNewline ? " " : $0 }) }

    /// Position in the shown text of model position `i` (after the composition when past the cursor).
    private func shownIndex(_ i: Int) -> Int { i <= state.cursor ? i : i + composition.count }
    private func modelIndex(_ j: Int) -> Int {
        let c = state.cursor, n = composition.count
        return j <= c ? j : j >= c + n ? j - n : c
    }

    /// Top-left of the text block in view coordinates.
    private var textOrigin: Point {
        isMultiline ? Point(textArea.minX, textArea.minY - scroll) : Point(textArea.minX - scroll, (bounds.height - lineHeight) / 2)
    }

    /// Visual lines as character ranges, as the layout engine broke them.
    public func visualLines() -> [Range<Int>] {
        guard let s = shown, composition.isEmpty else { return [0..<state.count] }
        return s.map.layout.lines.map(\.range)
    }

    /// The cursor's rectangle in view coordinates (2 pt wide); inside a composition, at its caret.
    public func caretRect() -> Rect {
        guard let s = shown else { return Rect(textOrigin.x - 1, textOrigin.y, 2, lineHeight) }
        return s.map.caretRect(state.cursor + compositionCursor).offset(by: textOrigin)
    }

    /// The character position nearest to `p` (view coordinates).
    public func position(at p: Point) -> Int {
        guard let s = shown else { return 0 }
        return modelIndex(s.map.index(at: p - textOrigin))
    }

    /// The text, the composition, the cursor or the frame changed: lay out again when next needed.
    private func shownChanged() { cached = nil; needsReveal = true; setNeedsDisplay() }

    private func revealIfNeeded() { if needsReveal { revealCursor() } }

    /// Scrolls the least needed so the cursor shows.
    func revealCursor() {
        guard bounds.width > 0, let s = shown else { return }
        needsReveal = false
        let area = textArea
        let c = s.map.caretRect(shownIndex(state.cursor) + compositionCursor)
        var scroll = scrollOffset
        if isMultiline {
            if c.minY < scroll { scroll = c.minY } else if c.maxY > scroll + area.height { scroll = c.maxY - area.height }
            scroll = clamp(scroll, 0, max(0, s.map.layout.size.height - area.height))
        } else {
            let x = c.midX
            if x < scroll { scroll = x } else if x > scroll + area.width - 2 { scroll = x - area.width + 2 }
            scroll = clamp(scroll, 0, max(0, (s.block.width ?? 0) - area.width + 1))
        }
        scrollOffset = scroll
    }

    open override func layoutSubviews() { super.layoutSubviews(); shownChanged() }

    // MARK: Drawing

    open override func draw(into list: inout DrawList) {
        let t = theme
        list.roundedBorder(bounds, fill: t.raised, border: isFocused ? t.tint : t.separator, width: isFocused ? 2 : 1, radius: cornerRadius)
        list.pushClip(bounds.insetBy(dx: 2, dy: 2))
        defer { list.popClip() }
        if state.count == 0 && composition.isEmpty {
            list.text(TextBlock(placeholder, font: font, width: max(1, textArea.width), maxLines: isMultiline ? 0 : 1), t.secondaryText, at: textOrigin)
        }
        guard let s = shown else { return }
        let o = textOrigin, sel = state.selectedRange
        if !sel.isEmpty && isFocused {
            for r in s.map.rects(for: shownIndex(sel.lowerBound)..<shownIndex(sel.upperBound)) { list.fill(r.offset(by: o), t.selection) }
        }
        list.text(s.block, t.text, at: o)
        if isFocused { list.fill(caretRect(), t.tint) }
    }

    // MARK: Input

    private var dragging = false

    open override func handle(_ event: InputEvent) -> Bool {
        switch event {
        case let .mouseDown(p, _, clicks):
            guard isEditable else { return false }
            becomeFocused()
            let i = position(at: p)
            if clicks >= 3 { state.select(isMultiline ? state.lineStart(i)..<state.lineEnd(i) : 0..<state.count) }
            else if clicks == 2 { state.select(state.wordRange(at: i)) }
            else { state.move(to: i, extend: shiftHeld) }
            dragging = clicks == 1
            return true
        case let .mouseMoved(p, buttons):
            guard dragging, buttons != 0 else { return false }
            state.move(to: position(at: p), extend: true)
            return true
        case .mouseUp:
            dragging = false; return true
        case let .wheel(_, dy, _) where isMultiline:
            let maxScroll = max(0, (shown?.map.layout.size.height ?? 0) - textArea.height)
            scrollOffset = clamp(scroll - dy * lineHeight * 3, 0, maxScroll); setNeedsDisplay()
            return true
        case let .text(s):
            guard isEditable, isFocused else { return false }
            setComposition("", cursor: 0)
            edit { $0.insert(s) }
            return true
        case let .composition(s, cursor):
            guard isEditable, isFocused else { return false }
            setComposition(s, cursor: cursor)
            return true
        case let .key(k):
            return isEditable && handleKey(k)
        default:
            return false
        }
    }

    /// Shows `s` as the input method's uncommitted text at the cursor (it replaces the selection
    /// only when committed through `.text`).
    func setComposition(_ s: String, cursor: Int) {
        guard s != composition || cursor != compositionCursor else { return }
        composition = s; compositionCursor = max(0, min(cursor, s.count))
        shownChanged()
    }

    /// Shift state of the last key, used by Shift-click (mouse events carry no modifiers).
    private var shiftHeld = false

    /// Applies a user edit and reports it through `onChange` when the text changed.
    func edit(_ body: (inout TextEditState) -> Void) {
        let before = state.text
        body(&state)
        if state.text != before { onChange?(state.text) }
    }

    /// Called with the text when the user commits: Return in a field, Ctrl+Return in a view.
    public var onCommit: ((String) -> Void)?

    /// Commits; returns whether the key was used (a view without `onCommit` lets Ctrl+Return go).
    /// A field gives up focus once committed, so the clicker's keys drive the talk again.
    func commit() -> Bool {
        onCommit?(text)
        if !isMultiline { host?.focus(nil) }
        return !isMultiline || onCommit != nil
    }

    private func handleKey(_ k: Key) -> Bool {
        shiftHeld = k.shift
        let root = host as? WindowRoot
        if k.control && !k.alt {
            switch k.code {
            case .character("a"): state.selectAll(); return true
            case .character("c"): if state.hasSelection { root?.writeClipboard(state.selectedText) }; return true
            case .character("x"):
                if state.hasSelection { root?.writeClipboard(state.selectedText); edit { $0.insert("") } }
                return true
            case .character("v"): edit { $0.insert(root?.readClipboard() ?? "") }; return true
            case .home: state.move(to: 0, extend: k.shift); return true
            case .end: state.move(to: state.count, extend: k.shift); return true
            case .returnKey, .keypadEnter: return commit()
            default: return false
            }
        }
        switch k.code {
        case .backspace: edit { $0.deleteBackward() }
        case .delete: edit { $0.deleteForward() }
        case .left: moveVisually(-1, extend: k.shift)
        case .right: moveVisually(1, extend: k.shift)
        case .home: state.move(to: isMultiline ? lineBounds().lowerBound : 0, extend: k.shift)
        case .end: state.move(to: isMultiline ? lineEndStop() : state.count, extend: k.shift)
        case .up, .down:
            guard isMultiline else { return false }
            moveVertically(k.code == .up ? -1 : 1, extend: k.shift)
        case .returnKey, .keypadEnter:
            if isMultiline { edit { $0.insert("\n") } } else { return commit() }
        case .escape:
            // The field gives up focus so the presenter's keys work again.
            root?.focus(nil)
        default:
            // Printable keys arrive as `.text`; swallow the key so it does not also act as a
            // shortcut (b = blackout, Space = next) while typing.
            if case .character = k.code { return !k.alt && !k.gui }
            return k.code == .space && !k.alt && !k.gui
        }
        return true
    }

    /// Left/Right move one grapheme cluster on screen, so inside a right-to-left run Right moves
    /// towards the run's logical start; a selection collapses to its edge on that side.
    private func moveVisually(_ d: Int, extend: Bool) {
        guard let map = shown?.map else { return }
        if state.hasSelection && !extend {
            let r = state.selectedRange
            let leftmost = map.caretX(r.lowerBound) <= map.caretX(r.upperBound) ? r.lowerBound : r.upperBound
            state.move(to: d < 0 ? leftmost : (leftmost == r.lowerBound ? r.upperBound : r.lowerBound))
        } else {
            state.move(to: map.visualNeighbour(of: state.cursor, direction: d), extend: extend)
        }
    }

    /// The visual line holding the cursor.
    private func lineBounds() -> Range<Int> {
        guard let map = shown?.map else { return 0..<state.count }
        let r = map.stops(onLine: map.line(of: state.cursor))
        return r.lowerBound..<r.upperBound
    }

    /// End of the cursor's visual line; on a soft-wrapped line, before its trailing space, since
    /// the position after it is the start of the next line.
    private func lineEndStop() -> Int {
        guard let map = shown?.map else { return state.count }
        return map.stops(onLine: map.line(of: state.cursor)).upperBound
    }

    private func moveVertically(_ d: Int, extend: Bool) {
        guard let map = shown?.map else { return }
        let target = map.line(of: state.cursor) + d
        if target < 0 { state.move(to: 0, extend: extend); return }
        if target >= map.layout.lines.count { state.move(to: state.count, extend: extend); return }
        let c = caretRect(), line = map.layout.lines[target].rect
        state.move(to: position(at: Point(c.midX, textOrigin.y + line.midY)), extend: extend)
    }
}

/// A single-line text input. Return calls `onCommit`.
///
///     let f = TextField(placeholder: "Band name", id: "search")
///     f.onChange = { filter($0) }
open class TextField: TextInputView {
    /// A single-line field showing `text` (newlines become spaces), with a grey `placeholder` while
    /// empty.
    public init(_ text: String = "", placeholder: String = "", id: String? = nil) {
        super.init(text: text, placeholder: placeholder, multiline: false, id: id)
    }
    open override var role: String? { "text-field" }
    open override func sizeThatFits(_ available: Size) -> Size { Size(available.width, max(34, lineHeight + 12)) }
}

/// A multi-line text input that wraps at spaces and scrolls vertically. Return inserts a newline;
/// Ctrl+Return calls `onCommit`.
open class TextView: TextInputView {
    /// A multi-line text view showing `text`, with a grey `placeholder` while empty.
    public init(_ text: String = "", placeholder: String = "", id: String? = nil) {
        super.init(text: text, placeholder: placeholder, multiline: true, id: id)
    }
    open override var role: String? { "text-view" }
}
