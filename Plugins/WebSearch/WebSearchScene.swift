import Foundation
import PodiumKit

/// The `web-search` scene: the presenter searches (typed, from history, or handed a band's name
/// by another scene), browses results and reads one; the room sees the query with the results or
/// the chosen page in large type.
///
/// Requests run through a `SearchProvider`; completions may arrive on any thread and are hopped
/// to the main thread with `SceneContext.runOnMain`. Each search bumps `generation`, cancels the
/// request in flight and ignores any late answer to an older one.
final class WebSearchScene: Scene {
    let title = "Web Search"
    let config: WebSearchConfig
    let context: SceneContext
    /// The provider the deck chose.
    let primary: SearchProvider
    /// Offline results offered when the primary (online) provider fails; nil when not configured.
    let fallback: SearchProvider?
    var opener = BrowserOpener()

    let presenter = WebSearchPresenterView()
    let audience = WebSearchAudienceView()
    var presenterView: View { presenter }
    var audienceView: View { audience }

    enum AudienceContent: String { case results, reader }
    private(set) var audienceContent = AudienceContent.results
    private(set) var query = ""
    private(set) var results: [SearchResult] = []
    /// The query and results the room's list shows: those of the last search that found
    /// something (or what Results to Audience put there). A search that finds nothing or fails
    /// stays on the presenter, so a typo never reaches the room (trial 11 F13); the deck's own
    /// `query` is planned, so the room sees it with "No results" (trial 16 m2).
    private(set) var roomQuery = ""
    private(set) var roomResults: [SearchResult] = []
    /// The provider `results` came from (the fallback after an online failure).
    private var resultsProvider: SearchProvider
    private(set) var selected: SearchResult?
    /// The page in the presenter's reader: the selected result's, a preview until shown.
    private(set) var document: ReaderDocument?
    /// The page the room sees while `audienceContent` is `.reader`. A single click on another
    /// result only previews it on the presenter: the room keeps this page until Show to
    /// Audience or a double-click (never the results list while the new page loads).
    private(set) var roomDocument: ReaderDocument?
    /// The result whose page `roomDocument` is (what a reload carries, `carriedState`).
    private(set) var roomResult: SearchResult?
    /// Show to Audience (or a double-click) chose the selected result before its page loaded:
    /// the room gets it once loaded.
    private var roomWantsSelected = false
    private(set) var status = ""
    private(set) var history: SearchHistory
    private var historyCursor: Int?
    private var generation = 0
    /// The `generation` of a planned search (`isPlannedQuery`: the deck's `query` or one handed over).
    private var plannedQueryGeneration: Int?
    private var searchTask: SearchTask?
    private var pageTask: SearchTask?
    private var historyURL: URL { context.dataDirectory.appendingPathComponent("history.json") }
    /// What the room is shown in place of this scene's audience view (`observeAudience`):
    /// frozen (a look-up holds the room on the scene it came from, or `f`) or covered, the room
    /// does not see what this view shows, and the status line says nothing of it (trial 15 m3).
    private var roomState = AudienceState.live

    init(config: WebSearchConfig, primary: SearchProvider, fallback: SearchProvider?, context: SceneContext) {
        self.config = config; self.primary = primary; self.fallback = fallback; self.context = context
        resultsProvider = primary
        history = SearchHistory.load(context.dataDirectory.appendingPathComponent("history.json"))
        presenter.field.onCommit = { [weak self] q in self?.search(q) }
        presenter.field.onHistoryStep = { [weak self] d in self?.stepHistory(d) }
        presenter.searchButton.action = { [weak self] _ in self.map { $0.search($0.presenter.field.text) } }
        presenter.historyButton.action = { [weak self] b in self?.showHistory(from: b) }
        presenter.actionsButton.action = { [weak self] b in self?.showActions(from: b) }
        presenter.resultsToAudienceButton.action = { [weak self] _ in self?.setAudience(.results) }
        // The room's copy of the page, laid out in pages of whole lines for its own size, shows
        // the page holding the presenter's top line; ▲/▼ move it a page; the presenter's copy
        // marks the room's part. Showing the results, ▲/▼ move them a screenful of whole cards.
        presenter.reader.onScroll = { [weak self] _ in self?.roomFollowsPresenter() }
        presenter.roomBackButton.action = { [weak self] _ in self?.moveRoomPage(by: -1) }
        presenter.roomOnButton.action = { [weak self] _ in self?.moveRoomPage(by: 1) }
        audience.reader.onPaged = { [weak self] in self?.markRoomPart() }
        audience.results.onRowsPerScreenChange = { [weak self] in self?.markRoomPart() }
        // A click on a result while the room's carried page loads: that page no longer goes to
        // the room (`open`), so it waits for nothing.
        presenter.results.onSelect = { [weak self] i in self?.restoring = nil; self?.open(i) }
        presenter.results.onActivate = { [weak self] i in self?.open(i); self?.setAudience(.reader) }
        context.observeAudience { [weak self] in self?.roomState = $0; self?.markRoomPart() }
        setStatus("Search \(primary.name)" + (fallback != nil ? " (offline pages if it cannot be reached)." : "."))
        preview(config.query)
        refresh()
    }

    /// Until the scene first shows, the console's "Next:" preview draws its audience view: it
    /// shows the search the scene will run then (the deck's `query`) as the room will see it,
    /// with the offline pages' results (they answer at once, without a network), or over "Search
    /// results appear here" while an online search waits for the scene to show (no traffic for
    /// a scene nobody sees yet). Nil or blank: the waiting text alone.
    private func preview(_ q: String?) {
        let q = q?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
        roomQuery = q; roomResults = []
        audience.results.emptyText = Self.roomWaiting
        guard !q.isEmpty, let offline = primary as? OfflineProvider, let found = try? offline.results(for: q, limit: config.limit) else { return }
        roomResults = found
        if found.isEmpty { audience.results.emptyText = Self.roomNoResults }   // the deck's query is planned (trial 16 m2)
    }

    // MARK: Searching

    /// Runs `q` on the primary provider, replacing any search in flight. Empty queries are ignored.
    func search(_ q: String) {
        let q = q.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !q.isEmpty else { return }
        generation += 1
        searchTask?.cancel(); pageTask?.cancel()
        query = q
        presenter.field.text = q
        history.record(q); historyCursor = nil
        do { try history.save(historyURL) } catch { context.log("cannot save search history: \(error)") }
        results = []; selected = nil; document = nil; roomWantsSelected = false; pendingAnchor = nil
        // The room keeps what it shows until the search finds something.
        setStatus("Searching \(primary.name) for “\(q)”…")
        let gen = generation
        // One more than the cap says whether the provider had more than it shows ("first 10").
        searchTask = primary.search(q, limit: config.limit + 1) { [weak self] r in
            self?.onMain { self?.finishSearch(r, from: self?.primary, generation: gen) }
        }
        refresh()
    }

    private func finishSearch(_ r: Result<[SearchResult], SearchError>, from provider: SearchProvider?, generation gen: Int) {
        guard gen == generation, let provider else { return }
        switch r {
        case let .success(all):
            let found = Array(all.prefix(config.limit))
            show(found, from: provider)
            setStatus(found.isEmpty ? "No results for “\(query)” on \(provider.name).\(noResultsInRoom)"
                      : all.count > found.count ? "First \(found.count) results from \(provider.name)."
                      : "\(found.count) result\(found.count == 1 ? "" : "s") from \(provider.name).")
        case .failure(.cancelled): return
        case let .failure(e):
            context.log("search \"\(query)\" on \(provider.name) failed: \(e)")
            if provider === primary, let fb = fallback {
                // Say what went wrong and offer the offline pages instead.
                _ = fb.search(query, limit: config.limit + 1) { [weak self] fr in
                    self?.onMain {
                        guard let self, gen == self.generation, let fb = self.fallback else { return }
                        switch fr {
                        case let .success(all):
                            let found = Array(all.prefix(self.config.limit))
                            self.show(found, from: fb)
                            let counted = all.count > found.count ? "the first \(found.count) offline results" : "\(found.count) offline result\(found.count == 1 ? "" : "s")"
                            self.setStatus("\(e.description) Showing \(counted) from \(fb.name).", warning: true)
                        case let .failure(fe):
                            self.restoring = nil
                            self.setStatus("\(e.description) Offline search failed too: \(fe.description)\(self.roomKeeps)", warning: true)
                        }
                    }
                }
            } else {
                restoring = nil
                setStatus(e.description + roomKeeps, warning: true)
            }
        }
    }

    /// The room's empty list before any search, and after Results to Audience with none found.
    static let roomWaiting = "Search results appear here", roomNoResults = "No results"

    /// Said after a search that found nothing: the room sees a planned query with "No
    /// results", or was left as it was (`roomKeeps`).
    private var noResultsInRoom: String { isPlannedQuery ? "" : roomKeeps }

    /// The latest search was planned, not typed: the deck's `query`, run when the scene first
    /// showed, or one handed over by another scene (`receive`: the band list's Search the Web).
    private var isPlannedQuery: Bool { plannedQueryGeneration == generation }

    /// Said after a search that found nothing or failed: the room was left as it was; nothing
    /// while the room sees something else (`roomState`).
    private var roomKeeps: String {
        guard roomState == .live else { return "" }
        return roomSeesPage ? " The room still sees its page." : roomQuery.isEmpty ? "" : " The room still sees “\(roomQuery)”."
    }

    /// The presenter's results go to the room's list (and the room to that list): after a
    /// search that found something, or the speaker's Results to Audience.
    private func showResultsToRoom() {
        roomQuery = query; roomResults = results
        roomDocument = nil; roomResult = nil
        audienceContent = .results
        audience.results.emptyText = results.isEmpty ? Self.roomNoResults : Self.roomWaiting
        audience.results.showFirstRow()
    }

    private func show(_ found: [SearchResult], from provider: SearchProvider) {
        results = found
        if !found.isEmpty || isPlannedQuery { showResultsToRoom() }
        resultsProvider = provider
        presenter.results.results = found
        if !found.isEmpty { presenter.results.select(0, notify: false); open(0) } else { refresh() }
        // The search a reload ran again: back to the page the speaker read, and the room too
        // when it was reading it, if the results still have it.
        if let p = pendingPage, p.generation == generation {
            pendingPage = nil
            if let i = found.firstIndex(where: { $0.id == p.page.id }) {
                presenter.results.select(i, notify: false)
                pendingAnchor = p.page.room ? p.page.at : nil
                open(i, toRoom: p.page.room)
            }
        }
        // Restored, unless the room's page is still loading: `open` ends the wait then.
        if !(roomWantsSelected && selected?.id == restoring?.page?.id) { restoring = nil }
    }

    /// Loads result `i` into the reader (replacing any page load in flight); with `toRoom`, the
    /// room gets it once loaded, as after Show to Audience.
    func open(_ i: Int, toRoom: Bool = false) {
        guard results.indices.contains(i) else { return }
        pageTask?.cancel()
        let r = results[i], gen = generation, provider = resultsProvider
        if r != selected { roomWantsSelected = false }
        if toRoom { roomWantsSelected = true }
        selected = r; document = nil
        presenter.reader.message = "Loading “\(r.title)”…"
        pageTask = provider.document(for: r) { [weak self] res in
            self?.onMain {
                guard let self, gen == self.generation, self.selected == r else { return }
                switch res {
                case let .success(d):
                    self.document = d
                    if self.roomWantsSelected { self.roomWantsSelected = false; self.showRoom(d) }
                case .failure(.cancelled): return
                case let .failure(e): self.presenter.reader.message = "Cannot show “\(r.title)”: \(e.description)"
                }
                self.refresh()
                if case let .success(d) = res { self.returnRoomToCarriedPlace(d) }
                if self.restoring?.page?.id == r.id { self.restoring = nil }   // the room's page is back, or cannot come back
            }
        }
        refresh()
    }

    /// Runs `body` now when already on the main thread (the offline provider answers
    /// synchronously), else through the host's main-thread hop.
    private nonisolated func onMain(_ body: @escaping @Sendable @MainActor () -> Void) {
        if Thread.isMainThread { MainActor.assumeIsolated(body) } else { context.runOnMain(body) }
    }

    // MARK: History

    private func stepHistory(_ delta: Int) {
        let qs = history.queries
        guard !qs.isEmpty else { return }
        // Up (−1) goes back in time: towards higher indexes in the newest-first list.
        let next = (historyCursor ?? -1) - delta
        if next < 0 { historyCursor = nil; presenter.field.text = ""; return }
        historyCursor = min(qs.count - 1, next)
        presenter.field.text = qs[historyCursor!]
    }

    private func showHistory(from b: Button) {
        let list = ListView()
        list.id = "websearch.history.list"
        list.showsSectionIndex = false
        list.headerHeight = 0
        list.rowHeight = 36
        list.sections = [ListSection(title: "", rows: history.queries.enumerated().map { ListRow(id: String($0.offset), title: $0.element) })]
        let popover = context.presentPopover(list, preferredSize: Size(280, min(360, 36 * Double(max(1, history.queries.count)) + 8)),
                                             from: b, source: "websearch.history", permittedDirections: [.up, .down])
        list.onSelect = { [weak self, weak popover] _, row in
            popover?.dismiss(byUser: false)
            if let self, let i = Int(row.id), self.history.queries.indices.contains(i) { self.search(self.history.queries[i]) }
        }
    }

    // MARK: Actions

    private func showActions(from b: Button) {
        guard let r = selected else { return }
        let sheet = ActionSheet(title: r.title, actions: [
            .init("Show to Audience", style: .default) { [weak self] in self?.setAudience(.reader) },
            .init("Open in Browser") { [weak self] in self?.openInBrowser() },
            .init("Copy Link") { [weak self] in self?.copyLink() },
        ])
        context.presentActionSheet(sheet, from: b, source: "websearch.actions")
    }

    /// The selected page's web address (the loaded page's canonical one when known).
    var selectedLink: String? { document?.url ?? selected?.url }

    func openInBrowser() {
        do {
            let link = try WebLink(selectedLink ?? "")
            let opener = self.opener
            let name = (opener.executable as NSString).lastPathComponent
            try opener.open(link) { [weak self] status in
                guard status != 0 else { return }
                self?.onMain { [weak self] in
                    self?.setStatus("Could not open \(link) in a browser: \(BrowserOpener.meaning(ofExitStatus: status)) (\(name) exited with status \(status)).", warning: true)
                }
            }
            // Asked, not yet opened: xdg-open answers only if it fails.
            setStatus("Asked the browser to open \(link).")
        } catch {
            setStatus("Cannot open in a browser: \(error)", warning: true)
        }
    }

    func copyLink() {
        guard let l = selectedLink else { setStatus("This page has no web address to copy.", warning: true); return }
        context.setClipboard(l)
        setStatus("Copied \(l)")
    }

    /// What the room sees; a page starts at the presenter's top line. `.reader` shows the
    /// presenter's page, once loaded (until then the room keeps what it shows). The speaker's
    /// choice: during a look-up the room sees this scene from now on, as after `f` (`showToRoom`).
    func setAudience(_ c: AudienceContent) {
        roomWantsSelected = false
        restoring = nil   // the speaker says what the room sees
        defer { context.showToRoom() }
        if c == .reader {
            guard let d = document else { roomWantsSelected = selected != nil; return }
            showRoom(d)
            return
        }
        if roomQuery != query || roomResults != results { showResultsToRoom() }
        audienceContent = c
        refresh()
        roomFollowsPresenter()
    }

    private func showRoom(_ d: ReaderDocument) {
        roomDocument = d; roomResult = selected
        audienceContent = .reader
        refresh()
        roomFollowsPresenter()
    }

    private func setStatus(_ s: String, warning: Bool = false) {
        status = s
        presenter.status.text = s
        presenter.status.color = warning ? Theme.standard.warning : Theme.standard.secondaryText
        context.setNeedsDisplay()
    }

    // MARK: The room's page

    private var roomSeesPage: Bool { audienceContent == .reader && roomDocument != nil }
    /// The presenter reads the page the room sees (not a preview of another result).
    private var presenterReadsRoomPage: Bool { roomSeesPage && document == roomDocument }

    func roomFollowsPresenter() {
        guard presenterReadsRoomPage, let a = presenter.reader.topAnchor else { return }
        // At the presenter's end the room sees the end too, not the page of the top line.
        if presenter.reader.isScrolledToEnd { audience.reader.show(page: .max) } else { audience.reader.show(anchor: a) }
        markRoomPart()
    }

    /// Moves the room's copy `delta` pages and brings its part into the presenter's view; when
    /// the room sees the results, moves them `delta` screenfuls of whole cards.
    func moveRoomPage(by delta: Int) {
        guard roomState == .live else { return }   // the room does not see it: nothing moves behind its back
        guard roomSeesPage else { audience.results.moveScreens(by: delta); markRoomPart(); return }
        audience.reader.show(page: audience.reader.page + delta)
        if presenterReadsRoomPage, let r = audience.reader.visibleRange { presenter.reader.reveal(r.lowerBound) }
        markRoomPart()
    }

    /// The presenter's copy marks what the room sees; the bar says which page of how many, or
    /// which results, as the room's corner does. While the room is held (a look-up keeps it on
    /// the scene it came from, or `f`) or covered, it sees none of this: the bar says so, marks
    /// nothing and ▲/▼ are off, so no position is claimed or moved that the room cannot see
    /// (trial 31 m8: "Audience: 3 of 8" while the room saw the band list).
    func markRoomPart() {
        let on = roomSeesPage, pages = audience.reader.pageCount, list = audience.results
        let corner = audience.positionText
        audience.position.text = corner
        guard roomState == .live else {
            presenter.reader.marked = nil
            presenter.audienceLabel.text = "Audience: " + (roomState.isCovered ? "covered" : "held")
            presenter.roomBackButton.isEnabled = false; presenter.roomOnButton.isEnabled = false
            context.setNeedsDisplay()
            return
        }
        presenter.reader.marked = presenterReadsRoomPage ? audience.reader.visibleRange : nil
        // Short: it shares the reader's bar with ▲/▼ and two buttons, about 155 pt on a 1280 pt
        // presenter; "Audience: 9–10 of 10" fits where "Audience: results 9–10 of 10" was cut.
        presenter.audienceLabel.text = "Audience: " + (on ? (!presenterReadsRoomPage ? "other page" : pages > 1 ? corner : "this page") : corner.isEmpty ? "the results" : corner)
        presenter.roomBackButton.isEnabled = on ? audience.reader.page > 0 : list.canMoveBack
        presenter.roomOnButton.isEnabled = on ? audience.reader.page + 1 < pages : list.canMoveOn
        context.setNeedsDisplay()
    }

    // MARK: Views

    /// Pushes the state into both view trees.
    private func refresh() {
        // Set only when another page: setting it scrolls the presenter's copy back to the top.
        if presenter.reader.document != document { presenter.reader.document = document }
        if selected == nil { presenter.reader.message = results.isEmpty ? "Type a query and press Return." : "Pick a result to read it." }
        presenter.actionsButton.isEnabled = selected != nil
        audience.show(query: roomQuery, results: roomResults, document: audienceContent == .reader ? roomDocument : nil)
        markRoomPart()
        presenter.setNeedsLayout()
        context.setNeedsDisplay()
    }

    // MARK: Scene

    private var searchedOnce = false
    /// What a reload carried over from the scene this one replaces (`SceneStateCarrying`),
    /// applied when the scene is first shown: its search runs then, as the deck's `query` would.
    private var carried: (query: String?, text: String, page: CarriedPage?)?
    /// The page to open again when the carried search's results (`generation`) arrive.
    private var pendingPage: (page: CarriedPage, generation: Int)?
    /// Where in the carried page the room was, applied once it shows that page again.
    private var pendingAnchor: ReaderView.Anchor?
    /// The carried search (`generation`) and, when the room was reading it, the page, on their
    /// way back to the room (`audienceIsRestoring`); nil once the room shows them or cannot.
    private var restoring: (page: CarriedPage?, generation: Int)?
    func didBecomeCurrent() {
        if !searchedOnce, let q = carried?.query ?? config.query {
            searchedOnce = true
            // `search` bumps `generation` before any answer, even one given at once (offline).
            if carried?.query != nil {
                if let p = carried?.page { pendingPage = (p, generation + 1) }
                restoring = (carried?.page.flatMap { $0.room ? $0 : nil }, generation + 1)
            } else {
                plannedQueryGeneration = generation + 1
            }
            search(q)
        }
        if let t = carried?.text { presenter.field.text = t }
        carried = nil
    }

    func willResignCurrent() {
        // A page still loading for a scene nobody sees is wasted traffic.
        pageTask?.cancel()
    }

    func receive(_ parameters: SceneParameters) {
        guard let q = (try? parameters.string("query")) ?? nil else { return }
        // The deck's query never runs now: its preview goes.
        if !searchedOnce { preview(nil); refresh() }
        // Handed over, the query is the speaker's choice, not a typo: with no results the room
        // sees it with "No results", as the deck's query, never the results of an earlier search
        // (trial 24 F1: `f` after a look-up for "Nirvana" showed the room the deck's "Sigur Rós").
        plannedQueryGeneration = generation + 1
        searchedOnce = true; search(q)
    }

    func handleUnhandledKey(_ key: Key) -> Bool {
        // "/" or Ctrl+F jumps to the search field, as in browsers.
        if key.code == .character("/") || (key.control && key.code == .character("f")) { presenter.field.becomeFocused(); return true }
        return false
    }
}

/// A reload that remakes the scene (a co-author's edit of its parameters) keeps what the speaker
/// made of it (trial 12 F9): the last query, searched again when the scene shows (with the
/// deck's new provider, limit…), the text in the field, and the page read: the room's page (and
/// its place in it) goes back to the room, not the results list, when the new results still have
/// it. A changed `query` is the deck's new search: nothing of the old one is kept.
extension WebSearchScene: SceneStateCarrying {
    func carriedState() -> JSONValue {
        ["text": .string(presenter.field.text), "query": query.isEmpty ? .null : .string(query), "page": carriedPage?.json ?? .null]
    }

    /// The page the room reads (and where), else the one the speaker previews: the room's page
    /// wins, as it is what a reload must not take from the room.
    var carriedPage: CarriedPage? {
        // Still on its way back from the last reload: the page the room read then.
        if let p = restoring?.page, restoring?.generation == generation { return p }
        if roomSeesPage, let r = roomResult { return CarriedPage(id: r.id, room: true, at: audience.reader.visibleRange?.lowerBound) }
        return selected.map { CarriedPage(id: $0.id, room: false, at: nil) }
    }

    func adoptCarriedState(_ state: JSONValue, changedParameters changed: Set<String>) {
        guard !changed.contains("query"), let text = state["text"]?.string else { return }
        carried = (state["query"]?.string, text, CarriedPage(state["page"]))
        presenter.field.text = text
        if let q = carried?.query { preview(q); refresh() }   // the search it runs when shown
    }

    /// While the carried search runs again, and the room's carried page loads again: the room
    /// keeps its picture from before the reload meanwhile, not the waiting text or the results
    /// list on the way (an online provider answers later).
    var audienceIsRestoring: Bool { restoring.map { $0.generation == generation } ?? false }

    /// Back where the room was in the carried page, once it shows that page again.
    private func returnRoomToCarriedPlace(_ d: ReaderDocument) {
        guard let a = pendingAnchor, roomSeesPage, roomDocument == d else { return }
        pendingAnchor = nil
        audience.reader.show(anchor: a)
        presenter.reader.reveal(a)
        markRoomPart()
    }
}

/// The page a reload carries (`WebSearchScene.carriedState`): the result the speaker read, by its
/// id (stable within its provider: a deck that changed the provider finds no such result and
/// shows the results), whether the room was reading it, and where (the room's page's start).
struct CarriedPage: Equatable {
    var id: String
    var room: Bool
    var at: ReaderView.Anchor?

    init(id: String, room: Bool, at: ReaderView.Anchor?) { self.id = id; self.room = room; self.at = at }

    /// Read leniently: nil without an id; a missing or odd `room` or `at` is left out.
    init?(_ json: JSONValue?) {
        guard let id = json?["id"]?.string else { return nil }
        self.id = id
        room = json?["room"]?.bool ?? false
        if let item = json?["at"]?["item"]?.int, let offset = json?["at"]?["offset"]?.int { at = .init(item: item, offset: offset) }
    }

    var json: JSONValue {
        var j: [String: JSONValue] = ["id": .string(id), "room": .bool(room)]
        if let a = at { j["at"] = ["item": .number(Double(a.item)), "offset": .number(Double(a.offset))] }
        return .object(j)
    }
}
