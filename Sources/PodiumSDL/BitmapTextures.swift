import CSDL2
import PodiumKit

/// One renderer's textures of in-memory bitmaps (PDF pages, charts), by `Bitmap.id` and
/// reduction, so a page shown before is only a texture copy when it comes back: no upload, no
/// SDL_CreateTexture (in the software renderer that is a fresh allocation, its page faults and
/// a memset, several ms for a 1920×1080 page).
///
/// A texture lives as long as its bitmap does (the bitmap's owner, e.g. the PDF page cache,
/// decides what is worth keeping) and within `byteBudget`, least recently drawn first out. The
/// texture of a bitmap that went is kept spare and refilled for the next bitmap of the same size.
final class BitmapTextures {
    struct Key: Hashable { var id: UInt64; var reduction: Int }
    private let store: OwnedTextures<Key> = {
        let s = OwnedTextures<Key>(byteBudget: 32 << 20, spareLimit: 1)
        // A 4K page's texture (33 MB) is kept spare too: without it a 4K advance made a fresh
        // texture (mapped, faulted in and zeroed) and took ~70-130 ms instead of ~50 ms on the
        // bench rig, for no measurable PSS saved after paging through a deck.
        s.spareMaxBytes = 64 << 20
        // A scaled page's texture of a few pixels is kept only while drawn: below glibc's mmap
        // threshold (128 KB) remaking it is a heap allocation, and 16 KB is a 64×64 thumbnail.
        s.transientMaxBytes = 16 << 10
        return s
    }()
    /// Textures filled with a bitmap's pixels, and textures created, so far (tests assert that a
    /// revisit uploads nothing).
    private(set) var uploads = 0, creations = 0
    var count: Int { store.count }
    /// Bytes of the textures held, the spare included.
    var bytes: Int { store.bytes }

    /// The texture of `b` for a destination of `dst` pixels, uploaded on first use. A bitmap drawn
    /// at half its size or less (the presenter's audience preview) is uploaded reduced by the
    /// whole factor, which keeps the texture small and the scaled copy cheap.
    func texture(for b: Bitmap, drawnAt dst: SDL_FRect, frame: UInt64, renderer: OpaquePointer) -> OpaquePointer? {
        let key = Self.key(b, dst), factor = key.reduction
        if let t = store.lookup(key, frame: frame) { return t }
        let src = b.reduced(by: factor)
        let format = (src.format == .rgba ? SDL_PIXELFORMAT_ABGR8888 : SDL_PIXELFORMAT_ARGB8888).rawValue
        let w = Int32(src.width), h = Int32(src.height)
        let streaming = isSoftware(renderer)
        var tex: OpaquePointer
        if let t = store.takeSpare(width: w, height: h, format: format) {
            tex = t
        } else {
            let access = streaming ? SDL_TEXTUREACCESS_STREAMING : SDL_TEXTUREACCESS_STATIC
            guard let t = SDL_CreateTexture(renderer, format, Int32(access.rawValue), w, h) else { return nil }
            tex = t; creations += 1
        }
        // The software renderer's texture is plain memory: the pixels go straight into it
        // (a compressed PDF page is unpacked there, with no full-size copy on the way).
        var dst: UnsafeMutableRawPointer?, pitch: Int32 = 0
        if streaming, SDL_LockTexture(tex, nil, &dst, &pitch) == 0, let dst {
            let copied = src.copyPixels(into: dst, stride: Int(pitch))
            SDL_UnlockTexture(tex)
            // A spare holds another page's pixels: never drawn as this one (nothing is drawn).
            guard copied else { SDL_DestroyTexture(tex); return nil }
        } else {
            _ = src.pixels.withUnsafeBytes { SDL_UpdateTexture(tex, nil, $0.baseAddress, Int32(src.stride)) }
        }
        uploads += 1
        store.insert(tex, for: key, owner: b, width: w, height: h, format: format, frame: frame)
        return tex
    }

    /// Marks the texture of `b` (if there is one) as drawn in `frame`, uploading nothing: a page
    /// a partial frame did not draw because something covers it there.
    func touch(_ b: Bitmap, drawnAt dst: SDL_FRect, frame: UInt64) {
        _ = store.lookup(Self.key(b, dst), frame: frame)
    }

    /// Destroys every texture of `b` (at any reduction): it is now drawn without one (unpacked
    /// into the window surface), so a texture made while its view was scaled (a transient
    /// layout) is of no further use.
    func release(_ b: Bitmap) { store.remove { $0.id == b.id } }

    private static func key(_ b: Bitmap, _ dst: SDL_FRect) -> Key {
        let factor = max(1, Int(min(Double(b.width) / Double(max(1, dst.w)), Double(b.height) / Double(max(1, dst.h)))))
        return Key(id: b.id, reduction: factor)
    }

    private var software: Bool?
    /// Whether `renderer` is SDL's software renderer (its textures are then made streaming).
    private func isSoftware(_ renderer: OpaquePointer) -> Bool {
        if let software { return software }
        var info = SDL_RendererInfo()
        let s = SDL_GetRendererInfo(renderer, &info) == 0 && info.name.map { String(cString: $0) } == "software"
        software = s
        return s
    }

    /// After each frame: textures of bitmaps that went become spare (one at most), then the least
    /// recently drawn go until the ones not drawn in `frame` fit the budget.
    func endFrame(_ frame: UInt64) { store.endFrame(frame) }

    /// Destroys every texture (before the renderer goes).
    func destroyAll() { store.destroyAll() }
}
