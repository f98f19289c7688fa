import PodiumKit

/// The form in the Add… and Edit… popovers: title and URL fields, a message line and Save.
/// Save checks the URL (http/https only) and either hands the link to `onSave` or shows why
/// not, keeping what was typed.
@MainActor
final class LinkEditor {
    let view: View
    let titleField: TextField
    let urlField: TextField
    let message = StatusLabel(id: "links.editor.message")
    /// Returns nil when the link was stored, else a message for the form (a save that failed).
    var onSave: ((Link) -> String?)?
    private let theme: Theme

    static let preferredSize = Size(400, 272)

    init(heading: String, link: Link?, theme: Theme) {
        self.theme = theme
        titleField = TextField(link?.title ?? "", placeholder: "Title, e.g. Slides", id: "links.editor.title")
        urlField = TextField(link?.url ?? "", placeholder: "https://…", id: "links.editor.url")
        let stack = StackView(.vertical, spacing: 6, insets: EdgeInsets(all: 14))
        stack.add(Label(heading, font: .headline), length: 24)
        stack.add(Label("Title", font: .caption, color: theme.secondaryText), length: 16)
        stack.add(titleField, length: 34)
        stack.add(Label("URL", font: .caption, color: theme.secondaryText), length: 16)
        stack.add(urlField, length: 34)
        stack.add(message, length: 34)
        view = stack
        let save = Button("Save", id: "links.editor.save", style: .filled) { [weak self] _ in self?.save() }
        stack.add(save, length: 36)
        urlField.onCommit = { [weak self] _ in self?.save() }
    }

    func save() {
        let url = urlField.text.trimmingCharacters(in: .whitespacesAndNewlines)
        let title = titleField.text.trimmingCharacters(in: .whitespacesAndNewlines)
        if let why = Link.problem(withURL: url) { message.say("Not saved: \(why).", error: true, theme: theme); return }
        if let why = onSave?(Link(title: title.isEmpty ? url : title, url: url)) { message.say(why, error: true, theme: theme) }
    }
}
