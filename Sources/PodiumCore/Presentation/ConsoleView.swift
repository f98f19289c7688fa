import PodiumKit

/// The presenter window's layout: a toolbar (previous/next, position, title, what the audience
/// sees, timers) on top; the current scene's controls on the left; on the right a live audience
/// preview, a preview of the next scene and the notes. The sidebar moves below the scene when the
/// window is narrow. The overview and the key help cover everything when open.
public final class ConsoleView: View {
    public let toolbar = StackView(.horizontal, spacing: 8, insets: EdgeInsets(top: 6, left: 10, bottom: 6, right: 14))
    public let sceneArea = View()
    /// The previews' column above the notes' column; side by side when the sidebar lies under the
    /// scene (a narrow window), so a short, wide sidebar still gives the previews a readable height.
    public let sidebar = StackView(.vertical, spacing: 6, insets: EdgeInsets(all: 10))
    /// The "AUDIENCE" heading, the room's preview, the next caption and the next previews.
    let previewColumn = StackView(.vertical, spacing: 6)
    /// The "NOTES" heading, the notes, then the platform's panels (``addSidebarPanel(_:)``).
    let notesColumn = StackView(.vertical, spacing: 6)
    let audienceHeading = Label("AUDIENCE", font: .bold(12), color: Theme.standard.secondaryText)
    let notesHeading = Label("NOTES", font: .bold(12), color: Theme.standard.secondaryText)
    public let preview = PreviewView()
    public let nextPreview = PreviewView(id: "console.nextPreview")
    /// The next slide, small beside `nextPreview`, while that shows an overlay of this slide.
    public let nextSlidePreview = PreviewView(id: "console.nextSlidePreview")
    lazy var nextPreviews = NextPreviewsView(next: nextPreview, nextSlide: nextSlidePreview)
    public let notes = NotesView()
    /// The notes panel: `notes` and the scene's own notes view (a PDF's Beamer notes half).
    lazy var notesArea = NotesAreaView(notes: notes)
    public let timers = TimersView()
    public let overview = OverviewView()
    public let help = HelpView()
    /// Questions and errors for the speaker only, under the toolbar.
    public let banner = BannerView()
    let positionLabel = Label("", font: .bold(15))
    let titleLabel = Label("", font: .headline)
    /// What the room sees: LIVE, BLACK, WHITE or FROZEN.
    let statusLabel = Label("LIVE", font: .bold(14))
    /// The status as said in full; a narrow toolbar may show LIVE by its dot alone.
    var statusText = ConsoleView.liveStatus
    static let liveStatus = "● LIVE"
    let nextLabel = Label("", font: .system(14))
    /// The elapsed time (kept for callers of the first console).
    public var timerLabel: Label { timers.elapsedLabel }
    let previousButton = Button(ConsoleView.previousTitle, id: "console.previous", style: .bar)
    let nextButton = Button(ConsoleView.nextTitle, id: "console.next", style: .bar)
    var onPrevious: (() -> Void)?
    var onNext: (() -> Void)?

    override init() {
        super.init()
        backgroundColor = Theme.standard.background
        toolbar.backgroundColor = Theme.standard.surface
        previousButton.action = { [weak self] _ in self?.onPrevious?() }
        nextButton.action = { [weak self] _ in self?.onNext?() }
        toolbar.alignment = .center
        toolbar.add(previousButton); toolbar.add(nextButton)
        toolbar.add(positionLabel)
        toolbar.add(titleLabel, flexible: true)
        toolbar.add(statusLabel)
        toolbar.add(timers)
        statusLabel.id = "console.audienceStatus"
        sidebar.backgroundColor = Theme.standard.surface
        previewColumn.add(audienceHeading)
        previewColumn.add(preview, length: 180)
        previewColumn.add(nextLabel)
        previewColumn.add(nextPreviews, length: 100)
        notesColumn.add(notesHeading)
        notesColumn.add(notesArea, flexible: true)
        sidebar.add(previewColumn)
        sidebar.add(notesColumn, flexible: true)
        nextLabel.id = "console.nextTitle"
        sceneArea.clipsToBounds = true
        addSubviews(toolbar, sceneArea, sidebar, overview, help, banner)
        setAudienceStatus(.normal, frozen: false)
        // A timer grown by a digit (scene 9:59 → 10:00) may no longer fit a narrow toolbar.
        timers.onWidthChange = { [weak self] in self?.setNeedsLayout() }
    }

    /// `nextCaption`: see `setNextCaption`.
    func setScene(_ view: View, index: Int, count: Int, title: String, notes text: String, nextCaption: String?) {
        sceneArea.removeAllSubviews()
        if view.pins == nil { view.pins = .fill() }   // a plugin may pin its view itself (margins)
        sceneArea.addSubview(view)
        positionLabel.text = "\(index + 1) / \(count)"
        titleLabel.text = title
        setNextCaption(nextCaption)
        notes.setNotes(text)
    }

    /// The caption over the next preview (`Next: TITLE`, `Next scene: TITLE`, made by
    /// `Presentation.nextCaption`), or "End of deck" and no preview (nil).
    func setNextCaption(_ caption: String?) {
        nextLabel.text = caption ?? "End of deck"
        nextPreview.isHidden = caption == nil
        setNeedsLayout()
    }

    /// The toolbar badge and the preview's frame: what the room sees now (`held`: its frame from
    /// before a reload, while the remade scene restores it).
    func setAudienceStatus(_ mode: AudienceMode, frozen: Bool, held: Bool = false) {
        let t = Theme.standard
        let badge: (String, Color)?
        switch (mode, frozen) {
        // A freeze made under a cover shows once the cover goes: said now (trial 16 m1).
        case (.black, let f): badge = (f ? "AUDIENCE BLACK + FROZEN" : "AUDIENCE BLACK", Color(0x60, 0x60, 0x60))
        case (.white, let f): badge = (f ? "AUDIENCE WHITE + FROZEN" : "AUDIENCE WHITE", .white)
        case (.normal, true): badge = ("AUDIENCE FROZEN", Color(0x40, 0xA0, 0xFF))
        case (.normal, false) where held: badge = ("AUDIENCE HELD", Color(0x40, 0xA0, 0xFF))
        case (.normal, false): badge = nil
        }
        preview.badge = badge.map { (text: $0.0, color: $0.1) }
        statusText = badge.map { "■ " + $0.0.dropFirst(9) } ?? Self.liveStatus
        statusLabel.text = statusText
        statusLabel.color = badge?.1 == Color(0x60, 0x60, 0x60) ? t.warning : badge?.1 ?? t.positive
        toolbar.setNeedsLayout()
    }

    /// The most of the sidebar (below its captions) the audience and next previews take together,
    /// so the notes keep at least the rest whatever the room's shape.
    static let previewShare = 0.7
    /// Points of the sidebar (below its captions) the notes keep before the previews and the
    /// platform's panels, or half of a shorter one: about four lines of notes.
    public static let notesMinimum = 96.0
    /// Points of the strip under the scene the notes keep beside a panel that comes before them
    /// (``SidebarPanel/comesBeforeNotes``): a line.
    public static let notesLine = 25.0

    /// Adds a platform panel (the remote's pairing code) under the notes; its height is the
    /// panel's ``SidebarPanel/sidebarLength(spare:previewsCanGive:)`` at each layout.
    public func addSidebarPanel(_ panel: SidebarPanel) {
        notesColumn.add(panel)
        setNeedsLayout()
    }

    /// Sidebar width: a third of the window, within 260…480 pt; below 700 pt wide the sidebar
    /// goes under the scene instead, its notes beside the previews. The next-scene preview is 60 %
    /// of the room's preview's width.
    public override func layoutSubviews() {
        let b = bounds
        toolbar.frame = Rect(0, 0, b.width, 48)
        fitToolbar(width: b.width)
        let body = Rect(0, 48, b.width, b.height - 48)
        let underScene = b.width < 700
        if underScene {
            let h = min(body.height * 0.4, 260)
            sceneArea.frame = Rect(0, body.minY, b.width, body.height - h)
            sidebar.frame = Rect(0, body.maxY - h, b.width, h)
        } else {
            let w = clamp(b.width / 3, 260, 480)
            sceneArea.frame = Rect(0, body.minY, b.width - w, body.height)
            sidebar.frame = Rect(b.width - w, body.minY, w, body.height)
        }
        // The banner's line is the banner's, shown or not: the scene area starts below it, so a
        // notice never covers a scene's toolbar (the web search's Search button) and a click
        // aimed at a control never lands on a notice that appeared meanwhile (a slow first draw's
        // "took N ms to draw"). Reserved, not made when a notice shows: nothing moves under the
        // pointer. A notice of more lines (a long reload error, a narrow window) pushes the scene
        // area down by the rest, so it covers none of the scene's controls or panels either.
        let bannerWidth = underScene ? b.width : sceneArea.frame.width
        let extra = BannerView.lineHeight + (banner.isHidden ? 0 : max(0, banner.height(forWidth: bannerWidth) - BannerView.lineHeight))
        sceneArea.frame = Rect(sceneArea.frame.minX, sceneArea.frame.minY + extra, sceneArea.frame.width, max(0, sceneArea.frame.height - extra))
        layoutSidebar(sideBySide: underScene)
        // In its own line above the scene area (more lines push the scene area down, above),
        // beside the sidebar, which it leaves uncovered (the "AUDIENCE" heading, what the room
        // sees); across the whole width when the sidebar sits under the scene.
        banner.frame = Rect(0, 48, bannerWidth, banner.height(forWidth: bannerWidth))
        // The overview leaves the toolbar (its timers and the room's status) in sight, and lies
        // below the banner's line as the scene does, so a notice never hides its header (trial
        // 17 m8); so does the key help (trial 34 m5: it hid the timers and what the room sees),
        // its title and rows below the banner's line.
        overview.frame = Rect(0, body.minY + extra, b.width, max(0, body.height - extra))
        help.frame = body
        help.rowsTop = extra + 6
        // Under the overview or help nothing else needs drawing (nor the pointer over the preview).
        let covered = !overview.isHidden || !help.isHidden
        for v in [sceneArea, sidebar] where v.isHidden != covered { v.isHidden = covered }
    }

    /// The previews' and the panels' heights for the sidebar's frame, in points. The previews
    /// keep the room's aspect ratio (a portrait room made them push the notes out of the window,
    /// trial 13 F3: letterboxed inside when capped). In one column they take at most
    /// `previewShare` of it and the notes keep `notesMinimum` (half a short sidebar) whatever the
    /// previews and the platform's panels want (trial 21 m1: at 640×480 the remote's pairing code
    /// took all the notes' room). `sideBySide` (the sidebar under the scene: short and wide), the
    /// previews have their own column, as wide as the sidebar's height lets them be whole and at
    /// most half the width (trial 34 m2: across 620 pt they were capped to 47 pt tall).
    private func layoutSidebar(sideBySide: Bool) {
        let aspect = preview.source.map { $0.bounds.width / max(1, $0.bounds.height) } ?? 16.0 / 9
        let inner = sidebar.bounds.inset(by: sidebar.insets)
        let gap = sidebar.spacing
        func height(_ label: Label) -> Double { label.sizeThatFits(Size(inner.width, inner.height)).height }
        let panels = notesColumn.subviews.compactMap { $0 as? SidebarPanel }
        let previewCaptions = height(audienceHeading) + height(nextLabel) + 3 * gap
        let notesCaptions = height(notesHeading) + gap * Double(1 + panels.count)
        let previewRoom = max(0, inner.height - previewCaptions)
        // The heights of the room's and the next preview together, per point of their width.
        let perWidth = 1.6 / aspect
        let pw = sideBySide ? max(0, min(previewRoom / perWidth, (inner.width - gap) / 2)) : inner.width
        let wanted = pw * perWidth
        // What the notes and the panels share; in one column the previews too.
        let room = max(0, sideBySide ? inner.height - notesCaptions : previewRoom - gap - notesCaptions)
        let notesKept = min(Self.notesMinimum, room / 2)
        var fit = min(1, (sideBySide ? previewRoom : min(room * Self.previewShare, room - notesKept)) / max(1, wanted))
        // Panels give way to the notes on a short sidebar: each gets its length for the room left
        // after the previews (in one column), the captions and the notes; in one column the
        // previews may give up to half theirs to a panel that needs it. In the strip under the
        // scene a panel that comes first leaves the notes a line (trial 35 F4: at 640×480 the
        // pairing code was its status line alone, with no code or URL to pair with).
        let previewsTake = sideBySide ? 0 : wanted * fit
        var taken = 0.0
        for panel in panels {
            let kept = sideBySide && panel.comesBeforeNotes ? min(Self.notesLine, notesKept) : notesKept
            let l = panel.sidebarLength(spare: room - previewsTake - kept - taken, previewsCanGive: previewsTake / 2)
            notesColumn.fixLength(of: panel, l); taken += l
        }
        if !sideBySide { fit = max(0, min(fit, (room - notesKept - taken) / max(1, wanted))) }
        previewColumn.fixLength(of: preview, pw / aspect * fit)
        previewColumn.fixLength(of: nextPreviews, pw * 0.6 / aspect * fit)
        sidebar.axis = sideBySide ? .horizontal : .vertical
        sidebar.fixLength(of: previewColumn, sideBySide ? pw : previewCaptions + wanted * fit)
    }
}

extension StackView {
    /// Changes the fixed length of an arranged subview.
    func fixLength(of v: View, _ l: Double) {
        let fixed = arrangedLengths
        if fixed[ObjectIdentifier(v)] != l { setLength(l, for: v) }
    }
}

/// A panel the platform adds to the console's sidebar (the phone remote's pairing code) whose
/// height gives way to the notes when the sidebar is short (a small presenter window).
public protocol SidebarPanel: View {
    /// Its height in points when `spare` points are left for it (the notes' minimum kept,
    /// `ConsoleView.notesMinimum`; may be negative), and the previews would give up to
    /// `previewsCanGive` more: no more than the two together.
    func sidebarLength(spare: Double, previewsCanGive: Double) -> Double
    /// Whether the panel comes before the notes in the strip under the scene (a narrow console):
    /// its `spare` then counts all but ``ConsoleView/notesLine`` of the notes' room. The pairing
    /// code until a phone is paired; false by default.
    var comesBeforeNotes: Bool { get }
}

extension SidebarPanel {
    /// False: the notes keep ``ConsoleView/notesMinimum`` before the panel.
    public var comesBeforeNotes: Bool { false }

    /// A code panel's length (the remote's pairing QR code) for `spare` points: `whole` only
    /// where the notes keep 140 pt beside it and the previews whole (as on a 1280×800 console),
    /// else the code at its `smallest` still scannable (the previews giving what they can),
    /// else its 22-pt status line, else nothing.
    public static func codeLength(whole: Double, smallest: Double, spare: Double, previewsCanGive: Double) -> Double {
        if spare - whole >= 140 - ConsoleView.notesMinimum { return whole }
        return [min(whole, smallest), 22].first { $0 <= spare + previewsCanGive } ?? 0
    }
}
