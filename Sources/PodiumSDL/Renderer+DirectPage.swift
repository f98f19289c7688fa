import CSDL2
import FoundationEssentials
import Glibc
import PodiumKit

/// The room's page drawn by SDL's software renderer without a texture (issue 19, memory): the
/// page is unpacked straight into the window surface, which is the software renderer's canvas.
/// A texture of it would be a second full-window copy kept in the heap (8 MB at 1920×1080, 33 MB
/// at 3840×2160, plus a spare of the same size kept for the next page), and SDL would copy it onto
/// the surface anyway. Applies to an opaque B, G, R, A page at its own pixel size that fills the
/// window's width or height, when the frame repaints all of it (a whole frame, or a damaged area
/// covering the page); anything else (a partial repaint under the pointer, a scaled preview, a
/// page behind a blend, another renderer) draws through a texture as before.
/// `PODIUM_DIRECT_PAGES=0` turns it off, for A/B benches.
extension Renderer {
    /// Bytes of bitmap textures (PDF pages) this renderer holds now, its spare included (tests,
    /// `state`: a room whose pages are drawn directly or by the X server holds none).
    public var bitmapTextureBytes: Int { bitmapTextures.bytes }

    static let directPagesEnabled = ProcessInfo.processInfo.environment["PODIUM_DIRECT_PAGES"] != "0"

    /// Whether `b` drawn at `f` (pixels) is a page this renderer draws into its window surface
    /// directly (so no texture is made for it, not even ahead of its advance).
    func drawsDirectly(_ b: Bitmap, at f: SDL_FRect) -> Bool {
        guard Self.directPagesEnabled, driverName == "software", b.isOpaque, b.format == .bgra,
              abs(Double(f.w) - Double(b.width)) < 1, abs(Double(f.h) - Double(b.height)) < 1,
              let s = windowSurface() else { return false }
        return Int32(b.width) == s.pointee.w || Int32(b.height) == s.pointee.h
    }

    /// Unpacks `b` into the window surface at `f`'s rounded origin when it is such a page and the
    /// current clip lets all of it be painted; false otherwise (the caller draws it through a
    /// texture). Earlier commands of the frame are flushed first (SDL batches them), later ones
    /// are drawn over it as usual.
    func drawPageDirectly(_ b: Bitmap, at f: SDL_FRect, opacity: Double) -> Bool {
        guard opacity >= 1, !rasterisingPicture, SDL_GetRenderTarget(sdl) == nil, drawsDirectly(b, at: f),
              let s = windowSurface(), let pixels = s.pointee.pixels else { return false }
        let page = IntRect(x: Int32(pixel: f.x.rounded()), y: Int32(pixel: f.y.rounded()), w: Int32(b.width), h: Int32(b.height))
        let surface = IntRect(x: 0, y: 0, w: s.pointee.w, h: s.pointee.h)
        guard surface.intersection(page) == page else { return false }
        if let c = clipStack.last ?? damageClip, IntRect(x: c.x, y: c.y, w: c.w, h: c.h).intersection(page) != page { return false }
        SDL_RenderFlush(sdl)
        let pitch = Int(s.pointee.pitch)
        guard b.copyPixels(into: pixels + Int(page.y) * pitch + Int(page.x) * 4, stride: pitch) else { return false }
        directPages += 1
        return true
    }

    /// The window surface the software renderer draws into, when it is 32-bit X, R, G, B (the
    /// byte order of a B, G, R, A page); nil otherwise.
    private func windowSurface() -> UnsafeMutablePointer<SDL_Surface>? {
        guard let w = SDL_RenderGetWindow(sdl), let s = SDL_GetWindowSurface(w), let f = s.pointee.format,
              f.pointee.format == SDL_PIXELFORMAT_RGB888.rawValue || f.pointee.format == SDL_PIXELFORMAT_ARGB8888.rawValue,
              s.pointee.flags & UInt32(SDL_RLEACCEL) == 0 else { return nil }
        return s
    }
}
