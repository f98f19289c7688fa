import PodiumKit

/// The presenter window's layout: a toolbar (previous/next, position, title, elapsed time) on
/// top; the current scene's controls on the left; a live audience preview, the next scene's title
/// and the notes on the right. The sidebar moves below the scene when the window is narrow.
public final class ConsoleView: View {
    public let toolbar = StackView(.horizontal, spacing: 8, insets: EdgeInsets(top: 6, left: 10, bottom: 6, right: 10))
    public let sceneArea = View()
    public let sidebar = StackView(.vertical, spacing: 8, insets: EdgeInsets(all: 10))
    public let preview = PreviewView()
    let positionLabel = Label("", font: .bold(15))
    let titleLabel = Label("", font: .headline)
    public let timerLabel = Label("0:00", font: .bold(17))
    let nextLabel = Label("", font: .system(14), lines: 2)
    let notesLabel = Label("", font: .system(16), lines: 0)
    var onPrevious: (() -> Void)?
    var onNext: (() -> Void)?

    init(deckTitle: String) {
        super.init()
        backgroundColor = Theme.standard.background
        toolbar.backgroundColor = Theme.standard.surface
        let prev = Button("‹ Previous", id: "console.previous", style: .bar) { [weak self] _ in self?.onPrevious?() }
        let next = Button("Next ›", id: "console.next", style: .bar) { [weak self] _ in self?.onNext?() }
        toolbar.alignment = .center
        toolbar.add(prev); toolbar.add(next)
        toolbar.add(positionLabel)
        toolbar.add(titleLabel, flexible: true)
        toolbar.add(timerLabel)
        timerLabel.id = "console.timer"
        sidebar.backgroundColor = Theme.standard.surface
        sidebar.add(Label("AUDIENCE", font: .bold(12), color: Theme.standard.secondaryText))
        sidebar.add(preview, length: 180)
        sidebar.add(nextLabel)
        sidebar.add(Label("NOTES", font: .bold(12), color: Theme.standard.secondaryText))
        sidebar.add(notesLabel, flexible: true)
        sceneArea.clipsToBounds = true
        addSubviews(toolbar, sceneArea, sidebar)
        _ = deckTitle
    }

    func setScene(_ view: View, index: Int, count: Int, title: String, notes: String, nextTitle: String?) {
        sceneArea.removeAllSubviews()
        if view.pins == nil { view.pins = .fill() }   // a plugin may pin its view itself (margins)
        sceneArea.addSubview(view)
        positionLabel.text = "\(index + 1) / \(count)"
        titleLabel.text = title
        nextLabel.text = nextTitle.map { "Next: \($0)" } ?? "End of deck"
        notesLabel.text = notes.isEmpty ? "No notes for this scene." : notes
        setNeedsLayout()
    }

    /// Sidebar width: a third of the window, within 260…420 pt; below 700 pt wide the sidebar
    /// goes under the scene instead.
    public override func layoutSubviews() {
        let b = bounds
        toolbar.frame = Rect(0, 0, b.width, 48)
        let body = Rect(0, 48, b.width, b.height - 48)
        if b.width >= 700 {
            let w = clamp(b.width / 3, 260, 420)
            sceneArea.frame = Rect(0, body.minY, b.width - w, body.height)
            sidebar.frame = Rect(b.width - w, body.minY, w, body.height)
        } else {
            let h = min(body.height * 0.4, 260)
            sceneArea.frame = Rect(0, body.minY, b.width, body.height - h)
            sidebar.frame = Rect(0, body.maxY - h, b.width, h)
        }
        // Keep the preview at the audience aspect ratio across the sidebar's width.
        let aspect = preview.source.map { $0.bounds.width / max(1, $0.bounds.height) } ?? 16.0 / 9
        let pw = sidebar.frame.width - 20
        sidebar.fixLength(of: preview, pw / aspect)
    }
}

extension StackView {
    /// Changes the fixed length of an arranged subview.
    func fixLength(of v: View, _ l: Double) {
        let fixed = arrangedLengths
        if fixed[ObjectIdentifier(v)] != l { setLength(l, for: v) }
    }
}

/// Draws another window's tree (the audience) scaled to fit, letterboxed: the presenter's live
/// preview, which also stands in for the audience window when there is no second display.
public final class PreviewView: View {
    public weak var source: WindowRoot?
    public override init() { super.init(); backgroundColor = .black; id = "console.preview" }
    public override var role: String? { "preview" }
    public override func draw(into list: inout DrawList) {
        guard let src = source, src.bounds.width > 0 else { return }
        let fit = bounds.fitting(aspect: src.bounds.width / src.bounds.height)
        let s = fit.width / src.bounds.width
        let origin = list.offset + fit.origin
        list.pushClip(fit)
        list.append(contentsOf: src.drawList().transformed(scale: s, translation: origin))
        list.popClip()
    }
}
