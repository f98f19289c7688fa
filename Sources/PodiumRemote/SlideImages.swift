import CSDL2
import CSDL2Image
import Foundation
import PodiumKit
import PodiumSDL

/// Slide pictures for the remote: a view tree's draw list is drawn on a `PictureCanvas` at the
/// phone's size (main thread, a few ms), and the pixels are encoded as JPEG (PNG if that fails)
/// on a background queue, never on the main thread.
enum SlideImages {
    /// The longest side of a picture, in pixels, whatever a client asks for.
    static let maxSide = 1600

    /// JPEG (quality 80) of RGBA pixels, or PNG when SDL_image cannot write JPEG; `png` says which.
    static func encode(_ rgba: [UInt8], w: Int32, h: Int32) -> (bytes: [UInt8], png: Bool)? {
        var pixels = rgba
        return pixels.withUnsafeMutableBytes { buf -> (bytes: [UInt8], png: Bool)? in
            guard let surf = SDL_CreateRGBSurfaceWithFormatFrom(buf.baseAddress, w, h, 32, w * 4, SDL_PIXELFORMAT_ABGR8888.rawValue) else { return nil }
            defer { SDL_FreeSurface(surf) }
            // Room for any JPEG or PNG of these pixels (an uncompressed PNG plus headers at worst).
            var out = [UInt8](repeating: 0, count: Int(w) * Int(h) * 4 + Int(h) * 8 + 65536)
            for png in [false, true] {
                let written: Int = out.withUnsafeMutableBytes { o in
                    guard let rw = SDL_RWFromMem(o.baseAddress, Int32(o.count)) else { return -1 }
                    defer { SDL_RWclose(rw) }
                    let rc = png ? IMG_SavePNG_RW(surf, rw, 0) : IMG_SaveJPG_RW(surf, rw, 0, 80)
                    return rc == 0 ? Int(SDL_RWtell(rw)) : -1
                }
                if written > 0 { return (Array(out[0..<written]), png) }
            }
            return nil
        }
    }
}
