/// Text layout as data. A `TextBlock` says what to lay out; the platform's layout engine (Pango in
/// PodiumSDL, a fixed-width measurer in core tests) turns it into a `TextLayout`. Views never break
/// lines themselves: they hand the block to `TextMeasuring.layout(_:)` to measure it and draw it
/// with `DrawList.text(_:_:at:)`, and the renderer lays out the same block again (cached).

/// A paragraph (or several, split at "\n") to lay out. Coordinates and sizes are in points.
public struct TextBlock: Hashable, Sendable {
    /// The text; "\n" starts a new paragraph.
    public var text: String
    /// Size (points) and weight for the whole block; spans may change weight per range.
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

    /// A block of `text` in `font`; by default unwrapped, leading-aligned, with no line limit and
    /// no styled spans.
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
    /// The styled characters, as `Character` (grapheme cluster) offsets into the block's text.
    public var range: Range<Int>
    /// Weight for the range; nil keeps the block font's.
    public var weight: Font.Weight?
    /// True sets the range in italic.
    public var italic: Bool
    /// Text colour for the range; nil keeps the colour the block is drawn with.
    public var color: Color?
    /// True underlines the range.
    public var underline: Bool
    /// A style over `range` (`Character` offsets); what is left out keeps the block's own.
    public init(_ range: Range<Int>, weight: Font.Weight? = nil, italic: Bool = false, color: Color? = nil, underline: Bool = false) {
        self.range = range; self.weight = weight; self.italic = italic; self.color = color; self.underline = underline
    }
}

/// The result of laying out a `TextBlock`, in points relative to the block's top-left.
public struct TextLayout: Equatable, Sendable {
    /// One visual line: the characters it shows (offsets count `Character`s, i.e. grapheme
    /// clusters), its logical rectangle and its baseline.
    public struct Line: Equatable, Sendable {
        /// The characters shown on this line, as `Character` offsets into the block's text.
        public var range: Range<Int>
        /// The line's logical rectangle, in points from the block's top-left.
        public var rect: Rect
        /// The baseline's y, in points from the block's top.
        public var baseline: Double
        /// A line as a layout engine reports it.
        public init(range: Range<Int>, rect: Rect, baseline: Double) { self.range = range; self.rect = rect; self.baseline = baseline }
    }
    /// Width of the widest line and height of all lines, in points.
    public var size: Size
    /// The visual lines, top to bottom.
    public var lines: [Line]
    /// True when `maxLines` or the width cut text off (an ellipsis was drawn).
    public var isTruncated: Bool
    /// True when the first paragraph's base direction is right-to-left.
    public var isRightToLeft: Bool
    /// A layout as a ``TextMeasuring`` implementation returns it.
    public init(size: Size, lines: [Line], isTruncated: Bool = false, isRightToLeft: Bool = false) {
        self.size = size; self.lines = lines; self.isTruncated = isTruncated; self.isRightToLeft = isRightToLeft
    }
}

/// One grapheme cluster as laid out, for carets, selection and hit-testing in text input.
/// `x`/`width` are in points from the block's left edge; `rightToLeft` is the cluster's resolved
/// bidi direction, so its logical start is on its right.
public struct TextCluster: Equatable, Sendable {
    /// The cluster's `Character` offset in the block's text.
    public var index: Int
    /// Index of its line in ``TextLayout/lines``.
    public var line: Int
    /// Left edge in points from the block's left edge (visual, whatever the direction).
    public var x: Double
    /// Advance width in points.
    public var width: Double
    /// True when the cluster's resolved bidi direction is right-to-left: its logical start is its
    /// right edge.
    public var rightToLeft: Bool
    /// A cluster as a layout engine reports it.
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
