import Foundation

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
    public let id: UInt64
    /// Size in pixels.
    public let width: Int, height: Int
    /// Bytes per row (at least `width * 4`).
    public let stride: Int
    public let format: Format
    /// Every pixel is fully opaque, so the renderer may copy without blending (much faster in
    /// SDL's software renderer).
    public let isOpaque: Bool
    /// `stride * height` bytes, row-major, top row first.
    public let pixels: [UInt8]

    /// Wraps `pixels`; returns nil when the buffer is smaller than `stride * height` or a
    /// dimension is not positive.
    public init?(width: Int, height: Int, stride: Int? = nil, format: Format = .rgba, isOpaque: Bool = false, pixels: [UInt8]) {
        let s = stride ?? width * 4
        guard width > 0, height > 0, s >= width * 4, pixels.count >= s * height else { return nil }
        self.width = width; self.height = height; self.stride = s; self.format = format; self.isOpaque = isOpaque; self.pixels = pixels
        id = Bitmap.nextID.next()
    }

    /// Size in bytes, for cache budgets.
    public var byteCount: Int { pixels.count }

    private static let nextID = IDCounter()
}

/// A thread-safe increasing counter (bitmaps are made on worker threads).
private final class IDCounter: @unchecked Sendable {
    private var value: UInt64 = 0
    private let lock = NSLock()
    func next() -> UInt64 { lock.lock(); defer { lock.unlock() }; value += 1; return value }
}

extension Bitmap: Equatable {
    public static func == (a: Bitmap, b: Bitmap) -> Bool { a === b }
}
