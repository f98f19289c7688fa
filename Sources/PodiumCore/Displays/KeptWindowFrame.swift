import PodiumKit

/// Where a `--windowed` console the speaker placed comes back after a crash restart
/// (`DisplayController.keptPresenterFrame`): its size and place, moved and if need be shrunk
/// onto its display. Window managers let a window hang partly off its display (a console
/// sized taller than the space below it: trial 35 F10 came back at the default 1024×640,
/// losing the narrow layout the speaker had chosen).
public enum KeptWindowFrame {
    /// `kept` (desktop points) inside `display` (the presenter's display's usable bounds): the
    /// same size when it fits, moved in by as little as it takes, also from another display (a
    /// console dragged mostly over the projector goes back to its own display at the speaker's
    /// size; trial 36 m5). Nil for a frame with no size.
    public static func restored(_ kept: Rect, on display: Rect) -> Rect? {
        guard kept.width > 0, kept.height > 0, kept.width.isFinite, kept.height.isFinite else { return nil }
        let w = min(kept.width, display.width), h = min(kept.height, display.height)
        return Rect(clamp(kept.minX, display.minX, display.maxX - w), clamp(kept.minY, display.minY, display.maxY - h), w, h)
    }
}
