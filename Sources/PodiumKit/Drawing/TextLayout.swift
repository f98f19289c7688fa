/// Text layout as data. A `TextBlock` says what to lay out; the platform's layout engine (Pango in
/// PodiumSDL, a fixed-width measurer in core tests) turns it into a `TextLayout`. Views never break
/// lines themselves: they hand the block to `TextMeasuring.layout(_:)` to measure it and draw it
/// with `DrawList.text(_:_:at:)`, and the renderer lays out the same block again (cached).

/// A paragraph (or several, split at "\n") to lay out. Coordinates and sizes are in points.
public struct TextBlock: Hashable, Sendable {
    public var text: String
    public var font: Font
    /// Wrapping width in points; nil lays every paragraph out on one line of its natural width.
    public var width: Double?
    /// `.leading` is the paragraph's natural side: right for a paragraph whose first strong
    /// character is right-to-left (UAX #9), left otherwise; `.trailing` is the opposite side.
    public var alignment: TextAlignment
    /// Most lines shown, 0 for any; text beyond them is cut and the last line ends in "…".
    /// With `width` set, 1 makes a single line truncated with an ellipsis.
    public var maxLines: Int
    /// Styled ranges (bold, italic, colour, underline) over the text, in `Character` offsets.
    public var spans: [TextSpan]

    public init(_ text: String, font: Font, width: Double? = nil, alignment: TextAlignment = .leading, maxLines: Int = 0, spans: [TextSpan] = []) {
        self.text = text; self.font = font; self.width = width; self.alignment = alignment; self.maxLines = maxLines; self.spans = spans
    }

    /// One line within `width` points, cut with an ellipsis when longer (labels, rows, buttons).
    public static func line(_ text: String, font: Font, width: Double, alignment: TextAlignment = .leading) -> TextBlock {
        TextBlock(text, font: font, width: max(1, width), alignment: alignment, maxLines: 1)
    }

    /// This block with its font and width multiplied by `s` (previews of the audience view).
    public func scaled(by s: Double) -> TextBlock {
        var b = self
        b.font.size *= s
        b.width = width.map { $0 * s }
        return b
    }
}

/// A style over `range` (`Character` offsets) of a block's text; nil/false leave the block's own.
public struct TextSpan: Hashable, Sendable {
    public var range: Range<Int>
    public var weight: Font.Weight?
    public var italic: Bool
    public var color: Color?
    public var underline: Bool
    public init(_ range: Range<Int>, weight: Font.Weight? = nil, italic: Bool = false, color: Color? = nil, underline: Bool = false) {
        self.range = range; self.weight = weight; self.italic = italic; self.color = color; self.underline = underline
    }
}

/// The result of laying out a `TextBlock`, in points relative to the block's top-left.
public struct TextLayout: Equatable, Sendable {
    /// One visual line: the characters it shows (offsets count `Character`s, i.e. grapheme
    /// clusters), its logical rectangle and its baseline.
    public struct Line: Equatable, Sendable {
        public var range: Range<Int>
        public var rect: Rect
        public var baseline: Double
        public init(range: Range<Int>, rect: Rect, baseline: Double) { self.range = range; self.rect = rect; self.baseline = baseline }
    }
    /// Width of the widest line and height of all lines, in points.
    public var size: Size
    public var lines: [Line]
    /// True when `maxLines` or the width cut text off (an ellipsis was drawn).
    public var isTruncated: Bool
    /// True when the first paragraph's base direction is right-to-left.
    public var isRightToLeft: Bool
    public init(size: Size, lines: [Line], isTruncated: Bool = false, isRightToLeft: Bool = false) {
        self.size = size; self.lines = lines; self.isTruncated = isTruncated; self.isRightToLeft = isRightToLeft
    }
}

/// One grapheme cluster as laid out, for carets, selection and hit-testing in text input.
/// `x`/`width` are in points from the block's left edge; `rightToLeft` is the cluster's resolved
/// bidi direction, so its logical start is on its right.
public struct TextCluster: Equatable, Sendable {
    public var index: Int
    public var line: Int
    public var x: Double
    public var width: Double
    public var rightToLeft: Bool
    public init(index: Int, line: Int, x: Double, width: Double, rightToLeft: Bool) {
        self.index = index; self.line = line; self.x = x; self.width = width; self.rightToLeft = rightToLeft
    }
}

/// Measures and lays out text. The platform supplies the real one (Pango); core tests use a
/// fixed-width one. Every method is a pure function of its arguments, so results may be cached.
public protocol TextMeasuring: AnyObject {
    /// Lays `block` out: lines, their rectangles and the overall size, in points.
    func layout(_ block: TextBlock) -> TextLayout
    /// Every grapheme cluster of `block` in logical order with its visual position.
    func clusters(_ block: TextBlock) -> [TextCluster]
    /// Line height of `font` in points (ascent + descent + line gap of the primary face).
    func lineHeight(_ font: Font) -> Double
}

extension TextMeasuring {
    /// Size of `text` laid out on one line per paragraph, in points.
    public func size(of text: String, font: Font) -> Size { layout(TextBlock(text, font: font)).size }
}
