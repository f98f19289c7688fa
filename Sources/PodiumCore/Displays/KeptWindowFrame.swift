import PodiumKit

/// Where a `--windowed` console the speaker placed comes back after a crash restart
/// (`DisplayController.keptPresenterFrame`): its size and place, moved and if need be shrunk
/// onto its display. Window managers let a window hang partly off its display (a console
/// sized taller than the space below it: trial 35 F10 came back at the default 1024×640,
/// losing the narrow layout the speaker had chosen).
public enum KeptWindowFrame {
    /// `kept` (desktop points) inside `display` (that display's usable bounds): the same size
    /// when it fits, moved in by as little as it takes. Nil when `kept`'s centre is not on the
    /// display (it was on another one: placed afresh).
    public static func restored(_ kept: Rect, on display: Rect) -> Rect? {
        guard kept.width > 0, kept.height > 0, display.contains(Point(kept.midX, kept.midY)) else { return nil }
        let w = min(kept.width, display.width), h = min(kept.height, display.height)
        return Rect(clamp(kept.minX, display.minX, display.maxX - w), clamp(kept.minY, display.minY, display.maxY - h), w, h)
    }
}
