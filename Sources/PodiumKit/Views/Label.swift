/// Read-only text: one line with an ellipsis, or multi-line wrapping (`numberOfLines` 0 = any).
open class Label: View {
    /// The text shown; changing it relayouts the superview (the label's fitting size follows the
    /// text).
    public var text: String { didSet { if text != oldValue { superview?.setNeedsLayout(); setNeedsDisplay() } } }
    /// Font of the text, ``Font/body`` by default.
    public var font: Font
    /// Text colour; nil: the theme's `text` colour.
    public var color: Color?
    /// Where lines sit within the label's width; `leading` by default.
    public var alignment: TextAlignment = .leading
    /// 1 = single line truncated with "…"; 0 = as many lines as the height allows.
    public var numberOfLines = 1

    /// A label showing `text`; `lines` sets ``Label/numberOfLines`` (1: one truncated line, 0: any
    /// number).
    public init(_ text: String = "", font: Font = .body, color: Color? = nil, lines: Int = 1) {
        self.text = text; self.font = font; self.color = color; numberOfLines = lines
        super.init()
    }

    /// The block this label lays out within `width` points.
    public func block(width: Double) -> TextBlock {
        TextBlock(text, font: font, width: max(1, width), alignment: alignment, maxLines: numberOfLines)
    }

    /// The visual lines of the text within `width` points (each line's characters).
    public func lines(width: Double) -> [String] {
        guard let m = metrics else { return [text] }
        let chars = Array(text)
        return m.layout(block(width: width)).lines.map { String(chars[$0.range]) }
    }

    open override func sizeThatFits(_ available: Size) -> Size {
        guard let m = metrics else { return Size(available.width, font.size * 1.3) }
        let l = m.layout(block(width: available.width))
        return Size(min(available.width, l.size.width), max(l.size.height, m.lineHeight(font)))
    }

    open override func draw(into list: inout DrawList) {
        guard let m = metrics else { return }
        var b = block(width: bounds.width), l = m.layout(b)
        // "As many lines as the height allows": text taller than the label ends in "…" on the
        // last line that fits instead of spilling out.
        if l.size.height > bounds.height + 0.5, l.lines.count > 1 {
            let fit = max(1, l.lines.firstIndex { $0.rect.maxY > bounds.height + 0.5 } ?? l.lines.count)
            if b.maxLines == 0 || fit < b.maxLines { b.maxLines = fit; l = m.layout(b) }
        }
        // Single lines centre vertically; paragraphs start at the top.
        let y = l.lines.count == 1 ? (bounds.height - l.size.height) / 2 : 0
        list.text(b, color ?? theme.text, at: Point(0, y))
    }
}
