import FoundationEssentials
import Glibc
import PodiumKit

/// The drawing layer of a PDF scene: the pen, highlighter and eraser on the presenter's page
/// view (or the audience window's), the spotlight and the zoom. Strokes live in page points in
/// the file's `InkSession`; every page view draws them at its own scale, so the room gets vector
/// strokes at its own resolution. All of it is drawn inside the audience view's scene content,
/// so a blackout covers it and a freeze holds it back like any other change.
extension PDFScene {
    /// The eraser's radius, as a fraction of the slide's width.
    static let eraserRadius = 0.015
    /// Spotlight radius, as a fraction of the shown page's height.
    static let spotlightRadius = 0.14

    func setUpInk(next: PDFPageView) {
        for v in [audiencePage, presenterPage] {
            v.hovers = true
            v.pointerHandler = { [weak self] view, event in self?.inkPointer(view, event) ?? false }
        }
        audiencePage.decorate = { [weak self] list, fit, region in self?.decorate(&list, fit, region, audience: true) }
        presenterPage.decorate = { [weak self] list, fit, region in self?.decorate(&list, fit, region, audience: false) }
        // The next page as the room will see it: with its drawing.
        next.decorate = { [weak self, weak next] list, fit, region in
            guard let self, let next, self.inkOnThisVersion else { return }
            InkPainter.strokes(self.ink.strokes(on: next.page), self.geometry(fit.rect, region, page: next.page), into: &list)
        }
        ink.onChange.append { [weak self] in self?.inkChanged() }
    }

    /// Whether the drawing layer shows this scene's version of the PDF: after a reload the
    /// scenes of the old version (still on screen for a moment) neither show nor take strokes.
    var inkOnThisVersion: Bool { ink.document === cache.document }

    var inkStatus: String {
        var parts: [String] = []
        switch ink.tool {
        case .pen?: parts.append("Pen")
        case .highlighter?: parts.append("Highlighter")
        case .eraser?: parts.append("Eraser")
        case .zoom?: parts.append("Zoom: drag a rectangle")
        case nil: break
        }
        if ink.spotlight { parts.append("Spotlight") }
        if audiencePage.zoom != nil { parts.append("Zoomed") }
        if let problem = ink.saveProblem, !(ink.pages.values.allSatisfy(\.isEmpty)) { parts.append("drawings not saved: \(problem)") }
        return parts.isEmpty ? "" : " · " + parts.joined(separator: " · ") + " (Esc ends)"
    }

    private func inkChanged() {
        guard isCurrent else { presenter.next.setNeedsDisplay(); return }
        audiencePage.setNeedsDisplay(); presenterPage.setNeedsDisplay(); presenter.next.setNeedsDisplay()
    }

    /// The file's one tool bar moves to the current page's presenter view: making seven buttons
    /// (and measuring their titles) for every page cost about 3 ms an advance.
    func inkBecameCurrent(_ current: Bool) {
        if !current { leavePageInk() }
        isCurrent = current
        if current {
            ink.perform = { [weak self] action in _ = self?.handleInk(action) }
            presenter.tools = ink.toolbar
        } else if presenter.tools === ink.toolbar {
            presenter.tools = nil
        }
        refreshInk()
    }

    /// Leaving the page (advance, or a step inside a range): a stroke being drawn is kept, and the
    /// zoom ends (the next page starts whole).
    func leavePageInk() {
        ink.end()
        ink.eraserLast = nil
        zoomDrag = nil
        audiencePage.zoom = nil
        if ink.tool == .zoom { ink.tool = nil }
    }

    private func refreshInk() {
        inkChanged()
        updateStatus()
        var on: Set<ConsoleAction> = []
        switch ink.tool {
        case .pen?: on.insert(.penTool)
        case .highlighter?: on.insert(.highlighterTool)
        case .eraser?: on.insert(.eraserTool)
        case .zoom?: on.insert(.zoom)
        case nil: break
        }
        if ink.spotlight { on.insert(.spotlight) }
        if audiencePage.zoom != nil { on.insert(.zoom) }
        if isCurrent { ink.toolbar.mark(on) }
    }

    /// The console actions of the drawing layer; Esc (`clear`) ends, in turn, the zoom, the
    /// spotlight and the tool. Returns false for other actions (and Esc with none of them on).
    func handleInk(_ action: ConsoleAction) -> Bool {
        func toggle(_ t: InkSession.Tool) { ink.end(); zoomDrag = nil; ink.tool = ink.tool == t ? nil : t }
        switch action {
        case .penTool: toggle(.pen)
        case .highlighterTool: toggle(.highlighter)
        case .eraserTool: toggle(.eraser)
        case .zoom:
            if audiencePage.zoom != nil { audiencePage.zoom = nil; if ink.tool == .zoom { ink.tool = nil } } else { toggle(.zoom) }
        case .undoDrawing: ink.end(); if inkOnThisVersion { ink.undo(page: page) }
        case .clearDrawing: ink.end(); if inkOnThisVersion { ink.clear(page: page) }
        case .spotlight: ink.spotlight.toggle()
        case .clear:
            if audiencePage.zoom != nil || zoomDrag != nil { audiencePage.zoom = nil; zoomDrag = nil; if ink.tool == .zoom { ink.tool = nil } }
            else if ink.spotlight { ink.spotlight = false }
            else if ink.tool != nil { ink.end(); ink.tool = nil }
            else { return false }
        default: return false
        }
        refreshInk()
        return true
    }

    // MARK: Pointer

    func geometry(_ fit: Rect, _ region: Rect, page p: Int) -> InkGeometry {
        InkGeometry(fit: fit, region: region, page: cache.document.pageSizes[p])
    }

    private func geometry(of view: PDFPageView) -> InkGeometry? {
        guard let fit = view.lastFit, let region = view.lastRegion else { return nil }
        return geometry(fit.rect, region, page: page)
    }

    /// A press, move or release on a page view. With a tool on, a press on the page draws, erases
    /// or starts a zoom rectangle (and never reaches links or the host's click bindings); moves
    /// also steer the spotlight. Previews (a scene not current) take nothing.
    func inkPointer(_ view: PDFPageView, _ event: InputEvent) -> Bool {
        guard isCurrent, inkOnThisVersion, let g = geometry(of: view) else { return false }
        // The slide's width (half the page with Beamer's notes beside it) sets the pen's size.
        let pageWidth = cache.document.pageSizes[page].width * audiencePage.region.width
        switch event {
        case let .mouseDown(p, button, _):
            guard button == 1, let tool = ink.tool else { return false }
            pointer(at: g.page(p))
            // A press in the letterbox does nothing, and is not a click either.
            guard g.fit.contains(p) else { return true }
            switch tool {
            case .pen: ink.begin(.pen, page: page, at: g.page(p), pageWidth: pageWidth)
            case .highlighter: ink.begin(.highlighter, page: page, at: g.page(p), pageWidth: pageWidth)
            case .eraser:
                ink.eraserLast = g.page(p)
                ink.erase(page: page, at: g.page(p), radius: pageWidth * Self.eraserRadius)
            case .zoom:
                // Only on the presenter's page: the rectangle is the speaker's, drawn there.
                guard view === presenterPage else { return true }
                zoomDrag = (p, p); presenterPage.setNeedsDisplay()
            }
            return true
        case let .mouseMoved(p, buttons):
            pointer(at: g.page(p))
            guard buttons != 0, let tool = ink.tool else { return ink.spotlight }
            switch tool {
            case .pen, .highlighter: ink.extend(to: g.page(p), minStep: 0.75 / g.scale)
            case .eraser:
                // Along the path since the last point: a quick swipe reports points far apart.
                let q = g.page(p)
                ink.erase(page: page, from: ink.eraserLast ?? q, to: q, radius: pageWidth * Self.eraserRadius)
                ink.eraserLast = q
            case .zoom:
                if let d = zoomDrag, view === presenterPage { zoomDrag = (d.from, p); presenterPage.setNeedsDisplay() }
            }
            return true
        case let .mouseUp(p, _):
            guard let tool = ink.tool else { return false }
            switch tool {
            case .pen, .highlighter: ink.extend(to: g.page(p), minStep: 0.75 / g.scale); ink.end()
            case .eraser:
                let q = g.page(p)
                ink.erase(page: page, from: ink.eraserLast ?? q, to: q, radius: pageWidth * Self.eraserRadius)
                ink.eraserLast = nil
            case .zoom: finishZoom(g, at: view === presenterPage ? p : nil)
            }
            return true
        default:
            return false
        }
    }

    /// The pointer's last place in this page's points: where it was over another page (the page
    /// before an advance), at the same place across the page, so the spotlight stays where the
    /// speaker put it until the mouse moves; nil before the pointer was over a page.
    var pointerOnThisPage: Point? {
        guard let p = ink.pointer else { return nil }
        if p.page == page { return p.point }
        let sizes = cache.document.pageSizes
        guard sizes.indices.contains(p.page), sizes[p.page].width > 0, sizes[p.page].height > 0 else { return nil }
        let from = sizes[p.page], to = sizes[page]
        return Point(p.point.x / from.width * to.width, p.point.y / from.height * to.height)
    }

    /// The spotlight follows the pointer over either page view.
    private func pointer(at q: Point) {
        ink.pointer = (page, q)
        if ink.spotlight { audiencePage.setNeedsDisplay(); presenterPage.setNeedsDisplay() }
    }

    /// A dragged rectangle (at least 8 points each way, inside the page) becomes the audience's zoom.
    private func finishZoom(_ g: InkGeometry, at end: Point?) {
        guard let d = zoomDrag else { return }
        zoomDrag = nil
        let to = end ?? d.to
        let r = Rect(min(d.from.x, to.x), min(d.from.y, to.y), abs(to.x - d.from.x), abs(to.y - d.from.y)).intersection(g.fit)
        guard r.width >= 8, r.height >= 8 else { presenterPage.setNeedsDisplay(); return }
        let a = g.page(r.origin), b = g.page(Point(r.maxX, r.maxY))
        let size = cache.document.pageSizes[page]
        audiencePage.zoom = Rect(a.x / size.width, a.y / size.height, (b.x - a.x) / size.width, (b.y - a.y) / size.height)
        ink.tool = nil
        refreshInk()
    }

    // MARK: Drawing

    private func decorate(_ list: inout DrawList, _ fit: PageFit, _ region: Rect, audience: Bool) {
        let g = geometry(fit.rect, region, page: page)
        if inkOnThisVersion { InkPainter.strokes(ink.strokes(on: page), g, into: &list) }
        guard isCurrent else { return }
        let spot = pointerOnThisPage.map(g.view) ?? fit.rect.center
        let radius = fit.rect.height * Self.spotlightRadius
        if audience {
            if ink.spotlight { InkPainter.spotlight(centre: spot, radius: radius, bounds: Rect(origin: .zero, size: audiencePage.bounds.size), into: &list) }
            return
        }
        // The presenter's page stays whole: it shows what the room sees zoomed, the rectangle
        // being dragged, and the spotlight's circle.
        let tint = Theme.standard.tint
        if let z = audiencePage.lastRegion, audiencePage.zoom != nil {
            let size = cache.document.pageSizes[page]
            let a = g.view(Point(z.minX * size.width, z.minY * size.height)), b = g.view(Point(z.maxX * size.width, z.maxY * size.height))
            list.stroke(Rect(a.x, a.y, b.x - a.x, b.y - a.y), tint, width: 2)
        }
        if let d = zoomDrag {
            list.stroke(Rect(min(d.from.x, d.to.x), min(d.from.y, d.to.y), abs(d.to.x - d.from.x), abs(d.to.y - d.from.y)), tint, width: 2)
        }
        if ink.spotlight {
            // The same share of the page as on the audience view.
            let ag = audiencePage.lastFit.map { geometry($0.rect, audiencePage.lastRegion ?? region, page: page) }
            let r = ag.map { $0.fit.height * Self.spotlightRadius / $0.scale * g.scale } ?? radius
            InkPainter.ring(centre: spot, radius: r, Color(0xFF, 0xD6, 0x0A), into: &list)
        }
    }
}
