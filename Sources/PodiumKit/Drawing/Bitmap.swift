import FoundationEssentials

/// Pixels held in memory (a rendered PDF page, a chart), drawn with `DrawCommand.bitmap`.
///
/// Immutable once made. `id` is unique per bitmap for the life of the process, so the renderer
/// uploads each bitmap to a texture once and reuses it while the bitmap lives; when the last
/// reference goes, the renderer drops the texture on its next frame. Make a new `Bitmap` for new
/// pixels rather than reusing an id.
public final class Bitmap: @unchecked Sendable {
    /// Byte order of one pixel in `pixels`. Alpha is premultiplied in both.
    public enum Format: Sendable {
        /// R, G, B, A bytes.
        case rgba
        /// B, G, R, A bytes: cairo's `CAIRO_FORMAT_ARGB32` on little-endian machines.
        case bgra
    }
    /// Unique per bitmap for the life of the process; the renderer keys its texture by it.
    public let id: UInt64
    /// Size in pixels.
    public let width: Int, height: Int
    /// Bytes per row (at least `width * 4`).
    public let stride: Int
    /// The byte order of `pixels` (``Bitmap/Format``).
    public let format: Format
    /// Every pixel is fully opaque, so the renderer may copy without blending (much faster in
    /// SDL's software renderer).
    public let isOpaque: Bool
    /// `stride * height` bytes, row-major, top row first. A bitmap made from a `pixelSource`
    /// holds none: they are unpacked (a new array) on each use; draw it, or `copyPixels`.
    public var pixels: [UInt8] {
        if let storedPixels { return storedPixels }
        var out = [UInt8](repeating: 0, count: stride * height)
        _ = out.withUnsafeMutableBytes { pixelSource?.copyPixels(into: $0.baseAddress!, stride: stride) }
        return out
    }
    private let storedPixels: [UInt8]?
    /// Where the pixels come from when the bitmap does not hold them (a PDF page kept
    /// compressed), or nil. Added after API 2.1 (additive).
    public let pixelSource: (any BitmapPixelSource)?
    /// Makes the same picture at other pixel sizes (a PDF page rendered anew for a preview), or
    /// nil. Added after API 2.1 (additive).
    public let resizer: (any BitmapResizer)?

    /// Wraps `pixels`; returns nil when the buffer is smaller than `stride * height` or a
    /// dimension is not positive.
    public init?(width: Int, height: Int, stride: Int? = nil, format: Format = .rgba, isOpaque: Bool = false, pixels: [UInt8]) {
        let s = stride ?? width * 4
        guard width > 0, height > 0, s >= width * 4, pixels.count >= s * height else { return nil }
        self.width = width; self.height = height; self.stride = s; self.format = format; self.isOpaque = isOpaque; storedPixels = pixels
        resizer = nil; pixelSource = nil
        id = Bitmap.nextID.next()
    }

    /// Wraps `pixels`, with `resizer` to ask for the picture at the pixel size it is drawn at
    /// when that differs from `width` × `height` (more than a pixel either way). Nil as above.
    /// Added after API 2.1 (additive).
    public init?(width: Int, height: Int, stride: Int? = nil, format: Format = .rgba, isOpaque: Bool = false, pixels: [UInt8], resizer: (any BitmapResizer)?) {
        let s = stride ?? width * 4
        guard width > 0, height > 0, s >= width * 4, pixels.count >= s * height else { return nil }
        self.width = width; self.height = height; self.stride = s; self.format = format; self.isOpaque = isOpaque; storedPixels = pixels
        self.resizer = resizer; pixelSource = nil
        id = Bitmap.nextID.next()
    }

    /// A bitmap whose pixels stay in `source` (e.g. compressed) until drawn: the renderer
    /// unpacks them straight into the texture. Nil when a dimension is not positive. Added after
    /// API 2.1 (additive).
    public init?(width: Int, height: Int, stride: Int? = nil, format: Format = .rgba, isOpaque: Bool = false, source: any BitmapPixelSource, resizer: (any BitmapResizer)?) {
        let s = stride ?? width * 4
        guard width > 0, height > 0, s >= width * 4 else { return nil }
        self.width = width; self.height = height; self.stride = s; self.format = format; self.isOpaque = isOpaque; storedPixels = nil
        self.resizer = resizer; pixelSource = source
        id = Bitmap.nextID.next()
    }

    /// Bytes held (the pixels, or what the source holds), for cache budgets.
    public var byteCount: Int { storedPixels?.count ?? pixelSource?.byteCount ?? 0 }

    /// Writes the pixels into `destination`, `height` rows of `width * 4` bytes, `stride` bytes
    /// apart (a locked texture); false when the source cannot (damaged data). Added after API 2.1.
    public func copyPixels(into destination: UnsafeMutableRawPointer, stride: Int) -> Bool {
        guard let storedPixels else { return pixelSource?.copyPixels(into: destination, stride: stride) ?? false }
        let row = width * 4
        storedPixels.withUnsafeBytes { src in
            for y in 0..<height { (destination + y * stride).copyMemory(from: src.baseAddress! + y * self.stride, byteCount: row) }
        }
        return true
    }

    private static let nextID = IDCounter()
}

/// Makes a bitmap's picture at another pixel size (`Bitmap.resizer`): the renderer asks it for
/// the size a bitmap is drawn at, so a scaled-down preview of a PDF page is rendered at its own
/// size (sharper, and no full-size page scaled down on the main thread). Added after API 2.1 (additive).
public protocol BitmapResizer: AnyObject, Sendable {
    /// The picture at exactly `pixelWidth` × `pixelHeight` pixels when it is ready; otherwise nil
    /// (the renderer draws the bitmap scaled meanwhile), having asked for it: the resizer's owner
    /// redraws the windows once it is ready. Return the same `Bitmap` object while the picture is
    /// unchanged (the renderer compares bitmaps by identity to find what a frame changes).
    func bitmap(pixelWidth: Int, pixelHeight: Int) -> Bitmap?
}

/// Pixels a `Bitmap` does not hold itself (`Bitmap.pixelSource`): a PDF page kept compressed is
/// unpacked straight into its texture. Added after API 2.1 (additive).
public protocol BitmapPixelSource: AnyObject, Sendable {
    /// Bytes the source holds, for cache budgets.
    var byteCount: Int { get }
    /// Writes the bitmap's rows (`width * 4` bytes each) into `destination`, `stride` bytes
    /// apart; false when it cannot.
    func copyPixels(into destination: UnsafeMutableRawPointer, stride: Int) -> Bool
}

/// A thread-safe increasing counter (bitmaps, shapes and pictures are made on worker threads).
final class IDCounter: @unchecked Sendable {
    private var value: UInt64 = 0
    private let lock = ThreadLock()
    func next() -> UInt64 { lock.lock(); defer { lock.unlock() }; value += 1; return value }
}

extension Bitmap: Equatable {
    public static func == (a: Bitmap, b: Bitmap) -> Bool { a === b }
}

extension Bitmap {
    /// A copy `factor` times smaller in each dimension (at least 1×1), each pixel the mean of four
    /// samples spread over its `factor × factor` block, so a preview of a 4K page costs a small
    /// texture and reads a fraction of the source. Returns self for `factor` ≤ 1.
    public func reduced(by factor: Int) -> Bitmap {
        guard factor > 1 else { return self }
        let w = max(1, width / factor), h = max(1, height / factor)
        var out = [UInt8](repeating: 0, count: w * h * 4)
        let q = factor / 4, q3 = factor - 1 - factor / 4   // sample offsets inside a block
        // Byte offsets of the two sample columns of each output column, computed once.
        let cols0 = (0..<w).map { ($0 * factor + q) * 4 }, cols1 = (0..<w).map { min(width - 1, $0 * factor + q3) * 4 }
        // Four channels at once: the even and the odd bytes of a pixel each sum in 16-bit lanes
        // of a UInt32 (at most 4 × 255), so a mean is two adds and a shift per pair of channels.
        let even: UInt32 = 0x00FF_00FF
        pixels.withUnsafeBytes { src in
            out.withUnsafeMutableBytes { o in
                let dst = o.bindMemory(to: UInt32.self)
                for y in 0..<h {
                    let r0 = (y * factor + q) * stride, r1 = (min(height - 1, y * factor + q3)) * stride
                    for x in 0..<w {
                        let c0 = cols0[x], c1 = cols1[x]
                        let a = src.loadUnaligned(fromByteOffset: r0 + c0, as: UInt32.self)
                        let b = src.loadUnaligned(fromByteOffset: r0 + c1, as: UInt32.self)
                        let c = src.loadUnaligned(fromByteOffset: r1 + c0, as: UInt32.self)
                        let d = src.loadUnaligned(fromByteOffset: r1 + c1, as: UInt32.self)
                        let lo = (a & even) &+ (b & even) &+ (c & even) &+ (d & even)
                        let hi = (a >> 8 & even) &+ (b >> 8 & even) &+ (c >> 8 & even) &+ (d >> 8 & even)
                        dst[y * w + x] = (lo >> 2 & even) | (hi >> 2 & even) << 8
                    }
                }
            }
        }
        return Bitmap(width: w, height: h, format: format, isOpaque: isOpaque, pixels: out)!
    }
}
