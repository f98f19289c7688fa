import PodiumKit

/// The search field: the kit's `TextField` (editing, selection, clipboard, Return commits) plus
/// Up/Down to step through earlier queries and Ctrl+U to clear, as in shells.
final class QueryField: TextField {
    /// Up (−1, older) or Down (+1, newer) pressed: the owner replaces `text` from its history.
    var onHistoryStep: ((Int) -> Void)?

    init(id: String) {
        super.init(placeholder: "Search", id: id)
        font = .system(17)
    }

    override func handle(_ event: InputEvent) -> Bool {
        if case let .key(k) = event, isEditable, !k.alt, !k.gui {
            if !k.control, k.is("Up") || k.is("Down") { onHistoryStep?(k.is("Up") ? -1 : 1); return true }
            if k.control, k.is("U") { text = ""; onChange?(text); return true }
        }
        return super.handle(event)
    }
}
