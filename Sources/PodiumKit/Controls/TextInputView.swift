/// The editing machinery shared by `TextField` (one line, scrolls sideways) and `TextView`
/// (several lines, wraps at spaces, scrolls vertically): typing through `.text` events (composed
/// UTF-8 from the platform), a cursor and a selection, Backspace/Delete, Left/Right/Up/Down,
/// Home/End (Shift extends), Ctrl+A/C/V/X through the window's clipboard, click, Shift-click,
/// double-click and drag to select.
open class TextInputView: View {
    public var state: TextEditState { didSet { if state != oldValue { lineCache = nil; revealCursor(); setNeedsDisplay() } } }
    public var text: String {
        get { state.text }
        set { guard newValue != state.text else { return }; state.setText(newValue) }
    }
    /// Grey hint shown while the text is empty; also the control's label when none is set.
    public var placeholder: String { didSet { setNeedsDisplay() } }
    public var font: Font = .body { didSet { lineCache = nil; setNeedsDisplay() } }
    public var isEditable = true
    /// Called after every edit the user makes (typing, deleting, paste, cut), with the new text.
    public var onChange: ((String) -> Void)?
    /// Inner padding between the frame and the text, in points.
    public var padding = 8.0
    let isMultiline: Bool
    /// Scroll position of the text inside the frame, in points (x for fields, y for views).
    public private(set) var scroll = 0.0
    private var lineCache: (width: Double, lines: [Range<Int>])?

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

    /// Visual lines as character ranges: the whole text for a field; paragraphs wrapped at spaces
    /// (inside a word when one is wider than the line) for a view.
    public func visualLines() -> [Range<Int>] {
        let w = textArea.width
        if let c = lineCache, c.width == w { return c.lines }
        let lines = isMultiline ? wrapLines(width: w) : [0..<state.count]
        lineCache = (w, lines)
        return lines
    }

    private func wrapLines(width: Double) -> [Range<Int>] {
        let chars = state.characters
        guard let m = metrics else { return [0..<chars.count] }
        var out: [Range<Int>] = []
        var start = 0
        while true {
            let end = state.lineEnd(start)
            var s = start, x = 0.0, lastSpace: Int? = nil, i = start
            while i < end {
                let cw = m.size(of: String(chars[i]), font: font).width
                if x + cw > width && i > s {
                    // Break after the last space, else before this character.
                    let brk = lastSpace.map { $0 + 1 } ?? i
                    out.append(s..<brk)
                    s = brk; i = brk; x = 0; lastSpace = nil
                    continue
                }
                if chars[i] == " " { lastSpace = i }
                x += cw; i += 1
            }
            out.append(s..<end)
            if end >= chars.count { break }
            start = end + 1
        }
        return out
    }

    private func lineIndex(of i: Int, in lines: [Range<Int>]) -> Int {
        lines.lastIndex { $0.lowerBound <= i } ?? 0
    }
    private func xOffset(_ i: Int, line: Range<Int>) -> Double {
        guard let m = metrics, i > line.lowerBound else { return 0 }
        return m.size(of: String(state.characters[line.lowerBound..<min(i, line.upperBound)]), font: font).width
    }
    private func lineTop(_ n: Int) -> Double {
        isMultiline ? textArea.minY + Double(n) * lineHeight - scroll : (bounds.height - lineHeight) / 2
    }
    private func lineLeft() -> Double { textArea.minX - (isMultiline ? 0 : scroll) }

    /// The cursor's rectangle in view coordinates (2 pt wide).
    public func caretRect() -> Rect {
        let lines = visualLines(), n = lineIndex(of: state.cursor, in: lines)
        return Rect(lineLeft() + xOffset(state.cursor, line: lines[n]) - 1, lineTop(n), 2, lineHeight)
    }

    /// The character position nearest to `p` (view coordinates).
    public func position(at p: Point) -> Int {
        let lines = visualLines()
        let n = isMultiline ? max(0, min(lines.count - 1, Int(((p.y - textArea.minY + scroll) / lineHeight).rounded(.down)))) : 0
        let line = lines[n], x = p.x - lineLeft()
        var best = line.lowerBound, bestD = Double.infinity
        // A soft-wrapped line's trailing space is not a caret stop (it would show on the next line).
        let last = n + 1 < lines.count && lines[n + 1].lowerBound == line.upperBound ? max(line.lowerBound, line.upperBound - 1) : line.upperBound
        for i in line.lowerBound...last {
            let d = abs(xOffset(i, line: line) - x)
            if d < bestD { bestD = d; best = i }
        }
        return best
    }

    /// Scrolls the least needed so the cursor shows.
    func revealCursor() {
        guard bounds.width > 0 else { return }
        let area = textArea
        if isMultiline {
            let n = lineIndex(of: state.cursor, in: visualLines())
            let top = Double(n) * lineHeight, bottom = top + lineHeight
            if top < scroll { scroll = top } else if bottom > scroll + area.height { scroll = bottom - area.height }
            scroll = clamp(scroll, 0, max(0, Double(visualLines().count) * lineHeight - area.height))
        } else {
            let x = xOffset(state.cursor, line: 0..<state.count)
            if x < scroll { scroll = x } else if x > scroll + area.width - 2 { scroll = x - area.width + 2 }
            let full = xOffset(state.count, line: 0..<state.count)
            scroll = clamp(scroll, 0, max(0, full - area.width + 2))
        }
    }

    open override func layoutSubviews() { super.layoutSubviews(); lineCache = nil; revealCursor() }

    // MARK: Drawing

    open override func draw(into list: inout DrawList) {
        let t = theme
        list.roundedBorder(bounds, fill: t.raised, border: isFocused ? t.tint : t.separator, width: isFocused ? 2 : 1, radius: cornerRadius)
        list.pushClip(bounds.insetBy(dx: 2, dy: 2))
        defer { list.popClip() }
        if state.count == 0 {
            list.text(placeholder, font, t.secondaryText, at: Point(textArea.minX, lineTop(0)))
        }
        let lines = visualLines(), sel = state.selectedRange
        for (n, line) in lines.enumerated() {
            let y = lineTop(n)
            if y + lineHeight < 0 { continue }
            if y > bounds.height { break }
            if !sel.isEmpty && isFocused, sel.overlaps(line) || (sel.contains(line.upperBound) && line.upperBound < state.count) {
                let a = xOffset(max(sel.lowerBound, line.lowerBound), line: line)
                var b = xOffset(min(sel.upperBound, line.upperBound), line: line)
                if sel.upperBound > line.upperBound { b += font.size * 0.3 }   // the selected newline
                list.fill(Rect(lineLeft() + a, y, b - a, lineHeight), t.selection)
            }
            list.text(String(state.characters[line]), font, t.text, at: Point(lineLeft(), y))
        }
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
            let maxScroll = max(0, Double(visualLines().count) * lineHeight - textArea.height)
            scroll = clamp(scroll - dy * lineHeight * 3, 0, maxScroll); setNeedsDisplay()
            return true
        case let .text(s):
            guard isEditable, isFocused else { return false }
            edit { $0.insert(s) }
            return true
        case let .key(k):
            return isEditable && handleKey(k)
        default:
            return false
        }
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
        case .left: state.moveLeft(extend: k.shift)
        case .right: state.moveRight(extend: k.shift)
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

    /// The visual line holding the cursor.
    private func lineBounds() -> Range<Int> {
        let lines = visualLines()
        return lines[lineIndex(of: state.cursor, in: lines)]
    }

    /// End of the cursor's visual line; on a soft-wrapped line, before its trailing space, since
    /// the position after it is the start of the next line.
    private func lineEndStop() -> Int {
        let lines = visualLines(), n = lineIndex(of: state.cursor, in: lines), line = lines[n]
        let soft = n + 1 < lines.count && lines[n + 1].lowerBound == line.upperBound
        return soft ? max(line.lowerBound, line.upperBound - 1) : line.upperBound
    }

    private func moveVertically(_ d: Int, extend: Bool) {
        let lines = visualLines(), n = lineIndex(of: state.cursor, in: lines)
        let target = n + d
        if target < 0 { state.move(to: 0, extend: extend); return }
        if target >= lines.count { state.move(to: state.count, extend: extend); return }
        let c = caretRect()
        state.move(to: position(at: Point(c.midX, lineTop(target) + lineHeight / 2)), extend: extend)
    }
}

/// A single-line text input. Return calls `onCommit`.
///
///     let f = TextField(placeholder: "Band name", id: "search")
///     f.onChange = { filter($0) }
open class TextField: TextInputView {
    public init(_ text: String = "", placeholder: String = "", id: String? = nil) {
        super.init(text: text, placeholder: placeholder, multiline: false, id: id)
    }
    open override var role: String? { "text-field" }
    open override func sizeThatFits(_ available: Size) -> Size { Size(available.width, max(34, lineHeight + 12)) }
}

/// A multi-line text input that wraps at spaces and scrolls vertically. Return inserts a newline;
/// Ctrl+Return calls `onCommit`.
open class TextView: TextInputView {
    public init(_ text: String = "", placeholder: String = "", id: String? = nil) {
        super.init(text: text, placeholder: placeholder, multiline: true, id: id)
    }
    open override var role: String? { "text-view" }
}
