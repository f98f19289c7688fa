import CLZ4
import CZstd
import FoundationEssentials
import Glibc

/// Packing a stored page again, densely, while the talk rests (issue 19, memory).
///
/// A page is packed first with LZ4's fast packer (~6 ms for a 1920×1080 page on the bench
/// machine, 1.2 GB/s), as the room may be waiting for it. The prefetch worker, in SCHED_IDLE,
/// packs the stored pages again when it has nothing to render (`PageCache.repackOne`; only pages
/// the store alone holds, `PageStore.nextToRepack`):
/// - with Zstandard (level 3) when that packs to at most 60 % of LZ4's bytes: the large, flat
///   pages where the store's bytes are (the bench's 1080p page: 518 → 199 kB in 3.5 ms), though it
///   unpacks at ~60 % of LZ4's speed (0.90 against 0.57 ms for that page); previews of a flat
///   enough deck too (the rule is by bytes, not by window);
/// - else with LZ4's high-compression packer, which writes LZ4's format, unpacked by the same
///   `LZ4_decompress_safe` at the same speed, ~20 % smaller (that page: 406 kB, but in 17 ms):
///   busier pages such as the bench's console previews, where Zstandard saves less (620×349:
///   1,043 against 1,235 kB over the bench's pages) and unpacks 3× slower.
/// Figures: `zstd -b`/`lz4 -b` and a C loop over the bench's page, 2026-12-04 (docs/Performance.md
/// "Twenty-fourth session").
extension PackedPage {
    /// LZ4HC's level: 4 packs as well as 9 to within 3 % on the bench's pages, at 8× its speed
    /// (`lz4 -b4`, `-b9`: 207 against 25 MB/s).
    static let denseLevel: Int32 = 4
    /// Zstandard's level: 3 (its default) packs the bench's page within 7 % of level 5 at 2.7× its
    /// speed, and level 1 is 20 % larger.
    static let zstdLevel: Int32 = 3
    /// Whether Zstandard is tried (`PODIUM_PAGE_ZSTD=0`: LZ4HC alone, as before, for A/B).
    static let zstdTried = ProcessInfo.processInfo.environment["PODIUM_PAGE_ZSTD"] != "0"

    /// This page packed densely (see above), with the same pixels and tile hashes; nil when that is
    /// not smaller or fails. The unpacked pixels and the packers' output go in memory mapped for
    /// the call and unmapped after, not in the worker's heap: 8 MB at 1080p each, freed at once.
    /// Zstandard's own context (1.3 MB for a 1080p page) is allocated and freed within the call;
    /// the worker's idle trim hands it back.
    func repacked() -> PackedPage? {
        let n = stride * height
        guard n > 0, let pixels = Self.scratch(n) else { return nil }
        defer { munmap(pixels, n) }
        guard decompress(into: pixels, capacity: n) else { return nil }
        if Self.zstdTried, let z = zstd(pixels, n), z.count * 5 <= bytes.count * 3 {
            return PackedPage(width: width, height: height, stride: stride, bytes: z, codec: .zstd, tileHashes: tileHashes)
        }
        guard let hc = lz4HC(pixels, n), hc.count < bytes.count else { return nil }
        return PackedPage(width: width, height: height, stride: stride, bytes: hc, codec: .lz4, tileHashes: tileHashes)
    }

    private func lz4HC(_ pixels: UnsafeMutableRawPointer, _ n: Int) -> [UInt8]? {
        guard n <= Int(LZ4_MAX_INPUT_SIZE) else { return nil }
        let bound = Int(LZ4_compressBound(Int32(n)))
        guard let out = Self.scratch(bound) else { return nil }
        defer { munmap(out, bound) }
        let written = LZ4_compress_HC(pixels.assumingMemoryBound(to: CChar.self), out.assumingMemoryBound(to: CChar.self), Int32(n), Int32(bound), Self.denseLevel)
        return written > 0 ? Array(UnsafeRawBufferPointer(start: out, count: Int(written))) : nil
    }

    private func zstd(_ pixels: UnsafeMutableRawPointer, _ n: Int) -> [UInt8]? {
        let bound = ZSTD_compressBound(n)
        guard let out = Self.scratch(bound) else { return nil }
        defer { munmap(out, bound) }
        let written = ZSTD_compress(out, bound, pixels, n, Self.zstdLevel)
        return ZSTD_isError(written) == 0 ? Array(UnsafeRawBufferPointer(start: out, count: written)) : nil
    }

    private static func scratch(_ n: Int) -> UnsafeMutableRawPointer? {
        let p = mmap(nil, n, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0)
        return p == MAP_FAILED ? nil : p
    }
}
