import Foundation
import PodiumKit

/// The presenter's layout: a toolbar (search field, Search, zoom, Style) over a results list
/// on the leading side and the map filling the rest; in a narrow window the list sits under the map.
final class MapSearchPresenterView: View {
    let field = SearchField(id: "map.search")
    let searchButton = Button("Search", id: "map.search.go", style: .filled)
    let zoomOut = Button("−", id: "map.zoom.out", style: .plain)
    let zoomIn = Button("+", id: "map.zoom.in", style: .plain)
    let styleButton = Button("Style", id: "map.style", style: .plain)
    let summary = Label("", font: .system(13), color: Theme.standard.secondaryText)
    let list = ListView()
    let map: MapView

    init(map: MapView) {
        self.map = map
        super.init()
        backgroundColor = Theme.standard.background
        list.id = "map.results"
        list.backgroundColor = Theme.standard.surface
        list.showsSectionIndex = false
        list.rowHeight = 52
        addSubviews(field, searchButton, zoomOut, zoomIn, styleButton, summary, list, map)
    }

    override func layoutSubviews() {
        let pad = 10.0, barH = 34.0
        var x = bounds.width - pad
        for (b, w) in [(styleButton, 70.0), (zoomIn, 40), (zoomOut, 40), (searchButton, 84)] {
            x -= w; b.frame = Rect(x, pad, w, barH); x -= 8
        }
        field.frame = Rect(pad, pad, max(80, x - pad), barH)
        summary.frame = Rect(pad, pad + barH + 4, bounds.width - 2 * pad, 20)
        let top = pad + barH + 28
        if bounds.width >= 700 {
            let listW = clamp(bounds.width * 0.3, 220, 340)
            list.frame = Rect(0, top, listW, bounds.height - top)
            map.frame = Rect(listW, top, bounds.width - listW, bounds.height - top)
        } else {
            // Narrow: the map keeps the full width and the list goes underneath.
            let listH = (bounds.height - top) * 0.32
            map.frame = Rect(0, top, bounds.width, bounds.height - top - listH)
            list.frame = Rect(0, map.frame.maxY, bounds.width, listH)
        }
    }
}
