import PodiumKit

/// The last page bitmap each window showed (the room's, the speaker's), held for the whole process
/// whatever cache or file it came from: a window whose new page is not rendered yet keeps it when
/// the page before it is gone from its cache too (evicted, or a reload replaced the cache), so the
/// room never sees blank paper (README: "the room keeps the page before it"). One packed page per
/// window: a few hundred KB. Main thread only (page views draw there).
enum WindowLastPage {
    nonisolated(unsafe) private static var held: [PageCache.PageWindow: (key: PageKey, bitmap: Bitmap)] = [:]

    static func note(_ window: PageCache.PageWindow, _ key: PageKey, _ bitmap: Bitmap) { held[window] = (key, bitmap) }

    /// The last page `window` showed and where to draw it in `bounds` (its own shape, centred),
    /// nil when the window has shown no page yet.
    static func page(for window: PageCache.PageWindow, in bounds: Rect) -> (bitmap: Bitmap, rect: Rect)? {
        guard let (key, bitmap) = held[window], key.pixelWidth > 0, key.pixelHeight > 0, bounds.width > 0, bounds.height > 0 else { return nil }
        let k = min(bounds.width / Double(key.pixelWidth), bounds.height / Double(key.pixelHeight))
        let w = Double(key.pixelWidth) * k, h = Double(key.pixelHeight) * k
        return (bitmap, Rect(bounds.minX + (bounds.width - w) / 2, bounds.minY + (bounds.height - h) / 2, w, h))
    }
}
