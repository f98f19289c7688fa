import Foundation

/// Picks a round ground distance for a scale bar no longer than `maxPoints` (1, 2 or 5 × 10ⁿ m),
/// returning its label ("200 m", "1 km") and length in points.
public enum ScaleBar {
    public static func measure(metresPerPoint: Double, maxPoints: Double) -> (label: String, points: Double) {
        guard metresPerPoint > 0, maxPoints > 0 else { return ("", 0) }
        let maxMetres = metresPerPoint * maxPoints
        let magnitude = pow(10, floor(log10(maxMetres)))
        let step = [5.0, 2, 1].map { $0 * magnitude }.first { $0 <= maxMetres } ?? magnitude
        let label = step >= 1000 ? "\(format(step / 1000)) km" : "\(format(step)) m"
        return (label, step / metresPerPoint)
    }
    private static func format(_ v: Double) -> String { v == v.rounded() ? String(Int(v)) : String(v) }
}
