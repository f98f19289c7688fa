import CSDL2
import FoundationEssentials
import Glibc
import PodiumKit

/// Pages drawn by SDL's software renderer without a texture (issue 19, memory): an opaque
/// B, G, R, A page at its own pixel size is unpacked straight into the window surface, which is
/// the software renderer's canvas, then the frame's later commands are drawn over it as usual.
/// - The room's page (it fills the window's width or height): a texture of it would be a second
///   full-window copy kept in the heap (8 MB at 1920×1080, 33 MB at 3840×2160, plus a spare of the
///   same size kept for the next page), and SDL would copy it onto the surface anyway. It is
///   unpacked when the frame repaints all of it (a whole frame, or a damaged area covering the
///   page); a partial repaint (under the pointer) draws through a texture as before, since
///   unpacking 8 MB for a few pixels at every pointer move would cost more than the texture.
/// - The console's page views (current page, next preview, the scene's NEXT): their textures,
///   with the pages either side uploaded ahead, were 4.4 MB after a pass through the bench deck,
///   and SDL blitted ~368,000 pixels of them an advance. A view repainted whole is unpacked into
///   its rectangle (the PDF plugin's packers, LZ4 and Zstandard, need their output contiguous,
///   so a page narrower than the window is unpacked into one buffer kept for it, `PageScratch`,
///   and its rows copied: an LZ4 decoder writing the rows straight took 1.7× as long on a page
///   packed as densely as the bench deck's, 3.6× on a busier one). The buffer keeps the last page unpacked, so a view
///   repainted in parts (the tiles an advance changes, a popover closing over it, ink) copies
///   them from there without unpacking again.
/// Anything else (a scaled preview, a page behind a blend, another renderer) draws through a
/// texture as before. `PODIUM_DIRECT_PAGES=0` turns both off, `PODIUM_DIRECT_VIEWS=0` the
/// console's alone, for A/B benches.
extension Renderer {
    /// Bytes of bitmap textures (PDF pages) this renderer holds now, its spare included (tests,
    /// `state`: a window whose pages are drawn directly or by the X server holds none).
    public var bitmapTextureBytes: Int { bitmapTextures.bytes }

    static let directPagesEnabled = ProcessInfo.processInfo.environment["PODIUM_DIRECT_PAGES"] != "0"
    static let directViewsEnabled = ProcessInfo.processInfo.environment["PODIUM_DIRECT_VIEWS"] != "0"

    /// Whether `b` drawn at `f` (pixels) is a page this renderer draws into its window surface
    /// directly (so no texture is made for it, not even ahead of its advance).
    func drawsDirectly(_ b: Bitmap, at f: SDL_FRect) -> Bool {
        guard Self.directPagesEnabled, driverName == "software", b.isOpaque, b.format == .bgra,
              abs(Double(f.w) - Double(b.width)) < 1, abs(Double(f.h) - Double(b.height)) < 1,
              let s = windowSurface() else { return false }
        return Self.fillsWindow(b, s) || Self.directViewsEnabled
    }

    /// Whether `b` drawn at `f` is the room's page drawn directly: it fills the window's width or
    /// height, and is unpacked whole or not at all.
    func drawsWindowPageDirectly(_ b: Bitmap, at f: SDL_FRect) -> Bool {
        guard drawsDirectly(b, at: f), let s = windowSurface() else { return false }
        return Self.fillsWindow(b, s)
    }

    private static func fillsWindow(_ b: Bitmap, _ s: UnsafeMutablePointer<SDL_Surface>) -> Bool {
        Int32(b.width) == s.pointee.w || Int32(b.height) == s.pointee.h
    }

    /// Unpacks `b` into the window surface at `f`'s rounded origin when it is such a page, within
    /// the current clip; false otherwise (the caller draws it through a texture). Earlier commands
    /// of the frame are flushed first (SDL batches them), later ones are drawn over it as usual.
    func drawPageDirectly(_ b: Bitmap, at f: SDL_FRect, opacity: Double) -> Bool {
        guard opacity >= 1, !rasterisingPicture, SDL_GetRenderTarget(sdl) == nil, drawsDirectly(b, at: f),
              let s = windowSurface(), let pixels = s.pointee.pixels else { return false }
        let page = IntRect(x: Int32(pixel: f.x.rounded()), y: Int32(pixel: f.y.rounded()), w: Int32(b.width), h: Int32(b.height))
        var visible = page.intersection(IntRect(x: 0, y: 0, w: s.pointee.w, h: s.pointee.h))
        if let c = clipStack.last ?? damageClip { visible = visible.intersection(IntRect(x: c.x, y: c.y, w: c.w, h: c.h)) }
        let pitch = Int(s.pointee.pitch), window = Self.fillsWindow(b, s)
        if visible == page && (window || b.pixelSource == nil || b.stride == pitch) {
            // Straight into the surface (the room's page; pixels held in memory).
            SDL_RenderFlush(sdl)
            guard b.copyPixels(into: pixels + Int(page.y) * pitch + Int(page.x) * 4, stride: pitch) else { return false }
        } else {
            // The room's page in part: through its texture (see above).
            if window && visible != page { return false }
            guard !visible.isEmpty else { return true }   // clipped out: nothing to paint
            SDL_RenderFlush(sdl)
            let row = Int(visible.w) * 4, dx = Int(visible.x - page.x) * 4
            func copyRows(_ src: UnsafeRawPointer) {
                for y in Int(visible.y)..<Int(visible.y + visible.h) {
                    (pixels + y * pitch + Int(visible.x) * 4).copyMemory(from: src + (y - Int(page.y)) * b.stride + dx, byteCount: row)
                }
            }
            if b.pixelSource == nil {
                b.pixels.withUnsafeBytes { copyRows($0.baseAddress!) }
            } else {
                guard let src = pageScratch.pixels(of: b) else { return false }
                copyRows(src)
            }
        }
        directPages += 1
        // A console view's texture made while it was scaled (a transient layout) is of no more
        // use; the room's page keeps its own for partial repaints.
        if !window { bitmapTextures.release(b) }
        return true
    }

    /// Bytes of the buffer console pages are unpacked into before their rows are copied (tests,
    /// `state`): the largest page view's, at most.
    public var pageScratchBytes: Int { pageScratch.capacity }
    /// Pages unpacked into that buffer so far (tests: parts of one page come from one unpack).
    public var pageScratchUnpacks: Int { pageScratch.unpacks }

    /// The window surface the software renderer draws into, when it is 32-bit X, R, G, B (the
    /// byte order of a B, G, R, A page); nil otherwise.
    private func windowSurface() -> UnsafeMutablePointer<SDL_Surface>? {
        guard let w = SDL_RenderGetWindow(sdl), let s = SDL_GetWindowSurface(w), let f = s.pointee.format,
              f.pointee.format == SDL_PIXELFORMAT_RGB888.rawValue || f.pointee.format == SDL_PIXELFORMAT_ARGB8888.rawValue,
              s.pointee.flags & UInt32(SDL_RLEACCEL) == 0 else { return nil }
        return s
    }
}

/// The buffer a renderer unpacks console pages into before copying their rows to the window
/// surface (`drawPageDirectly`): one, grown to the largest page view's size and kept, since a
/// page-sized allocation each advance cost 0.4 ms of CPU an advance more than the textures did
/// on the bench deck (a fresh allocation's page faults, after the page workers' `malloc_trim`).
/// It holds the last page unpacked, by `Bitmap.id` (a bitmap's pixels never change).
final class PageScratch {
    private var bytes: UnsafeMutableRawPointer?
    private(set) var capacity = 0, unpacks = 0
    private var holds: UInt64?

    /// `b`'s rows (`b.stride` bytes apart), unpacked unless the buffer holds them already; nil
    /// when they cannot be read.
    func pixels(of b: Bitmap) -> UnsafeRawPointer? {
        if holds == b.id, let bytes { return UnsafeRawPointer(bytes) }
        let n = b.stride * b.height
        if capacity < n {
            bytes?.deallocate()
            bytes = UnsafeMutableRawPointer.allocate(byteCount: n, alignment: 64)
            capacity = n
        }
        holds = nil
        guard let bytes, b.copyPixels(into: bytes, stride: b.stride) else { return nil }
        unpacks += 1
        holds = b.id
        return UnsafeRawPointer(bytes)
    }

    deinit { bytes?.deallocate() }
}
