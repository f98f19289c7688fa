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

/// One laid-out piece of notes text: a word (or space-joined words) in one style at a position.
public struct PlacedText: Equatable, Sendable {
    public var text: String
    public var font: Font
    public var style: NotesMarkdown.Style
    public var origin: Point
}

/// Lays out notes blocks into lines at `fontSize` points within `width` points: greedy word wrap
/// across styled runs; list items hang-indent after their marker; paragraphs and items are
/// separated by half a line.
public func layoutNotes(_ blocks: [NotesMarkdown.Block], width: Double, fontSize: Double, metrics: TextMeasuring) -> (pieces: [PlacedText], height: Double) {
    let regular = Font.system(fontSize), bold = Font.bold(fontSize)
    let lh = metrics.lineHeight(regular)
    let space = metrics.size(of: " ", font: regular).width
    var out: [PlacedText] = []
    var y = 0.0
    for (b, block) in blocks.enumerated() {
        if b > 0 { y += lh * 0.5 }
        let runs: [NotesMarkdown.Run], indent: Double
        switch block {
        case let .paragraph(r): runs = r; indent = 0
        case let .item(marker, r):
            runs = r
            let mw = metrics.size(of: marker, font: regular).width
            indent = max(mw + space * 2, fontSize * 1.5)
            out.append(PlacedText(text: marker, font: regular, style: .regular, origin: Point(indent - space - mw, y)))
        }
        var x = indent, lineStarted = false, mergeable = false
        for run in runs {
            let font = run.style == .strong || run.style == .strongEmphasis ? bold : regular
            let words = run.text.split(separator: " ", omittingEmptySubsequences: false)
            for (wi, word) in words.enumerated() {
                if wi > 0 && lineStarted { x += space }
                guard !word.isEmpty else { continue }
                let w = metrics.size(of: String(word), font: font).width
                if lineStarted && x + w > width { y += lh; x = indent; mergeable = false }
                // Words of one style on one line become one piece (fewer draw commands).
                if mergeable, let last = out.last, last.style == run.style, last.origin.y == y, wi > 0 {
                    out[out.count - 1].text += " " + word
                } else {
                    out.append(PlacedText(text: String(word), font: font, style: run.style, origin: Point(x, y)))
                }
                x += w; lineStarted = true; mergeable = true
            }
        }
        y += lh
    }
    return (out, y)
}

/// The notes panel: the current scene's notes as Markdown at an adjustable size.
public final class NotesView: View {
    public private(set) var blocks: [NotesMarkdown.Block] = []
    /// Base font size in points; the console's notes keys change it within `sizeRange`.
    public var fontSize: Double = 18 { didSet { fontSize = clamp(fontSize, Self.sizeRange.lowerBound, Self.sizeRange.upperBound); setNeedsDisplay() } }
    public static let sizeRange = 10.0...48.0
    public override init() { super.init(); id = "console.notes"; clipsToBounds = true }
    public override var role: String? { "notes" }
    public override var accessibilityValue: String? { "size \(Int(fontSize))" }

    /// How far the notes are scrolled up (points); the mouse wheel scrolls long notes.
    public private(set) var scrollOffset = 0.0

    public override func handle(_ event: InputEvent) -> Bool {
        guard case let .wheel(_, dy, _) = event, let m = metrics else { return false }
        let height = layoutNotes(blocks, width: bounds.width, fontSize: fontSize, metrics: m).height
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
        let laid = layoutNotes(blocks, width: bounds.width, fontSize: fontSize, metrics: m)
        let lh = m.lineHeight(.system(fontSize))
        for p in laid.pieces where p.origin.y - scrollOffset < bounds.height && p.origin.y - scrollOffset > -lh {
            // SDL2_ttf has no italic face here: emphasis is set apart by colour instead.
            let c = p.style == .emphasis || p.style == .strongEmphasis ? Color(0xFF, 0xD6, 0x8A) : theme.text
            list.text(p.text, p.font, c, at: Point(p.origin.x, p.origin.y - scrollOffset))
        }
    }
}
