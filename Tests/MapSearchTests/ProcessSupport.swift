import Foundation
import PodiumKit
import PodiumTestSupport

/// Runs `.build/debug/podium` with arguments and environment; returns exit status and output
/// (stdout then stderr).
func runPodium(_ args: [String], env: [String: String] = [:]) throws -> (status: Int32, out: String) {
    let r = try runProcess(TestPaths.podium, args, environment: env)
    return (r.status, r.stdout + r.stderr)
}

typealias DecodedPNG = PNGImage

extension PNGImage {
    /// The pixel at (x, y) as a `Color`.
    func color(_ x: Int, _ y: Int) -> Color { let p = pixel(x, y); return Color(p.r, p.g, p.b, p.a) }
    /// Share of pixels exactly `c` (alpha ignored).
    func share(of c: Color) -> Double { fraction(near: (Int(c.r), Int(c.g), Int(c.b)), tolerance: 0) }
}
