import PodiumKit

/// The drawing tools as buttons on the presenter's PDF view, for a speaker who reaches for the
/// mouse rather than the keys: each does what its key-map action does (`PDFScene.handleInk`),
/// and the tool in hand (and the spotlight, the zoom) is marked with a dot.
final class InkToolbar: Toolbar {
    static let actions: [(ConsoleAction, String)] = [
        (.penTool, "Pen"), (.highlighterTool, "Highlighter"), (.eraserTool, "Eraser"),
        (.undoDrawing, "Undo"), (.clearDrawing, "Clear"), (.spotlight, "Spotlight"), (.zoom, "Zoom"),
    ]

    init(perform: @escaping (ConsoleAction) -> Void) {
        super.init(items: Self.actions.map { action, title in
            .button(BarButtonItem(title, id: "pdf.tool.\(action.rawValue)") { _ in perform(action) })
        }, id: "pdf.tools")
        for b in buttons { b.font = .system(13) }
    }

    /// Marks the actions that are on now.
    func mark(_ on: Set<ConsoleAction>) {
        var changed = false
        for (b, (action, title)) in zip(buttons, Self.actions) {
            let t = on.contains(action) ? "● " + title : title
            if b.title != t { b.title = t; changed = true }
        }
        // Setting the items again lays the row out afresh for the new title widths.
        if changed { items = items }
    }
}
