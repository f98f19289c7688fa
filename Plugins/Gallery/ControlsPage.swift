import PodiumKit

/// Every control, in a form under a navigation bar with a toolbar at the bottom. Ids:
/// `gallery.nav`, `gallery.info` (popover), `gallery.share` (action sheet), `gallery.name`,
/// `gallery.notes`, `gallery.rating`, `gallery.seen`, `gallery.filter`, `gallery.toolbar`…
final class ControlsPage: GalleryPage {
    let info = BarButtonItem("Info", id: "gallery.info")
    let share = BarButtonItem("Share", id: "gallery.share")
    let nav: NavigationBar
    let toolbar: Toolbar

    override init(report: @escaping (String) -> Void) {
        nav = NavigationBar(title: "Controls", leading: [.button(info)], trailing: [.button(share)], id: "gallery.nav")
        toolbar = Toolbar(items: [
            .button(BarButtonItem("Back", id: "gallery.back")), .fixedSpace(24),
            .button(BarButtonItem("Forward", id: "gallery.forward")), .flexibleSpace,
            .button(BarButtonItem("Done", id: "gallery.done")),
        ], id: "gallery.toolbar")
        super.init(report: report)
        info.action = { [weak self] _ in self?.open("toolbar") }
        share.action = { [weak self] _ in self?.open("action-sheet") }
        addSubview(nav.pinned(Pins(leading: 0, trailing: 0, top: 0, height: Toolbar.height)))
        addSubview(toolbar.pinned(Pins(leading: 0, trailing: 0, bottom: 0, height: Toolbar.height)))
        addSubview(form().pinned(Pins(leading: 0, trailing: 0, top: Toolbar.height, bottom: Toolbar.height)))
        for case let .button(b) in toolbar.items { b.action = { [weak self] b in self?.report("\(b.title) tapped") } }
    }

    private func form() -> View {
        let t = Theme.standard
        let form = StackView(.vertical, spacing: 10, insets: EdgeInsets(top: 14, left: 20, bottom: 14, right: 20))
        let buttons = StackView(.horizontal, spacing: 10)
        for (title, style) in [("Plain", Button.Style.plain), ("Filled", .filled), ("Destructive", .destructive)] {
            buttons.add(Button(title, id: "gallery.button.\(title.lowercased())", style: style) { [weak self] b in self?.report("\(b.title) button") })
        }
        let disabled = Button("Disabled", id: "gallery.button.disabled"); disabled.isEnabled = false
        buttons.add(disabled)
        form.add(buttons, length: 34)

        let name = TextField(placeholder: "Band name (type, Ctrl+A/C/V/X)", id: "gallery.name")
        name.onChange = { [weak self] s in self?.report(s.isEmpty ? "…" : s) }
        name.onCommit = { [weak self] s in self?.report("Saved “\(s)”") }
        form.add(name)
        let notes = TextView("Multi-line notes wrap at spaces.\nReturn starts a new line; the view scrolls when full.",
                             placeholder: "Notes", id: "gallery.notes")
        notes.onChange = { [weak self] s in self?.report(String(s.suffix(60))) }
        form.add(notes, length: 84)

        let rating = Slider(value: 7, in: 0...10, step: 1, id: "gallery.rating")
        let ratingLabel = Label("Rating 7/10", font: .body)
        rating.onChange = { [weak self] v in ratingLabel.text = "Rating \(Int(v))/10"; self?.report("Rating \(Int(v))/10") }
        form.add(row(ratingLabel, rating), length: 34)
        let seen = Switch(isOn: true, label: "Seen live", id: "gallery.seen")
        seen.onChange = { [weak self] on in self?.report(on ? "Seen live" : "Not seen live") }
        form.add(row(Label("Seen live"), seen), length: 34)
        let filter = SegmentedControl(titles: ["All", "On Tour", "Off Tour", "Disbanded"], id: "gallery.filter")
        filter.onChange = { [weak self, weak filter] i in self?.report("Filter: \(filter?.segments[i].title ?? "")") }
        form.add(filter, length: 32)

        let long = "A multi-line label wraps at spaces and ends with an ellipsis when it runs out of lines: "
            + "Кино, 五月天, Sigur Rós, Radiohead, Low, Mogwai, The National, Arcade Fire, Björk, Portishead."
        let wrapped = Label(long, font: .system(14), color: t.secondaryText, lines: 2)
        let single = Label("A single-line label is truncated with an ellipsis rather than wrapped, whatever the width.", font: .system(14))
        let image = ImageView(); image.placeholder = "R"
        let media = StackView(.horizontal, spacing: 12)
        let labels = StackView(.vertical, spacing: 6); labels.add(single); labels.add(wrapped)
        media.add(image, length: 64); media.add(labels, flexible: true)
        form.add(media, length: 64)
        return form
    }

    private func row(_ label: View, _ control: View) -> View {
        let r = StackView(.horizontal, spacing: 12)
        r.alignment = .center
        r.add(label, length: 140)
        r.add(control, flexible: true)
        if control is Switch { r.setLength(Switch.size.width, for: control); r.addFlexibleSpace() }
        return r
    }

    override func open(_ name: String) {
        guard let root else { return }
        switch name {
        case "toolbar":
            root.presentPopover(Self.card("Popover from a bar button", "It points at “Info”, follows it when the window resizes, and closes on a click outside or Esc."),
                                preferredSize: Size(300, 130), from: info, source: "gallery.info")
        default:
            root.presentActionSheet(demoSheet(), from: share)
        }
    }
}
