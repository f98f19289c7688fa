import Foundation
import PodiumKit

/// The `band-list` scene: wires a `BandListModel` to the presenter's split view (list and
/// detail form) and to the audience view.
final class BandListScene: Scene {
    let title = "Bands"
    let model: BandListModel
    let list = ListView()
    let detail: BandDetailView
    let split: SplitView
    let presenterView: View
    let audienceView: View
    let audience: BandAudienceView
    let context: SceneContext

    init(_ p: SceneParameters, context: SceneContext) throws {
        self.context = context
        let seed = BandListPlugin.seedURL(parameter: try p.string("seed"), deckDirectory: context.deckDirectory,
                                          assetsDirectory: context.assetsDirectory)
        let storeURL = BandStore.location(parameter: try p.string("store"), deckDirectory: context.deckDirectory,
                                          dataDirectory: context.dataDirectory)
        let store = try BandStore(path: storeURL.path, seed: { try BandJSON.load(seed) })
        model = try BandListModel(store: store, collation: BandCollation(locale: try p.string("locale").map(Locale.init(identifier:))))
        list.id = "bands.list"
        list.backgroundColor = Theme.standard.surface
        detail = BandDetailView()
        split = SplitView(primary: list, secondary: detail, primaryTitle: "Bands", id: "bands.split")
        presenterView = split
        audience = BandAudienceView(); audienceView = audience
        list.onSelect = { [weak self] _, row in if let id = Int64(row.id) { self?.model.select(id: id) } }
        model.onChange = { [weak self] in self?.refresh() }
        if let name = try p.string("select"), let b = model.band(named: name) { model.select(id: b.id) } else { refresh() }
    }

    /// Brings the list, the detail form and the audience view up to date with the model.
    func refresh() {
        list.sections = model.index.sections
        if let b = model.selected {
            if let ip = list.indexPath(ofRowID: String(b.id)) { if list.selection != ip { list.selection = ip }; list.scrollToVisible(ip) }
            detail.show(b)
            audience.show(b)
        } else {
            list.selection = nil
            audience.showAll(model.index.bands)
        }
        split.primaryDidChooseItem()
        context.setNeedsDisplay()
    }

    func receive(_ parameters: SceneParameters) {
        if let name = try? parameters.string("select"), let b = model.band(named: name) { model.select(id: b.id) }
    }
}
