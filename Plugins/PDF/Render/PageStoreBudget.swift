/// How many bytes of packed pages the store keeps (issue 19, memory): it follows the pixel size
/// of the pages the windows show now (the room's page and the speaker's), so a small window
/// keeps less and a deck of any length costs at most this much more than a short one.
///
/// A page packs to a fraction of its pixels (slides are mostly flat colour: the bench's
/// 1920×1080 pages, 300 shapes and 30 lines of text each, to ~0.5 MB of their 8.3 MB);
/// `framesKept` whole frames' worth of pixels, 2, holds some thirty such pages per window, a
/// short talk whole, so a revisit renders nothing.
/// Never below `floor` (the console's previews and thumbnails are kept too) nor above `ceiling`
/// (a 4K audience: its frames would ask for 80 MB).
public enum PageStoreBudget {
    public static let framesKept = 2.0
    public static let floor = 8 << 20
    public static let ceiling = 32 << 20

    /// The budget in bytes for windows showing pages of `pagePixels` (width × height in pixels,
    /// one entry per window). No window known yet: the ceiling.
    public static func bytes(forPagePixels pagePixels: [Int]) -> Int {
        guard !pagePixels.isEmpty else { return ceiling }
        let frames = Double(pagePixels.reduce(0, +) * 4)
        return min(ceiling, max(floor, Int(frames * framesKept)))
    }
}
