import PodiumKit

/// Draws one region of one page at the exact pixel size of its window (points × the window's
/// scale), letterboxed in its background colour, and asks the cache to render the neighbouring
/// pages at the same size in the background. A click on a link calls `onLink`.
///
/// A preview (`rendersAtOnce` false: the next page, the console's next preview, the overview)
/// never renders on the main thread: a page not in the cache is asked of the PDF worker, the
/// view shows the page it showed before (or a placeholder) and redraws when the page is ready,
/// so a page that takes seconds to render never stalls input, timers or the control socket.
final class PDFPageView: View {
    let cache: PageCache
    /// 0-based page shown; changing it redraws.
    var page: Int { didSet { if page != oldValue { setNeedsDisplay() } } }
    /// Unit page coordinates of the part shown of the current page (a half with Beamer notes).
    var region: Rect { regions(page) }
    /// Unit page coordinates of the part shown of each page (0-based): pages of one PDF may differ
    /// (slide + notes pages, then a whole appendix page, `NotesDetection`).
    let regions: (Int) -> Rect
    var onLink: ((PDFLink.Target) -> Void)?
    /// Unit page coordinates of a part of `region` to show instead (zoom), widened to the view's
    /// aspect so it fills the view; rendered by poppler at the view's pixel size. Nil: `region`.
    var zoom: Rect? { didSet { if zoom != oldValue { setNeedsDisplay() } } }
    /// Draws over the page (the drawing layer, `InkLayer`): called with the fit and the unit
    /// page region shown, after the page bitmap.
    var decorate: ((inout DrawList, PageFit, Rect) -> Void)?
    /// Sees pointer events before links do (the drawing tools); true consumes the event.
    var pointerHandler: ((PDFPageView, InputEvent) -> Bool)?
    /// Whether moves with no button held reach `pointerHandler` (the spotlight follows them).
    var hovers = false
    override var wantsHover: Bool { hovers }
    /// The unit page region the last draw showed (`region`, or the zoomed part of it).
    private(set) var lastRegion: Rect?
    /// The fit used by the last draw, for mapping clicks.
    private(set) var lastFit: PageFit?
    /// True: a page not cached is rendered at once (the page the room sees). False: previews.
    var rendersAtOnce = true
    /// Runs work on the main thread (`SceneContext.runOnMain`), for previews' redraw when the
    /// worker has rendered their page. Without it a preview draws its placeholder until redrawn.
    var runOnMain: (@Sendable (@escaping @Sendable @MainActor () -> Void) -> Void)?
    /// The key of the last page bitmap drawn: a preview shows that page until its new one is
    /// ready (`PageResizer.fallback`). Views keep no pixels of their own: each page of a deck
    /// is its own scene, and a deck's many views must not hold a page each.
    private var lastKey: PageKey?
    /// Whether the last page change went back (the previous page is then named ahead first).
    private var steppedBack = false
    /// Blank paper standing for a page not rendered yet (`placeholder(for:)`).
    private var placeholderBitmap: Bitmap?
    /// Asks the worker for the next page at this view's size while its scene is current (the
    /// presenter's next-page view; the room's and the presenter's pages do it while current).
    var prefetchesAhead = false
    /// The window whose current page this view draws (the room's page, the speaker's): while
    /// current, it tells the cache its pixel size, which the page store's budget follows.
    var window: PageCache.PageWindow?

    convenience init(cache: PageCache, page: Int, region: Rect, background: Color) {
        self.init(cache: cache, page: page, regions: { _ in region }, background: background)
    }

    init(cache: PageCache, page: Int, regions: @escaping (Int) -> Rect, background: Color) {
        self.cache = cache; self.page = page; self.regions = regions
        super.init()
        backgroundColor = background
        clipsToBounds = true
    }

    /// Pixels per point of the window this view is in (1 outside a window).
    private var scale: Double { (host as? WindowRoot)?.scale ?? 1 }

    /// The key of `page` at this view's current size; nil when the view has no area.
    func key(for page: Int) -> (PageKey, PageFit)? { key(for: page, region: regions(page)) }

    func key(for page: Int, region: Rect) -> (PageKey, PageFit)? {
        let s = cache.document.pageSizes[page]
        guard let fit = PageFit(region: Size(s.width * region.width, s.height * region.height), bounds: bounds.size, scale: scale) else { return nil }
        return (PageKey(page: page, region: region, pixelWidth: fit.pixelWidth, pixelHeight: fit.pixelHeight), fit)
    }

    /// The unit page region this view shows of `page` now: `region`, or `zoom` widened to fill.
    var shownRegion: Rect {
        guard let z = zoom else { return region }
        return InkGeometry.filling(zoom: z, within: region, page: cache.document.pageSizes[page], bounds: bounds.size)
    }

    override func draw(into list: inout DrawList) {
        let shown = shownRegion
        guard let (key, fit) = key(for: page, region: shown) else { return }
        if rendersAtOnce, let w = window { cache.noteWindowPage(w, pixels: key.pixelWidth * key.pixelHeight) }
        if list.isPreparing {
            // Before the window exists: the worker renders this page now; the placeholder lets
            // the previews that replay this view (the console's) ask for their sizes too.
            // The room's page first, then the speaker's. A preview's page is not asked for at
            // its view's size (the room's: 8 MB at 1080p that no first frame shows): its
            // placeholder asks for the preview's own size below. Asked for, it held the worker
            // while the console's first frame rendered the speaker's page on the main thread
            // (issue 19, launch).
            if rendersAtOnce { cache.prepare(key, first: window == .audience) }
            list.bitmap(placeholder(for: key), in: fit.rect)
            return
        }
        lastFit = fit; lastRegion = shown
        // The page this window showed before (a page's view is new when its slide comes up).
        if let last = (window.flatMap { cache.lastShown($0) } ?? lastKey)?.page, last != page { steppedBack = page < last }
        // The current page with a page of the same size to keep showing (this view's last, or the
        // page the window showed before this scene's): waited for only briefly, then the worker
        // renders it and the window keeps that page meanwhile, so input and timers go on.
        let keep = rendersAtOnce ? (lastKey ?? window.flatMap { cache.lastShown($0) }).flatMap {
            $0 != key && $0.pixelWidth == key.pixelWidth && $0.pixelHeight == key.pixelHeight ? $0 : nil } : nil
        // The window changed size (a projector plugged in, a mode change, a resize): this page
        // rendered at another size, shown scaled at once while the worker renders it at this one,
        // so the room sees its page now instead of a window left black through the render.
        // Not for a window's first page (nothing shown before): that one is prepared ahead.
        let before = lastKey ?? window.flatMap { cache.lastShown($0) }
        let resized = before.map { $0.pixelWidth != key.pixelWidth || $0.pixelHeight != key.pixelHeight } ?? false
        let standIn = rendersAtOnce && resized && keep == nil && cache.cached(key) == nil ? cache.standIn(for: key) : nil
        let ready: Bitmap?
        if !rendersAtOnce { ready = cache.cached(key) }
        else if keep != nil { ready = cache.bitmap(key, waitingAtMost: Self.renderWait, ready: readyCallback()) }
        else if standIn != nil { ready = cache.request(key, ready: readyCallback()) }
        else { ready = cache.bitmap(key) }
        isRendering = rendersAtOnce && ready == nil && (keep != nil || standIn != nil)
        if ready == nil, let s = standIn {
            list.bitmap(s, in: fit.rect)
        } else if let b = ready {
            list.bitmap(b, in: fit.rect)
            lastKey = key
            if rendersAtOnce, let w = window { cache.noteShown(w, key); WindowLastPage.note(w, key, b) }
        } else if rendersAtOnce, let w = window, (keep ?? lastKey).flatMap({ cache.cached($0) }) == nil,
                  let held = WindowLastPage.page(for: w, in: Rect(0, 0, bounds.width, bounds.height)) {
            // Not rendered yet and the page before it not in this cache either (evicted, or a
            // reload replaced the cache): the window keeps the last page it showed, never blank paper.
            list.bitmap(held.bitmap, in: held.rect)
        } else if window == .audience, !rendersAtOnce, cache.isRetired,
                  let held = WindowLastPage.page(for: .audience, in: Rect(0, 0, bounds.width, bounds.height)) {
            // The room's page of a version a reload replaced, drawn once more for the picture the
            // room keeps when that reload cut or hid the slide on screen (trial 33 F4): the page
            // the window showed, as the room saw it (its retired cache gave blank paper).
            list.bitmap(held.bitmap, in: held.rect)
        } else {
            // A preview never renders here: blank paper that the renderer resolves (through its
            // `PageResizer`) to this page at the pixel size it is drawn at (this view's, or a
            // console preview's or a thumbnail's), rendered by the worker, which then redraws;
            // meanwhile it shows `keep` or the page this view showed before.
            list.bitmap(placeholder(for: key, fallback: keep ?? lastKey, holds: isRendering), in: fit.rect)
        }
        // The speaker sees that the page is still rendering (never the room).
        if isRendering, window == .presenter { drawRenderingBadge(into: &list, in: fit.rect) }
        decorate?(&list, fit, shown)
        let n = cache.document.pageCount
        if rendersAtOnce {
            // The pages ahead first: put off until the frame is done (`PageCache.ahead`), and so
            // left out of the prefetch below, which would hand them to the prefetch worker too.
            drawNeighboursAhead(into: &list)
            // Next first: advancing is what a talk mostly does. The previews of the pages around
            // (the console's, at their own sizes) are prepared with them.
            cache.prefetch([page + 1, page - 1].filter { (0..<n).contains($0) }.compactMap { self.key(for: $0)?.0 },
                           previews: [page + 1, page + 2, page - 1])
        } else if prefetchesAhead, page + 1 < n, let next = self.key(for: page + 1)?.0 {
            cache.prefetch([next])
        }
    }

    /// A 1×1 bitmap of blank paper whose resizer is `key`'s page (showing the last page drawn
    /// meanwhile); the same object while the page is the same, so a frame that only redraws it
    /// changes nothing.
    private func placeholder(for key: PageKey, fallback: PageKey? = nil, holds: Bool = false) -> Bitmap {
        let fallback = fallback ?? lastKey
        if let p = placeholderBitmap, let r = p.resizer as? PageResizer, r.source == key, r.fallback == fallback, r.holdsFallback == holds { return p }
        let p = Bitmap(width: 1, height: 1, format: .bgra, isOpaque: true, pixels: [0xF4, 0xF4, 0xF4, 0xFF],
                       resizer: PageResizer(cache: cache, source: key, fallback: fallback, holdsFallback: holds))!
        placeholderBitmap = p
        return p
    }

    /// The next page, then the previous one, invisible (opacity 0), once the worker has rendered
    /// them: the renderer uploads their textures (or X server pixmaps) now, so an advance or a
    /// step back only copies a ready page. Drawing them changes no pixel, so the window is not
    /// presented for it; going forward the previous page is the one just shown, which costs
    /// nothing more. Where SDL's software renderer unpacks pages into the window surface (the
    /// console's views, `drawPageDirectly`) nothing is uploaded: naming them still has the worker
    /// render them ahead. Nothing ahead for pages larger than `aheadLimit` (a 4K window): there each
    /// texture is 33 MB.
    ///
    /// The page in the direction the speaker last moved comes first, and the other only once it
    /// is ready: the renderer keeps only the first in the X server (`PagePixmapPolicy`), so after
    /// a step back the next step back is a copy too.
    ///
    /// Those not ready yet render once this frame is done (`PageCache.ahead`, started by work
    /// posted to the main thread, which runs after the loop's frames): not while the X server
    /// copies the advance's page. Without a run loop (`runOnMain` nil: tests, snapshots) at once.
    private func drawNeighboursAhead(into list: inout DrawList) {
        var putOff = false
        defer {
            if putOff {
                let cache = self.cache
                if let run = runOnMain { run { cache.startAhead() } } else { cache.startAhead() }
            }
        }
        for p in steppedBack ? [page - 1, page + 1] : [page + 1, page - 1] where (0..<cache.document.pageCount).contains(p) {
            guard let (key, fit) = key(for: p), key.byteCount <= Self.aheadLimit else { return }
            guard let b = cache.ahead(key, ready: readyCallback()) else { putOff = true; continue }
            // The other page is named once the first is ready: named alone, it would take the
            // room's one pixmap and be unpacked there only to be replaced by the first a moment
            // later (an 8 MB unpack for nothing on every first visit).
            if !putOff { list.bitmap(b, in: fit.rect, opacity: 0) }
        }
    }

    /// Seconds the main thread waits for the current page before showing the page before it
    /// meanwhile (a page usually renders in tens of ms; the worker has it ahead on an advance).
    static let renderWait = 0.1
    /// True while the current page is still rendering and the page before it is shown instead.
    private(set) var isRendering = false

    /// "Rendering page N…" over the top of the page (presenter only).
    private func drawRenderingBadge(into list: inout DrawList, in r: Rect) {
        let badge = Rect(r.minX + 8, r.minY + 8, min(r.width - 16, 220), 26)
        guard badge.width > 40 else { return }
        list.fill(badge, Color(0, 0, 0, 190), radius: 6)
        list.text("Rendering page \(page + 1)…", .bold(13), .white, at: Point(badge.minX + 10, badge.minY + 5))
    }

    /// Bytes of a page above which no page is uploaded ahead (2560×1600 fits).
    static let aheadLimit = 16 << 20

    /// A callback for the worker that redraws this view on the main thread.
    private func readyCallback() -> @Sendable () -> Void {
        let box = MainHop(runOnMain) { [weak self] in self?.setNeedsDisplay() }
        return { box.run() }
    }

    /// The shown region's shape fitted into `available` (a notes half scaled in the console's
    /// notes panel keeps its shape, without letterbox bands).
    override func sizeThatFits(_ available: Size) -> Size {
        let r = shownRegion
        guard cache.document.pageSizes.indices.contains(page) else { return available }
        let s = cache.document.pageSizes[page]
        let w = s.width * r.width, h = s.height * r.height
        guard w > 0, h > 0, available.width > 0, available.height > 0 else { return available }
        let k = min(available.width / w, available.height / h)
        return Size(w * k, h * k)
    }

    override func handle(_ event: InputEvent) -> Bool {
        if let h = pointerHandler, h(self, event) { return true }
        guard case let .mouseDown(p, 1, _) = event, let link = link(at: p) else { return false }
        onLink?(link.target)
        return true
    }

    /// The link under `p` (view points), if any.
    func link(at p: Point) -> PDFLink? {
        guard let u = lastFit?.unitPoint(p) else { return nil }
        let r = lastRegion ?? region
        let q = Point(r.minX + u.x * r.width, r.minY + u.y * r.height)
        return cache.document.links(page: page).last { $0.area.contains(q) }
    }

    override var role: String? { "image" }
    override var accessibilityValue: String? { "page \(page + 1)" + (isRendering ? ", rendering" : "") }
}

/// Carries a main-actor closure across the worker thread; `body` only ever runs on the main
/// thread, through `runOnMain`.
final class MainHop: Sendable {
    let runOnMain: (@Sendable (@escaping @Sendable @MainActor () -> Void) -> Void)?
    let body: @Sendable @MainActor () -> Void
    init(_ r: (@Sendable (@escaping @Sendable @MainActor () -> Void) -> Void)?, _ b: @escaping @Sendable @MainActor () -> Void) { runOnMain = r; body = b }
    func run() { runOnMain?(body) }
    /// `run` as a closure for other threads.
    var sendable: @Sendable () -> Void { { self.run() } }
}
