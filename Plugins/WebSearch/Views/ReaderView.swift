import Foundation
import PodiumKit

/// A page's clean text, wrapped to the view's width: title, headings, paragraphs, bulleted and
/// numbered lists. Scrolls with the wheel and, when focused, Up/Down/PageUp/PageDown/Home/End.
/// With no document it shows `message` (loading, errors, hints). The audience uses it at a larger
/// `scale`, non-interactive and `paged`: laid out for its own size, it shows whole lines only, a
/// page at a time, so the room never sees a line cut by the bottom edge.
final class ReaderView: View {
    var document: ReaderDocument? { didSet { scrollOffset = 0; page = 0; pageStart = nil; pendingReveal = nil; laidOutSize = nil; setNeedsDisplay() } }
    var message = "" { didSet { setNeedsDisplay() } }
    var scale = 1.0 { didSet { laidOutSize = nil; setNeedsDisplay() } }
    var interactive = true
    /// Shows pages of whole lines instead of scrolling (the audience's copy).
    var paged = false
    /// The page shown when `paged` (0-based; clamped to `pageCount`).
    private(set) var page = 0
    /// Where the shown page starts, so a new size (another display) keeps the room at that text.
    private var pageStart: Anchor?
    /// What `reveal` was asked to bring into view before the view was laid out.
    private var pendingReveal: Anchor?
    /// The part another copy of this page shows (the room's page, on the presenter's copy),
    /// marked with a bar on the leading edge; nil marks nothing.
    var marked: Range<Anchor>? { didSet { if marked != oldValue { setNeedsDisplay() } } }
    /// Told when `paged` and the pages were laid out anew (a new document or size).
    var onPaged: (() -> Void)?
    /// The user scrolled: the new position as a fraction (0…1) of the scrollable height, so the
    /// audience's larger copy can follow.
    var onScroll: ((Double) -> Void)?
    private(set) var scrollOffset = 0.0
    private var lines: [Line] = []
    private var contentHeight = 0.0
    private var laidOutSize: Size?
    /// The top (points) of each page when `paged`: a page shows the lines starting at or below it
    /// and above the next page's top, all of which fit the view's height whole.
    private var pageTops: [Double] = [0]

    /// A place in the document the same in every copy whatever its size: the item (title,
    /// address, then each block in order) and a character offset in it.
    struct Anchor: Comparable, Hashable {
        var item: Int, offset: Int
        static func < (a: Anchor, b: Anchor) -> Bool { (a.item, a.offset) < (b.item, b.offset) }
    }

    /// One visual line (or a list marker) with its top-left, height and where it starts.
    private struct Line { var block: TextBlock; var x: Double; var y: Double; var height: Double; var secondary: Bool; var anchor: Anchor }

    override init() { super.init(); clipsToBounds = true }
    override var role: String? { "reader" }
    override var acceptsFocus: Bool { interactive && document != nil }
    override var isUserInteractionEnabled: Bool { interactive }
    override var accessibilityValue: String? { document?.title ?? (message.isEmpty ? nil : message) }

    var padding: Double { 16 * scale }
    private var bodyFont: Font { .system(16 * scale) }
    private func headingFont(_ level: Int) -> Font { .bold((level <= 1 ? 26 : level == 2 ? 21 : 18) * scale) }

    /// Lays out every block at the current size, split into visual lines (only when the size
    /// or document changed), and the pages when `paged`.
    private func layoutLines(_ m: TextMeasuring) {
        guard laidOutSize != bounds.size else { return }
        laidOutSize = bounds.size
        lines = []; pageTops = [0]
        var y = padding, item = 0
        let width = bounds.width - 2 * padding
        guard let doc = document, width > 20 else { contentHeight = 0; return }
        func add(_ text: String, _ font: Font, x: Double, secondary: Bool = false, after: Double) {
            let b = TextBlock(text, font: font, width: max(1, width - (x - padding)))
            let layout = m.layout(b), chars = Array(text)
            for l in layout.lines {
                let r = l.range.clamped(to: 0..<chars.count)
                lines.append(Line(block: TextBlock(String(chars[r]), font: font), x: x + l.rect.minX, y: y + l.rect.minY,
                                  height: l.rect.height, secondary: secondary, anchor: Anchor(item: item, offset: r.lowerBound)))
            }
            y += layout.size.height + after
            item += 1
        }
        add(doc.title, .bold(30 * scale), x: padding, after: 6 * scale)
        if let u = doc.url { add(u.removingPercentEncoding ?? u, .system(12 * scale), x: padding, secondary: true, after: 12 * scale) }
        var blocks = doc.blocks
        // The page's own first heading usually repeats its title.
        if case let .heading(_, t)? = blocks.first, t == doc.title { blocks.removeFirst() }
        var afterList = false
        for b in blocks {
            if afterList, case .listItem = b {} else if afterList { y += 6 * scale }
            if case .listItem = b { afterList = true } else { afterList = false }
            switch b {
            case let .heading(level, t): y += 8 * scale; add(t, headingFont(level), x: padding, after: 6 * scale)
            case let .paragraph(t): add(t, bodyFont, x: padding, after: 10 * scale)
            case let .listItem(t, n):
                let marker = n.map { "\($0)." } ?? "•"
                lines.append(Line(block: TextBlock(marker, font: bodyFont), x: padding + 4 * scale, y: y, height: m.lineHeight(bodyFont),
                                  secondary: true, anchor: Anchor(item: item, offset: 0)))
                add(t, bodyFont, x: padding + 28 * scale, after: 4 * scale)
            }
        }
        contentHeight = y + padding
        if paged { paginate(); onPaged?() }
        if let a = pendingReveal, !lines.isEmpty { pendingReveal = nil; reveal(a) }
    }

    /// Breaks the lines into pages: a line that would reach past the bottom edge starts the next
    /// page (a list marker goes with its item's first line, which has the same top).
    private func paginate() {
        var top = 0.0
        for l in lines where l.y - top + l.height > bounds.height && l.y - padding > top {
            top = l.y - padding
            pageTops.append(top)
        }
        page = pageStart.map(pageHolding) ?? min(page, pageTops.count - 1)
    }

    /// The last page starting at or before `a`.
    private func pageHolding(_ a: Anchor) -> Int {
        (0..<pageTops.count).last { lineIndexes(onPage: $0).first.map { lines[$0].anchor <= a } ?? false } ?? 0
    }

    /// The lines on page `p` (all of them when not paged).
    private func lineIndexes(onPage p: Int) -> Range<Int> {
        guard paged, pageTops.indices.contains(p) else { return lines.indices }
        let top = pageTops[p], next = p + 1 < pageTops.count ? pageTops[p + 1] : .infinity
        let from = lines.firstIndex { $0.y >= top } ?? lines.count
        let to = lines[from...].firstIndex { $0.y >= next || $0.y - top + $0.height > bounds.height } ?? lines.count
        return from..<to
    }

    override func layoutSubviews() { super.layoutSubviews(); laidOutSize = nil }

    // MARK: Pages (the audience's copy)

    /// How many pages the document takes at this size (1 when not paged or not laid out).
    var pageCount: Int { if let m = metrics { layoutLines(m) }; return paged ? pageTops.count : 1 }

    /// Shows page `p`, clamped to the document.
    func show(page p: Int) {
        if let m = metrics { layoutLines(m) }
        page = max(0, min(pageTops.count - 1, p))
        pageStart = lineIndexes(onPage: page).first.map { lines[$0].anchor }
        setNeedsDisplay()
    }

    /// The part of the document the current page shows, from its first line's start to the
    /// next page's start (the end of the document after the last page).
    var visibleRange: Range<Anchor>? {
        if let m = metrics { layoutLines(m) }
        let r = lineIndexes(onPage: page)
        guard let first = r.first.map({ lines[$0].anchor }) else { return nil }
        let end = r.upperBound < lines.count ? lines[r.upperBound].anchor : Anchor(item: Int.max, offset: 0)
        return first..<end
    }

    /// Shows the page holding `a`; before the view is first laid out (a scene made again by a
    /// reload, not on screen yet), the page holding it once it is.
    func show(anchor a: Anchor) {
        if let m = metrics { layoutLines(m) }
        guard !lines.isEmpty else { pageStart = a; return }
        show(page: pageHolding(a))
    }

    /// The start of the first line wholly in view (the top of a scrolling copy).
    var topAnchor: Anchor? {
        if let m = metrics { layoutLines(m) }
        return (lines.first { $0.y >= scrollOffset } ?? lines.last)?.anchor
    }

    /// True when scrolled as far down as the page goes (and it does scroll).
    var isScrolledToEnd: Bool { maxScroll > 0 && scrollOffset >= maxScroll - 0.5 }

    /// Scrolls (without telling `onScroll`) so that `a`'s line is in view.
    func reveal(_ a: Anchor) {
        if let m = metrics { layoutLines(m) }
        // Not laid out yet (a scene a reload made, not on screen): once it is.
        guard !lines.isEmpty else { if document != nil { pendingReveal = a }; return }
        guard let l = lines.last(where: { $0.anchor <= a }) else { return }
        if l.y < scrollOffset || l.y + l.height > scrollOffset + bounds.height { scroll(to: l.y - padding) }
    }

    override func draw(into list: inout DrawList) {
        guard let m = metrics else { return }
        let t = theme
        guard document != nil else {
            list.text(TextBlock(message, font: bodyFont, width: max(1, bounds.width - 2 * padding)), t.secondaryText, at: Point(padding, padding))
            return
        }
        layoutLines(m)
        if paged {
            // Whole lines only: nothing of the next page peeks in at the bottom edge.
            let top = pageTops[page]
            for i in lineIndexes(onPage: page) { let l = lines[i]; list.text(l.block, l.secondary ? t.secondaryText : t.text, at: Point(l.x, l.y - top)) }
            return
        }
        for l in lines {
            let y = l.y - scrollOffset
            if y + l.height < 0 { continue }
            if y > bounds.height { break }
            list.text(l.block, l.secondary ? t.secondaryText : t.text, at: Point(l.x, y))
        }
        if let r = marked {
            // The room's part: a tinted bar beside its lines.
            let shown = lines.filter { r.contains($0.anchor) }
            if let a = shown.map(\.y).min(), let b = shown.map({ $0.y + $0.height }).max() {
                list.fill(Rect(3, a - scrollOffset, 4, b - a), t.tint, radius: 2)
            }
        }
        if contentHeight > bounds.height {
            // A scroll indicator on the trailing edge.
            let h = max(20, bounds.height * bounds.height / contentHeight)
            let y = (bounds.height - h) * scrollOffset / (contentHeight - bounds.height)
            list.fill(Rect(bounds.width - 5, y, 3, h), t.separator, radius: 1.5)
        }
    }

    override func drawOverlay(into list: inout DrawList) {
        if interactive && isFocused { list.stroke(bounds.insetBy(dx: 1, dy: 1), theme.tint, width: 2, radius: 4) }
    }

    /// Scrolls to `y` points from the top, clamped to the content.
    func scroll(to y: Double) {
        if let m = metrics { layoutLines(m) }
        scrollOffset = max(0, min(maxScroll, y))
        setNeedsDisplay()
    }
    private var maxScroll: Double { max(0, contentHeight - bounds.height) }

    /// Scrolls to `f` (0…1) of the scrollable height.
    func scroll(toFraction f: Double) {
        if let m = metrics { layoutLines(m) }
        scroll(to: f * maxScroll)
    }

    /// Scrolls as the user asked and tells `onScroll`.
    private func userScroll(to y: Double) {
        scroll(to: y)
        onScroll?(maxScroll > 0 ? scrollOffset / maxScroll : 0)
    }

    override func handle(_ event: InputEvent) -> Bool {
        guard interactive, document != nil else { return false }
        let line = 40 * scale
        switch event {
        case .mouseDown: becomeFocused(); return true
        case let .wheel(_, dy, _): userScroll(to: scrollOffset - dy * line); return true
        case let .key(k):
            let before = scrollOffset
            switch k.code {
            case .down: userScroll(to: scrollOffset + line)
            case .up: userScroll(to: scrollOffset - line)
            case .pageDown, .space: userScroll(to: scrollOffset + bounds.height * 0.9)
            case .pageUp: userScroll(to: scrollOffset - bounds.height * 0.9)
            case .home: userScroll(to: 0)
            case .end: userScroll(to: .greatestFiniteMagnitude)
            default: return false
            }
            // Down at the page's end (Up at its top) scrolls nothing: the talk's (see `WindowRoot`).
            return !k.code.isArrow || scrollOffset != before
        default: return false
        }
    }
}
