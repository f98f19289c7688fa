import CImageHeader
import CSDL2
import CSDL2ImageLazy
import FoundationEssentials
import Glibc

/// Image files checked before they are decoded: the pixel size comes from the header (libpng,
/// libjpeg, libwebp; see CImageHeader), so a small file that would decode to gigabytes (a
/// 20000×20000 PNG is about 1 MB) is refused without allocating its pixels.
public enum ImageFile {
    /// Largest side decoded, in pixels (SDL's renderers and GPUs do not take more either).
    public static let maxSide = 8192
    /// Largest image decoded, in pixels (a 40-megapixel photo is 160 MB as RGBA).
    public static let maxPixels = 40_000_000

    /// Pixel size from the header as the image is shown (sides swapped when its EXIF
    /// orientation turns it a quarter), or why the file is no image Podium shows. `maxSide`
    /// bounds each side (callers such as map tiles pass a smaller one).
    public static func size(_ path: String, maxSide: Int = ImageFile.maxSide) -> Result<(width: Int, height: Int), ImageError> {
        var w = 0, h = 0
        switch podium_image_header_size(path, &w, &h) {
        case 0: break
        case -1: return .failure(ImageError(path: path, reason: "cannot be read as a regular file"))
        default: return .failure(ImageError(path: path, reason: "not a complete PNG, JPEG, WebP, GIF or BMP image"))
        }
        guard w > 0, h > 0 else { return .failure(ImageError(path: path, reason: "has no pixels (\(w)×\(h))")) }
        guard w <= maxSide, h <= maxSide, w * h <= maxPixels else {
            return .failure(ImageError(path: path, reason: "is \(w)×\(h) pixels, larger than the \(maxSide)×\(maxSide) (\(maxPixels / 1_000_000) megapixels) Podium decodes"))
        }
        return .success(ImageOrientation.swapsSides(ImageOrientation.of(path)) ? (h, w) : (w, h))
    }

    /// Checks the header, then decodes into an SDL surface turned upright by its EXIF
    /// orientation (any thread; the caller frees it). A truncated or corrupt file fails with
    /// libpng's reason for a PNG (`cannot be decoded: IDAT: CRC error`), else SDL_image's.
    public static func decode(_ path: String) -> Result<UnsafeMutablePointer<SDL_Surface>, ImageError> {
        if case let .failure(e) = size(path) { return .failure(e) }
        let decoded: UnsafeMutablePointer<SDL_Surface>
        switch decodePNG(path) {
        case let .success(s?): decoded = s
        case let .failure(e): return .failure(e)
        case .success(nil):
            guard let s = podium_img_load(path)?.assumingMemoryBound(to: SDL_Surface.self) else { return .failure(ImageError(path: path, reason: "cannot be decoded: \(SDLVideo.lastError)")) }
            decoded = s
        }
        let s = decoded
        guard let upright = ImageOrientation.apply(ImageOrientation.of(path), to: s) else {
            return .failure(ImageError(path: path, reason: "cannot be turned upright: \(SDLVideo.lastError)"))
        }
        return .success(upright)
    }
}

extension ImageFile {
    /// A PNG through libpng with our own error handling (SDL_image lets libpng print
    /// "libpng error: …" to stderr, naming no file); nil when the file is no PNG.
    static func decodePNG(_ path: String) -> Result<UnsafeMutablePointer<SDL_Surface>?, ImageError> {
        var w: Int32 = 0, h: Int32 = 0
        var pixels: UnsafeMutablePointer<UInt8>?
        var why = [CChar](repeating: 0, count: 256)
        switch podium_png_decode_rgba(path, &w, &h, &pixels, &why, why.count) {
        case 0: break
        case -3: return .success(nil)
        case -1: return .failure(ImageError(path: path, reason: "cannot be read as a regular file"))
        default: return .failure(ImageError(path: path, reason: "cannot be decoded: \(String(cString: why).isEmpty ? "damaged PNG" : String(cString: why))"))
        }
        defer { free(pixels) }
        guard let pixels, let s = SDL_CreateRGBSurfaceWithFormat(0, w, h, 32, SDL_PIXELFORMAT_RGBA32.rawValue) else {
            return .failure(ImageError(path: path, reason: "cannot be decoded: \(SDLVideo.lastError)"))
        }
        // SDL's RGBA32: R, G, B, A bytes in memory, as libpng wrote them.
        let row = Int(w) * 4, pitch = Int(s.pointee.pitch)
        for y in 0..<Int(h) { memcpy(s.pointee.pixels! + y * pitch, pixels + y * row, row) }
        return .success(s)
    }
}

/// An image file that is not shown, and why; `description` names the file.
public struct ImageError: Error, CustomStringConvertible, Equatable {
    public var path: String
    public var reason: String
    public var description: String { "\(path.count > 80 ? "…" + path.suffix(79) : Substring(path)) \(reason)" }
}
