import CSDL2
import PodiumKit

/// A canvas off any window (the phone remote's slide pictures): a software renderer of its own on
/// a `w × h` pixel surface (SDL_CreateSoftwareRenderer), so a picture leaves the windows'
/// renderers alone — the last frame each compares its next frame with, and their texture caches.
/// Main thread (the text engine is shared with the windows).
public final class PictureCanvas {
    public let w: Int32, h: Int32
    private let surface: UnsafeMutablePointer<SDL_Surface>
    private var renderer: Renderer!
    /// Images its renderer is still decoding (a picture drawn now misses them: draw again when 0).
    public var imagesDecoding: Int { renderer.imagesDecoding }

    /// Throws `SDLError` with SDL's message when the surface or the renderer cannot be made.
    public init(w: Int32, h: Int32, text: TextEngine) throws {
        guard let s = SDL_CreateRGBSurfaceWithFormat(0, w, h, 32, SDL_PIXELFORMAT_ABGR8888.rawValue) else {
            throw SDLError("cannot make a \(w)x\(h) picture surface: \(SDLVideo.lastError)")
        }
        guard let r = SDL_CreateSoftwareRenderer(s) else {
            SDL_FreeSurface(s)
            throw SDLError("cannot make a renderer for a \(w)x\(h) picture: \(SDLVideo.lastError)")
        }
        self.w = w; self.h = h; surface = s
        renderer = Renderer(sdl: r, text: text)
    }
    deinit {
        renderer = nil   // the SDL renderer goes before the surface it draws into
        SDL_FreeSurface(surface)
    }

    /// RGBA pixels (`w × h × 4`, row-major) of `list` (in points) drawn at `scale` pixels per point.
    public func pixels(of list: DrawList, background: Color, scale: Double) -> [UInt8] {
        renderer.scale = 1
        renderer.draw(list.transformed(scale: scale, translation: Point(0, 0)), background: background)
        SDL_RenderFlush(renderer.sdl)
        let row = Int(w) * 4, pitch = Int(surface.pointee.pitch)
        var out = [UInt8](repeating: 0, count: row * Int(h))
        let src = surface.pointee.pixels.assumingMemoryBound(to: UInt8.self)
        out.withUnsafeMutableBytes { dst in
            for y in 0..<Int(h) { (dst.baseAddress! + y * row).copyMemory(from: src + y * pitch, byteCount: row) }
        }
        return out
    }
}
