import PodiumKit

/// A snippet with its matches: one text block (the window's layout engine wraps it and cuts it
/// with "…" after `maxLines`) plus the marker rectangles behind the matches, taken from the
/// engine's cluster positions so they follow bidi and shaping. Pure given the `TextMeasuring`.
struct HighlightLayout {
    /// The snippet as a block; matches are spans (coloured when drawn).
    let block: TextBlock
    /// Character ranges of the matches.
    let matches: [Range<Int>]
    /// Marker rectangles behind the visible parts of the matches, relative to the block's origin.
    let markers: [Rect]
    let layout: TextLayout

    /// - Parameter maxLines: lines kept; the last one kept ends with "…" when text was cut.
    init(_ text: HighlightedText, font: Font, width: Double, maxLines: Int, metrics m: TextMeasuring) {
        var s = "", ranges: [Range<Int>] = []
        for run in text.runs {
            let start = s.count
            s += run.text
            if run.highlighted { ranges.append(start..<s.count) }
        }
        block = TextBlock(s, font: font, width: max(1, width), maxLines: maxLines)
        matches = ranges
        layout = m.layout(block)
        let map = TextCaretMap(layout: layout, clusters: ranges.isEmpty ? [] : m.clusters(block))
        markers = ranges.flatMap { map.rects(for: $0) }
    }

    /// The text of each visual line (tests, accessibility).
    var lineTexts: [String] {
        let chars = Array(block.text)
        return layout.lines.map { String(chars[$0.range]) }
    }

    /// Draws the snippet from `origin` (top-left), matches in `highlight` on a `marker` background.
    func draw(into list: inout DrawList, at origin: Point, color: Color, highlight: Color, marker: Color) {
        for r in markers { list.fill(r.offset(by: origin).insetBy(dx: -1, dy: 0), marker, radius: 3) }
        var b = block
        b.spans = matches.map { TextSpan($0, color: highlight) }
        list.text(b, color, at: origin)
    }
}
