import Foundation
import PodiumKit

/// One `links` scene. The presenter view lists the links (Add…, Edit…, Delete…); selecting a row
/// shows that link to the room as a QR code with its title and URL under it. The list is saved
/// in the plugin's data directory after every change. Like every scene and view it is a
/// main-actor type (PodiumKit 3.0); its helpers that build views (`LinkEditor`) are too.
final class LinksScene: Scene {
    let title = "Links"
    let presenterView = View()
    let audienceView: View
    private let context: SceneContext
    private var store: LinkStore
    private var links: [Link]
    private var selected: Int?

    private let list = ListView()
    private let status = StatusLabel(id: "links.message")
    private let qr = QRCodeView()
    private let linkTitle = Label("", font: .bold(40), lines: 1)
    private let linkURL = Label("", font: .system(24), lines: 2)   // long URLs wrap, never cut
    private var editButton: Button!
    private var deleteButton: Button!
    private weak var editor: Popover?
    private var form: LinkEditor?
    /// False during `init`: 2.0 hosts before the fix made the scene again when it asked for a
    /// redraw while being made.
    private var isMade = false

    init(settings: Settings, context: SceneContext) throws {
        self.context = context
        let theme = context.theme
        store = LinkStore(file: context.dataDirectory.appendingPathComponent("\(settings.list).json"))
        switch store.load() {
        case .missing: links = settings.seed
        case let .links(saved): links = saved
        case let .corrupt(reason, keptAt):
            // Never lose the speaker's file: it was moved aside (or, failing that, left alone and
            // the store refuses to write). The talk goes on with the deck's links.
            links = settings.seed
            let whereNow = keptAt.map { "kept as \($0.path)" } ?? "left in place; changes will not be saved until it is moved away"
            status.say("\(reason); \(whereNow). Showing the deck's links.", error: true, theme: theme)
            context.log("\(reason); \(whereNow)")
        }
        if let s = settings.select {
            selected = links.firstIndex { $0.title == s }
            if selected == nil && status.text.isEmpty { status.say("select: no link titled \(Link.quoted(s)); showing the first.", error: true, theme: theme) }
        }
        if selected == nil && !links.isEmpty { selected = 0 }

        // Audience view: the QR code as large as fits, title and URL under it.
        let card = View(background: theme.background)
        let stack = StackView(.vertical, spacing: 12, insets: EdgeInsets(all: 32))
        linkTitle.alignment = .center; linkTitle.color = theme.text
        linkURL.alignment = .center; linkURL.color = theme.secondaryText
        stack.add(qr, flexible: true)
        stack.add(linkTitle, length: 50)
        stack.add(linkURL, length: 62)
        card.addSubview(stack.pinned(.fill()))
        audienceView = card

        // Presenter view: the list and its buttons.
        let controls = StackView(.vertical, spacing: 10, insets: EdgeInsets(all: 16))
        controls.add(Label("Links — the selected one is shown to the room as a QR code", font: .caption, color: theme.secondaryText), length: 18)
        list.id = "links.list"
        list.showsSectionIndex = false
        list.rowHeight = 52
        controls.add(list, flexible: true)
        let buttons = StackView(.horizontal, spacing: 8)
        let add = Button("Add…", id: "links.add") { [weak self] b in self?.showEditor(for: nil, from: b) }
        editButton = Button("Edit…", id: "links.edit") { [weak self] b in
            if let self, let i = self.selected { self.showEditor(for: i, from: b) }
        }
        deleteButton = Button("Delete…", id: "links.delete", style: .destructive) { [weak self] b in self?.confirmDelete(from: b) }
        buttons.add(add, flexible: true); buttons.add(editButton, flexible: true); buttons.add(deleteButton, flexible: true)
        controls.add(buttons, length: 40)
        controls.add(status, length: 34)
        presenterView.addSubview(controls.pinned(.fill()))
        list.onSelect = { [weak self] p, _ in self?.select(p.row) }
        refresh()
        isMade = true
    }

    // MARK: Showing

    /// Rebuilds the list rows, the room's QR code and the buttons' state from `links` and `selected`.
    private func refresh() {
        list.sections = [ListSection(title: "", rows: links.enumerated().map { i, l in ListRow(id: "\(i)", title: l.title, subtitle: l.url) })]
        list.selection = selected.map { ListIndexPath(0, $0) }
        editButton.isEnabled = selected != nil
        deleteButton.isEnabled = selected != nil
        if let i = selected {
            let l = links[i]
            do { qr.code = try QRCode(l.url) } catch {
                qr.code = nil
                status.say("Cannot make a QR code for \(l.title.prefix(40)): \(error)", error: true, theme: context.theme)
            }
            linkTitle.text = l.title
            linkURL.text = l.url
        } else {
            if links.isEmpty && status.text.isEmpty { status.say("No links yet: Add… makes one.", error: false, theme: context.theme) }
            // Nothing chosen: the room sees an empty card, never a stale code.
            qr.code = nil; linkTitle.text = ""; linkURL.text = ""
        }
        if isMade { context.setNeedsDisplay() }
    }

    /// A segue from another scene (`context.openScene(kind: "links", parameters: ["select": "Slides"])`)
    /// shows the link with that title; an unknown title changes nothing.
    func receive(_ parameters: SceneParameters) {
        guard let t = try? parameters.string("select"), let i = links.firstIndex(where: { $0.title == t }) else { return }
        select(i)
    }

    private func select(_ i: Int) {
        guard links.indices.contains(i) else { return }
        selected = i
        refresh()
    }

    // MARK: Editing

    /// Add… (`index` nil) or Edit… the link at `index`, in a popover pointing at `button`.
    private func showEditor(for index: Int?, from button: Button) {
        let form = LinkEditor(heading: index == nil ? "Add a Link" : "Edit Link", link: index.map { links[$0] }, theme: context.theme)
        form.onSave = { [weak self] link in
            guard let self else { return nil }
            var changed = self.links
            if let i = index, changed.indices.contains(i) { changed[i] = link } else { changed.append(link) }
            if let why = self.commit(changed) { return why }
            self.selected = index ?? changed.count - 1
            self.refresh()
            self.editor?.dismiss(byUser: false)
            return nil
        }
        editor = context.presentPopover(form.view, preferredSize: LinkEditor.preferredSize, from: button.convertToWindow(button.bounds),
                                        source: "links.editor", permittedDirections: Set(ArrowDirection.allCases))
        self.form = form   // the popover holds the form's views; the scene holds its save logic
        if editor != nil { form.titleField.becomeFocused() }
    }

    /// Delete… asks in an action sheet pointing at the button.
    private func confirmDelete(from button: Button) {
        guard let i = selected else { return }
        let sheet = ActionSheet(title: "Delete this link?", actions: [
            .init("Delete Link", style: .destructive) { [weak self] in self?.delete(i) },
        ])
        context.presentActionSheet(sheet, from: button.convertToWindow(button.bounds), source: "links.delete")
    }

    private func delete(_ i: Int) {
        guard links.indices.contains(i) else { return }
        var changed = links
        changed.remove(at: i)
        if let why = commit(changed) { status.say(why, error: true, theme: context.theme); context.setNeedsDisplay(); return }
        selected = changed.isEmpty ? nil : min(i, changed.count - 1)
        refresh()
    }

    /// Saves `changed` and makes it the list; on failure keeps the old list and returns why.
    private func commit(_ changed: [Link]) -> String? {
        do { try store.save(changed) } catch { return "\(error)" }
        links = changed
        status.say("Saved to \(store.file.path)", error: false, theme: context.theme)
        return nil
    }
}
