import Foundation
import PodiumKit
import PodiumTestSupport

/// A digest of the pixels of `rect` (pixels) of a PNG, so tests can tell whether one region of a
/// screenshot changed.
func pngRegionDigest(_ path: String, _ rect: Rect) throws -> String {
    let img = try PNGImage(path: path)
    var h: UInt64 = 0xcbf2_9ce4_8422_2325   // FNV-1a, 64-bit
    for y in Int(rect.minY)..<min(img.height, Int(rect.maxY)) {
        for x in Int(rect.minX)..<min(img.width, Int(rect.maxX)) {
            let p = img.pixel(x, y)
            for b in [p.r, p.g, p.b] { h = (h ^ UInt64(b)) &* 0x100_0000_01b3 }
        }
    }
    return String(h, radix: 16)
}
