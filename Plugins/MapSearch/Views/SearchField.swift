import Foundation
import PodiumKit

/// A one-line text field for the search query: typed text (SDL_TEXTINPUT) appends, Backspace
/// deletes, Return submits, Escape clears. Kept minimal until PodiumKit ships its own TextField.
final class SearchField: View {
    var text = "" { didSet { if text != oldValue { setNeedsDisplay() } } }
    var placeholder = "Search places or record stores"
    var onSubmit: ((String) -> Void)?
    var font: Font = .body

    init(id: String) { super.init(); self.id = id; cornerRadius = 8 }

    override var role: String? { "text-field" }
    override var acceptsFocus: Bool { true }
    override var isUserInteractionEnabled: Bool { true }
    override var accessibilityValue: String? { text }
    override func sizeThatFits(_ available: Size) -> Size { Size(available.width, 34) }

    override func draw(into list: inout DrawList) {
        let t = theme
        list.fill(bounds, t.surface, radius: cornerRadius)
        list.stroke(bounds, isFocused ? t.tint : t.separator, width: isFocused ? 2 : 1, radius: cornerRadius)
        guard let m = metrics else { return }
        let y = (bounds.height - m.lineHeight(font)) / 2
        let shown = text.isEmpty ? placeholder : text
        let clipped = m.truncate(shown, font: font, width: bounds.width - 24)
        list.text(clipped, font, text.isEmpty ? t.secondaryText : t.text, at: Point(10, y))
        if isFocused {
            let x = 10 + (text.isEmpty ? 0 : m.size(of: clipped, font: font).width) + 1
            list.fill(Rect(x, y + 2, 2, m.lineHeight(font) - 4), t.tint)
        }
    }

    override func handle(_ event: InputEvent) -> Bool {
        switch event {
        case .mouseDown: becomeFocused(); return true
        case .mouseUp: return true
        case let .text(s): text += s; return true
        case let .key(k):
            if k.is("Backspace") { if !text.isEmpty { text.removeLast() }; return true }
            if k.is("Return") || k.is("Keypad Enter") { onSubmit?(text); return true }
            if k.is("Escape") && !text.isEmpty { text = ""; return true }
            // Printable keys arrive as text events; swallow them here so they do not navigate.
            return k.name.count == 1 && !k.control && !k.alt
        default: return false
        }
    }
}
