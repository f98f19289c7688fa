import Foundation
import PodiumKit

/// The presenter's layout: a toolbar (search field, then Search, zoom and Style bar buttons) over
/// a results list on the leading side and the map filling the rest; in a narrow window the list
/// sits under the map.
final class MapSearchPresenterView: View {
    let field = TextField(placeholder: "Search places, record stores or a band", id: "map.search")
    let searchButton = BarButtonItem("Search", id: "map.search.go")
    let zoomOut = BarButtonItem("−", id: "map.zoom.out")
    let zoomIn = BarButtonItem("+", id: "map.zoom.in")
    let styleButton = BarButtonItem("Style", id: "map.style")
    let toolbar: Toolbar
    let summary = Label("", font: .system(13), color: Theme.standard.secondaryText)
    let list = ListView()
    let map: MapView

    init(map: MapView) {
        self.map = map
        // The field is not a bar item: it takes whatever the flexible space leaves (see layout).
        toolbar = Toolbar(items: [.flexibleSpace, .button(searchButton), .button(zoomOut), .button(zoomIn),
                                  .fixedSpace(8), .button(styleButton)], id: "map.toolbar")
        super.init()
        backgroundColor = Theme.standard.background
        list.id = "map.results"
        list.backgroundColor = Theme.standard.surface
        list.showsSectionIndex = false
        list.rowHeight = 52
        addSubviews(toolbar, field, summary, list, map)
    }

    override func layoutSubviews() {
        toolbar.frame = Rect(0, 0, bounds.width, Toolbar.height)
        toolbar.layoutIfNeeded()
        let firstButton = searchButton.convertToWindow(Point.zero).x - convertToWindow(Point.zero).x
        field.frame = Rect(8, (Toolbar.height - 34) / 2, max(80, firstButton - 16), 34)
        summary.frame = Rect(10, Toolbar.height + 2, bounds.width - 20, 20)
        let top = Toolbar.height + 24
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
