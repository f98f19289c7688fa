import Foundation
import PodiumKit

/// The map itself: basemap, optional raster tiles, result pins, scale bar and attribution.
/// Interactive in the presenter window (drag and arrow keys pan; wheel and +/− zoom; click a
/// pin), passive and larger-printed in the audience window.
public final class MapView: View {
    public let model: MapModel
    let painter: MapPainter
    /// Raster tiles drawn over the vector basemap (nil: vector only). Shared by both map views.
    var tiles: TileLayer?
    /// The vector basemap as cached tiles, this view's own (labels follow its chrome scale).
    public let basemap: BasemapTiles
    /// False paints the basemap anew every frame instead (the benchmark's comparison).
    public var drawsTiles = true
    public let interactive: Bool
    /// Text and pins are this much larger (the audience view sets 1.8).
    public var baseChromeScale = 1.0
    /// When true, text and pins also follow the view's size relative to 1920×1080, so the
    /// audience sees the same composition on any projector.
    public var scalesWithSize = false
    /// The scale in force for text, pins and chrome.
    public var chromeScale: Double {
        guard scalesWithSize, bounds.width > 0 else { return baseChromeScale }
        let fit = min(bounds.width / MapModel.referenceSize.width, bounds.height / MapModel.referenceSize.height)
        return baseChromeScale * clamp(fit, 0.5, 2)
    }
    /// A pin was clicked: the place and the pin's rectangle in window points.
    public var onPinClicked: ((Place, Rect) -> Void)?
    /// Last frame's numbers, for tests and the benchmark.
    public private(set) var lastStats = MapPainter.Stats()
    private var dragStart: Point?
    private var lastDrag: Point?
    private var dragged = false
    private var pressedPin: Place?

    public init(model: MapModel, painter: MapPainter, interactive: Bool) {
        self.model = model; self.painter = painter; self.interactive = interactive
        basemap = BasemapTiles(painter: painter)
        super.init()
        clipsToBounds = true
        id = interactive ? "map" : "map.audience"
    }

    public var viewport: Viewport { model.viewport(for: bounds.size) }

    public override var role: String? { interactive ? "map" : nil }
    public override var acceptsFocus: Bool { interactive }
    public override var isUserInteractionEnabled: Bool { interactive }
    public override var accessibilityValue: String? {
        let c = viewport.centerLatLon
        return String(format: "%.5f,%.5f z%.2f %@", c.lat, c.lon, model.zoom, model.style.name.rawValue)
    }

    // MARK: Drawing

    public override func draw(into list: inout DrawList) {
        let vp = viewport
        let style = model.style
        list.fill(bounds, style.land)
        var tileList = DrawList()
        tileList.offset = list.offset
        let t = tiles?.draw(vp, into: &tileList)
        // The vector basemap shows wherever a tile is missing; a complete tile cover hides it.
        if t?.complete != true {
            // Ready tiles: a pan only moves them (see `BasemapTiles`).
            let obstacles = labelObstacles()
            if drawsTiles {
                for (picture, r) in basemap.tiles(for: vp, style: style, labelScale: chromeScale, metrics: metrics, avoiding: obstacles) { list.picture(picture, in: r) }
                lastStats = basemap.lastStats
            } else {
                lastStats = painter.paint(vp, style: style, into: &list, metrics: metrics, labelScale: chromeScale, drawLand: false,
                                          avoid: obstacles.map { $0.rect(in: vp) })
            }
        }
        list.append(contentsOf: tileList)
        let tileNotice = t?.notice
        drawPins(vp, into: &list)
        drawScaleBar(vp, into: &list)
        drawAttribution(into: &list)
        if let n = model.notice ?? tileNotice ?? painter.lastError { drawNotice(n, into: &list) }
        if isFocused { list.stroke(bounds.insetBy(dx: 1, dy: 1), theme.tint, width: 2) }
    }

    /// Pin geometry: a disc above the point it marks, joined by a triangle to the tip.
    public func pinRect(for p: Place) -> Rect {
        let pt = viewport.point(p.location)
        let r = pinRadius(selected: p.id == model.selected?.id)
        return Rect(pt.x - r, pt.y - 2.6 * r, 2 * r, 2.6 * r)
    }
    private func pinRadius(selected: Bool) -> Double { (selected ? 12 : 9) * chromeScale }

    /// The selected place's callout box (its shadow included) in view points; nil when `p` is not
    /// selected or there is no text measurer. It hangs above the pin and moves with the map.
    public func calloutRect(for p: Place) -> Rect? {
        guard p.id == model.selected?.id, let m = metrics else { return nil }
        return calloutArea(p.name, tip: viewport.point(p.location), metrics: m)
    }
    private func calloutArea(_ name: String, tip: Point, metrics m: TextMeasuring) -> Rect {
        let box = calloutBox(name, tip: tip, metrics: m)
        return Rect(box.minX, box.minY, box.width, box.height + 2)
    }

    /// The callout box for a pin whose tip is at `tip` (shadow not included).
    private func calloutBox(_ name: String, tip: Point, metrics m: TextMeasuring) -> Rect {
        let k = chromeScale, r = pinRadius(selected: true)
        let s = m.size(of: name, font: Font.bold(16 * k))
        let pad = 8 * k, bottom = tip.y - 2.6 * r - 6 * k
        return Rect(tip.x - s.width / 2 - pad, bottom - s.height - pad * 1.2, s.width + 2 * pad, s.height + pad * 1.2)
    }

    /// What the basemap's labels keep clear of: every result's pin (shadow included) and the
    /// selected one's callout, relative to the pin's tip, so cached tiles place labels around
    /// them at any zoom and pan (`BasemapTiles`); and the scale bar and attribution, fixed to
    /// the view, which the map moves under.
    func labelObstacles() -> [LabelObstacle] {
        let sel = model.selected?.id
        var out: [LabelObstacle] = [scaleBarArea(viewport), attributionArea].compactMap { $0 }.map(LabelObstacle.init(inView:))
        for p in model.results.map(\.place) {
            let r = pinRadius(selected: p.id == sel)
            let at = WebMercator.project(p.location)
            out.append(LabelObstacle(at: at, rect: Rect(-r - 1, -2.6 * r, 2 * r + 2, 2.6 * r + 1)))
            if p.id == sel, let m = metrics {
                out.append(LabelObstacle(at: at, rect: calloutArea(p.name, tip: .zero, metrics: m)))
            }
        }
        return out
    }

    private func drawPins(_ vp: Viewport, into list: inout DrawList) {
        let style = model.style
        let sel = model.selected
        // Selected last, so it sits on top.
        let ordered = model.results.map(\.place).filter { $0.id != sel?.id } + (sel.map { [$0] } ?? [])
        for p in ordered {
            let isSel = p.id == sel?.id
            let tip = vp.point(p.location), r = pinRadius(selected: isSel)
            guard bounds.insetBy(dx: -3 * r, dy: -3 * r).contains(tip) else { continue }
            let color = isSel ? style.selectedPin : style.pin
            let c = Point(tip.x, tip.y - 1.6 * r)
            list.fill(Rect(c.x - r - 1, c.y - r + 1, 2 * r + 2, 2 * r + 2), Color(0, 0, 0, 60), radius: r + 1)
            list.polygon([tip, Point(c.x + r * 0.75, c.y + r * 0.66), Point(c.x - r * 0.75, c.y + r * 0.66)], color)
            list.fill(Rect(c.x - r, c.y - r, 2 * r, 2 * r), color, radius: r)
            list.fill(Rect(c.x - r * 0.38, c.y - r * 0.38, r * 0.76, r * 0.76), .white, radius: r * 0.38)
            if isSel, let m = metrics { drawCallout(p.name, tip: tip, metrics: m, into: &list) }
        }
    }

    /// The selected place's name in a rounded box above its pin, where the basemap's labels made
    /// room for it; selecting a place whose box would be cut centres the map on it
    /// (`MapSearchScene.select`). Where the map cannot be centred there (the offline data's edge
    /// holds the view) the box is pulled inside the view sideways, over a label if need be:
    /// a name cut in half is worse (trial 28 m1: "Tritone Recor" on the presenter's map).
    private func drawCallout(_ name: String, tip: Point, metrics m: TextMeasuring, into list: inout DrawList) {
        let font = Font.bold(16 * chromeScale)
        let pad = 8 * chromeScale
        var box = calloutBox(name, tip: tip, metrics: m)
        let margin = 4 * chromeScale
        if box.width < bounds.width - 2 * margin, bounds.contains(tip) {
            if box.maxX > bounds.maxX - margin { box = box.offsetBy(dx: bounds.maxX - margin - box.maxX, dy: 0) }
            if box.minX < bounds.minX + margin { box = box.offsetBy(dx: bounds.minX + margin - box.minX, dy: 0) }
        }
        let style = model.style
        list.fill(box.offsetBy(dx: 0, dy: 2), Color(0, 0, 0, 70), radius: 8 * chromeScale)
        list.fill(box, style.selectedPin, radius: 8 * chromeScale)
        list.text(name, font, .white, at: Point(box.minX + pad, box.minY + pad * 0.6))
    }

    /// The scale bar's label and length (points) for `vp`; an empty label when there is none.
    private func scaleBar(_ vp: Viewport) -> (label: String, points: Double) {
        let mpp = WebMercator.metresPerPoint(latitude: vp.centerLatLon.lat, zoom: vp.zoom)
        return ScaleBar.measure(metresPerPoint: mpp, maxPoints: min(160 * chromeScale, bounds.width / 3))
    }

    /// The scale bar's box in view points (bottom left), nil when there is no bar.
    func scaleBarArea(_ vp: Viewport) -> Rect? {
        let k = chromeScale, len = scaleBar(vp).points
        guard len > 0 else { return nil }
        return Rect(6 * k, bounds.height - 38 * k, len + 12 * k, 28 * k)
    }

    private func drawScaleBar(_ vp: Viewport, into list: inout DrawList) {
        let k = chromeScale
        let (label, len) = scaleBar(vp)
        guard len > 0, let box = scaleBarArea(vp) else { return }
        let font = Font.system(12 * k)
        let x = 12 * k, y = bounds.height - 34 * k
        list.fill(box, model.style.chromeBackground, radius: 5 * k)
        list.text(label, font, model.style.chromeText, at: Point(x, y))
        let barY = y + 18 * k
        list.fill(Rect(x, barY, len, 3 * k), model.style.chromeText)
        list.fill(Rect(x, barY - 5 * k, 2 * k, 8 * k), model.style.chromeText)
        list.fill(Rect(x + len - 2 * k, barY - 5 * k, 2 * k, 8 * k), model.style.chromeText)
    }

    private var attributionText: String { [painter.database.attribution, tiles?.attribution].compactMap { $0 }.joined(separator: " · ") }
    private var attributionFont: Font { .system(11 * chromeScale) }

    /// The attribution's box in view points (bottom right); nil without a text measurer.
    var attributionArea: Rect? {
        guard let m = metrics else { return nil }
        let s = m.size(of: attributionText, font: attributionFont)
        let pad = 5 * chromeScale
        return Rect(bounds.width - s.width - 2 * pad, bounds.height - s.height - 2 * pad / 2, s.width + 2 * pad, s.height + pad)
    }

    /// ODbL requires the attribution wherever the map is shown.
    private func drawAttribution(into list: inout DrawList) {
        guard let r = attributionArea else { return }
        list.fill(r, model.style.chromeBackground)
        list.text(attributionText, attributionFont, model.style.chromeText, at: Point(r.minX + 5 * chromeScale, r.minY + 5 * chromeScale / 2))
    }

    private func drawNotice(_ text: String, into list: inout DrawList) {
        guard let m = metrics else { return }
        let font = Font.system(13 * chromeScale)
        let b = TextBlock.line(text, font: font, width: bounds.width - 60)
        let s = m.layout(b).size
        let r = Rect((bounds.width - s.width) / 2 - 10, 10, s.width + 20, s.height + 10)
        list.fill(r, Color(0x30, 0x30, 0x38, 220), radius: 6)
        list.text(.line(text, font: font, width: s.width + 1), Color(0xFF, 0xD6, 0x0A), at: Point(r.minX + 10, r.minY + 5))
    }

    // MARK: Input

    public override func handle(_ event: InputEvent) -> Bool {
        guard interactive else { return false }
        switch event {
        case let .mouseDown(p, _, clicks):
            becomeFocused()
            dragStart = p; lastDrag = p; dragged = false
            pressedPin = pin(at: p)
            if clicks == 2, pressedPin == nil { zoom(by: 1, at: p) }
            return true
        case let .mouseMoved(p, _):
            guard let last = lastDrag, let start = dragStart else { return false }
            if !dragged, hypot(p.x - start.x, p.y - start.y) < 4 { return true }
            dragged = true
            var vp = viewport
            vp.pan(dx: p.x - last.x, dy: p.y - last.y)
            model.adopt(vp)
            lastDrag = p
            return true
        case let .mouseUp(p, _):
            defer { dragStart = nil; lastDrag = nil; pressedPin = nil }
            if !dragged, let place = pressedPin, pin(at: p)?.id == place.id {
                onPinClicked?(place, convertToWindow(pinRect(for: place)))
            }
            return true
        case let .wheel(_, dy, p):
            zoom(by: dy * 0.5, at: p); return true
        case let .key(k):
            return handleKey(k)
        default: return false
        }
    }

    private func handleKey(_ k: Key) -> Bool {
        let step = 120.0
        var vp = viewport
        switch k.code {
        case .left: vp.pan(dx: step, dy: 0)
        case .right: vp.pan(dx: -step, dy: 0)
        case .up: vp.pan(dx: 0, dy: step)
        case .down: vp.pan(dx: 0, dy: -step)
        case .character("+"), .character("="), .other("Keypad +"): zoom(by: 1, at: nil); return true
        case .character("-"), .other("Keypad -"): zoom(by: -1, at: nil); return true
        default: return false
        }
        // At the edge of what can be drawn the map does not move: the arrow is not the map's, so
        // the window gives it to the talk (a clicker's Right after a click on the map, trial 16 m6).
        // (Compared in view points: the zoom's round trip through `adopt` may move it a hair.)
        let before = model.center
        model.adopt(vp)
        let was = viewport.point(before)
        return hypot(was.x - bounds.width / 2, was.y - bounds.height / 2) >= 0.5
    }

    /// Zooms by `delta` levels about `p` (view points), or the centre.
    public func zoom(by delta: Double, at p: Point?) {
        var vp = viewport
        vp.zoom(by: delta, at: p)
        model.adopt(vp)
    }

    /// The pin under `p` (view points), topmost first.
    func pin(at p: Point) -> Place? {
        let places = model.results.map(\.place)
        if let s = model.selected, places.contains(s), pinRect(for: s).contains(p) { return s }
        return places.reversed().first { pinRect(for: $0).contains(p) }
    }

    /// Pins as controls, so the control socket can click them (`map.pin.node/123`).
    public override func controlChildren() -> [ControlNode] {
        guard interactive else { return [] }
        return model.results.map(\.place).compactMap { p in
            let r = pinRect(for: p)
            guard bounds.intersects(r) else { return nil }
            return ControlNode(id: "map.pin.\(p.osm)", role: "pin", label: p.name, frame: convertToWindow(r),
                               value: p.id == model.selected?.id ? "selected" : nil)
        }
    }
}
