import FoundationEssentials
import Glibc
import PodiumKit

/// One page, or a range of pages, of a PDF: the audience sees the page (or its slide half with
/// Beamer notes), the presenter sees the same page (or the notes half) with its links clickable,
/// the next page and a status line. In a range the next/previous keys step through the pages
/// first; at either end of the range they go to the host (the deck moves on).
final class PDFScene: ScenePositionKeeping, SceneStepping, ScenePlaceNaming {
    let options: PDFSceneOptions
    let cache: PageCache
    let context: SceneContext
    let presenterView: View
    let audienceView: View
    let audiencePage: PDFPageView
    let presenterPage: PDFPageView
    let presenter: PDFPresenterView
    /// The file's drawing layer (pen, highlighter, eraser, spotlight; `PDFScene+Ink`), shared
    /// with the scenes of its other pages.
    let ink: InkSession
    /// True while this scene is the one the room sees (only then do its views take drawing input).
    var isCurrent = false
    /// A zoom rectangle being dragged: its corners in the presenter page view's points.
    var zoomDrag: (from: Point, to: Point)?
    /// The notes half of the page with Beamer's notes on the second screen, for the console's
    /// notes panel (hidden on a page shown whole); nil when no page of the scene has one.
    private var notesPage: PDFPageView?
    /// How each page of the file is shown, by 0-based page: the deck's notes half, or `.none`
    /// (whole) for a page whose own shape cannot hold slide + notes (`NotesDetection.pageLayout`).
    let pageLayouts: [NotesLayout]
    /// How the page shown now is split (`.none`: whole).
    var layout: NotesLayout { layout(of: page) }
    func layout(of p: Int) -> NotesLayout { Self.layout(of: p, in: pageLayouts) }
    /// Page `p`'s entry of `layouts`; `.none` (whole) past the file's end. Static, so `init`
    /// uses it before every stored property is set.
    static func layout(of p: Int, in layouts: [NotesLayout]) -> NotesLayout { layouts.indices.contains(p) ? layouts[p] : .none }
    var presenterNotesView: View? { notesPage }
    /// Opens external links; replaceable in tests.
    var opener = BrowserOpener()
    private(set) var page: Int
    /// The page's movies, played in place (Movies/PDFPageMovies.swift).
    private(set) var movies: PDFPageMovies!

    var title: String { PageTitles.title(of: page, in: cache.document) }
    /// The title without its page number, for the console beside its slide number.
    var placeName: String { PageTitles.placeName(of: page, in: cache.document) }
    /// The page shown, as a segue to it (`receive`): a reload or resume comes back to it.
    var position: [String: JSONValue] { ["file": .string(options.file), "page": .number(Double(page + 1))] }

    /// A range before its last page: next turns the page here (`handle`), and the console's
    /// preview of the deck's next scene is captioned "Next scene:".
    var hasNextStep: Bool { options.pages.count > 1 && options.pages.contains(page + 1) }

    /// Throws `PDFError` (naming the file) when the PDF cannot be shown; the host shows an error
    /// card in this scene's place and the talk goes on.
    init(_ p: SceneParameters, _ context: SceneContext) throws {
        options = try PDFSceneOptions(p)
        self.context = context
        let path = options.absolutePath(context.deckDirectory)
        cache = try PageCaches.cache(for: path)
        try options.check(pageCount: cache.document.pageCount)
        page = options.page
        ink = InkSessions.session(for: path, document: cache.document)
        ink.tellSpeaker = { [weak context] in context?.tellSpeaker($0) }
        ink.runOnMain = { [weak context] body in context?.runOnMain(body) }
        // The deck's layout, page by page: a page whose own shape cannot hold slide + notes (an
        // appendix) is shown whole, also when a `pages` range steps onto it from split pages.
        let deckLayout = options.requestedLayout ?? NotesDetection.layout(of: cache.document)
        let pageLayouts = cache.document.pageSizes.map { NotesDetection.pageLayout(deckLayout, pageSize: $0) }
        self.pageLayouts = pageLayouts
        func region(audience: Bool) -> (Int) -> Rect {
            { Self.layout(of: $0, in: pageLayouts).region(forAudience: audience) }
        }
        audiencePage = PDFPageView(cache: cache, page: page, regions: region(audience: true), background: options.background)
        audiencePage.id = "pdf.audience-page"
        audiencePage.window = .audience
        audienceView = audiencePage
        // The presenter sees the slide large with its links; Beamer's notes half goes to the
        // console's notes panel, and the console's next preview is the only next slide.
        presenterPage = PDFPageView(cache: cache, page: page, regions: region(audience: true), background: Theme.standard.surface)
        presenterPage.id = "pdf.page"
        presenterPage.window = .presenter
        let next = PDFPageView(cache: cache, page: page, regions: region(audience: true), background: Theme.standard.surface)
        next.id = "pdf.next-page"
        presenter = PDFPresenterView(page: presenterPage, next: next)
        if options.pages.contains(where: { Self.layout(of: $0, in: pageLayouts) != .none }) {
            let notes = PDFPageView(cache: cache, page: page, regions: region(audience: false), background: Theme.standard.surface)
            notes.id = "pdf.notes-page"
            notes.isHidden = Self.layout(of: page, in: pageLayouts) == .none   // a whole page has no notes half
            notesPage = notes
            presenter.showsNext = false
        }
        let movies = PDFPageMovies(document: cache.document, pdfPath: path, context: context, audiencePage: audiencePage, presenterPage: presenterPage, page: page)
        self.movies = movies
        // Pages without movies (nearly all) keep the presenter view as it was.
        let pages = options.pages
        presenterView = pages.contains { !movies.movies(page: $0).isEmpty } ? PDFMoviePresenterView(content: presenter, movies: movies) : presenter
        // Until this scene is current its pages are previews (the console's next preview, the
        // overview) and the next page always is one: none of them renders on the main thread.
        for v in [audiencePage, presenterPage, next] {
            v.rendersAtOnce = false
            v.runOnMain = { [weak context] body in context?.runOnMain(body) }
        }
        next.prefetchesAhead = true
        // Previews rendered at their own size (the console's, the overview's) redraw the windows.
        cache.redraw = MainHop({ [weak context] body in context?.runOnMain(body) }) { [weak context] in context?.setNeedsDisplay() }.sendable
        for v in [audiencePage, presenterPage] + (notesPage.map { [$0] } ?? []) { v.onLink = { [weak self] in self?.follow($0) } }
        setUpInk(next: next)
        updateStatus()
    }

    func updateStatus() {
        let doc = cache.document
        let links = doc.links(page: page).count
        // A range shows its own next page (after its last, the console's preview has the deck's
        // next scene); a single page the file's next the talk shows, as in a deck built from
        // the PDF (skipping the pages talk.pdfpc hides, `PDFTalkOrder`).
        let range = options.pages.count > 1
        let last = range ? options.pages.upperBound : doc.pageCount - 1
        let next = range ? (page < last ? page + 1 : nil) : PDFTalkOrder.next(after: page, last: last, file: cache.document.path)
        presenter.next.page = next ?? page
        presenter.next.isHidden = next == nil || !presenter.showsNext
        presenter.setNeedsLayout()
        // The file's page, said as such: the console's place is the slide number (trial 29 m3:
        // "Page 5 (5 of 10)" beside "slide 3/6" read as a second numbering of the talk).
        let label = doc.labels[page] == "\(page + 1)" ? "" : " (label \(doc.labels[page]))"
        presenter.status.text = "PDF page \(page + 1) of \(doc.pageCount)\(label) · \(options.file.pathLastComponent)"
            + (options.pages.count > 1 ? " · \(page - options.pages.lowerBound + 1)/\(options.pages.count) of pages \(options.pages.lowerBound + 1)-\(options.pages.upperBound + 1)" : "")
            + (links > 0 ? " · \(links) link\(links == 1 ? "" : "s") (click to follow)" : "")
            + inkStatus
    }

    /// Internal links go to the deck's scene for that page (the host matches `file` and `page`);
    /// external ones open in the browser, http/https only.
    func follow(_ target: PDFLink.Target) {
        switch target {
        case let .page(p): go(to: p)
        case let .relative(d): go(to: page + d)
        case let .uri(s) where PDFMovie.fromLink(s, area: .zero) != nil:
            _ = movies.togglePlaying()   // a link to a clip on the page: the movie plays there
        case let .uri(s):
            do { try opener.open(try WebLink(s)); context.log("opened \(s)") }
            catch { context.log("link not opened: \(error)") }
        }
    }

    /// The room sees this scene's page now: it is rendered at once if not ready (it was
    /// usually pre-rendered while this scene was the next one).
    /// (`inkBecameCurrent` makes the status and NEXT preview again: a scene a talk.pdfpc-only
    /// reload kept skips the pages hidden since, `PDFTalkOrder`.)
    func didBecomeCurrent() { audiencePage.rendersAtOnce = true; presenterPage.rendersAtOnce = true; movies.activate(); inkBecameCurrent(true) }
    func willResignCurrent() { audiencePage.rendersAtOnce = false; presenterPage.rendersAtOnce = false; movies.deactivate(); inkBecameCurrent(false) }

    /// Pages of this scene's range are shown here; others go through the host.
    private func go(to p: Int) {
        guard (0..<cache.document.pageCount).contains(p) else { return }
        if options.pages.count > 1, options.pages.contains(p) { show(p); return }
        context.openScene(kind: "pdf", parameters: ["file": .string(options.file), "page": .number(Double(p + 1))])
    }

    /// A segue to this file's page shows it here: a page of this scene's range, or one with no
    /// scene of its own in the deck.
    func receive(_ parameters: SceneParameters) {
        guard (try? parameters.string("file")) == options.file,
              let n = try? parameters.integer("page", in: 1...cache.document.pageCount) else { return }
        show(n - 1)
    }

    /// `next`/`previous` (whatever keys the key map binds to them) step through the range;
    /// false at its ends, so the deck moves on.
    func handle(_ action: ConsoleAction) -> Bool {
        if action == .playPause { return movies.togglePlaying() }
        if handleInk(action) { return true }
        let step = action == .next ? 1 : action == .previous ? -1 : 0
        guard options.pages.count > 1, step != 0, options.pages.contains(page + step) else { return false }
        show(page + step)
        return true
    }

    /// Shows page `p` (0-based) in both windows. The page stays when the deck moves on, so
    /// coming back from the next scene shows the range's last page, as paging back through a PDF would.
    func show(_ p: Int) {
        guard p != page else { return }
        leavePageInk()
        page = p
        audiencePage.page = page; presenterPage.page = page; notesPage?.page = page
        notesPage?.isHidden = layout == .none
        movies.show(page: page)
        updateStatus()
        context.setNeedsDisplay()
    }
}
