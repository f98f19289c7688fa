import PodiumKit

/// A text measurer with fixed advance per character, so layout tests are exact and need no fonts:
/// each character is `0.5 × size` wide, lines are `1.25 × size` high. Blocks with a width break
/// after spaces (inside a word when one is wider than the line); all text is left-to-right.
public final class FixedMetrics: TextMeasuring {
    public init() {}
    public func lineHeight(_ font: Font) -> Double { font.size * 1.25 }

    public func layout(_ block: TextBlock) -> TextLayout {
        let cw = block.font.size * 0.5, lh = lineHeight(block.font)
        let chars = Array(block.text)
        var ranges: [Range<Int>] = [], start = 0
        // Paragraphs at "\n"; within one, break after the last space that fits.
        while true {
            var end = start
            while end < chars.count && chars[end] != "\n" { end += 1 }
            var s = start
            if let w = block.width, w > 0 {
                let perLine = max(1, Int((w / cw).rounded(.down)))
                while end - s > perLine {
                    let limit = s + perLine
                    let space = (s..<limit).last { chars[$0] == " " }
                    let brk = space.map { $0 + 1 } ?? limit
                    ranges.append(s..<brk); s = brk
                }
            }
            ranges.append(s..<end)
            if end >= chars.count { break }
            start = end + 1
        }
        var truncated = false
        if block.maxLines > 0 && ranges.count > block.maxLines { ranges = Array(ranges.prefix(block.maxLines)); truncated = true }
        var lines: [TextLayout.Line] = []
        for (n, r) in ranges.enumerated() {
            var w = Double(r.count) * cw
            if let bw = block.width, w > bw || (truncated && n == ranges.count - 1) { w = min(w + cw, bw); truncated = true }
            let x: Double = switch block.alignment {
            case .leading: 0
            case .center: ((block.width ?? w) - w) / 2
            case .trailing: (block.width ?? w) - w
            @unknown default: 0
            }
            lines.append(.init(range: r, rect: Rect(x, Double(n) * lh, w, lh), baseline: Double(n) * lh + block.font.size))
        }
        let width = lines.map(\.rect.width).max() ?? 0
        return TextLayout(size: Size(width, lh * Double(lines.count)), lines: lines, isTruncated: truncated)
    }

    public func clusters(_ block: TextBlock) -> [TextCluster] {
        let l = layout(block), cw = block.font.size * 0.5, chars = Array(block.text)
        var out: [TextCluster] = []
        for (n, line) in l.lines.enumerated() {
            let end = n + 1 < l.lines.count ? l.lines[n + 1].range.lowerBound : chars.count
            for i in line.range.lowerBound..<max(line.range.upperBound, end) {
                out.append(TextCluster(index: i, line: n, x: line.rect.minX + Double(i - line.range.lowerBound) * cw, width: cw, rightToLeft: false))
            }
        }
        return out
    }
}
