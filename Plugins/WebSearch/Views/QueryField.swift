import PodiumKit

/// The one-line search field: typed text (from the platform's text input), Backspace, Ctrl+U to
/// clear, Return to search, Up/Down to step through earlier queries. The caret stays at the end.
/// (The kit's general TextField is being built separately; this field does only what search needs.)
final class QueryField: View {
    var text = "" { didSet { if text != oldValue { setNeedsDisplay() } } }
    var placeholder = "Search"
    var font: Font = .system(17)
    /// Return pressed.
    var onSubmit: ((String) -> Void)?
    /// Up (−1, older) or Down (+1, newer) pressed: the owner replaces `text` from its history.
    var onHistoryStep: ((Int) -> Void)?

    override init() { super.init(); cornerRadius = 8; backgroundColor = Theme.standard.raised }
    override var role: String? { "text-field" }
    override var acceptsFocus: Bool { true }
    override var accessibilityValue: String? { text }

    override func draw(into list: inout DrawList) {
        guard let m = metrics else { return }
        let t = theme
        let lh = m.lineHeight(font), y = (bounds.height - lh) / 2, x = 10.0
        let width = bounds.width - 2 * x
        if text.isEmpty {
            list.text(placeholder, font, t.secondaryText, at: Point(x, y))
        } else {
            // Keep the end (where the caret is) visible: drop characters from the front.
            var shown = text
            while shown.count > 1, m.size(of: shown, font: font).width > width - 4 { shown.removeFirst() }
            list.text(shown, font, t.text, at: Point(x, y))
        }
        if isFocused {
            let w = text.isEmpty ? 0 : min(width - 2, m.size(of: text, font: font).width)
            list.fill(Rect(x + w + 1, y + 2, 2, lh - 4), t.tint)
            list.stroke(bounds, t.tint, width: 2, radius: cornerRadius)
        }
    }

    override func handle(_ event: InputEvent) -> Bool {
        switch event {
        case .mouseDown: becomeFocused(); return true
        case let .text(s): text += s.filter { !$0.isNewline }; return true
        case let .key(k):
            switch k.name {
            case "Backspace": if !text.isEmpty { text.removeLast() }; return true
            case "Return", "Keypad Enter": onSubmit?(text); return true
            case "Up": onHistoryStep?(-1); return true
            case "Down": onHistoryStep?(1); return true
            case "U" where k.control, "u" where k.control: text = ""; return true
            // Printable keys arrive as `.text`; swallow their key events so single-letter
            // presentation shortcuts (b, w, q…) do not fire while typing.
            default: return k.name.count == 1 && !k.control && !k.alt && !k.gui || k.is("Space")
            }
        default: return false
        }
    }
}
