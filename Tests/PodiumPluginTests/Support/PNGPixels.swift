import CSDL2
import CSDL2Image
import Foundation

/// A PNG decoded with SDL2_image, as RGBA bytes, for asserting rendered pixels.
struct PNGPixels {
    let width: Int, height: Int
    private let bytes: [UInt8]

    init(path: String) throws {
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
        bytes = out
    }

    /// (r, g, b) at pixel (x, y).
    func rgb(_ x: Int, _ y: Int) -> (Int, Int, Int) {
        let i = (y * width + x) * 4
        return (Int(bytes[i]), Int(bytes[i + 1]), Int(bytes[i + 2]))
    }

    /// Fraction of pixels within `tolerance` of `color` on every channel.
    func fraction(near color: (Int, Int, Int), tolerance: Int = 8) -> Double {
        var n = 0
        for y in 0..<height { for x in 0..<width {
            let c = rgb(x, y)
            if abs(c.0 - color.0) <= tolerance && abs(c.1 - color.1) <= tolerance && abs(c.2 - color.2) <= tolerance { n += 1 }
        } }
        return Double(n) / Double(width * height)
    }
}
