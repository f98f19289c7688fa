import CSDL2
import CSDL2ImageLazy

/// Pixels to image files through SDL_image, in memory (the phone remote's pictures, drawn on a
/// `PictureCanvas`, are encoded on a background queue; screenshots are written by `OutputFile`).
public enum PixelEncoding {
    /// JPEG (quality 80) of RGBA pixels (`w × h × 4`, row-major), or PNG when SDL_image cannot
    /// write JPEG; `png` says which. Nil when SDL cannot wrap the pixels.
    public static func jpegOrPNG(_ rgba: [UInt8], w: Int32, h: Int32) -> (bytes: [UInt8], png: Bool)? {
        encode(rgba, w: w, h: h, formats: [false, true])
    }

    /// PNG of RGBA pixels (`w × h × 4`, row-major); nil when SDL cannot wrap or encode them.
    public static func png(_ rgba: [UInt8], w: Int32, h: Int32) -> [UInt8]? {
        encode(rgba, w: w, h: h, formats: [true])?.bytes
    }

    /// The first of `formats` (true: PNG, false: JPEG) that SDL_image writes.
    private static func encode(_ rgba: [UInt8], w: Int32, h: Int32, formats: [Bool]) -> (bytes: [UInt8], png: Bool)? {
        var pixels = rgba
        return pixels.withUnsafeMutableBytes { buf -> (bytes: [UInt8], png: Bool)? in
            guard let surf = SDL_CreateRGBSurfaceWithFormatFrom(buf.baseAddress, w, h, 32, w * 4, SDL_PIXELFORMAT_ABGR8888.rawValue) else { return nil }
            defer { SDL_FreeSurface(surf) }
            // Room for any JPEG or PNG of these pixels (an uncompressed PNG plus headers at worst).
            var out = [UInt8](repeating: 0, count: Int(w) * Int(h) * 4 + Int(h) * 8 + 65536)
            for png in formats {
                let written: Int = out.withUnsafeMutableBytes { o in
                    guard let rw = SDL_RWFromMem(o.baseAddress, Int32(o.count)) else { return -1 }
                    defer { SDL_RWclose(rw) }
                    let rc = png ? podium_img_save_png_rw(surf, rw, 0) : podium_img_save_jpg_rw(surf, rw, 0, 80)
                    return rc == 0 ? Int(SDL_RWtell(rw)) : -1
                }
                if written > 0 { return (Array(out[0..<written]), png) }
            }
            return nil
        }
    }
}
