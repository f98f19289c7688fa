import PodiumKit

/// The presenter's side of a PDF page: the page (or its Beamer notes half) large with its links
/// clickable, the next page's slide beside it, and a status line (label, position, links).
final class PDFPresenterView: View {
    let page: PDFPageView
    /// The next page as the audience will see it; hidden on the last page.
    let next: PDFPageView
    let nextCaption = Label("NEXT", font: .bold(12), color: Theme.standard.secondaryText)
    let status = Label("", font: .system(13), color: Theme.standard.secondaryText)
    /// Whether the next page is shown beside the page (off when the console's next preview is
    /// the only next slide, as with Beamer notes split off).
    var showsNext = true { didSet { setNeedsLayout() } }
    /// A bar beside the status line (the drawing tools), if any.
    var tools: View? {
        didSet { oldValue?.removeFromSuperview(); if let t = tools { addSubview(t) }; setNeedsLayout() }
    }

    init(page: PDFPageView, next: PDFPageView) {
        self.page = page; self.next = next
        super.init()
        backgroundColor = Theme.standard.surface
        addSubviews(page, nextCaption, next, status)
    }

    /// Next page: a quarter of the width (at least 160 pt) when there is room beside the page,
    /// otherwise none.
    override func layoutSubviews() {
        let b = bounds.insetBy(dx: 8, dy: 8)
        // The tools (about 520 pt) share the bottom row with the status line, at its right, when
        // there is room; else they get rows of their own above it, as many as they wrap to (two
        // in a 360-pt console: trial 35 F8, where they were hidden).
        let toolWidth = tools == nil ? 0 : min(b.width, 520)
        let toolHeight = tools?.sizeThatFits(Size(toolWidth, b.height)).height ?? 0
        let beside = b.width >= toolWidth + 300 && toolHeight <= 34
        let bottom = toolWidth == 0 ? 24.0 : beside ? 36 : toolHeight + 26
        let body = Rect(b.minX, b.minY, b.width, max(0, b.height - bottom))
        status.frame = Rect(b.minX + 4, b.maxY - (beside && toolWidth > 0 ? 27 : 18), b.width - 8 - (beside ? toolWidth : 0), 18)
        tools?.frame = Rect(b.maxX - toolWidth, b.maxY - (beside ? 34 : toolHeight + 24), toolWidth, toolHeight)
        let side = b.width >= 560 && showsNext ? max(160, b.width * 0.25) : 0
        page.frame = Rect(body.minX, body.minY, body.width - (side > 0 ? side + 8 : 0), body.height)
        nextCaption.isHidden = side == 0 || next.isHidden
        // At the top: the console's notices ("Reloaded talk.pdf") have their own line above the
        // scene area (`ConsoleView`), so none hides it.
        let top = body.minY
        next.frame = side > 0 ? Rect(body.maxX - side, top + 20, side, side * 9 / 16) : .zero
        nextCaption.frame = Rect(body.maxX - side, top, side, 18)
    }
}
