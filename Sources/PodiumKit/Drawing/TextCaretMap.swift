/// Carets, hit-testing, visual caret movement and selection rectangles over a laid-out block,
/// computed from the engine's clusters. Pure: positions count `Character`s (grapheme clusters),
/// coordinates are points relative to the block's origin. Inside a right-to-left run a position's
/// caret sits on its cluster's right edge, so moving "right" walks that run backwards logically.
public struct TextCaretMap: Sendable {
    /// The block's lines, as the engine laid them out.
    public let layout: TextLayout
    /// Every cluster of the block in logical order, one per `Character`.
    public let clusters: [TextCluster]

    /// A map over a layout and its clusters as a ``TextMeasuring`` returned them (tests build them
    /// by hand).
    public init(layout: TextLayout, clusters: [TextCluster]) { self.layout = layout; self.clusters = clusters }
    /// Lays `block` out with `m` and maps it.
    public init(_ block: TextBlock, metrics m: TextMeasuring) { self.init(layout: m.layout(block), clusters: m.clusters(block)) }

    /// Number of clusters (`Character`s); caret positions run `0...count`.
    public var count: Int { clusters.count }
    private var lastLine: Int { max(0, layout.lines.count - 1) }

    /// The visual line holding caret position `i` (a soft-wrap position belongs to the next line).
    public func line(of i: Int) -> Int {
        i < count && i >= 0 ? min(clusters[i].line, lastLine) : lastLine
    }

    /// The caret's x for position `i`, in points.
    public func caretX(_ i: Int) -> Double {
        if i < count && i >= 0 { let c = clusters[i]; return c.rightToLeft ? c.x + c.width : c.x }
        guard let c = clusters.last, c.line == lastLine else {
            // Empty text, or after a final newline: the start of the (empty) last line.
            guard let l = layout.lines.last else { return 0 }
            return layout.isRightToLeft ? l.rect.maxX : l.rect.minX
        }
        return c.rightToLeft ? c.x : c.x + c.width
    }

    /// The caret's rectangle for position `i`, `width` points wide, as tall as its line.
    public func caretRect(_ i: Int, width: Double = 2) -> Rect {
        let n = line(of: i)
        let r = n < layout.lines.count ? layout.lines[n].rect : Rect(0, 0, 0, 0)
        return Rect(caretX(i) - width / 2, r.minY, width, r.height)
    }

    /// Caret positions on line `n`: from its first character up to (not past) the next line's start;
    /// the last line also ends at the end of the text.
    public func stops(onLine n: Int) -> ClosedRange<Int> {
        guard n < layout.lines.count else { return count...count }
        let lo = layout.lines[n].range.lowerBound
        let hi = n + 1 < layout.lines.count ? max(lo, layout.lines[n + 1].range.lowerBound - 1) : count
        return lo...hi
    }

    /// The caret position nearest to `p`.
    public func index(at p: Point) -> Int {
        guard !layout.lines.isEmpty else { return 0 }
        let n = layout.lines.firstIndex { p.y < $0.rect.maxY } ?? lastLine
        var best = stops(onLine: n).lowerBound, bestD = Double.infinity
        for j in stops(onLine: n) {
            let d = abs(caretX(j) - p.x)
            if d < bestD { bestD = d; best = j }
        }
        return best
    }

    /// The position one caret stop to the right (`direction` > 0) or left on screen from `i`;
    /// past a line's end it continues on the next (or previous) line.
    public func visualNeighbour(of i: Int, direction: Int) -> Int {
        let n = line(of: i), x = caretX(i)
        var best: Int?, bestX = 0.0
        for j in stops(onLine: n) where j != i {
            let xj = caretX(j)
            guard direction > 0 ? xj > x + 0.01 : xj < x - 0.01 else { continue }
            if best == nil || abs(xj - x) < abs(bestX - x) { best = j; bestX = xj }
        }
        if let b = best { return b }
        if direction > 0 { return n < lastLine ? stops(onLine: n + 1).lowerBound : min(count, max(i, stops(onLine: n).upperBound)) }
        return n > 0 ? stops(onLine: n - 1).upperBound : max(0, min(i, stops(onLine: n).lowerBound))
    }

    /// Rectangles covering the characters in `range` that are shown, one per visually contiguous
    /// piece per line (a bidi selection can be several pieces on one line).
    public func rects(for range: Range<Int>) -> [Rect] {
        // Text cut off by `maxLines` has no rectangle.
        let shownEnd = layout.lines.last?.range.upperBound ?? 0
        var out: [Rect] = []
        for c in clusters where range.contains(c.index) && c.line < layout.lines.count && (c.line < lastLine || c.index < shownEnd) {
            let line = layout.lines[c.line].rect
            if let last = out.last, last.minY == line.minY, abs(last.maxX - c.x) < 0.5 || abs(c.x + c.width - last.minX) < 0.5 {
                out[out.count - 1] = Rect(min(last.minX, c.x), last.minY, last.width + c.width, last.height)
            } else {
                out.append(Rect(c.x, line.minY, c.width, line.height))
            }
        }
        return out
    }
}
