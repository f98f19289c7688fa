import PodiumKit

/// The console's notes panel: the deck's text notes and, when the scene has one, the scene's own
/// notes view (a PDF's Beamer notes half). The scene's view fills the panel when there are no
/// text notes; with both, it takes the top 60 % and the text the rest. In a short panel it
/// takes the panel's width, its bottom scrolled to.
///
/// The notes size keys (Ctrl+= / Ctrl+-) scale the scene's notes view as they size the text: by
/// the text's size against its default (10…48 pt: 0.56…2.67×). A page too small to read in the
/// panel grows past it, anchored at its top left where notes begin; the wheel scrolls it.
final class NotesAreaView: View {
    let notes: NotesView
    private(set) var sceneNotes: View?
    private var hasText = false
    /// Clips the scene's notes view (scaled past the panel) and scrolls it with the wheel.
    let sceneClip = ScrollClip()

    init(notes: NotesView) {
        self.notes = notes
        super.init()
        sceneClip.clipsToBounds = true
        sceneClip.isHidden = true
        addSubviews(sceneClip, notes)
    }

    /// Shows `view` (nil: text notes only); `hasText` says whether the scene has text notes.
    func set(sceneNotes view: View?, hasText: Bool) {
        if sceneNotes !== view {
            sceneNotes?.removeFromSuperview()
            if let view { sceneClip.addSubview(view) }
            sceneNotes = view
            sceneClip.offset = Point(0, 0)
        }
        self.hasText = hasText
        setNeedsLayout()
    }

    /// The least share of the panel's width the scene's notes view fits whole in before it is
    /// fitted to the width instead.
    static let widthKept = 0.75

    /// The scene notes view's scale: 1 at the text's default size.
    var sceneZoom: Double { notes.fontSize / NotesView.defaultFontSize }

    override func layoutSubviews() {
        let b = bounds
        guard let v = sceneNotes else { sceneClip.isHidden = true; notes.isHidden = false; notes.frame = b; return }
        sceneClip.isHidden = false
        notes.isHidden = !hasText
        let h = hasText ? (b.height * 0.6).rounded() : b.height
        sceneClip.frame = Rect(0, 0, b.width, h)
        notes.frame = hasText ? Rect(0, h + 6, b.width, max(0, b.height - h - 6)) : .zero
        // Its own shape (a page's), scaled; centred across while it fits, else from the left;
        // always from the top, where notes begin (centred, an empty band above a Beamer notes
        // half looked like something missing: trial 18 m10).
        // A page that fits whole only small, beside empty width (a short panel: trial 35 F8, a
        // Beamer notes half 177×133 pt, its text ~5 px, in a panel 498 pt wide at 640×480),
        // takes the panel's width instead, up to twice its height; the wheel scrolls to the rest.
        var fit = v.sizeThatFits(Size(b.width, h))
        if fit.width < b.width * Self.widthKept { fit = v.sizeThatFits(Size(b.width, 2 * h)) }
        let z = sceneZoom
        let size = Size(fit.width * z, fit.height * z)
        sceneClip.content = size
        let o = sceneClip.offset
        v.frame = Rect(size.width <= b.width ? (b.width - size.width) / 2 : -o.x,
                       size.height <= h ? 0 : -o.y, size.width, size.height)
    }

    /// Clips what it holds to its bounds; the wheel scrolls content larger than them.
    final class ScrollClip: View {
        /// Size of what it holds (points), set by the notes area's layout.
        var content = Size(0, 0) { didSet { offset = clamped(offset) } }
        /// How far the content is scrolled right and down (points, ≥ 0).
        var offset = Point(0, 0)

        private func clamped(_ p: Point) -> Point {
            Point(min(max(0, p.x), max(0, content.width - bounds.width)), min(max(0, p.y), max(0, content.height - bounds.height)))
        }

        override func handle(_ event: InputEvent) -> Bool {
            guard case let .wheel(dx, dy, _) = event, content.width > bounds.width || content.height > bounds.height else { return false }
            let moved = clamped(Point(offset.x + dx * 40, offset.y - dy * 40))
            guard moved != offset else { return true }
            offset = moved
            superview?.setNeedsLayout()
            return true
        }
    }
}
