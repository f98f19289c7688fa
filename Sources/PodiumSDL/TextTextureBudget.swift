import Glibc

/// Which text textures a renderer keeps (issue 19, memory): at most `countLimit` and
/// `byteLimit` bytes of pixels, the least recently used going first, down to half of each so
/// eviction is rare; textures the current frame shows always stay (the renderer counts text
/// on screen that a partial frame did not repaint as shown), so a frame that needs more (a map
/// full of labels at 4K, a long note at 4K) is not made to rasterise it again next frame.
///
/// Only a count bounded them before (1,500): each slide's console labels (its title, the next
/// one's, the position) are new strings, so a 200-page talk paged through kept ~800 label
/// textures, 14–21 MB of the main heap that a 20-page one did not have.
struct TextTextureBudget {
    var countLimit = 1500
    /// 4 MB; `PODIUM_TEXT_TEXTURE_MB` sets another (0: no byte bound, as before, for A/B).
    var byteLimit = Self.configuredBytes

    static let configuredBytes: Int = {
        guard let v = getenv("PODIUM_TEXT_TEXTURE_MB").flatMap({ Int(String(cString: $0)) }), v >= 0 else { return 4 << 20 }
        return v == 0 ? Int.max / 2 : v << 20
    }()

    struct Entry<Key: Hashable> { var key: Key; var used: UInt64; var bytes: Int }

    /// Whether the cache is over either limit (checked after every frame).
    func isExceeded(count: Int, bytes: Int) -> Bool { count > countLimit || bytes > byteLimit }

    /// The keys to keep: everything used in `frame`, then the most recently used while both
    /// halves of the limits allow.
    func keep<Key>(_ entries: [Entry<Key>], frame: UInt64) -> Set<Key> {
        var kept = Set<Key>(), count = 0, bytes = 0
        for e in entries.sorted(by: { $0.used > $1.used }) {
            if e.used != frame, count + 1 > countLimit / 2 || bytes + e.bytes > byteLimit / 2 { break }
            kept.insert(e.key); count += 1; bytes += e.bytes
        }
        return kept
    }
}
