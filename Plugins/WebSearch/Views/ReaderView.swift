import Foundation
import PodiumKit

/// A page's clean text, wrapped to the view's width: title, headings, paragraphs, bulleted and
/// numbered lists. Scrolls with the wheel and, when focused, Up/Down/PageUp/PageDown/Home/End.
/// With no document it shows `message` (loading, errors, hints). The audience uses it at a larger
/// `scale`, non-interactive.
final class ReaderView: View {
    var document: ReaderDocument? { didSet { scrollOffset = 0; laidOutWidth = -1; setNeedsDisplay() } }
    var message = "" { didSet { setNeedsDisplay() } }
    var scale = 1.0 { didSet { laidOutWidth = -1; setNeedsDisplay() } }
    var interactive = true
    /// The user scrolled: the new position as a fraction (0…1) of the scrollable height, so the
    /// audience's larger copy can follow.
    var onScroll: ((Double) -> Void)?
    private(set) var scrollOffset = 0.0
    private var lines: [Line] = []
    private var contentHeight = 0.0
    private var laidOutWidth = -1.0

    /// One laid-out block (title, heading, paragraph, item or marker) with its top-left and height.
    private struct Line { var block: TextBlock; var x: Double; var y: Double; var height: Double; var secondary: Bool }

    override init() { super.init(); clipsToBounds = true }
    override var role: String? { "reader" }
    override var acceptsFocus: Bool { interactive && document != nil }
    override var isUserInteractionEnabled: Bool { interactive }
    override var accessibilityValue: String? { document?.title ?? (message.isEmpty ? nil : message) }

    var padding: Double { 16 * scale }
    private var bodyFont: Font { .system(16 * scale) }
    private func headingFont(_ level: Int) -> Font { .bold((level <= 1 ? 26 : level == 2 ? 21 : 18) * scale) }

    /// Lays out every block at the current width (only when the width or document changed).
    private func layoutLines(_ m: TextMeasuring) {
        guard laidOutWidth != bounds.width else { return }
        laidOutWidth = bounds.width
        lines = []
        var y = padding
        let width = bounds.width - 2 * padding
        guard let doc = document, width > 20 else { contentHeight = 0; return }
        func add(_ text: String, _ font: Font, x: Double, secondary: Bool = false, after: Double) {
            let b = TextBlock(text, font: font, width: max(1, width - (x - padding)))
            let h = m.layout(b).size.height
            lines.append(Line(block: b, x: x, y: y, height: h, secondary: secondary))
            y += h + after
        }
        add(doc.title, .bold(30 * scale), x: padding, after: 6 * scale)
        if let u = doc.url { add(u.removingPercentEncoding ?? u, .system(12 * scale), x: padding, secondary: true, after: 12 * scale) }
        var blocks = doc.blocks
        // The page's own first heading usually repeats its title.
        if case let .heading(_, t)? = blocks.first, t == doc.title { blocks.removeFirst() }
        var afterList = false
        for b in blocks {
            if afterList, case .listItem = b {} else if afterList { y += 6 * scale }
            if case .listItem = b { afterList = true } else { afterList = false }
            switch b {
            case let .heading(level, t): y += 8 * scale; add(t, headingFont(level), x: padding, after: 6 * scale)
            case let .paragraph(t): add(t, bodyFont, x: padding, after: 10 * scale)
            case let .listItem(t, n):
                let marker = n.map { "\($0)." } ?? "•"
                lines.append(Line(block: TextBlock(marker, font: bodyFont), x: padding + 4 * scale, y: y, height: m.lineHeight(bodyFont), secondary: true))
                add(t, bodyFont, x: padding + 28 * scale, after: 4 * scale)
            }
        }
        contentHeight = y + padding
    }

    override func layoutSubviews() { super.layoutSubviews(); laidOutWidth = -1 }

    override func draw(into list: inout DrawList) {
        guard let m = metrics else { return }
        let t = theme
        guard document != nil else {
            list.text(TextBlock(message, font: bodyFont, width: max(1, bounds.width - 2 * padding)), t.secondaryText, at: Point(padding, padding))
            return
        }
        layoutLines(m)
        for l in lines {
            let y = l.y - scrollOffset
            if y + l.height < 0 { continue }
            if y > bounds.height { break }
            list.text(l.block, l.secondary ? t.secondaryText : t.text, at: Point(l.x, y))
        }
        if contentHeight > bounds.height {
            // A scroll indicator on the trailing edge.
            let h = max(20, bounds.height * bounds.height / contentHeight)
            let y = (bounds.height - h) * scrollOffset / (contentHeight - bounds.height)
            list.fill(Rect(bounds.width - 5, y, 3, h), t.separator, radius: 1.5)
        }
    }

    override func drawOverlay(into list: inout DrawList) {
        if interactive && isFocused { list.stroke(bounds.insetBy(dx: 1, dy: 1), theme.tint, width: 2, radius: 4) }
    }

    /// Scrolls to `y` points from the top, clamped to the content.
    func scroll(to y: Double) {
        if let m = metrics { layoutLines(m) }
        scrollOffset = max(0, min(maxScroll, y))
        setNeedsDisplay()
    }
    private var maxScroll: Double { max(0, contentHeight - bounds.height) }

    /// Scrolls to `f` (0…1) of the scrollable height.
    func scroll(toFraction f: Double) {
        if let m = metrics { layoutLines(m) }
        scroll(to: f * maxScroll)
    }

    /// Scrolls as the user asked and tells `onScroll`.
    private func userScroll(to y: Double) {
        scroll(to: y)
        onScroll?(maxScroll > 0 ? scrollOffset / maxScroll : 0)
    }

    override func handle(_ event: InputEvent) -> Bool {
        guard interactive, document != nil else { return false }
        let line = 40 * scale
        switch event {
        case .mouseDown: becomeFocused(); return true
        case let .wheel(_, dy, _): userScroll(to: scrollOffset - dy * line); return true
        case let .key(k):
            switch k.code {
            case .down: userScroll(to: scrollOffset + line)
            case .up: userScroll(to: scrollOffset - line)
            case .pageDown, .space: userScroll(to: scrollOffset + bounds.height * 0.9)
            case .pageUp: userScroll(to: scrollOffset - bounds.height * 0.9)
            case .home: userScroll(to: 0)
            case .end: userScroll(to: .greatestFiniteMagnitude)
            default: return false
            }
            return true
        default: return false
        }
    }
}
