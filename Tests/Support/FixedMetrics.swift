import PodiumKit

/// A text measurer with fixed advance per character, so layout tests are exact and need no fonts:
/// each character is `0.5 × size` wide, lines are `1.25 × size` high.
public final class FixedMetrics: TextMeasuring {
    public init() {}
    public func size(of text: String, font: Font) -> Size { Size(Double(text.count) * font.size * 0.5, lineHeight(font)) }
    public func lineHeight(_ font: Font) -> Double { font.size * 1.25 }
}
