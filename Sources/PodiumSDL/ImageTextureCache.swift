import CSDL2

/// Image textures by file path, bounded by bytes (width × height × 4): when over the limit the
/// least recently drawn go first, as the text cache does by count. A texture drawn in the
/// current frame is never evicted, so one image larger than the limit still shows. An evicted
/// image is decoded again if it is drawn later.
final class ImageTextureCache {
    enum State { case decoding, refused, texture(OpaquePointer) }
    private struct Entry { var state: State; var bytes: Int; var used: UInt64 }
    private var entries: [String: Entry] = [:]
    /// Most bytes of texture kept (256 MB: a dozen full-screen 4K photos).
    var limitBytes: Int
    /// Bytes of texture held now.
    private(set) var bytes = 0

    init(limitBytes: Int = 256 << 20) { self.limitBytes = limitBytes }

    /// The entry for `path`, marked as used in `frame`; nil when never asked for (or evicted).
    func lookup(_ path: String, frame: UInt64) -> State? {
        guard entries[path] != nil else { return nil }
        entries[path]!.used = frame
        return entries[path]!.state
    }

    /// Records `state` for `path`, replacing (and destroying) what was there.
    func set(_ path: String, _ state: State, frame: UInt64) {
        remove(path)
        var size = 0
        if case let .texture(t) = state {
            var w: Int32 = 0, h: Int32 = 0
            SDL_QueryTexture(t, nil, nil, &w, &h)
            size = Int(w) * Int(h) * 4
        }
        entries[path] = Entry(state: state, bytes: size, used: frame)
        bytes += size
    }

    /// Destroys least recently used textures not drawn in `frame` until within `limitBytes`.
    func evict(keepingFrame frame: UInt64) {
        guard bytes > limitBytes else { return }
        for (path, e) in entries.sorted(by: { $0.value.used < $1.value.used }) where e.used < frame && e.bytes > 0 {
            remove(path)
            if bytes <= limitBytes { return }
        }
    }

    /// Paths with a texture now, for tests and diagnostics.
    var texturePaths: Set<String> { Set(entries.filter { $0.value.bytes > 0 }.keys) }

    private func remove(_ path: String) {
        guard let e = entries.removeValue(forKey: path) else { return }
        if case let .texture(t) = e.state { SDL_DestroyTexture(t) }
        bytes -= e.bytes
    }

    /// Destroys every texture.
    func removeAll() { for p in Array(entries.keys) { remove(p) } }
}
