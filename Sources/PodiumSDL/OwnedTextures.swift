import CSDL2

/// Textures that live as long as the object they show (a `Bitmap`, a `Picture`) and within a
/// byte budget for those not drawn in the current frame, least recently drawn first out. The
/// texture of an owner that went is kept spare and reused for the next of the same size and
/// format: in the software renderer a new texture is a fresh allocation, its page faults and a
/// memset, several ms at 1920×1080.
final class OwnedTextures<Key: Hashable> {
    struct Entry {
        let texture: OpaquePointer
        weak var owner: AnyObject?
        let width: Int32, height: Int32, format: UInt32
        var used: UInt64
        var bytes: Int { Int(width) * Int(height) * 4 }
    }
    private var entries: [Key: Entry] = [:]
    private var spare: [Entry] = []
    /// Bytes of textures kept beyond those drawn in the current frame (pixels × 4).
    var byteBudget: Int
    /// Spare textures kept after a frame.
    let spareLimit: Int
    /// Largest spare kept (bytes): a spare 4K page is 33 MB held for a faster next upload.
    var spareMaxBytes = Int.max
    /// Textures this small (bytes) are kept only while drawn, and never spare: a page drawn at a
    /// degenerate size for a frame (a view laid out 3×1 pixels while its window maps) would
    /// otherwise keep its texture as long as the page lives, and then as a spare for good. Made
    /// again, such a texture costs a heap allocation with no page faults to save.
    var transientMaxBytes = 0
    var count: Int { entries.count }
    /// Bytes of every texture held, spares included (pixels × 4).
    var bytes: Int { entries.values.reduce(0) { $0 + $1.bytes } + spare.reduce(0) { $0 + $1.bytes } }

    init(byteBudget: Int, spareLimit: Int) { self.byteBudget = byteBudget; self.spareLimit = spareLimit }

    /// The texture kept for `key`, marked drawn in `frame`.
    func lookup(_ key: Key, frame: UInt64) -> OpaquePointer? {
        guard entries[key] != nil else { return nil }
        entries[key]!.used = frame
        return entries[key]!.texture
    }

    /// A spare texture of this size and format, if one is left by an owner that went.
    func takeSpare(width: Int32, height: Int32, format: UInt32) -> OpaquePointer? {
        let fits = { (e: Entry) in e.width == width && e.height == height && e.format == format }
        if !spare.contains(where: fits) { reclaimDead() }
        guard let i = spare.firstIndex(where: fits) else { return nil }
        return spare.remove(at: i).texture
    }

    /// Keeps `texture` for `key` while `owner` lives.
    func insert(_ texture: OpaquePointer, for key: Key, owner: AnyObject, width: Int32, height: Int32, format: UInt32, frame: UInt64) {
        entries[key] = Entry(texture: texture, owner: owner, width: width, height: height, format: format, used: frame)
    }

    /// After each frame: textures whose owners went become spare (`spareLimit` at most), then the
    /// least recently drawn go until those not drawn in `frame` fit the budget.
    func endFrame(_ frame: UInt64) {
        reclaimDead()
        let unkept = { (e: Entry) in e.bytes > self.spareMaxBytes || e.bytes <= self.transientMaxBytes }
        for e in spare where unkept(e) { SDL_DestroyTexture(e.texture) }
        spare.removeAll(where: unkept)
        for (key, e) in entries where e.used != frame && e.bytes <= transientMaxBytes {
            SDL_DestroyTexture(e.texture)
            entries[key] = nil
        }
        while spare.count > spareLimit { SDL_DestroyTexture(spare.removeFirst().texture) }
        var bytes = entries.values.reduce(0) { $0 + ($1.used == frame ? 0 : $1.bytes) }
        guard bytes > byteBudget else { return }
        for (key, e) in entries.filter({ $0.value.used != frame }).sorted(by: { $0.value.used < $1.value.used }) where bytes > byteBudget {
            SDL_DestroyTexture(e.texture)
            entries[key] = nil
            bytes -= e.bytes
        }
    }

    /// Destroys the textures of the keys `matching` (not kept spare).
    func remove(where matching: (Key) -> Bool) {
        for (key, e) in entries where matching(key) {
            SDL_DestroyTexture(e.texture)
            entries[key] = nil
        }
    }

    private func reclaimDead() {
        for (key, e) in entries where e.owner == nil {
            entries[key] = nil
            spare.append(e)
        }
    }

    /// Destroys every texture (before the renderer goes).
    func destroyAll() {
        entries.values.forEach { SDL_DestroyTexture($0.texture) }
        spare.forEach { SDL_DestroyTexture($0.texture) }
        entries.removeAll(); spare.removeAll()
    }
}
