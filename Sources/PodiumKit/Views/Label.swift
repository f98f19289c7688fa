/// Read-only text: one line with an ellipsis, or multi-line wrapping (`numberOfLines` 0 = any).
open class Label: View {
    public var text: String { didSet { if text != oldValue { superview?.setNeedsLayout(); setNeedsDisplay() } } }
    public var font: Font
    public var color: Color?
    public var alignment: TextAlignment = .leading
    /// 1 = single line truncated with "…"; 0 = as many lines as the height allows.
    public var numberOfLines = 1

    public init(_ text: String = "", font: Font = .body, color: Color? = nil, lines: Int = 1) {
        self.text = text; self.font = font; self.color = color; numberOfLines = lines
        super.init()
    }

    public func lines(width: Double) -> [String] {
        guard let m = metrics else { return [text] }
        if numberOfLines == 1 { return [m.truncate(text, font: font, width: width)] }
        var ls = m.wrap(text, font: font, width: width)
        if numberOfLines > 1 && ls.count > numberOfLines {
            ls = Array(ls.prefix(numberOfLines))
            ls[ls.count - 1] = m.truncate(ls[ls.count - 1] + "…", font: font, width: width)
        }
        return ls
    }

    open override func sizeThatFits(_ available: Size) -> Size {
        guard let m = metrics else { return Size(available.width, font.size * 1.3) }
        let lh = m.lineHeight(font)
        if numberOfLines == 1 { return Size(min(available.width, m.size(of: text, font: font).width), lh) }
        let ls = lines(width: available.width)
        let w = ls.map { m.size(of: $0, font: font).width }.max() ?? 0
        return Size(min(available.width, w), lh * Double(ls.count))
    }

    open override func draw(into list: inout DrawList) {
        guard let m = metrics else { return }
        let lh = m.lineHeight(font)
        let ls = lines(width: bounds.width)
        // Single lines centre vertically; paragraphs start at the top.
        var y = ls.count == 1 ? (bounds.height - lh) / 2 : 0
        let c = color ?? theme.text
        for l in ls {
            if y > bounds.height { break }
            let w = m.size(of: l, font: font).width
            let x: Double = switch alignment {
            case .leading: 0
            case .center: (bounds.width - w) / 2
            case .trailing: bounds.width - w
            }
            list.text(l, font, c, at: Point(x, y))
            y += lh
        }
    }
}
