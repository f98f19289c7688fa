import PodiumKit

/// The presenter's controls: search field, Search and History buttons, a status line, then the
/// results list beside the reader, whose bar holds the action button and what the room sees.
final class WebSearchPresenterView: View {
    let field = QueryField(id: "websearch.field")
    let searchButton = Button("Search", id: "websearch.search", style: .filled)
    let historyButton = Button("History", id: "websearch.history")
    let status = StatusLabel("", font: .system(13), lines: 2)
    let results = ResultsView().identified("websearch.results")
    let reader = ReaderView().identified("websearch.reader")
    let readerBar = View(background: Theme.standard.surface)
    let audienceLabel = Label("", font: .system(13), color: Theme.standard.secondaryText)
    let resultsToAudienceButton = Button("Results to Audience", id: "websearch.audience-results", style: .bar)
    let actionsButton = Button("Actions…", id: "websearch.actions")
    /// Move what the room sees back and on: its copy of the page by a page (the reader marks its
    /// part), or its results list by a screenful of whole cards.
    let roomBackButton = Button("▲", id: "websearch.room-back", style: .bar)
    let roomOnButton = Button("▼", id: "websearch.room-on", style: .bar)

    override init() {
        super.init()
        backgroundColor = Theme.standard.background
        field.placeholder = "Search for a band, a record, a city…"
        results.backgroundColor = Theme.standard.surface
        resultsToAudienceButton.font = .system(13)
        status.id = "websearch.status"
        readerBar.addSubviews(audienceLabel, roomBackButton, roomOnButton, resultsToAudienceButton, actionsButton)
        addSubviews(field, searchButton, historyButton, status, results, reader, readerBar)
    }

    override func layoutSubviews() {
        let pad = 10.0, barH = 36.0
        let b = bounds
        historyButton.frame = Rect(b.width - pad - 84, pad, 84, barH)
        searchButton.frame = Rect(historyButton.frame.minX - 8 - 84, pad, 84, barH)
        field.frame = Rect(pad, pad, max(40, searchButton.frame.minX - 8 - pad), barH)
        let statusY = field.frame.maxY + 4
        status.frame = Rect(pad, statusY, b.width - 2 * pad, 34)
        let top = status.frame.maxY + 4
        let listW = b.width < 520 ? b.width * 0.45 : min(420, max(240, b.width * 0.4))
        results.frame = Rect(0, top, listW, max(0, b.height - top))
        let rx = listW + 1
        // The "Audience: …" label beside the buttons when there is room for it (a 1280 pt
        // presenter: about 155 pt), else on a row of its own under them (1024 pt), never hidden.
        // A reader narrower than the buttons' row (a console under 600 pt wide) puts Results to
        // Audience on the second row, before the label (trial 35 F5: ▲ lay over the results list).
        let w = max(0, b.width - rx)
        let inline = w - 8 - 96 - 8 - 150 - 8 - 32 - 4 - 32 - 18
        let ownRow = inline < Self.labelRoom
        let twoRows = w < 8 + 96 + 8 + 150 + 8 + 32 + 4 + 32 + 8
        // Beside Results to Audience on the second row, or under it when that is too narrow.
        let labelBeside = w - 8 - 150 - 8 - 8 >= 120
        readerBar.frame = Rect(rx, top, w, twoRows ? (labelBeside ? 76 : 96) : ownRow ? 62 : 40)
        actionsButton.frame = Rect(w - 8 - 96, 4, 96, 32)
        resultsToAudienceButton.frame = twoRows ? Rect(8, 40, min(150, max(0, w - 16)), 32) : Rect(actionsButton.frame.minX - 8 - 150, 4, 150, 32)
        roomOnButton.frame = Rect((twoRows ? actionsButton.frame.minX : resultsToAudienceButton.frame.minX) - 8 - 32, 4, 32, 32)
        roomBackButton.frame = Rect(roomOnButton.frame.minX - 4 - 32, 4, 32, 32)
        let r2 = resultsToAudienceButton.frame
        audienceLabel.frame = twoRows ? (labelBeside ? Rect(r2.maxX + 8, 40, w - r2.maxX - 16, 32) : Rect(10, 74, max(0, w - 20), 20))
            : ownRow ? Rect(10, 38, max(0, w - 20), 20) : Rect(10, 4, max(0, roomBackButton.frame.minX - 18), 32)
        audienceLabel.isHidden = audienceLabel.frame.width < 120
        reader.frame = Rect(rx, readerBar.frame.maxY, max(0, b.width - rx), max(0, b.height - readerBar.frame.maxY))
    }

    /// Points the longest "Audience: 19–20 of 20" needs beside the buttons (13 pt DejaVu Sans).
    static let labelRoom = 150.0
}

/// The status line, listed in the control tree (role `status`) so the control socket and tests
/// can read what the presenter is told.
final class StatusLabel: Label {
    override var role: String? { "status" }
    override var accessibilityValue: String? { text }
}

/// What the room sees: the query on top, then the results list or the chosen page, large. The
/// top right corner says, quietly, where the room is when there is more than it shows
/// ("3–4 of 7" results, "part 2 of 5" of a page).
final class WebSearchAudienceView: View {
    let caption = Label("Web search", font: .system(24), color: Theme.standard.secondaryText)
    let position = Label("", font: .system(24), color: Theme.standard.secondaryText)
    let queryLabel = Label("", font: .bold(48))
    let results = ResultsView()
    let reader = ReaderView()

    override init() {
        super.init()
        backgroundColor = Theme.standard.background
        results.interactive = false
        reader.interactive = false
        reader.paged = true
        reader.id = "websearch.audience.reader"
        results.emptyText = "Search results appear here"
        position.alignment = .trailing
        addSubviews(caption, position, queryLabel, results, reader)
    }

    /// Shows `document` when given (the presenter chose "Show to Audience"), else the results.
    func show(query: String, results found: [SearchResult], document: ReaderDocument?) {
        queryLabel.text = query.isEmpty ? "…" : "“\(query)”"
        if results.results != found { results.results = found }
        if reader.document != document { reader.document = document }
        results.isHidden = document != nil
        reader.isHidden = document == nil
        setNeedsLayout()
    }

    /// Where the room is in what it is shown, for the corner; "" when it shows all of it.
    var positionText: String {
        if !reader.isHidden {
            let pages = reader.pageCount
            return pages > 1 ? "part \(reader.page + 1) of \(pages)" : ""
        }
        let shown = results.shownRows, count = results.results.count
        guard shown.count < count else { return "" }
        return (shown.count == 1 ? "\(shown.lowerBound + 1)" : "\(shown.lowerBound + 1)–\(shown.upperBound)") + " of \(count)"
    }

    override func controlChildren() -> [ControlNode] {
        position.text.isEmpty ? [] : [ControlNode(id: "websearch.audience.position", role: "static-text", label: position.text, frame: position.convertToWindow(position.bounds))]
    }

    override func layoutSubviews() {
        // One unit is a sixteenth of a 16:9 frame, as in the band list's audience view.
        let u = min(bounds.width / 16, bounds.height / 9)
        let s = u / 45
        caption.font = .system(22 * s); position.font = caption.font; queryLabel.font = .bold(44 * s)
        results.scale = 1.9 * s; reader.scale = 1.7 * s
        let pad = u * 0.6
        let ch = caption.sizeThatFits(Size(bounds.width, bounds.height)).height
        caption.frame = Rect(pad, pad * 0.6, bounds.width - 2 * pad, ch)
        position.frame = Rect(bounds.width / 2, pad * 0.6, bounds.width / 2 - pad, ch)
        let qh = queryLabel.sizeThatFits(Size(bounds.width, bounds.height)).height
        queryLabel.frame = Rect(pad, caption.frame.maxY, bounds.width - 2 * pad, qh)
        let body = Rect(pad * 0.5, queryLabel.frame.maxY + pad * 0.4, bounds.width - pad, max(0, bounds.height - queryLabel.frame.maxY - pad))
        results.frame = body
        reader.frame = body
        // The reader's pages at this size now, not while it draws: its `onPaged` puts the
        // room's corner ("part 1 of 3") right in this frame, not the next (trial 21 m9).
        if !reader.isHidden { reader.layoutIfNeeded(); _ = reader.pageCount }
    }
}
