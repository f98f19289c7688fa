import Foundation
import PodiumKit

/// The presenter's detail form for one band: name, rating slider, touring segmented control,
/// seen-live switch, image (drop a file or type a path), notes, and a message line for errors
/// and confirmations. It edits a draft; `onEdit` is told of each change and the scene decides
/// when to save. Control ids start with `bands.` for the control socket and tests.
final class BandDetailView: View {
    let name = TextField(placeholder: "Band name", id: "bands.name")
    let rating = Slider(value: 0, in: 0...10, step: 1, id: "bands.rating")
    let ratingText = Label("", font: .system(15))
    let touring = SegmentedControl(titles: Band.TouringStatus.allCases.map(\.rawValue), selected: nil, id: "bands.touring")
    let seenLive = Switch(label: "Seen live", id: "bands.seen-live")
    let image = ImageView()
    let imagePath = TextField(placeholder: "Image path, or drop a file", id: "bands.image-path")
    let setImage = Button("Set Image", id: "bands.image-set")
    let clearImage = Button("Remove", id: "bands.image-clear")
    let notes = TextView(placeholder: "Notes", id: "bands.notes")
    let message = MessageLabel("", font: .system(14), lines: 2)
    private let form = StackView(.vertical, spacing: 10, insets: EdgeInsets(all: 16))
    private let imageControls = StackView(.vertical, spacing: 8)
    private let imageButtons = StackView(.horizontal, spacing: 8)
    private let nameCaption = BandDetailView.caption("NAME"), notesCaption = BandDetailView.caption("NOTES")
    private lazy var imageRow = row(image, [imageControls], flexible: imageControls, leadingWidth: Self.imageSide)
    /// The image's side in points, and its side in a form too short for it and the notes.
    private static let imageSide = 84.0, compactImageSide = 34.0
    /// Points the notes editor keeps (three lines) before the form grows compact: the image row
    /// in one line, the rows closer, no NAME and NOTES headings (the bold name and the notes'
    /// placeholder say what they are) (trial 34 m2: a 640×760 console left the notes 0 pt tall).
    static let notesMinimum = 72.0
    private static let noBand = "No band selected. Pick one from the list, or add one with +."
    private let empty = MessageLabel(noBand, font: .system(17), lines: 0)

    /// The band as edited so far; nil while nothing is selected.
    private(set) var draft: Band?
    /// The message says the form is as stored ("Saved."): the next edit takes it away, so it
    /// never sits under unsaved edits (trial 16 m4).
    private var messageUntilEdit = false
    /// Called after every change the user makes to the draft.
    var onEdit: ((Band) -> Void)?
    /// A file dropped on the form or a path typed: the scene validates and sets it.
    var onImageFile: ((String) -> Void)?

    override init() {
        super.init()
        backgroundColor = Theme.standard.background
        name.font = .bold(20)
        message.id = "bands.message"
        empty.id = "bands.empty"
        empty.alignment = .center
        empty.color = Theme.standard.secondaryText
        rating.accessibilityLabel = "Rating"
        touring.accessibilityLabel = "Touring"
        notes.accessibilityLabel = "Notes"

        form.add(nameCaption); form.add(name)
        form.add(row(Self.caption("RATING"), [rating], flexible: rating, trailing: ratingText), length: 34)
        form.add(row(Self.caption("TOURING"), [touring], flexible: touring), length: 34)
        form.add(row(Self.caption("SEEN LIVE"), [seenLive], flexible: nil), length: 34)
        imageButtons.add(setImage); imageButtons.add(clearImage); imageButtons.addFlexibleSpace()
        imageControls.add(imagePath, length: 34); imageControls.add(imageButtons, length: 34)
        form.add(imageRow, length: Self.imageSide)
        form.add(message)
        form.add(notesCaption); form.add(notes, flexible: true)
        addSubviews(form.pinned(.fill()), empty.pinned(.fill(40)))

        name.onChange = { [weak self] s in self?.edit { $0.name = s } }
        notes.onChange = { [weak self] s in self?.edit { $0.notes = s } }
        rating.onChange = { [weak self] v in self?.edit { $0.rating = Int(v.rounded()) } }
        touring.onChange = { [weak self] i in self?.edit { $0.touringStatus = Band.TouringStatus.allCases[i] } }
        seenLive.onChange = { [weak self] on in self?.edit { $0.seenLive = on } }
        setImage.action = { [weak self] _ in self.map { $0.onImageFile?($0.imagePath.text) } }
        imagePath.onCommit = { [weak self] s in self?.onImageFile?(s) }
        clearImage.action = { [weak self] _ in self?.edit { $0.imagePath = nil } }
        show(nil)
    }

    private static func caption(_ s: String) -> Label {
        Label(s, font: .bold(12), color: Theme.standard.secondaryText)
    }
    private func row(_ lead: View, _ views: [View], flexible: View?, trailing: View? = nil, leadingWidth: Double = 80) -> StackView {
        let r = StackView(.horizontal, spacing: 10)
        r.alignment = .center
        r.add(lead, length: leadingWidth)
        for v in views { r.add(v, flexible: v === flexible) }
        if let t = trailing { r.add(t, length: 140) }
        if flexible == nil { r.addFlexibleSpace() }
        return r
    }

    private func edit(_ change: (inout Band) -> Void) {
        guard var b = draft else { return }
        change(&b)
        draft = b
        if messageUntilEdit { message.text = ""; messageUntilEdit = false }
        showFacts(b)
        onEdit?(b)
    }

    /// Fills the form from `band` (nil: the empty state) and clears the message.
    func show(_ band: Band?) {
        draft = band
        form.isHidden = band == nil
        empty.isHidden = band != nil
        message.text = ""
        messageUntilEdit = false
        empty.text = Self.noBand
        empty.color = Theme.standard.secondaryText
        guard let b = band else { return }
        name.text = b.name
        notes.text = b.notes
        rating.value = Double(b.rating)
        touring.selectedIndex = Band.TouringStatus.allCases.firstIndex(of: b.touringStatus)
        seenLive.isOn = b.seenLive
        imagePath.text = b.imagePath ?? ""
        showFacts(b)
    }

    /// The empty state, saying the deck's `select` names no band (renamed or deleted since the
    /// deck was written), so the speaker knows why the room sees every name.
    func showMissingSelection(_ name: String) {
        empty.text = "The deck selects \(Self.quoted(name)), which is not in the catalogue (renamed or deleted?). "
            + "The room sees every name; pick a band from the list to show it."
        empty.color = Theme.standard.warning
    }

    /// The empty state after the band in the form was deleted: no band is selected, so the
    /// room sees every name until the speaker picks one.
    func showDeleted(_ name: String) {
        empty.text = "Deleted \(Self.quoted(name)). The room sees every name; pick a band from the list to show it."
    }

    /// A name in quotes, cut to 80 characters.
    static func quoted(_ s: String) -> String { "“" + (s.count > 80 ? s.prefix(79) + "…" : s) + "”" }

    /// The store took the new band in the form as row `id` (the form stays as it is).
    func didStore(id: Int64) { draft?.id = id }
    /// The store took the name trimmed (`BandListModel.named`): the form shows it as stored.
    func didStore(name stored: String) { draft?.name = stored; name.text = stored }

    /// The store kept the form's image as its own copy at `path` (the form stays as stored).
    func didStore(imagePath path: String?) {
        draft?.imagePath = path
        imagePath.text = path ?? ""
        image.path = path
    }

    /// Sets the draft's image (already validated) as an edit.
    func setImagePath(_ path: String?) {
        edit { $0.imagePath = path }
        imagePath.text = path ?? ""
    }

    private func showFacts(_ b: Band) {
        ratingText.text = "\(b.rating)/10 \(b.stars)"
        image.path = b.imagePath
        image.placeholder = String(b.name.trimmingCharacters(in: .whitespaces).prefix(1))
        clearImage.isEnabled = b.imagePath != nil
    }

    /// Shows an error (red) or a confirmation in the message line; with `untilEdit` (a
    /// confirmation that the form is as stored) only until the next edit.
    func say(_ text: String, error: Bool, untilEdit: Bool = false) {
        message.text = text
        message.color = error ? theme.destructive : theme.positive
        messageUntilEdit = untilEdit
    }

    override func layoutSubviews() {
        layOut(compact: isCompact())
        super.layoutSubviews()
    }

    /// Whether the form at full size would leave the notes editor under `notesMinimum`.
    private func isCompact() -> Bool {
        let headings: [View] = [nameCaption, notesCaption]
        let others = form.subviews.filter { v in (!v.isHidden || headings.contains { $0 === v }) && v !== notes && v !== imageRow }
        let width = Size(max(0, bounds.width - 32), .infinity)
        let fixed = others.reduce(0) { $0 + (form.arrangedLengths[ObjectIdentifier($1)] ?? $1.sizeThatFits(width).height) }
        let full = fixed + Self.imageSide + 10 * Double(others.count + 1) + 32
        return bounds.height - full < Self.notesMinimum
    }

    /// The form at full size (headings, the image, the path field over the buttons) or compact
    /// (no headings, a small image, the field and the buttons in one line); gaps 10 or 6 pt.
    private func layOut(compact: Bool) {
        for heading in [nameCaption, notesCaption] where heading.isHidden != compact { heading.isHidden = compact; form.setNeedsLayout() }
        let side = compact ? Self.compactImageSide : Self.imageSide
        let buttons = [setImage, clearImage].reduce(imageButtons.spacing) { $0 + $1.sizeThatFits(Size(.infinity, 34)).width }
        let field = max(0, bounds.width - 32 - side - imageRow.spacing - imageControls.spacing - buttons)
        form.spacing = compact ? 6 : 10
        let axis: StackView.Axis = compact ? .horizontal : .vertical
        if imageControls.axis != axis { imageControls.axis = axis; imageControls.setNeedsLayout() }
        let lengths: [(StackView, View, Double)] = [(form, imageRow, side), (imageRow, image, side),
            (imageControls, imagePath, compact ? field : 34), (imageControls, imageButtons, compact ? buttons : 34)]
        for (stack, view, length) in lengths where stack.arrangedLengths[ObjectIdentifier(view)] != length {
            stack.setLength(length, for: view)
        }
    }

    override var isUserInteractionEnabled: Bool { true }

    override func handle(_ event: InputEvent) -> Bool {
        if case let .dropFile(path, _) = event, draft != nil { onImageFile?(path); return true }
        return false
    }
}

/// The form's message line: errors and confirmations, in the control tree as a `status` so the
/// control socket and tests can read what the presenter was told.
final class MessageLabel: Label {
    override var role: String? { text.isEmpty ? nil : "status" }
}
