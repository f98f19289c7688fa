import PodiumKit

/// The part of the presenter window that lies on the room's display, which the console paints
/// black. Displays overlapping by a sliver (a display-settings drag a few pixels off: a projector
/// at x=1270 beside a 1280-wide laptop) are extended, not mirrored (`DisplayInfo.mirrors`), yet
/// both show the strip where they overlap: whichever window the X server stacks on top there, the
/// room must see none of the console (trial 12). Also a `--windowed` console the speaker dragged
/// partly onto the projector: the part there is black until it is dragged back. The console is
/// laid out beside a strip on its right or bottom edge (`contentSize`).
public enum RoomStrip {
    /// The rectangle of the presenter window to cover, in window points (origin the window's
    /// top-left, rounded outward to whole points, inside the window), or nil when none of the
    /// window is on the room's display.
    /// - windowFrame: where the window system really has the presenter window (desktop
    ///   coordinates, the platform's units: pixels on X11; `DisplayController.realFrame(of:)`).
    /// - windowSize: the window's size in points (what its tree is laid out in); a frame in other
    ///   units than points is scaled by `windowSize / windowFrame.size`.
    /// - room: the display the room sees; nil (audience in the preview or a window) gives nil.
    /// - presenter: the presenter's display; a room that is it or mirrors it (`DisplayInfo.mirrors`)
    ///   gives nil: the console is hidden then (the audience view covers that display), and
    ///   covering would black all of it.
    public static func cover(windowFrame: Rect, windowSize: Size, room: DisplayInfo?, presenter: DisplayInfo?) -> Rect? {
        guard let room, windowFrame.width > 0, windowFrame.height > 0, windowSize.width > 0, windowSize.height > 0 else { return nil }
        if let p = presenter, p.identity == room.identity || room.mirrors(p) { return nil }
        guard windowFrame.intersects(room.bounds) else { return nil }
        let there = windowFrame.intersection(room.bounds)
        let sx = windowSize.width / windowFrame.width, sy = windowSize.height / windowFrame.height
        // Outward: a fraction of a point left uncovered would still show the console's pixels.
        let x0 = max(0, ((there.minX - windowFrame.minX) * sx).rounded(.down))
        let y0 = max(0, ((there.minY - windowFrame.minY) * sy).rounded(.down))
        let x1 = min(windowSize.width, ((there.maxX - windowFrame.minX) * sx).rounded(.up))
        let y1 = min(windowSize.height, ((there.maxY - windowFrame.minY) * sy).rounded(.up))
        return x1 > x0 && y1 > y0 ? Rect(x0, y0, x1 - x0, y1 - y0) : nil
    }

    /// The size (points) the window's tree is laid out in beside `strip`, so no control lies under
    /// it: the window less a strip along its right edge (else its bottom edge), the tree keeping
    /// its origin (input needs no translation). A strip elsewhere (on the left or top edge,
    /// covering the whole window) is only painted over: the whole window.
    public static func contentSize(windowSize: Size, strip: Rect?) -> Size {
        guard let s = strip else { return windowSize }
        if s.minX > 0, s.maxX >= windowSize.width { return Size(s.minX, windowSize.height) }
        if s.minY > 0, s.maxY >= windowSize.height { return Size(windowSize.width, s.minY) }
        return windowSize
    }
}
