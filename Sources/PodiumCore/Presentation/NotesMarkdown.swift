import PodiumKit
import PodiumMarkdown

/// Presenter notes as CommonMark (with GitHub's tables and strikethrough), parsed by
/// libcmark-gfm (`PodiumMarkdown`) and reduced to what the notes panel shows: paragraphs and list
/// items of runs that are regular, *emphasis*, **strong** or both. Headings are strong
/// paragraphs, code and quotes plain paragraphs, table rows paragraphs of cells joined by " · ";
/// links keep their text; raw HTML is dropped.
public enum NotesMarkdown {
    public enum Style: Sendable, Equatable { case regular, emphasis, strong, strongEmphasis }
    public struct Run: Sendable, Equatable {
        public var text: String
        public var style: Style
        public init(_ text: String, _ style: Style = .regular) { self.text = text; self.style = style }
    }
    public enum Block: Sendable, Equatable {
        case paragraph([Run])
        /// A list item; `marker` is "•" or the item's number with its delimiter ("2.").
        case item(marker: String, [Run])
    }

    /// The blocks of `text`. Lines of one paragraph are joined with spaces.
    public static func parse(_ text: String) -> [Block] {
        var out: [Block] = []
        for b in Markdown.parse(text) { append(b, to: &out) }
        return out
    }

    /// Inline markup of one paragraph.
    public static func inline(_ s: String) -> [Run] {
        parse(s).flatMap { b -> [Run] in if case let .paragraph(r) = b { r } else { [] } }
    }

    private static func append(_ block: Markdown.Block, to out: inout [Block]) {
        switch block {
        case let .paragraph(i): out.append(.paragraph(runs(i)))
        case let .heading(_, i): out.append(.paragraph(runs(i, strong: true)))
        case let .list(ordered, start, delimiter, items):
            for (n, item) in items.enumerated() {
                let marker = ordered ? "\(start + n)\(delimiter)" : "•"
                var rest = item[...]
                if case let .paragraph(i)? = rest.first { out.append(.item(marker: marker, runs(i))); rest = rest.dropFirst() }
                else { out.append(.item(marker: marker, [])) }
                for b in rest { append(b, to: &out) }
            }
        case let .quote(blocks): for b in blocks { append(b, to: &out) }
        case let .code(_, text):
            let t = text.split(whereSeparator: \.isNewline).joined(separator: " ")
            if !t.isEmpty { out.append(.paragraph([Run(t)])) }
        case let .table(rows):
            for row in rows { out.append(.paragraph(runs(Array(row.map { $0 + [.text(" · ")] }.joined().dropLast())))) }
        case .html, .thematicBreak: break
        }
    }

    /// Inlines as styled runs; neighbours of one style merge.
    static func runs(_ inlines: [Markdown.Inline], strong: Bool = false, emphasis: Bool = false) -> [Run] {
        var out: [Run] = []
        func add(_ text: String, _ strong: Bool, _ em: Bool) {
            guard !text.isEmpty else { return }
            let style: Style = strong && em ? .strongEmphasis : strong ? .strong : em ? .emphasis : .regular
            if let last = out.last, last.style == style { out[out.count - 1].text += text } else { out.append(Run(text, style)) }
        }
        func walk(_ xs: [Markdown.Inline], _ strong: Bool, _ em: Bool) {
            for x in xs {
                switch x {
                case let .text(t), let .code(t): add(t, strong, em)
                case .softBreak, .lineBreak: add(" ", strong, em)
                case let .emphasis(c): walk(c, strong, true)
                case let .strong(c): walk(c, true, em)
                case let .strikethrough(c), let .link(_, c), let .image(_, c): walk(c, strong, em)
                case .html: break
                }
            }
        }
        walk(inlines, strong, emphasis)
        return out
    }
}

/// One laid-out piece of notes: a paragraph, an item's text or an item's marker, as a text block
/// (styled runs as spans) with its top-left in points.
public struct PlacedText: Equatable, Sendable {
    public var block: TextBlock
    public var origin: Point
    public var height: Double
}

/// Lays out notes blocks within `width` points at `fontSize` points: each paragraph is one text
/// block (the layout engine wraps it); list items hang-indent after their marker (from the right
/// edge for a right-to-left item); paragraphs and
/// items are separated by half a line. Emphasis is italic and set apart by colour.
public func layoutNotes(_ blocks: [NotesMarkdown.Block], width: Double, fontSize: Double, metrics: TextMeasuring) -> (pieces: [PlacedText], height: Double) {
    let regular = Font.system(fontSize)
    let lh = metrics.lineHeight(regular)
    let space = metrics.size(of: " ", font: regular).width
    var out: [PlacedText] = []
    var y = 0.0
    for (b, block) in blocks.enumerated() {
        if b > 0 { y += lh * 0.5 }
        let runs: [NotesMarkdown.Run], marker: String?
        switch block {
        case let .paragraph(r): runs = r; marker = nil
        case let .item(m, r): runs = r; marker = m
        }
        let mw = marker.map { metrics.size(of: $0, font: regular).width } ?? 0
        let indent = marker == nil ? 0 : max(mw + space * 2, fontSize * 1.5)
        var text = "", spans: [TextSpan] = []
        for run in runs {
            let start = text.count
            text += run.text
            let bold = run.style == .strong || run.style == .strongEmphasis, em = run.style == .emphasis || run.style == .strongEmphasis
            if bold || em {
                spans.append(TextSpan(start..<text.count, weight: bold ? .bold : nil, italic: em, color: em ? NotesView.emphasisColor : nil))
            }
        }
        let tb = TextBlock(text, font: regular, width: max(1, width - indent), spans: spans)
        let laid = metrics.layout(tb), h = max(lh, laid.size.height)
        // A right-to-left item hangs from the right edge, its marker right of its text.
        let rtl = laid.isRightToLeft
        if let marker {
            out.append(PlacedText(block: TextBlock(marker, font: regular), origin: Point(rtl ? width - indent + space : indent - space - mw, y), height: lh))
        }
        out.append(PlacedText(block: tb, origin: Point(rtl ? 0 : indent, y), height: h))
        y += h
    }
    return (out, y)
}

/// The notes panel: the current scene's notes as Markdown at an adjustable size.
public final class NotesView: View {
    public private(set) var blocks: [NotesMarkdown.Block] = [] { didSet { laidOut = nil } }
    /// The last layout and the width and size it was made for, so frames of unchanged notes
    /// reuse it (scrolling only moves it).
    private var laidOut: (width: Double, fontSize: Double, pieces: [PlacedText], height: Double)?
    private func layout(_ m: TextMeasuring) -> (pieces: [PlacedText], height: Double) {
        if let l = laidOut, l.width == bounds.width, l.fontSize == fontSize { return (l.pieces, l.height) }
        let l = layoutNotes(blocks, width: bounds.width, fontSize: fontSize, metrics: m)
        laidOut = (bounds.width, fontSize, l.pieces, l.height)
        return l
    }
    /// Base font size in points; the console's notes keys change it within `sizeRange`.
    /// The notes panel scales a scene's notes view (a PDF's notes half) with this size
    /// (`NotesAreaView`), so it lays out again.
    public var fontSize: Double = NotesView.defaultFontSize {
        didSet { fontSize = clamp(fontSize, Self.sizeRange.lowerBound, Self.sizeRange.upperBound); superview?.setNeedsLayout(); setNeedsDisplay() }
    }
    public static let sizeRange = 10.0...48.0
    /// The size notes start at, in points.
    public static let defaultFontSize = 18.0
    /// Emphasis is italic and in this colour, so it stands out at a glance.
    public nonisolated static let emphasisColor = Color(0xFF, 0xD6, 0x8A)
    public override init() { super.init(); id = "console.notes"; clipsToBounds = true }
    public override var role: String? { "notes" }
    public override var accessibilityValue: String? { "size \(Int(fontSize))" }

    /// How far the notes are scrolled up (points); the mouse wheel scrolls long notes.
    public private(set) var scrollOffset = 0.0

    public override func handle(_ event: InputEvent) -> Bool {
        guard case let .wheel(_, dy, _) = event, let m = metrics else { return false }
        let height = layout(m).height
        scrollOffset = clamp(scrollOffset - dy * m.lineHeight(.system(fontSize)) * 3, 0, max(0, height - bounds.height))
        setNeedsDisplay()
        return true
    }

    public func setNotes(_ text: String) {
        scrollOffset = 0
        blocks = text.trimmingWhitespace().isEmpty
            ? [.paragraph([NotesMarkdown.Run("No notes for this scene.", .emphasis)])]
            : NotesMarkdown.parse(text)
        setNeedsDisplay()
    }

    public override func draw(into list: inout DrawList) {
        guard let m = metrics else { return }
        let laid = layout(m)
        for p in laid.pieces where p.origin.y - scrollOffset < bounds.height && p.origin.y + p.height - scrollOffset > 0 {
            list.text(p.block, theme.text, at: Point(p.origin.x, p.origin.y - scrollOffset))
        }
    }
}
