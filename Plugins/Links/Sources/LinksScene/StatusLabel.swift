import PodiumKit

/// A one-line message to the speaker (saved, refused URL, unreadable file). It is a `status`
/// control while it shows text, so the control socket's `state` reports it with its id.
final class StatusLabel: Label {
    init(id: String) {
        super.init("", font: .caption, lines: 2)
        self.id = id
    }
    func say(_ text: String, error: Bool, theme: Theme) {
        self.text = text
        color = error ? theme.destructive : theme.secondaryText
    }
    override var role: String? { text.isEmpty ? nil : "status" }
}
