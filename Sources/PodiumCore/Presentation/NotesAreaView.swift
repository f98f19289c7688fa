import PodiumKit

/// The console's notes panel: the deck's text notes and, when the scene has one, the scene's own
/// notes view (a PDF's Beamer notes half). The scene's view fills the panel when there are no
/// text notes; with both, it takes the top 60 % and the text the rest.
final class NotesAreaView: View {
    let notes: NotesView
    private(set) var sceneNotes: View?
    private var hasText = false

    init(notes: NotesView) {
        self.notes = notes
        super.init()
        addSubview(notes)
    }

    /// Shows `view` (nil: text notes only); `hasText` says whether the scene has text notes.
    func set(sceneNotes view: View?, hasText: Bool) {
        if sceneNotes !== view {
            sceneNotes?.removeFromSuperview()
            if let view { addSubview(view) }
            sceneNotes = view
        }
        self.hasText = hasText
        setNeedsLayout()
    }

    override func layoutSubviews() {
        let b = bounds
        guard let v = sceneNotes else { notes.isHidden = false; notes.frame = b; return }
        notes.isHidden = !hasText
        let h = hasText ? (b.height * 0.6).rounded() : b.height
        v.frame = Rect(0, 0, b.width, h)
        notes.frame = hasText ? Rect(0, h + 6, b.width, max(0, b.height - h - 6)) : .zero
    }
}
