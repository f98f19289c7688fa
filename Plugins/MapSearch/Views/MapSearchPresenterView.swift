import Foundation
import PodiumKit

/// The presenter's layout: a toolbar (search field, then Search, zoom and Style bar buttons) over
/// a results list on the leading side and the map filling the rest; in a narrow window the list
/// sits under the map, and in one narrower than the field's least width and the buttons the
/// field and Search take a second bar under the others.
final class MapSearchPresenterView: View {
    let field = TextField(placeholder: "Search places, record stores or a band", id: "map.search")
    let searchButton = BarButtonItem("Search", id: "map.search.go")
    let zoomOut = BarButtonItem("−", id: "map.zoom.out")
    let zoomIn = BarButtonItem("+", id: "map.zoom.in")
    let styleButton = BarButtonItem("Style", id: "map.style")
    let toolbar: Toolbar
    /// The field's and Search's own bar under the toolbar when the scene is too narrow for one
    /// row (`twoRows`); hidden otherwise.
    let searchBar = Toolbar(id: "map.toolbar.search")
    private(set) var twoRows = true   // until init sets one row
    /// Points the field keeps beside the buttons before it and Search move to a bar of their own.
    static let fieldLeast = 140.0
    let summary = Label("", font: .system(13), color: Theme.standard.secondaryText)
    let list = ListView()
    let map: MapView

    init(map: MapView) {
        self.map = map
        // The field is not a bar item: it takes whatever the flexible space leaves (see layout).
        toolbar = Toolbar(id: "map.toolbar")
        super.init()
        setRows(two: false)
        backgroundColor = Theme.standard.background
        list.id = "map.results"
        list.backgroundColor = Theme.standard.surface
        list.showsSectionIndex = false
        list.rowHeight = 52
        searchBar.isHidden = true
        addSubviews(toolbar, searchBar, field, summary, list, map)
    }

    /// Puts Search on the toolbar (one row) or on the search bar under it (two rows).
    private func setRows(two: Bool) {
        guard two != twoRows else { return }
        twoRows = two
        let buttons: [BarItem] = [.button(zoomOut), .button(zoomIn), .fixedSpace(8), .button(styleButton)]
        toolbar.items = two ? [.flexibleSpace] + buttons : [.flexibleSpace, .button(searchButton)] + buttons
        searchBar.items = two ? [.flexibleSpace, .button(searchButton)] : []
        searchBar.isHidden = !two
    }

    override func layoutSubviews() {
        // Trial 35 F6: at 300 pt the field (80 pt at least) lay under Search, at 260 pt Style
        // ended past the edge. The field's width in one row: what the buttons, the bar's insets
        // (8 + 8) and five gaps (6 each) and the space before Style (8) leave, less 2 (below).
        let buttons = [searchButton, zoomOut, zoomIn, styleButton].reduce(0) { $0 + $1.sizeThatFits(bounds.size).width }
        setRows(two: bounds.width - buttons - 16 - 30 - 8 - 2 < Self.fieldLeast)
        toolbar.frame = Rect(0, 0, bounds.width, Toolbar.height)
        searchBar.frame = twoRows ? Rect(0, Toolbar.height, bounds.width, Toolbar.height) : .zero
        toolbar.layoutIfNeeded(); searchBar.layoutIfNeeded()
        let bar = twoRows ? searchBar : toolbar
        let firstButton = searchButton.convertToWindow(Point.zero).x - convertToWindow(Point.zero).x
        field.frame = Rect(8, bar.frame.minY + (Toolbar.height - 34) / 2, max(80, firstButton - 16), 34)
        let bars = bar.frame.maxY
        summary.frame = Rect(10, bars + 2, bounds.width - 20, 20)
        let top = bars + 24
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
