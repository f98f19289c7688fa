/// Pixel coordinates from draw-list geometry. `Int32(_:)` traps on NaN, infinity and values past
/// Int32, and a trap in the renderer is a crash in host code that takes the talk down (trial 11
/// F1). Plugins' lists are sanitised before they get here (`DrawListSanitiser`); this is the
/// renderer's own guarantee for every list, whoever made it.
extension Int32 {
    /// Largest pixel coordinate or size kept: 2^28, so that two of them summed (an edge, a
    /// union) and grown by a margin still fit in Int32.
    static let pixelLimit: Int32 = 1 << 28

    /// `v` truncated towards zero as `Int32(_:)` does, clamped to ±`pixelLimit`; NaN is 0.
    init<F: BinaryFloatingPoint>(pixel v: F) {
        let limit = F(Int32.pixelLimit)
        self = v.isNaN ? 0 : Int32(Swift.min(limit, Swift.max(-limit, v)))
    }
}

extension Int {
    /// `v` truncated towards zero, clamped to ±`Int32.pixelLimit`; NaN is 0 (see `Int32(pixel:)`).
    init<F: BinaryFloatingPoint>(pixel v: F) { self = Int(Int32(pixel: v)) }
}
