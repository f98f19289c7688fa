import CLZ4
import CZstd
import CTileHash
import PodiumKit
import Synchronization

/// Rendered pages kept LZ4-compressed (slides are mostly flat colour: a 1920×1080 page of 8 MB
/// packs to a few hundred KB, and unpacks at memory speed), bounded in bytes, least recently used
/// first out, so a page shown before is never rendered again while it fits. Not thread-safe:
/// `PageCache` uses it under its lock (packing happens outside it).
struct PageStore {
    /// `repacked`: packed again densely (`PackedPage.repacked`), or found not to get smaller.
    private struct Entry { var page: PackedPage; var used: UInt64; var repacked = false }
    private var pages: [PageKey: Entry] = [:]
    /// Most bytes of packed pages kept; lowering it evicts the least recently used at once.
    var byteBudget: Int { didSet { if byteBudget < oldValue { evict(sparing: nil) } } }
    private(set) var bytes = 0
    private var clock: UInt64 = 0

    init(byteBudget: Int) { self.byteBudget = byteBudget }

    var count: Int { pages.count }
    func contains(_ key: PageKey) -> Bool { pages[key] != nil }
    /// Keys of the pages kept (a resized window's stand-in: `PageCache.standIn`).
    var keys: [PageKey] { Array(pages.keys) }

    /// The packed page for `key`, marked used.
    mutating func take(_ key: PageKey) -> PackedPage? {
        guard let e = pages[key] else { return nil }
        clock += 1
        pages[key]!.used = clock
        return e.page
    }

    /// Keeps `page` for `key`, evicting the least recently used to the budget (never the new one).
    mutating func insert(_ page: PackedPage, for key: PageKey) {
        if let old = pages[key] { bytes -= old.page.byteCount }
        clock += 1
        pages[key] = Entry(page: page, used: clock)
        bytes += page.byteCount
        evict(sparing: key)
    }

    /// Evicts the least recently used until the store fits its budget, never `kept`.
    private mutating func evict(sparing kept: PageKey?) {
        guard bytes > byteBudget else { return }
        for (k, e) in pages.sorted(by: { $0.value.used < $1.value.used }) where bytes > byteBudget && k != kept {
            pages[k] = nil
            bytes -= e.page.byteCount
        }
    }

    mutating func removeAll() { pages = [:]; bytes = 0 }

    /// Drops the page for `key` if it is `page` (bytes that failed to unpack).
    mutating func remove(_ key: PageKey, ifItIs page: PackedPage) {
        guard let e = pages[key], e.page === page else { return }
        pages[key] = nil
        bytes -= e.page.byteCount
    }

    /// The most recently used page not yet packed again densely (`PackedPage.repacked`) that
    /// only the store holds: the copy it replaces is then freed at once, on the worker, whose
    /// idle trim hands it back. A page a bitmap still holds (the pages either side of the
    /// current one, the page a view shows) waits until that bitmap goes; else its old copy would
    /// be freed later, on the main thread, after the trim (measured: 2 MB left to a trim by
    /// hand after 20 pages).
    mutating func nextToRepack() -> (key: PageKey, page: PackedPage)? {
        var best: (key: PageKey, used: UInt64)?
        // The keys copied first: iterating `pages.keys` itself would hold the dictionary's storage,
        // and the in-place access below would then copy it (and no page would be unique).
        let keys = Array(pages.keys)
        for k in keys where !pages[k]!.repacked && isKnownUniquelyReferenced(&pages[k]!.page) {
            if best == nil || pages[k]!.used > best!.used { best = (k, pages[k]!.used) }
        }
        return best.map { ($0.key, pages[$0.key]!.page) }
    }

    /// Puts `dense` in place of `old` for `key` (nil: `old` does not get smaller, left as it is)
    /// and marks it done; nothing if the store no longer holds `old` there (evicted, rendered
    /// again). Returns the bytes saved.
    @discardableResult
    mutating func replace(_ key: PageKey, old: PackedPage, with dense: PackedPage?) -> Int {
        guard let e = pages[key], e.page === old else { return 0 }
        guard let dense else { pages[key]!.repacked = true; return 0 }
        pages[key] = Entry(page: dense, used: e.used, repacked: true)
        let saved = old.byteCount - dense.byteCount
        bytes -= saved
        return saved
    }

    /// Pages packed again densely or found not to get smaller, and pages kept (tests).
    var repackedCount: Int { pages.values.filter(\.repacked).count }
}

/// One page's pixels compressed (LZ4, or Zstandard once packed again densely: `codec`); a
/// `Bitmap` made from it (`bitmap`) holds only this, and the renderer unpacks it straight into the
/// page's texture or the room's pixmap (`copyPixels`). With its tiles' hashes,
/// taken as it is packed (on the worker), so an advance between two pages sharing their template
/// copies only the tiles that differ to the room (`BitmapTileHashes`).
final class PackedPage: BitmapPixelSource, BitmapTileHashes, @unchecked Sendable {
    /// How `bytes` are packed: both unpack into one contiguous buffer of `stride × height` bytes.
    enum Codec { case lz4, zstd }
    let width: Int, height: Int, stride: Int
    let bytes: [UInt8]
    let codec: Codec
    var byteCount: Int { bytes.count + tileHashes.count * 8 }
    /// 16 pixels: 8,160 tiles (64 KB of hashes) on a 1920×1080 page. A Beamer-like advance then
    /// copies to the room 13 % of the page instead of 27 % with 64-pixel tiles (text lines
    /// change, the margins between them do not); the room gets them as one clipped copy.
    static let tile = 16
    var tileSize: Int { Self.tile }
    let tileHashes: [UInt64]

    init(width: Int, height: Int, stride: Int, bytes: [UInt8], codec: Codec = .lz4, tileHashes: [UInt64]) {
        self.width = width; self.height = height; self.stride = stride; self.bytes = bytes; self.codec = codec; self.tileHashes = tileHashes
    }

    /// `b`'s pixels compressed; nil if LZ4 fails (then the page is simply not kept).
    convenience init?(_ b: Bitmap) {
        let n = b.stride * b.height
        guard n <= Int(LZ4_MAX_INPUT_SIZE) else { return nil }
        let bound = Int(LZ4_compressBound(Int32(n)))
        let out = UnsafeMutableRawPointer.allocate(byteCount: bound, alignment: 16)
        defer { out.deallocate() }
        let tile = Self.tile
        var hashes = [UInt64](repeating: 0, count: ((b.width + tile - 1) / tile) * ((b.height + tile - 1) / tile))
        let written = b.pixels.withUnsafeBytes { src in
            hashes.withUnsafeMutableBufferPointer {
                podium_tile_hashes(src.baseAddress!.assumingMemoryBound(to: UInt8.self), Int32(b.width), Int32(b.height), Int32(b.stride), Int32(tile), $0.baseAddress!)
            }
            return LZ4_compress_default(src.baseAddress!.assumingMemoryBound(to: CChar.self), out.assumingMemoryBound(to: CChar.self), Int32(n), Int32(bound))
        }
        guard written > 0 else { return nil }
        // A copy of the right size: the bound is larger than the data.
        self.init(width: b.width, height: b.height, stride: b.stride, bytes: Array(UnsafeRawBufferPointer(start: out, count: Int(written))), tileHashes: hashes)
    }

    /// A bitmap of this page (opaque BGRA, as poppler renders them) holding only the packed bytes.
    func bitmap(resizer: (any BitmapResizer)?) -> Bitmap? {
        Bitmap(width: width, height: height, stride: stride, format: .bgra, isOpaque: true, source: self, resizer: resizer)
    }

    /// What writes this page's pixels when its bytes fail to unpack (set by `PageCache`, which
    /// renders the page again): called with this page, the destination and its stride; true when
    /// it wrote them. Held in a mutex: set on one thread, read on whichever unpacks.
    private let recovery = Mutex<(@Sendable (PackedPage, UnsafeMutableRawPointer, Int) -> Bool)?>(nil)

    /// Sets what writes the pixels when the bytes fail to unpack (see `recovery`).
    func whenUnreadable(_ f: @escaping @Sendable (PackedPage, UnsafeMutableRawPointer, Int) -> Bool) {
        recovery.withLock { $0 = f }
    }

    /// The page's rows into `destination`, `dstStride` bytes apart; when the bytes fail to unpack
    /// (damaged memory: trial 27 m2) through `recovery`, so the room never shows a blank page for
    /// good. False when neither gives them.
    func copyPixels(into destination: UnsafeMutableRawPointer, stride dstStride: Int) -> Bool {
        if unpack(into: destination, stride: dstStride) { return true }
        guard let recover = recovery.withLock({ $0 }) else { return false }
        return recover(self, destination, dstStride)
    }

    private func unpack(into destination: UnsafeMutableRawPointer, stride dstStride: Int) -> Bool {
        let n = stride * height
        if dstStride == stride { return decompress(into: destination, capacity: n) }
        // Rows of another pitch: unpacked aside, then copied row by row.
        let tmp = UnsafeMutableRawPointer.allocate(byteCount: n, alignment: 16)
        defer { tmp.deallocate() }
        guard decompress(into: tmp, capacity: n) else { return false }
        for y in 0..<height { (destination + y * dstStride).copyMemory(from: tmp + y * stride, byteCount: width * 4) }
        return true
    }

    /// Unpacks the whole page into `dst` (`capacity` bytes, exactly `stride × height`); false if
    /// the packed bytes do not unpack to exactly that.
    func decompress(into dst: UnsafeMutableRawPointer, capacity: Int) -> Bool {
        bytes.withUnsafeBytes { src in
            switch codec {
            case .lz4:
                return LZ4_decompress_safe(src.baseAddress!.assumingMemoryBound(to: CChar.self), dst.assumingMemoryBound(to: CChar.self), Int32(bytes.count), Int32(capacity)) == Int32(capacity)
            case .zstd:
                return podium_zstd_decompress(dst, capacity, src.baseAddress!, src.count) == capacity
            }
        }
    }
}
