import CLZ4
import PodiumKit

/// Rendered pages kept LZ4-compressed (slides are mostly flat colour: a 1920×1080 page of 8 MB
/// packs to a few hundred KB, and unpacks at memory speed), bounded in bytes, least recently used
/// first out, so a page shown before is unpacked, never rendered again, while it fits. Not
/// thread-safe: `PageCache` uses it under its lock (packing and unpacking happen outside it).
struct PageStore {
    struct Packed {
        let width: Int, height: Int, stride: Int
        let bytes: [UInt8]
        var used: UInt64
    }
    private(set) var pages: [PageKey: Packed] = [:]
    /// Most bytes of packed pages kept.
    var byteBudget: Int
    private(set) var bytes = 0
    private var clock: UInt64 = 0

    init(byteBudget: Int) { self.byteBudget = byteBudget }

    func contains(_ key: PageKey) -> Bool { pages[key] != nil }

    /// The packed page for `key`, marked used.
    mutating func take(_ key: PageKey) -> Packed? {
        guard pages[key] != nil else { return nil }
        clock += 1
        pages[key]!.used = clock
        return pages[key]
    }

    /// Keeps `packed` for `key`, evicting the least recently used to the budget (never the new one).
    mutating func insert(_ packed: Packed, for key: PageKey) {
        if let old = pages[key] { bytes -= old.bytes.count }
        clock += 1
        var p = packed; p.used = clock
        pages[key] = p
        bytes += p.bytes.count
        guard bytes > byteBudget else { return }
        for (k, e) in pages.sorted(by: { $0.value.used < $1.value.used }) where bytes > byteBudget && k != key {
            pages[k] = nil
            bytes -= e.bytes.count
        }
    }

    mutating func removeAll() { pages = [:]; bytes = 0 }

    /// `b`'s pixels compressed; nil if LZ4 fails (then the page is simply not kept).
    static func pack(_ b: Bitmap) -> Packed? {
        let n = b.stride * b.height
        guard n <= Int(LZ4_MAX_INPUT_SIZE) else { return nil }
        var out = [UInt8](repeating: 0, count: Int(LZ4_compressBound(Int32(n))))
        let written = b.pixels.withUnsafeBytes { src in
            out.withUnsafeMutableBytes { dst in
                LZ4_compress_default(src.baseAddress!.assumingMemoryBound(to: CChar.self), dst.baseAddress!.assumingMemoryBound(to: CChar.self), Int32(n), Int32(dst.count))
            }
        }
        guard written > 0 else { return nil }
        // A copy of the right size: the bound is larger than the data, and the array keeps its capacity.
        return Packed(width: b.width, height: b.height, stride: b.stride, bytes: Array(out[0..<Int(written)]), used: 0)
    }

    /// The page unpacked into a new bitmap (opaque BGRA, as poppler renders them); nil if the
    /// data is damaged.
    static func unpack(_ p: Packed, resizer: (any BitmapResizer)?) -> Bitmap? {
        let n = p.stride * p.height
        var ok = false
        let pixels = [UInt8](unsafeUninitializedCapacity: n) { buf, count in
            let got = p.bytes.withUnsafeBytes { src in
                LZ4_decompress_safe(src.baseAddress!.assumingMemoryBound(to: CChar.self), UnsafeMutableRawPointer(buf.baseAddress!).assumingMemoryBound(to: CChar.self), Int32(p.bytes.count), Int32(n))
            }
            ok = got == Int32(n)
            count = ok ? n : 0
        }
        guard ok else { return nil }
        return Bitmap(width: p.width, height: p.height, stride: p.stride, format: .bgra, isOpaque: true, pixels: pixels, resizer: resizer)
    }
}
