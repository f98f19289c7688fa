import PodiumKit
import PodiumMedia

/// Lies over a `PDFPageView` and puts each movie of its page where the page shows the movie's
/// rectangle (the page's fit, and its notes region, as the page view draws them). On the audience
/// view a movie is its video only, shown once it has started and hidden on failure, so the room
/// sees the page (the poster Beamer drew) until then; on the presenter's page each movie is a
/// `PDFMovieSpot`: click to play or pause, and the error card when the clip cannot be played.
final class PDFMovieLayer: View {
    unowned let page: PDFPageView
    /// One view per movie of the page shown, with the movie's area (unit page coordinates).
    private(set) var items: [(view: View, area: Rect)] = []

    init(over page: PDFPageView) {
        self.page = page
        super.init()
        pins = .fill()
        page.addSubview(self)
    }

    func setItems(_ new: [(view: View, area: Rect)]) {
        for i in items { i.view.removeFromSuperview() }
        items = new
        for i in items { addSubview(i.view) }
        setNeedsLayout(); setNeedsDisplay()
    }

    /// The page's fit is that of its last layout at this size (`PDFPageView.key`).
    override func layoutSubviews() {
        guard let fit = page.key(for: page.page)?.1 else { for i in items { i.view.frame = .zero }; return }
        let region = page.region, r = fit.rect
        for i in items {
            let a = i.area
            let x = (a.minX - region.minX) / region.width, y = (a.minY - region.minY) / region.height
            i.view.frame = Rect(r.minX + x * r.width, r.minY + y * r.height, a.width / region.width * r.width, a.height / region.height * r.height)
        }
    }

    /// Clicks go through to the page (its links) except on a movie.
    override var isUserInteractionEnabled: Bool { false }
}

/// A movie on the presenter's page: the video as the room sees it (once started), a thin frame
/// that marks the clickable movie, and the error card when the clip cannot be played. A click
/// plays or pauses it.
final class PDFMovieSpot: View {
    let playback: ClipPlayback
    let video = VideoView(poster: nil)
    let error = PDFMovieErrorCard("", font: .bold(12), color: .white, lines: 4)

    init(_ playback: ClipPlayback, id: String) {
        self.playback = playback
        super.init()
        self.id = id
        accessibilityLabel = "Movie \(playback.settings.fileName)"
        borderColor = Theme.standard.tint
        video.backgroundColor = .clear
        error.id = "pdf.movie.error"
        error.backgroundColor = Theme.standard.destructive
        playback.mirror(into: video)
        addSubviews(video, error)
        update()
    }

    /// Shows the video once started, the error card on failure.
    func update() {
        video.isHidden = !playback.hasStarted || playback.failure != nil
        error.isHidden = playback.failure == nil
        error.text = playback.controls.status.text
        borderColor = playback.failure == nil ? Theme.standard.tint : Theme.standard.destructive
        setNeedsLayout()
    }

    override func layoutSubviews() {
        video.frame = bounds
        error.frame = bounds.insetBy(dx: 2, dy: 2)
    }

    override func handle(_ event: InputEvent) -> Bool {
        guard case .mouseDown(_, 1, _) = event else { return false }
        playback.togglePlaying()
        return true
    }

    override var role: String? { "button" }
}

/// Why a movie cannot be played, over its rectangle on the presenter's page; listed in the
/// window's controls (`state`) with its text as the label.
final class PDFMovieErrorCard: Label {
    override var role: String? { "alert" }
}
