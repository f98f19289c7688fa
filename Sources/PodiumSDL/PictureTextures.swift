import CSDL2
import PodiumKit

/// One renderer's rasterised pictures (`DrawCommand.picture`), by picture id and pixel size: a
/// picture drawn again at the same size is one texture copy (a map tile while panning). A
/// texture lives as long as its picture does (the picture's owner, e.g. the map's tile cache,
/// decides what is worth keeping) and within a budget (`OwnedTextures`).
final class PictureTextures {
    struct Key: Hashable { var id: UInt64; var w: Int32; var h: Int32 }
    private let store = OwnedTextures<Key>(byteBudget: 16 << 20, spareLimit: 4)
    private static let format = SDL_PIXELFORMAT_ARGB8888.rawValue
    /// Pictures rasterised so far (tests assert that a picture drawn again is not).
    private(set) var rasterised = 0
    var count: Int { store.count }

    /// The ready texture of `p` at `w × h` pixels, or nil when it must be rasterised first.
    func lookup(_ p: Picture, w: Int32, h: Int32, frame: UInt64) -> OpaquePointer? {
        store.lookup(Key(id: p.id, w: w, h: h), frame: frame)
    }

    /// A render-target texture of `w × h` pixels for `p` (a spare one when it fits), kept as
    /// `p`'s; the caller rasterises into it.
    func make(for p: Picture, w: Int32, h: Int32, frame: UInt64, renderer: OpaquePointer) -> OpaquePointer? {
        guard let tex = store.takeSpare(width: w, height: h, format: Self.format)
            ?? SDL_CreateTexture(renderer, Self.format, Int32(SDL_TEXTUREACCESS_TARGET.rawValue), w, h) else { return nil }
        rasterised += 1
        store.insert(tex, for: Key(id: p.id, w: w, h: h), owner: p, width: w, height: h, format: Self.format, frame: frame)
        return tex
    }

    func endFrame(_ frame: UInt64) { store.endFrame(frame) }
    func destroyAll() { store.destroyAll() }
}
