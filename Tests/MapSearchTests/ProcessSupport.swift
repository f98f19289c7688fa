import Foundation
import PodiumKit
import PodiumTestSupport

typealias DecodedPNG = PNGImage

extension PNGImage {
    /// The pixel at (x, y) as a `Color`.
    func color(_ x: Int, _ y: Int) -> Color { let p = pixel(x, y); return Color(p.r, p.g, p.b, p.a) }
    /// Share of pixels exactly `c` (alpha ignored).
    func share(of c: Color) -> Double { fraction(near: (Int(c.r), Int(c.g), Int(c.b)), tolerance: 0) }
}
