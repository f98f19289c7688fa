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
    let image = Thumbnail()
    let imagePath = TextField(placeholder: "Image path, or drop a file", id: "bands.image-path")
    let setImage = Button("Set Image", id: "bands.image-set")
    let clearImage = Button("Remove", id: "bands.image-clear")
    let notes = TextView(placeholder: "Notes", id: "bands.notes")
    let message = MessageLabel("", font: .system(14), lines: 2)
    private let form = StackView(.vertical, spacing: 10, insets: EdgeInsets(all: 16))
    /// Scrolls the form when even compact it leaves the notes under `notesMinimum` (trial 35 F2:
    /// in a 640×480 console the notes were 0 pt tall).
    private lazy var scroller = FormScroller(content: form)
    private let imageControls = StackView(.vertical, spacing: 8)
    private let imageButtons = StackView(.horizontal, spacing: 8)
    private let nameCaption = BandDetailView.caption("NAME"), notesCaption = BandDetailView.caption("NOTES")
    /// The captions before the rating and touring controls, folded in a narrow form.
    private let rowCaptions = ["RATING", "TOURING"].map { BandDetailView.caption($0) }
    private lazy var ratingRow = row(rowCaptions[0], [rating], flexible: rating, trailing: ratingText)
    private lazy var imageRow = row(image, [imageControls], flexible: imageControls, leadingWidth: Self.imageSide)
    /// The image's side in points, and its side in a form too short for it and the notes.
    private static let imageSide = 84.0, compactImageSide = 34.0
    /// Points the notes editor keeps (three lines) before the form grows compact: the image row
    /// in one line, the rows closer, no NAME and NOTES headings (the bold name and the notes'
    /// placeholder say what they are) (trial 34 m2: a 640×760 console left the notes 0 pt tall);
    /// shorter still, the form scrolls (`FormScroller`).
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
        form.add(ratingRow, length: 34)
        form.add(row(rowCaptions[1], [touring], flexible: touring), length: 34)
        form.add(row(Self.caption("SEEN LIVE"), [seenLive], flexible: nil), length: 34)
        imageButtons.add(setImage); imageButtons.add(clearImage); imageButtons.addFlexibleSpace()
        imageControls.add(imagePath, length: 34); imageControls.add(imageButtons, length: 34)
        form.add(imageRow, length: Self.imageSide)
        form.add(message)
        form.add(notesCaption); form.add(notes, flexible: true)
        addSubviews(scroller.pinned(.fill()), empty.pinned(.fill(40)))

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
        scroller.isHidden = band == nil
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
        ratingText.text = "\(b.rating)/10" + (rowCaptions[0].isHidden ? "" : " \(b.stars)")
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
        layOut(narrow: bounds.width - 32 < Self.narrowForm)
        let compact = bounds.height - fixedHeight(compact: false) < Self.notesMinimum
        layOut(compact: compact)
        // Too short even compact (a 640×480 console): the form scrolls, the notes keep three lines.
        scroller.contentHeight = fixedHeight(compact: compact) + Self.notesMinimum
        super.layoutSubviews()
    }

    /// Points of inner width under which the rating and touring rows fold their captions (the
    /// rating's text and the touring titles say what they are) and the rating's text drops its
    /// stars (trial 35 F2: in a 480-pt console the slider was 27 pt, its knob).
    static let narrowForm = 360.0
    /// Points the image path field keeps beside the buttons in a compact form; a narrower one goes
    /// over them as in a tall form (trial 35 F2: 22 pt at 480 pt wide).
    static let pathFieldLeast = 120.0

    private func layOut(narrow: Bool) {
        if rowCaptions[0].isHidden != narrow {
            for caption in rowCaptions { caption.isHidden = narrow; caption.superview?.setNeedsLayout() }
            if let b = draft { showFacts(b) }
        }
        let trailing = narrow ? metrics.map { $0.size(of: "10/10", font: ratingText.font).width + 4 } ?? 50 : 140
        if ratingRow.arrangedLengths[ObjectIdentifier(ratingText)] != trailing { ratingRow.setLength(trailing, for: ratingText) }
    }

    /// The form's height in points with the notes 0 pt tall, at full size or compact.
    private func fixedHeight(compact: Bool) -> Double {
        let headings: [View] = [nameCaption, notesCaption]
        let others = form.subviews.filter { v in
            let heading = headings.contains { $0 === v }
            return (heading ? !compact : !v.isHidden) && v !== notes && v !== imageRow
        }
        let width = Size(max(0, bounds.width - 32), .infinity)
        let fixed = others.reduce(0) { $0 + (form.arrangedLengths[ObjectIdentifier($1)] ?? $1.sizeThatFits(width).height) }
        return fixed + imageLayout(compact: compact).row + (compact ? 6 : 10) * Double(others.count + 1) + 32
    }

    /// The image row: its height and the image's side, in points, whether the path field and the
    /// buttons share one line (compact, the field keeping `pathFieldLeast`), whether the buttons
    /// go one over the other (too wide beside the image: "Remove" was cut at 400 pt), and the
    /// field's and the buttons' lengths along the image controls' axis.
    private func imageLayout(compact: Bool) -> (row: Double, side: Double, oneLine: Bool, buttonsStacked: Bool, field: Double, buttons: Double) {
        let buttons = [setImage, clearImage].reduce(imageButtons.spacing) { $0 + $1.sizeThatFits(Size(.infinity, 34)).width }
        let inner = bounds.width - 32, side = compact ? Self.compactImageSide : Self.imageSide
        let field = max(0, inner - side - imageRow.spacing - imageControls.spacing - buttons)
        if compact && field >= Self.pathFieldLeast { return (side, side, true, false, field, buttons) }
        let stacked = buttons > inner - side - imageRow.spacing
        let buttonsLength = stacked ? 34 * 2 + imageButtons.spacing : 34
        return (max(side, 34 + imageControls.spacing + buttonsLength), side, false, stacked, 34, buttonsLength)
    }

    /// The form at full size (headings, the image, the path field over the buttons) or compact
    /// (no headings, a small image, the field and the buttons in one line if the field keeps
    /// `pathFieldLeast`); gaps 10 or 6 pt.
    private func layOut(compact: Bool) {
        for heading in [nameCaption, notesCaption] where heading.isHidden != compact { heading.isHidden = compact; form.setNeedsLayout() }
        let image = imageLayout(compact: compact)
        form.spacing = compact ? 6 : 10
        let axis: StackView.Axis = image.oneLine ? .horizontal : .vertical
        if imageControls.axis != axis { imageControls.axis = axis; imageControls.setNeedsLayout() }
        let buttonsAxis: StackView.Axis = image.buttonsStacked ? .vertical : .horizontal
        if imageButtons.axis != buttonsAxis { imageButtons.axis = buttonsAxis; imageButtons.setNeedsLayout() }
        let lengths: [(StackView, View, Double)] = [(form, imageRow, image.row), (imageRow, self.image, image.side),
            (imageControls, imagePath, image.field), (imageControls, imageButtons, image.buttons)]
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

/// The band's image, square (its side the least of the two it is given), not stretched to a
/// row taller than it (the path field over the buttons beside it).
final class Thumbnail: ImageView {
    override func sizeThatFits(_ available: Size) -> Size {
        let side = min(available.width, available.height)
        return Size(side, side)
    }
}

/// A view that clips one content view and scrolls it vertically when `contentHeight` is more
/// than its own height: by the wheel, and to bring the control that takes focus (Tab) into sight.
/// A thin bar on the trailing edge says there is more.
final class FormScroller: View {
    let content: View
    /// The content's least height in points; a taller scroller gives it all of its own.
    var contentHeight = 0.0 { didSet { if contentHeight != oldValue { setNeedsLayout() } } }
    /// Points the content is scrolled up by, 0 at its top.
    private(set) var offset = 0.0
    private weak var revealed: View?

    init(content: View) {
        self.content = content
        super.init()
        clipsToBounds = true
        addSubview(content)
    }

    private var maxOffset: Double { max(0, contentHeight - bounds.height) }

    override func layoutSubviews() { scroll(to: offset) }

    /// Scrolls the content `y` points up, kept within its height.
    func scroll(to y: Double) {
        offset = clamp(y, 0, maxOffset)
        let frame = Rect(0, -offset, bounds.width, max(bounds.height, contentHeight))
        if content.frame != frame { content.frame = frame }
    }

    override var isUserInteractionEnabled: Bool { true }

    override func handle(_ event: InputEvent) -> Bool {
        guard case let .wheel(_, dy, _) = event, maxOffset > 0 else { return false }
        scroll(to: offset - dy * 40)
        return true
    }

    override func render(into list: inout DrawList) {
        // Focus moved (Tab) to a control scrolled out of sight: bring it in, 6 pt clear.
        let focused = host?.focusedView
        if focused !== revealed {
            revealed = focused
            if let f = focused, f.isDescendant(of: self) {
                let top = f.convertToWindow(Point.zero).y - convertToWindow(Point.zero).y
                if top < 0 { scroll(to: offset + top - 6) }
                else if top + f.frame.height > bounds.height { scroll(to: offset + top + f.frame.height - bounds.height + 6) }
            }
        }
        super.render(into: &list)
    }

    override func drawOverlay(into list: inout DrawList) {
        guard maxOffset > 0 else { return }
        let h = max(24, bounds.height * bounds.height / contentHeight)
        list.fill(Rect(bounds.width - 5, offset / maxOffset * (bounds.height - h), 3, h), theme.secondaryText.withAlpha(0.6), radius: 1.5)
    }
}

/// The form's message line: errors and confirmations, in the control tree as a `status` so the
/// control socket and tests can read what the presenter was told.
final class MessageLabel: Label {
    override var role: String? { text.isEmpty ? nil : "status" }
}
