import CImageHeader
import CSDL2

/// EXIF orientation (TIFF tag 0x0112, read with libexif): how a camera's stored pixels must be
/// turned to be seen upright. A phone photo taken in portrait is usually stored landscape with
/// orientation 6; drawn as stored it would lie on its side.
enum ImageOrientation {
    /// 1 (as stored) to 8; 1 for files without EXIF data.
    static func of(_ path: String) -> Int { Int(podium_image_exif_orientation(path)) }

    /// Whether `orientation` turns the image a quarter (5–8): width and height swap.
    static func swapsSides(_ orientation: Int) -> Bool { orientation >= 5 }

    /// `surface` turned upright for `orientation`, all 8 values (2, 4, 5 and 7 are mirrored).
    /// Frees `surface` (unless it is returned as is); nil when SDL is out of memory.
    static func apply(_ orientation: Int, to surface: UnsafeMutablePointer<SDL_Surface>) -> UnsafeMutablePointer<SDL_Surface>? {
        guard (2...8).contains(orientation) else { return surface }
        let converted = SDL_ConvertSurfaceFormat(surface, SDL_PIXELFORMAT_ARGB8888.rawValue, 0)
        SDL_FreeSurface(surface)
        guard let src = converted else { return nil }
        defer { SDL_FreeSurface(src) }
        let w = Int(src.pointee.w), h = Int(src.pointee.h)
        let (ow, oh) = swapsSides(orientation) ? (h, w) : (w, h)
        guard let dst = SDL_CreateRGBSurfaceWithFormat(0, Int32(ow), Int32(oh), 32, SDL_PIXELFORMAT_ARGB8888.rawValue) else { return nil }
        // Source pixel of output (dx, dy) is (ax + bx·dx + cx·dy, ay + by·dx + cy·dy).
        let (ax, bx, cx, ay, by, cy): (Int, Int, Int, Int, Int, Int) = switch orientation {
        case 2: (w - 1, -1, 0, 0, 0, 1)        // mirrored left–right
        case 3: (w - 1, -1, 0, h - 1, 0, -1)   // turned 180°
        case 4: (0, 1, 0, h - 1, 0, -1)        // mirrored top–bottom
        case 5: (0, 0, 1, 0, 1, 0)             // transposed
        case 6: (0, 0, 1, h - 1, -1, 0)        // turned 90° clockwise
        case 7: (w - 1, 0, -1, h - 1, -1, 0)   // transversed
        default: (w - 1, 0, -1, 0, 1, 0)       // 8: turned 90° counter-clockwise
        }
        let sp = src.pointee.pixels.assumingMemoryBound(to: UInt32.self), spitch = Int(src.pointee.pitch) / 4
        let dp = dst.pointee.pixels.assumingMemoryBound(to: UInt32.self), dpitch = Int(dst.pointee.pitch) / 4
        let stepX = by * spitch + bx, stepY = cy * spitch + cx
        var rowStart = ay * spitch + ax
        for dy in 0..<oh {
            var s = rowStart
            let d = dp + dy * dpitch
            for dx in 0..<ow { d[dx] = sp[s]; s += stepX }
            rowStart += stepY
        }
        return dst
    }
}
