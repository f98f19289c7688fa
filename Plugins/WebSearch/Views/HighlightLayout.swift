import PodiumKit

/// Lays out highlighted text into lines no wider than `width` points, breaking at spaces (inside
/// a word only when one word is wider than a line), so a snippet's matches can be drawn with a
/// marker behind them. Pure: measured with the window's `TextMeasuring`.
struct HighlightLayout {
    /// One piece of one line: text, its x offset in points, and whether it is a match.
    struct Fragment: Equatable { var text: String; var x: Double; var highlighted: Bool }
    private(set) var lines: [[Fragment]] = []

    /// - Parameter maxLines: lines kept; the last one kept ends with "…" when text was cut.
    init(_ text: HighlightedText, font: Font, width: Double, maxLines: Int, metrics m: TextMeasuring) {
        guard width > 0, maxLines > 0 else { return }
        var line: [Fragment] = []
        var x = 0.0
        var truncated = false
        func newLine() -> Bool {
            lines.append(line); line = []; x = 0
            if lines.count == maxLines { truncated = true; return false }
            return true
        }
        // Words keep their trailing space so spacing survives run boundaries.
        outer: for run in text.runs {
            for word in Self.words(run.text) {
                var w = m.size(of: word, font: font).width
                if x + w > width && x > 0 {
                    if !newLine() { break outer }
                    if word == " " { continue }
                }
                var piece = word
                // A word longer than a whole line is split by characters.
                while w > width, piece.count > 1 {
                    var head = ""
                    for ch in piece { if m.size(of: head + String(ch), font: font).width > width - x { break }; head.append(ch) }
                    if head.isEmpty { head = String(piece.first!) }
                    line.append(Fragment(text: head, x: x, highlighted: run.highlighted))
                    piece.removeFirst(head.count)
                    if !newLine() { break outer }
                    w = m.size(of: piece, font: font).width
                }
                line.append(Fragment(text: piece, x: x, highlighted: run.highlighted))
                x += w
            }
        }
        if !line.isEmpty && !truncated { lines.append(line) }
        if truncated, var last = lines.popLast() {
            // Make room for the ellipsis on the last kept line.
            let ell = m.size(of: "…", font: font).width
            while let f = last.last, f.x + m.size(of: f.text, font: font).width + ell > width, !last.isEmpty {
                if f.text.count > 1 { last[last.count - 1].text.removeLast() } else { last.removeLast() }
            }
            let end = last.last.map { $0.x + m.size(of: $0.text, font: font).width } ?? 0
            last.append(Fragment(text: "…", x: end, highlighted: false))
            lines.append(last)
        }
    }

    /// Splits into words that keep their trailing spaces ("a b" → ["a ", "b"]).
    static func words(_ s: String) -> [String] {
        var out: [String] = []
        var cur = ""
        for ch in s {
            cur.append(ch)
            if ch == " " { out.append(cur); cur = "" }
        }
        if !cur.isEmpty { out.append(cur) }
        return out
    }

    /// Draws the lines from `origin` (top-left), matches brighter on a tinted marker (same font, so
    /// the measured layout holds).
    func draw(into list: inout DrawList, at origin: Point, font: Font, color: Color, highlight: Color, marker: Color,
              lineHeight: Double, metrics m: TextMeasuring) {
        for (i, line) in lines.enumerated() {
            let y = origin.y + Double(i) * lineHeight
            for f in line {
                let p = Point(origin.x + f.x, y)
                if f.highlighted {
                    let w = m.size(of: f.text.trimmingTrailingSpaces, font: font).width
                    list.fill(Rect(p.x - 1, y, w + 2, lineHeight), marker, radius: 3)
                }
                list.text(f.text, font, f.highlighted ? highlight : color, at: p)
            }
        }
    }
}

extension String {
    var trimmingTrailingSpaces: String { var s = self; while s.last == " " { s.removeLast() }; return s }
}
