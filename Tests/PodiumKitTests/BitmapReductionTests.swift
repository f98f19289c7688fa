import PodiumKit
import XCTest

/// `Bitmap.reduced` (the presenter's previews) averages four samples of each block per channel,
/// four channels at once: it must equal the plain per-channel mean on any pixels, strides and sizes.
final class BitmapReductionTests: XCTestCase {
    func testPackedMeanEqualsThePlainMeanPerChannel() throws {
        var rng = SystemRandomNumberGenerator()
        for (width, height, pad, factor) in [(64, 36, 0, 2), (101, 57, 12, 3), (97, 33, 4, 4), (640, 360, 0, 5), (9, 7, 8, 8)] {
            let stride = width * 4 + pad
            let pixels = (0..<(stride * height)).map { _ in UInt8.random(in: 0...255, using: &rng) }
            let b = try XCTUnwrap(Bitmap(width: width, height: height, stride: stride, format: .bgra, pixels: pixels))
            let r = b.reduced(by: factor)
            let w = max(1, width / factor), h = max(1, height / factor)
            XCTAssertEqual(r.width, w); XCTAssertEqual(r.height, h); XCTAssertEqual(r.format, .bgra)
            let q = factor / 4, q3 = factor - 1 - factor / 4
            for y in 0..<h { for x in 0..<w { for ch in 0..<4 {
                let ys = [y * factor + q, min(height - 1, y * factor + q3)], xs = [x * factor + q, min(width - 1, x * factor + q3)]
                let sum = ys.flatMap { yy in xs.map { xx in Int(pixels[yy * stride + xx * 4 + ch]) } }.reduce(0, +)
                XCTAssertEqual(Int(r.pixels[(y * w + x) * 4 + ch]), sum / 4, "\(width)×\(height)/\(factor) at \(x),\(y) channel \(ch)")
            } } }
        }
    }
}
