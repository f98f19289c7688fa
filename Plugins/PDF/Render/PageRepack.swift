import CLZ4
import Glibc

/// Packing a stored page again, densely, while the talk rests (issue 19, memory).
///
/// A page is packed first with LZ4's fast packer (~6 ms for a 1920×1080 page on the bench
/// machine, 1.2 GB/s), as the room may be waiting for it. LZ4's high-compression packer writes
/// the same format, unpacked by the same `LZ4_decompress_safe` at the same speed, ~20 % smaller on
/// the bench's pages (493 → 387 kB at level 4) but ~6× slower (~40 ms a 1080p page, 207 MB/s).
/// So the prefetch worker, in SCHED_IDLE, packs the stored pages again when it has nothing
/// to render (`PageCache.repackOne`; only pages the store alone holds, `PageStore.nextToRepack`),
/// and the store holds ~20 % fewer bytes for the same pages.
extension PackedPage {
    /// LZ4HC's level: 4 packs as well as 9 to within 3 % on the bench's pages, at 8× its speed
    /// (`lz4 -b4`, `-b9`: 207 against 25 MB/s).
    static let denseLevel: Int32 = 4

    /// This page packed with LZ4HC, with the same pixels and tile hashes; nil when that is not
    /// smaller or fails. The unpacked pixels and LZ4HC's output go in memory mapped for the call
    /// and unmapped after, not in the worker's heap: 8 MB at 1080p each, freed at once.
    func repacked() -> PackedPage? {
        let n = stride * height
        let bound = Int(LZ4_compressBound(Int32(n)))
        guard n > 0, let pixels = Self.scratch(n) else { return nil }
        defer { munmap(pixels, n) }
        guard decompress(into: pixels, capacity: n), let out = Self.scratch(bound) else { return nil }
        defer { munmap(out, bound) }
        let written = LZ4_compress_HC(pixels.assumingMemoryBound(to: CChar.self), out.assumingMemoryBound(to: CChar.self), Int32(n), Int32(bound), Self.denseLevel)
        guard written > 0, Int(written) < bytes.count else { return nil }
        return PackedPage(width: width, height: height, stride: stride, bytes: Array(UnsafeRawBufferPointer(start: out, count: Int(written))), tileHashes: tileHashes)
    }

    private static func scratch(_ n: Int) -> UnsafeMutableRawPointer? {
        let p = mmap(nil, n, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0)
        return p == MAP_FAILED ? nil : p
    }
}
