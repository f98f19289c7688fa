import PodiumKit

/// A page's `BitmapResizer`: the renderer asks it for the page at the pixel size a preview draws
/// it at (the console's audience and next previews, the overview's thumbnails), and the PDF
/// worker renders that size (`PageCache.sized`), so no full-size page is scaled down on the main
/// thread and a thumbnail is a thumbnail-sized render.
final class PageResizer: BitmapResizer, @unchecked Sendable {
    private weak var cache: PageCache?
    /// The page and region, at the size of the view that drew it (the size previews derive from).
    let source: PageKey
    /// A page to show meanwhile, if it is ready at the asked size (the page a preview showed
    /// before, so a preview does not flash blank while its next page renders).
    let fallback: PageKey?

    /// The room's current page still rendering (`PDFPageView.isRendering`): every size shows
    /// `fallback` until `source` itself is ready, so the console's audience preview shows what the
    /// room shows, not the pending page rendered sooner at the preview's smaller size.
    let holdsFallback: Bool

    init(cache: PageCache, source: PageKey, fallback: PageKey? = nil, holdsFallback: Bool = false) {
        self.cache = cache; self.source = source; self.fallback = fallback; self.holdsFallback = holdsFallback
    }

    func bitmap(pixelWidth: Int, pixelHeight: Int) -> Bitmap? {
        guard let cache else { return nil }
        if holdsFallback, let f = fallback, cache.cached(source) == nil {
            let k = f.resized(pixelWidth, pixelHeight)
            return cache.cached(k) ?? cache.sized(k, from: f)
        }
        if let b = cache.sized(source.resized(pixelWidth, pixelHeight), from: source) { return b }
        return fallback.flatMap { cache.cached($0.resized(pixelWidth, pixelHeight)) }
    }
}

extension PageKey {
    /// The same page and region at another pixel size.
    func resized(_ w: Int, _ h: Int) -> PageKey { PageKey(page: page, region: region, pixelWidth: w, pixelHeight: h) }
}
