import PodiumKit

/// The drawing tools as buttons on the presenter's PDF view, for a speaker who reaches for the
/// mouse rather than the keys: each does what its key-map action does (`PDFScene.handleInk`),
/// and the tool in hand (and the spotlight, the zoom) is marked with a dot. The buttons wrap to
/// further rows in a bar narrower than their row (about 480 pt; trial 35 F8: Zoom ran past a
/// 480-pt console, and the bar was hidden under 400 pt).
final class InkToolbar: View {
    static let actions: [(ConsoleAction, String)] = [
        (.penTool, "Pen"), (.highlighterTool, "Highlighter"), (.eraserTool, "Eraser"),
        (.undoDrawing, "Undo"), (.clearDrawing, "Clear"), (.spotlight, "Spotlight"), (.zoom, "Zoom"),
    ]
    /// The buttons, in the order of `actions`.
    let buttons: [BarButtonItem]
    /// A row's height and the gap between buttons, and the bar's inset at its ends (points), as a
    /// `Toolbar`'s.
    static let rowHeight = 34.0, gap = 6.0, inset = 8.0

    init(perform: @escaping (ConsoleAction) -> Void) {
        buttons = Self.actions.map { action, title in
            BarButtonItem(title, id: "pdf.tool.\(action.rawValue)") { _ in perform(action) }
        }
        super.init()
        id = "pdf.tools"
        backgroundColor = Theme.standard.surface
        for b in buttons { b.font = .system(13); addSubview(b) }
    }

    override var role: String? { "toolbar" }

    /// The buttons' frames in a bar `width` points wide: leading to trailing, a new row when the
    /// next one would pass the trailing inset.
    func frames(width: Double) -> [Rect] {
        var x = Self.inset, y = 0.0, frames: [Rect] = []
        for b in buttons {
            let w = b.sizeThatFits(Size(max(44, width - 2 * Self.inset), Self.rowHeight)).width
            if x > Self.inset, x + w > width - Self.inset { x = Self.inset; y += Self.rowHeight }
            frames.append(Rect(x, y, w, Self.rowHeight)); x += w + Self.gap
        }
        return frames
    }

    /// Its width, and the height of its rows at that width.
    override func sizeThatFits(_ available: Size) -> Size {
        Size(available.width, (frames(width: available.width).last?.maxY ?? 0))
    }

    override func layoutSubviews() {
        for (b, f) in zip(buttons, frames(width: bounds.width)) { b.frame = f }
    }

    /// Marks the actions that are on now.
    func mark(_ on: Set<ConsoleAction>) {
        var changed = false
        for (b, (action, title)) in zip(buttons, Self.actions) {
            let t = on.contains(action) ? "● " + title : title
            if b.title != t { b.title = t; changed = true }
        }
        // The new title widths may wrap the buttons differently, and change the bar's height.
        if changed { setNeedsLayout(); superview?.setNeedsLayout() }
    }

    override func drawOverlay(into list: inout DrawList) {
        list.line(Point(0, bounds.height - 0.5), Point(bounds.width, bounds.height - 0.5), theme.separator)
    }
}
