import Foundation
import PodiumKit

/// The `map-search` scene (see `MapSearchPlugin` for its parameters).
final class MapSearchScene: Scene {
    let title = "Map"
    let context: SceneContext
    let database: MapDatabase
    var search: PlaceSearch
    /// Where the bands a query may name are read from (the band list's store, the shipped bands).
    let artistFiles: [URL]
    /// Bands handed over by the band list (`band`), known even when their store is elsewhere.
    private var handedOverArtists: [String] = []
    let model: MapModel
    let presenter: MapSearchPresenterView
    let audienceMap: MapView
    var presenterView: View { presenter }
    var audienceView: View { audienceMap }
    let preferences: StylePreferences
    /// Key of this scene's style preference: the deck's folder and the scene's place in it.
    let preferenceKey: String
    private(set) var outcome: SearchOutcome?
    let tiles: TileLayer?
    let geocoder: NominatimGeocoder?
    let geocoderInbox = MainInbox()
    /// Bumped per search, so a slow online answer to an older query is dropped.
    private var searchGeneration = 0
    /// The last search asked for (typed, the deck's, a band handed over) and where it ranked
    /// from, so a reload that remakes the scene shows the same results (`SceneStateCarrying`).
    private(set) var lastSearch: (query: String, band: Bool, near: LatLon)?
    /// The deck's `select`, chosen again after a carried search when the deck changed it.
    let deckSelect: String?

    init(_ o: MapSearchOptions, parameters p: SceneParameters, context: SceneContext) throws {
        self.context = context
        let path = o.map.map { $0.hasPrefix("/") ? $0 : context.deckDirectory.appendingPathComponent($0).path }
            ?? context.assetsDirectory.appendingPathComponent("Maps/helsinki.sqlite").path
        database = try MapDatabase(path: path)
        search = PlaceSearch(database: database)
        artistFiles = o.bands.map { [$0.hasPrefix("/") ? URL(fileURLWithPath: $0) : context.deckDirectory.appendingPathComponent($0)] }
            ?? Self.defaultArtistFiles(context)
        preferences = StylePreferences(directory: context.dataDirectory)
        preferenceKey = context.deckDirectory.standardizedFileURL.path + "#" + p.path
        let style = preferences.style(for: preferenceKey) ?? o.style ?? .standard
        let zoom = o.zoom ?? Viewport.zoomToFit(database.bounds, size: MapModel.referenceSize, padding: 40)
        model = MapModel(center: o.center ?? database.bounds.center, zoom: zoom, style: .named(style))
        let painter = MapPainter(database: database)
        let map = MapView(model: model, painter: painter, interactive: true)
        audienceMap = MapView(model: model, painter: painter, interactive: false)
        audienceMap.baseChromeScale = 1.8
        audienceMap.scalesWithSize = true
        presenter = MapSearchPresenterView(map: map)
        tiles = try Self.tileLayer(o, context: context)
        map.tiles = tiles
        audienceMap.tiles = tiles
        geocoder = o.geocoder.map { NominatimGeocoder(base: $0) }
        deckSelect = o.select
        // Offline only, the map can draw its own data and nothing around it: keep the room on it.
        if tiles == nil && geocoder == nil { model.limits = database.bounds }
        wire()
        if let band = o.band { showRecordStores(for: band) }
        else if let q = o.query { presenter.field.text = q; run(q) }
        if let name = o.select { highlight(named: name) }
    }

    /// The band list plugin's own store (next to this plugin's data directory) and the shipped bands.
    static func defaultArtistFiles(_ context: SceneContext) -> [URL] {
        [context.dataDirectory.deletingLastPathComponent().appendingPathComponent("org.podium.band-list/bands.sqlite"),
         context.assetsDirectory.appendingPathComponent("Bands/bands.json")]
    }

    /// Re-read per search: a band saved in the band list a minute ago is a band now.
    private func refreshArtists() {
        let (known, problems) = KnownArtists.load(artistFiles)
        var artists = known
        handedOverArtists.forEach { artists.insert($0) }
        search.artists = artists
        for p in problems { context.log("band names for search: \(p)") }
    }

    /// Selects the result called `name` without opening its card (for the deck's `select`).
    func highlight(named name: String) {
        guard let r = model.results.first(where: { $0.place.name.caseInsensitiveCompare(name) == .orderedSame }) else {
            context.log("select: no result named \"\(name)\""); return
        }
        highlight(r.place)
    }

    /// Selects `place` (one of the results) without opening its card.
    func highlight(_ place: Place) {
        model.selected = place
        if let ip = presenter.list.indexPath(ofRowID: place.osm) { presenter.list.selection = ip }
    }

    /// The raster layer the deck asks for: an MBTiles file, or an XYZ template (online).
    static func tileLayer(_ o: MapSearchOptions, context: SceneContext) throws -> TileLayer? {
        let cache = context.dataDirectory.appendingPathComponent("tiles")
        if let m = o.mbtiles {
            let path = m.hasPrefix("/") ? m : context.deckDirectory.appendingPathComponent(m).path
            return TileLayer(source: try MBTilesSource(path: path), cacheDirectory: cache, attribution: o.tileAttribution)
        }
        if let t = o.tiles { return TileLayer(source: XYZTileSource(template: t), cacheDirectory: cache, attribution: o.tileAttribution) }
        return nil
    }

    private func wire() {
        tiles?.onUpdate = { [weak self] in self?.context.setNeedsDisplay() }
        // Background results (tiles, geocoder answers) hop to the main thread through the host.
        for inbox in [tiles?.inbox, geocoderInbox].compactMap({ $0 }) {
            inbox.wake = { [weak inbox, context] in context.runOnMain { inbox?.drain() } }
        }
        model.onChange = { [weak self] in self?.context.setNeedsDisplay() }
        presenter.field.onCommit = { [weak self] q in self?.run(q) }
        presenter.searchButton.action = { [weak self] _ in guard let s = self else { return }; s.run(s.presenter.field.text) }
        presenter.zoomIn.action = { [weak self] _ in self?.presenter.map.zoom(by: 1, at: nil) }
        presenter.zoomOut.action = { [weak self] _ in self?.presenter.map.zoom(by: -1, at: nil) }
        presenter.styleButton.action = { [weak self] b in self?.showStylePicker(from: b) }
        presenter.map.onPinClicked = { [weak self] place, _ in self?.select(place) }
        presenter.list.onSelect = { [weak self] _, row in
            guard let s = self, let r = s.model.results.first(where: { $0.place.osm == row.id }) else { return }
            s.select(r.place)
        }
    }

    // MARK: Search

    /// Runs `query` around `near` (default: the current map centre) and shows the results.
    func run(_ query: String, near: LatLon? = nil) {
        searchGeneration += 1
        let center = near ?? model.viewport(for: MapModel.referenceSize).centerLatLon
        lastSearch = (query, false, center)
        refreshArtists()
        let found: SearchOutcome
        do { found = try search.search(query, near: center) }
        catch { model.notice = "Search failed: \(error)"; context.log("search failed: \(error)"); return }
        if found.interpretation == .noMatch {
            // A typo changes nothing the room sees: no pins pushed, the map not moved; the
            // speaker reads why here.
            presenter.summary.text = found.summary + (model.results.isEmpty ? "" : " · the map still shows the last results")
        } else {
            show(found)
        }
        // Nothing offline by that name: ask the online geocoder, if the deck configured one.
        switch found.interpretation {
        case .artist, .noMatch: if let g = geocoder { searchOnline(query, g, center: center) }
        default: break
        }
    }

    private func searchOnline(_ query: String, _ g: NominatimGeocoder, center: LatLon) {
        let generation = searchGeneration
        let offline = presenter.summary.text
        presenter.summary.text += " · searching online…"
        geocoderInbox.begin()
        // The scene is a main-actor type; the geocoder's thread merely hands it to the inbox, which runs on main.
        g.search(query, near: model.viewport(for: MapModel.referenceSize).bounds()) { [geocoderInbox, weak self] r in
            geocoderInbox.post {
                guard let s = self, generation == s.searchGeneration else { return }
                switch r {
                case let .success(places) where !places.isEmpty:
                    s.show(SearchOutcome(query: query, interpretation: .online, results: s.search.rank(places, center)))
                case .success:
                    s.presenter.summary.text = offline
                case let .failure(e):
                    s.presenter.summary.text = offline
                    s.model.notice = "Online search failed: \(e)"
                    s.context.log("geocoder: \(e)")
                }
            }
        }
    }

    func showRecordStores(for artist: String, near: LatLon? = nil) {
        presenter.field.text = artist
        handedOverArtists.append(artist)
        let center = near ?? model.viewport(for: MapModel.referenceSize).centerLatLon
        lastSearch = (artist, true, center)
        do { show(try search.recordStores(for: artist, near: center)) }
        catch { model.notice = "Search failed: \(error)" }
    }

    func show(_ o: SearchOutcome) {
        outcome = o
        model.selected = nil
        model.results = o.results
        model.notice = nil
        presenter.summary.text = o.summary
        presenter.list.sections = o.results.isEmpty ? [] : [ListSection(title: Self.listTitle(o), rows: o.results.map { r in
            ListRow(id: r.place.osm, title: r.place.name,
                    subtitle: [r.place.categoryName, r.place.address].compactMap { $0 }.joined(separator: " · "),
                    accessory: r.distanceText)
        })]
        presenter.list.selection = nil
        frameResults()
        context.setNeedsDisplay()
    }

    /// "Nearest first", or "Nearest 50 of 83" when the limit cut the list (the pins are those 50 too).
    static func listTitle(_ o: SearchOutcome) -> String {
        guard let t = o.total, t > o.results.count else { return "Nearest first" }
        return "Nearest \(o.results.count) of \(t)"
    }

    /// Brings the nearest results into the room's view, every search: left where they are when
    /// the first few are well inside it (the deck's own framing), else centred on them and zoomed
    /// out (never in) until they fit. (It once only zoomed out around the old centre, so a search
    /// after panning left its pin at the edge of what the room saw.)
    private func frameResults() {
        let pts = model.results.prefix(5).map(\.place.location)
        guard !pts.isEmpty else { return }
        let vp = model.viewport(for: MapModel.referenceSize)
        let middle = Rect(origin: .zero, size: vp.size).insetBy(dx: vp.size.width * 0.2, dy: vp.size.height * 0.2)
        if pts.allSatisfy({ middle.contains(vp.point($0)) }) { return }
        let b = GeoBounds(minLon: pts.map(\.lon).min()!, minLat: pts.map(\.lat).min()!, maxLon: pts.map(\.lon).max()!, maxLat: pts.map(\.lat).max()!)
        model.zoom = min(model.zoom, Viewport.zoomToFit(b, size: MapModel.referenceSize, padding: 120))
        model.center = WebMercator.project(b.center)
    }

    // MARK: Selection and popovers

    /// Selects `place`, brings its pin on screen and shows its card in a popover at the pin,
    /// which follows the pin as the map pans or zooms and closes when it leaves the map.
    func select(_ place: Place) {
        model.selected = place
        if let ip = presenter.list.indexPath(ofRowID: place.osm) { presenter.list.selection = ip; presenter.list.scrollToVisible(ip) }
        let map = presenter.map
        // The callout is not pulled inside a map at its edge (labels made room for it where it hangs): centre when it would be cut.
        let whole = { (v: MapView) in v.bounds.isEmpty || v.bounds.contains(v.calloutRect(for: place) ?? v.pinRect(for: place)) }
        if !map.bounds.insetBy(dx: 40, dy: 40).contains(map.viewport.point(place.location)) || !whole(map) || !whole(audienceMap) {
            model.centre(on: place.location)
        }
        let distance = model.results.first { $0.place.id == place.id }?.distanceText
        let card = PlaceCardView(place: place, distance: distance, onCenter: { [weak self] in
            self?.model.centre(on: place.location)
        }, onWeb: { [weak self] in
            self?.context.openScene(kind: "web-search", parameters: ["query": .string(place.name)])
        })
        let pin = PopoverAnchor.view(map) { [weak self] v in
            // The card's place is no longer among the results (a new search): nothing to point at.
            guard let self, self.model.results.contains(where: { $0.place.id == place.id }) else { return nil }
            return (v as? MapView)?.pinRect(for: place)
        }
        context.presentPopover(card, preferredSize: PlaceCardView.preferredSize, at: pin, source: "map.place",
                               permittedDirections: ArrowDirection.any)
    }

    func showStylePicker(from button: Button) {
        let picker = StylePickerView(current: model.style.name) { [weak self] name in self?.setStyle(name) }
        let pop = context.presentPopover(picker, preferredSize: StylePickerView.preferredSize, from: button,
                                         source: "map.styles", permittedDirections: [.up])
        picker.onDone = { [weak pop] in pop?.dismiss(byUser: false) }
    }

    func setStyle(_ name: MapStyle.Name) {
        model.style = .named(name)
        if let err = preferences.set(name, for: preferenceKey) { context.log("cannot remember map style: \(err)") }
    }

    // MARK: Scene

    func receive(_ parameters: SceneParameters) {
        if let band = (try? parameters.string("band")) ?? (try? parameters.string("select")) ?? nil { showRecordStores(for: band) }
        else if let q = (try? parameters.string("query")) ?? nil { presenter.field.text = q; run(q) }
    }

    /// Coming back to the map tries failed tiles again: the network may be back.
    func didBecomeCurrent() { tiles?.retryFailed() }

    func handleUnhandledKey(_ key: Key) -> Bool {
        // "/" jumps to the search field, as in web maps.
        if key.code == .character("/") { presenter.field.becomeFocused(); return true }
        return false
    }
}

/// A reload that remakes the scene (a co-author's edit of its parameters) keeps what the speaker
/// made of it (trial 12 F9): the text in the place field, the last search and its results, the
/// selected result, where the map looks. What the deck changed wins: a new `query` or `band` is
/// the deck's search (nothing of the old one is kept), a new `select` its selection, a new
/// centre, `zoom` or `map` its framing.
extension MapSearchScene: SceneStateCarrying {
    func carriedState() -> JSONValue {
        var o: [String: JSONValue] = ["text": .string(presenter.field.text), "x": .number(model.center.x),
                                      "y": .number(model.center.y), "zoom": .number(model.zoom)]
        if let s = lastSearch {
            o["search"] = ["query": .string(s.query), "band": .bool(s.band), "latitude": .number(s.near.lat), "longitude": .number(s.near.lon)]
        }
        if let p = model.selected { o["selected"] = .string(p.osm) }
        return .object(o)
    }

    func adoptCarriedState(_ state: JSONValue, changedParameters changed: Set<String>) {
        guard changed.isDisjoint(with: ["query", "band"]) else { return }
        if let s = state["search"], let q = s["query"]?.string, let lat = s["latitude"]?.number, let lon = s["longitude"]?.number {
            let near = LatLon(lat: lat, lon: lon)
            if s["band"]?.bool == true { showRecordStores(for: q, near: near) } else { run(q, near: near) }
            if changed.contains("select") { if let name = deckSelect { highlight(named: name) } }
            else if let osm = state["selected"]?.string, let r = model.results.first(where: { $0.place.osm == osm }) { highlight(r.place) }
        }
        if changed.isDisjoint(with: ["latitude", "longitude", "zoom", "map"]),
           let x = state["x"]?.number, let y = state["y"]?.number, let z = state["zoom"]?.number, x.isFinite, y.isFinite,
           Viewport.zoomRange.contains(z) {
            model.zoom = z
            model.center = WorldPoint(x, y)
        }
        if let t = state["text"]?.string { presenter.field.text = t }
    }
}
