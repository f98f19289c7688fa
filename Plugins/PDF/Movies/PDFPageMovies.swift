import FoundationEssentials
import Glibc
import PodiumKit
import PodiumMedia

/// The movies of the page a PDF scene shows (`PDFDocument.movies`), played in place through the
/// shared `ClipPlayback` (pdfpc's behaviour): over the movie's rectangle on the audience page,
/// with a click-to-play spot on the presenter's page and the usual controls (play/pause, seek,
/// volume, loop) under it.
///
/// A movie waits for a click (or the `playPause` key) unless its link asks for `autostart`, as
/// pdfpc does: the room sees the page, i.e. the poster Beamer drew, until the speaker starts it.
/// Leaving the page (or the scene) pauses it; coming back shows the paused frame and waits for a
/// click again (an `autostart` movie plays on). Blackout mutes and hides, freeze pauses (the
/// host's audience state). A clip that is missing or cannot be played puts an error card on the
/// presenter's page and in the controls; the room keeps seeing the page.
@MainActor
final class PDFPageMovies {
    let document: PDFDocument
    let pdfDirectory: URL
    let pdfName: String
    let context: SceneContext
    private let audienceLayer: PDFMovieLayer
    private let presenterLayer: PDFMovieLayer
    /// The controls of the page's movies, one row each, under the presenter's page.
    let controlsPanel = StackView(.vertical, spacing: 0)
    /// Playbacks by page, made when the page is first shown and kept (position survives paging).
    private var clips: [Int: [ClipPlayback]] = [:]
    /// The movies of each page looked at, read once.
    private var found: [Int: [PDFMovie]] = [:]
    private var spots: [PDFMovieSpot] = []
    private(set) var page: Int
    private var isCurrent = false
    /// Called when the page's set of controls changed (the presenter view lays out again).
    var onLayoutChange: (() -> Void)?

    init(document: PDFDocument, pdfPath: String, context: SceneContext, audiencePage: PDFPageView, presenterPage: PDFPageView, page: Int) {
        self.document = document
        pdfDirectory = URL(fileURLWithPath: pdfPath).deletingLastPathComponent()
        pdfName = pdfPath.pathLastComponent
        self.context = context
        audienceLayer = PDFMovieLayer(over: audiencePage)
        presenterLayer = PDFMovieLayer(over: presenterPage)
        self.page = page
        show(page: page)
    }

    /// The movies of page `p` (0-based), read once.
    func movies(page p: Int) -> [PDFMovie] {
        if let m = found[p] { return m }
        var m = document.movies(page: p)
        if m.count > Self.maxMovies {
            context.log("\(pdfName) page \(p + 1): \(m.count) movies; only the first \(Self.maxMovies) play")
            m = Array(m.prefix(Self.maxMovies))
        }
        found[p] = m
        return m
    }

    /// Movies played per page: each is a GStreamer pipeline with its decoders and threads, and a
    /// page of thousands (a hostile PDF) must not take the machine down.
    nonisolated static let maxMovies = 8

    /// The playbacks of the page shown (empty for most pages).
    var current: [ClipPlayback] { clips[page] ?? [] }

    /// Shows page `p`'s movies; the previous page's pause.
    func show(page p: Int) {
        if p != page || clips[p] == nil {
            if isCurrent { current.forEach { $0.deactivate() } }
            page = p
        }
        let list = clips[p] ?? makeClips(p)
        clips[p] = list
        spots = list.enumerated().map { i, c in PDFMovieSpot(c, id: "pdf.movie.\(i + 1)") }
        audienceLayer.setItems(zip(list, movies(page: p)).map { c, m in
            c.audienceVideo.backgroundColor = .clear
            return (c.audienceVideo, m.area)
        })
        presenterLayer.setItems(zip(spots, movies(page: p)).map { ($0 as View, $1.area) })
        controlsPanel.subviews.forEach { $0.removeFromSuperview() }
        for c in list { c.controls.showsVideo = false; controlsPanel.add(c.controls, length: PDFPageMovies.controlsHeight) }
        for c in list { c.onChange = { [weak self] in self?.refresh() } }
        if isCurrent { list.forEach { $0.activate() } }
        refresh()
        onLayoutChange?()
    }

    /// Height of one movie's controls (transport, volume and loop, status) in points.
    static let controlsHeight = 140.0

    /// The name shown and logged is the PDF's, escaped and cut to 80 characters (it comes from the file).
    private func makeClips(_ p: Int) -> [ClipPlayback] {
        movies(page: p).map { m in
            ClipPlayback(ClipSettings(file: m.url(relativeTo: pdfDirectory), fileName: SafeText.excerpt(m.file, limit: 80), autoplay: m.autostart, loop: m.loop,
                                      start: m.start, end: m.end, stopsOnLeave: false, resumesOnReturn: false,
                                      origin: "\(pdfName) page \(p + 1) \(m.source.rawValue)"), context: context)
        }
    }

    /// The video shows on the audience page once started, never after a failure.
    private func refresh() {
        for c in current { c.audienceVideo.isHidden = !c.hasStarted || c.failure != nil }
        spots.forEach { $0.update() }
        context.setNeedsDisplay()
    }

    /// A page without movies has nothing to refresh: no redraw asked through the host, which would
    /// also word the console's title and next caption again on every advance (≈ 0.05 ms: the
    /// host shows a scene and draws both windows anyway, issue 19).
    func activate() { isCurrent = true; guard !current.isEmpty else { return }; current.forEach { $0.activate() }; refresh() }
    func deactivate() { isCurrent = false; guard !current.isEmpty else { return }; current.forEach { $0.deactivate() }; refresh() }

    /// `playPause`: pauses whatever plays on the page, else starts its first playable movie.
    /// False when the page has no movie (the key goes on to the host).
    func togglePlaying() -> Bool {
        guard !current.isEmpty else { return false }
        let playing = current.filter { $0.wantsPlaying }
        if !playing.isEmpty { playing.forEach { $0.togglePlaying() } }
        else { current.first { $0.failure == nil }?.togglePlaying() }
        return true
    }
}

/// The presenter's PDF view with the page's movie controls under it (none: the view as it was).
final class PDFMoviePresenterView: View {
    let content: View
    let movies: PDFPageMovies

    init(content: View, movies: PDFPageMovies) {
        self.content = content; self.movies = movies
        super.init()
        addSubviews(content, movies.controlsPanel)
        movies.onLayoutChange = { [weak self] in self?.setNeedsLayout() }
    }

    override func layoutSubviews() {
        let n = Double(movies.current.count)
        let h = min(bounds.height / 2, n * PDFPageMovies.controlsHeight)
        content.frame = Rect(0, 0, bounds.width, bounds.height - h)
        movies.controlsPanel.frame = Rect(0, bounds.height - h, bounds.width, h)
        movies.controlsPanel.isHidden = n == 0
    }
}
