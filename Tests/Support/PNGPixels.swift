import CSDL2
import CSDL2Image
import Foundation

/// A PNG decoded with SDL2_image into RGBA bytes, for asserting rendered pixels.
public struct PNGImage {
    public let width: Int, height: Int
    public let rgba: [UInt8]

    /// Throws naming the path when SDL2_image cannot load it.
    public init(path: String) throws {
        guard let loaded = IMG_Load(path) else { throw NSError(domain: "PNG", code: 1, userInfo: [NSLocalizedDescriptionKey: "cannot load \(path)"]) }
        defer { SDL_FreeSurface(loaded) }
        guard let s = SDL_ConvertSurfaceFormat(loaded, SDL_PIXELFORMAT_ABGR8888.rawValue, 0) else {
            throw NSError(domain: "PNG", code: 2, userInfo: [NSLocalizedDescriptionKey: "cannot convert \(path)"])
        }
        defer { SDL_FreeSurface(s) }
        width = Int(s.pointee.w); height = Int(s.pointee.h)
        let pitch = Int(s.pointee.pitch)
        let raw = s.pointee.pixels.assumingMemoryBound(to: UInt8.self)
        var out = [UInt8](repeating: 0, count: width * height * 4)
        for y in 0..<height { for x in 0..<(width * 4) { out[y * width * 4 + x] = raw[y * pitch + x] } }
        rgba = out
    }

    /// The pixel at (x, y) as (r, g, b, a).
    public func pixel(_ x: Int, _ y: Int) -> (r: UInt8, g: UInt8, b: UInt8, a: UInt8) {
        let i = (y * width + x) * 4
        return (rgba[i], rgba[i + 1], rgba[i + 2], rgba[i + 3])
    }
    /// (r, g, b) at (x, y) as Ints, convenient for arithmetic.
    public func rgb(_ x: Int, _ y: Int) -> (Int, Int, Int) { let p = pixel(x, y); return (Int(p.r), Int(p.g), Int(p.b)) }

    /// How many pixels in the rectangle (clipped to the image) satisfy `predicate`.
    public func count(x: Int, y: Int, w: Int, h: Int, where predicate: ((r: UInt8, g: UInt8, b: UInt8, a: UInt8)) -> Bool) -> Int {
        var n = 0
        for yy in max(0, y)..<min(height, y + h) { for xx in max(0, x)..<min(width, x + w) where predicate(pixel(xx, yy)) { n += 1 } }
        return n
    }

    /// How many different colours (r, g, b; alpha ignored) the rectangle holds, clipped to the image.
    public func distinctColors(x: Int, y: Int, w: Int, h: Int) -> Int {
        var seen = Set<UInt32>()
        for yy in max(0, y)..<max(max(0, y), min(height, y + h)) {
            for xx in max(0, x)..<max(max(0, x), min(width, x + w)) {
                let p = pixel(xx, yy)
                seen.insert(UInt32(p.r) << 16 | UInt32(p.g) << 8 | UInt32(p.b))
            }
        }
        return seen.count
    }

    /// Fraction of all pixels within `tolerance` of `color` on every channel.
    public func fraction(near color: (Int, Int, Int), tolerance: Int = 8) -> Double {
        let n = count(x: 0, y: 0, w: width, h: height) {
            abs(Int($0.r) - color.0) <= tolerance && abs(Int($0.g) - color.1) <= tolerance && abs(Int($0.b) - color.2) <= tolerance
        }
        return Double(n) / Double(width * height)
    }
}
