import PodiumKit

/// The console's look ahead: the next scene (the next overlay of this slide, else the next
/// slide) and, while the next scene is an overlay of the current slide, the next slide small
/// beside it, so the speaker sees both what the next click shows and where the talk goes after.
final class NextPreviewsView: View {
    let next: PreviewView
    let nextSlide: PreviewView
    let caption = Label("THEN", font: .bold(10), color: Theme.standard.secondaryText)

    init(next: PreviewView, nextSlide: PreviewView) {
        self.next = next; self.nextSlide = nextSlide
        super.init()
        nextSlide.isHidden = true
        addSubviews(next, nextSlide, caption)
    }

    /// Shows or hides the small next-slide preview (hidden when the next scene starts a slide).
    func setShowsNextSlide(_ shows: Bool) {
        guard nextSlide.isHidden == shows else { return }
        nextSlide.isHidden = !shows
        setNeedsLayout()
    }

    /// Alone, the next preview fills the row; with the next slide, it takes 62 % of the width and
    /// the next slide the right 35 %, under a caption.
    override func layoutSubviews() {
        let b = bounds
        caption.isHidden = nextSlide.isHidden || next.isHidden
        guard !caption.isHidden else { next.frame = b; nextSlide.frame = .zero; caption.frame = .zero; return }
        next.frame = Rect(0, 0, b.width * 0.62, b.height)
        caption.frame = Rect(b.width * 0.65, 0, b.width * 0.35, 14)
        nextSlide.frame = Rect(b.width * 0.65, 14, b.width * 0.35, max(0, b.height - 14))
    }
}
