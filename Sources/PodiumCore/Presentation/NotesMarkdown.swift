import PodiumKit

/// Presenter notes as basic Markdown (CommonMark's everyday subset): paragraphs separated by a
/// blank line, `*emphasis*`/`_emphasis_`, `**strong**`/`__strong__`, bullet items (`-`, `*`, `+`)
/// and numbered items (`1.` or `1)`). Anything else is shown as written.
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

    /// Splits notes into blocks. Lines of one paragraph are joined with spaces; a list item's
    /// indented continuation lines join the item.
    public static func parse(_ text: String) -> [Block] {
        var blocks: [Block] = []
        var para: [String] = []
        var item: (marker: String, lines: [String])?
        func flush() {
            if !para.isEmpty { blocks.append(.paragraph(inline(para.joined(separator: " ")))); para = [] }
            if let i = item { blocks.append(.item(marker: i.marker, inline(i.lines.joined(separator: " ")))); item = nil }
        }
        for raw in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let line = raw.trimmingCharacters(in: .whitespaces)
            if line.isEmpty { flush(); continue }
            if let (marker, rest) = listMarker(line) {
                flush(); item = (marker, [rest]); continue
            }
            if item != nil, raw.first == " " || raw.first == "\t" { item!.lines.append(line); continue }
            if item != nil { flush() }
            para.append(line)
        }
        flush()
        return blocks
    }

    /// "- x" → ("•", "x"); "12. x" → ("12.", "x"); nil for other lines.
    static func listMarker(_ line: String) -> (String, String)? {
        if let f = line.first, "-*+".contains(f), line.dropFirst().first == " " {
            // "**bold** text" is not a bullet: the marker needs a space after it.
            return ("•", String(line.dropFirst(2)).trimmingCharacters(in: .whitespaces))
        }
        let digits = line.prefix { $0.isASCII && $0.isNumber }
        guard !digits.isEmpty, digits.count <= 9 else { return nil }
        let after = line.dropFirst(digits.count)
        guard let d = after.first, d == "." || d == ")", after.dropFirst().first == " " else { return nil }
        return ("\(digits)\(d)", String(after.dropFirst(2)).trimmingCharacters(in: .whitespaces))
    }

    /// Inline emphasis: `**`/`__` toggle strong, `*`/`_` toggle emphasis (an `_` inside a word is
    /// literal, as in CommonMark). An unclosed marker is shown as written.
    public static func inline(_ s: String) -> [Run] {
        let chars = Array(s)
        // Pair delimiters first so an unmatched one stays literal.
        var tokens: [(String, Bool)] = []   // (text, isDelimiter)
        var i = 0, buf = ""
        while i < chars.count {
            let c = chars[i]
            if c == "\\", i + 1 < chars.count, "*_\\".contains(chars[i + 1]) { buf.append(chars[i + 1]); i += 2; continue }
            if c == "*" || c == "_" {
                let double = i + 1 < chars.count && chars[i + 1] == c
                let prev = i > 0 ? chars[i - 1] : " ", next = i + (double ? 2 : 1) < chars.count ? chars[i + (double ? 2 : 1)] : " "
                if c == "_" && prev.isLetter && next.isLetter { buf.append(c); i += 1; continue }
                if !buf.isEmpty { tokens.append((buf, false)); buf = "" }
                tokens.append((double ? String([c, c]) : String(c), true))
                i += double ? 2 : 1; continue
            }
            buf.append(c); i += 1
        }
        if !buf.isEmpty { tokens.append((buf, false)) }
        // Each delimiter needs a later twin to count.
        var active = [Bool](repeating: false, count: tokens.count)
        var open: [String: Int] = [:]
        for (k, t) in tokens.enumerated() where t.1 {
            if let o = open[t.0] { active[o] = true; active[k] = true; open[t.0] = nil } else { open[t.0] = k }
        }
        var runs: [Run] = []
        var strong = false, em = false
        for (k, t) in tokens.enumerated() {
            if t.1 && active[k] {
                if t.0.count == 2 { strong.toggle() } else { em.toggle() }
                continue
            }
            let style: Style = strong && em ? .strongEmphasis : strong ? .strong : em ? .emphasis : .regular
            if let last = runs.last, last.style == style { runs[runs.count - 1].text += t.0 } else { runs.append(Run(t.0, style)) }
        }
        return runs
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
    public var fontSize: Double = 18 { didSet { fontSize = clamp(fontSize, Self.sizeRange.lowerBound, Self.sizeRange.upperBound); setNeedsDisplay() } }
    public static let sizeRange = 10.0...48.0
    /// Emphasis is italic and in this colour, so it stands out at a glance.
    public static let emphasisColor = Color(0xFF, 0xD6, 0x8A)
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
        blocks = text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty
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
