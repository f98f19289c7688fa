import PodiumKit

/// Draws one region of one page at the exact pixel size of its window (points × the window's
/// scale), letterboxed in its background colour, and asks the cache to render the neighbouring
/// pages at the same size in the background. A click on a link calls `onLink`.
final class PDFPageView: View {
    let cache: PageCache
    /// 0-based page shown; changing it redraws.
    var page: Int { didSet { if page != oldValue { setNeedsDisplay() } } }
    /// Unit page coordinates of the part shown (a half with Beamer notes).
    let region: Rect
    var onLink: ((PDFLink.Target) -> Void)?
    /// The fit used by the last draw, for mapping clicks.
    private(set) var lastFit: PageFit?

    init(cache: PageCache, page: Int, region: Rect, background: Color) {
        self.cache = cache; self.page = page; self.region = region
        super.init()
        backgroundColor = background
        clipsToBounds = true
    }

    /// Pixels per point of the window this view is in (1 outside a window).
    private var scale: Double { (host as? WindowRoot)?.scale ?? 1 }

    /// The key of `page` at this view's current size; nil when the view has no area.
    func key(for page: Int) -> (PageKey, PageFit)? {
        let s = cache.document.pageSizes[page]
        guard let fit = PageFit(region: Size(s.width * region.width, s.height * region.height), bounds: bounds.size, scale: scale) else { return nil }
        return (PageKey(page: page, region: region, pixelWidth: fit.pixelWidth, pixelHeight: fit.pixelHeight), fit)
    }

    override func draw(into list: inout DrawList) {
        guard let (key, fit) = key(for: page) else { return }
        lastFit = fit
        if let b = cache.bitmap(key) { list.bitmap(b, in: fit.rect) }
        // Next first: advancing is what a talk mostly does.
        let n = cache.document.pageCount
        cache.prefetch([page + 1, page - 1].filter { (0..<n).contains($0) }.compactMap { self.key(for: $0)?.0 })
    }

    override func handle(_ event: InputEvent) -> Bool {
        guard case let .mouseDown(p, 1, _) = event, let link = link(at: p) else { return false }
        onLink?(link.target)
        return true
    }

    /// The link under `p` (view points), if any.
    func link(at p: Point) -> PDFLink? {
        guard let u = lastFit?.unitPoint(p) else { return nil }
        let q = Point(region.minX + u.x * region.width, region.minY + u.y * region.height)
        return cache.document.links(page: page).last { $0.area.contains(q) }
    }

    override var role: String? { "image" }
    override var accessibilityValue: String? { "page \(page + 1)" }
}
