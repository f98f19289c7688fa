import Foundation
import PodiumKit
import PodiumTestSupport
import XCTest
@testable import MapSearchScene

/// The basemap's street and place names make way for the search results: no label the tiles
/// recorded lies under a pin or the selected place's callout, at any zoom, on the presenter's
/// and the audience's map; labels stay put while panning and come back when the pins go.
@MainActor
final class PinLabelTests: XCTestCase {
    struct Label: Hashable { var name: String; var rect: Rect }

    func map(size: Size = Size(1920, 1080), audience: Bool = false) throws -> (WindowRoot, MapView, MapModel) {
        let root = WindowRoot(metrics: FixedMetrics())
        let model = MapModel(center: LatLon(lat: 60.1697, lon: 24.9445), zoom: 16.5)
        let view = MapView(model: model, painter: MapPainter(database: try Fixtures.database()), interactive: !audience)
        if audience { view.baseChromeScale = 1.8; view.scalesWithSize = true }
        root.content.addSubview(view.pinned(.fill()))
        root.resize(to: size)
        return (root, view, model)
    }

    func pictures(_ l: DrawList) -> [Picture] { l.commands.compactMap { if case let .picture(p, _, _) = $0 { p } else { nil } } }

    /// Every label the frame's tiles draw (the name, not its halo), in window points; a label
    /// crossing a tile edge is drawn by both tiles at the same spot and counted once. `visible`:
    /// only labels that reach into the tile drawing them (a tile's picture is clipped to it).
    func labels(_ frame: DrawList, style: MapStyle = .standard, visible: Bool = false) -> Set<Label> {
        let m = FixedMetrics()
        var out: Set<Label> = []
        for case let .picture(p, r, _) in frame.commands {
            for case let .text(b, c, o) in p.commands where c != style.labelHalo {
                let s = m.size(of: b.text, font: b.font)
                if visible && !Rect(origin: o, size: s).intersects(Rect(origin: .zero, size: p.size)) { continue }
                // Rounded to a thousandth of a point: the two halves of a label agree to the last bits only.
                func q(_ v: Double) -> Double { (v * 1000).rounded() / 1000 }
                out.insert(Label(name: b.text, rect: Rect(q(o.x + r.minX), q(o.y + r.minY), q(s.width), q(s.height))))
            }
        }
        return out
    }

    /// The rectangles of the pins drawn (and the selected place's callout), window points.
    func pinAreas(_ view: MapView, _ model: MapModel) -> [Rect] {
        model.results.map(\.place).flatMap { p in [view.pinRect(for: p)] + (view.calloutRect(for: p).map { [$0] } ?? []) }
            .filter { view.bounds.intersects($0) }
    }

    func place(_ id: Int, _ name: String, at p: LatLon) -> SearchResult {
        SearchResult(place: Place(id: id, osm: "node/\(id)", name: name, category: "shop=music", location: p), distance: 100)
    }

    func testALabelUnderAPinMakesWayAndComesBackWhenThePinGoes() async throws {
        let (root, view, model) = try map()
        let before = labels(root.renderFrame())
        XCTAssertGreaterThan(before.count, 5, "labels are drawn")
        // The label nearest the middle of the view gets a pin planted on it.
        let mid = Point(960, 540)
        let target = try XCTUnwrap(before.min { hypot($0.rect.midX - mid.x, $0.rect.midY - mid.y) < hypot($1.rect.midX - mid.x, $1.rect.midY - mid.y) })
        let tip = Point(target.rect.midX, target.rect.midY + 1.3 * 9)   // the pin's disc on the label's middle
        let tiles = pictures(root.renderFrame())
        model.results = [place(1, "Levykauppa Ä", at: view.viewport.latLon(at: tip))]

        let frame = root.renderFrame()
        let with = labels(frame)
        let pin = view.pinRect(for: model.results[0].place)
        XCTAssertTrue(pin.intersects(target.rect), "the pin sits on \(target.name)")
        XCTAssertFalse(with.contains(target), "\(target.name) is not drawn under the pin")
        for l in with { XCTAssertFalse(l.rect.intersects(pin), "\(l.name) at \(l.rect) meets the pin at \(pin)") }
        // Only tiles whose labels changed are recorded again; the rest are the same pictures.
        let now = pictures(frame)
        let remade = now.filter { p in !tiles.contains { $0 === p } }
        XCTAssertGreaterThan(remade.count, 0)
        XCTAssertLessThan(remade.count, now.count / 2, "tiles away from the pin are kept")

        // Selecting the place puts its callout above the pin: labels make way for it too.
        model.selected = model.results[0].place
        let selected = labels(root.renderFrame())
        let callout = try XCTUnwrap(view.calloutRect(for: model.results[0].place))
        for l in selected { XCTAssertFalse(l.rect.intersects(callout) || l.rect.intersects(view.pinRect(for: model.results[0].place)), "\(l.name) meets the callout") }

        // A new search without that place: the label is back where it was, and so is every other.
        model.selected = nil
        model.results = []
        let after = labels(root.renderFrame())
        XCTAssertTrue(after.contains(target), "\(target.name) comes back when the pin goes")
        XCTAssertEqual(after, before, "the labels are the ones drawn before the search")
    }

    func testNoLabelMeetsAPinOrTheCalloutAtAnyZoomOnEitherMapWhilePanning() async throws {
        let search = PlaceSearch(database: try Fixtures.database()), centre = LatLon(lat: 60.1697, lon: 24.9445)
        let results = try ["record stores", "cafes", "restaurants"].flatMap { try search.search($0, near: centre).results }
        XCTAssertGreaterThan(results.count, 20)
        for audience in [false, true] {
            let (root, view, model) = try map(size: audience ? Size(1920, 1080) : Size(1280, 760), audience: audience)
            model.results = results
            model.selected = results[0].place
            for zoom in [15.0, 16.0, 16.5, 17.25, 18.0] {
                model.zoom = zoom
                model.centre(on: centre)
                var met = 0, previous: Set<Label>?
                for step in 0..<4 {
                    let frame = root.renderFrame()
                    let placed = labels(frame), areas = pinAreas(view, model)
                    if zoom >= 16 { XCTAssertFalse(placed.isEmpty, "zoom \(zoom): labels are drawn") }
                    for l in placed { for a in areas where l.rect.intersects(a) {
                        met += 1
                        if met <= 3 { XCTFail("\(audience ? "audience" : "presenter") zoom \(zoom) step \(step): \(l.name) at \(l.rect) meets a pin or callout at \(a)") }
                    } }
                    // A pan moves every label with the map: none jumps, appears or goes (the ones in view throughout).
                    if let prev = previous {
                        let inner = view.bounds.insetBy(dx: 300, dy: 200)
                        let moved = Set(prev.map { Label(name: $0.name, rect: $0.rect.offsetBy(dx: -37, dy: -11)) }.filter { inner.contains($0.rect) })
                        let kept = Set(placed.filter { inner.contains($0.rect) })
                        XCTAssertEqual(kept.map(\.name).sorted(), moved.map(\.name).sorted(), "zoom \(zoom): the same labels after a pan")
                        for l in kept { XCTAssertTrue(moved.contains { $0.name == l.name && abs($0.rect.minX - l.rect.minX) < 0.01 && abs($0.rect.minY - l.rect.minY) < 0.01 },
                                                      "zoom \(zoom): \(l.name) moved with the map") }
                    }
                    previous = placed
                    var vp = view.viewport
                    vp.pan(dx: -37, dy: -11)
                    model.adopt(vp)
                }
                XCTAssertEqual(met, 0, "\(audience ? "audience" : "presenter") zoom \(zoom): \(met) labels meet pins")
            }
        }
    }

    func testSelectingAPlaceWhoseCalloutWouldBeCutCentresIt() async throws {
        let ctx = mapContext("callout")
        let p = SceneParameters(["query": "record stores", "latitude": 60.1697, "longitude": 24.9445, "zoom": 16.5], path: "scenes[0].parameters")
        let s = try MapSearchScene(MapSearchOptions(p), parameters: p, context: ctx)
        ctx.root.content.addSubview(s.presenterView.pinned(.fill()))
        ctx.root.resize(to: Size(1280, 800))
        _ = ctx.root.renderFrame()
        // Kuvatehdas's pin 60 points under the map's top edge: on the map, but its callout would stick out.
        let map = s.presenter.map
        var vp = map.viewport
        let at = vp.point(Fixtures.kuvatehdas)
        vp.pan(dx: map.bounds.width / 2 - at.x, dy: 60 - at.y)
        s.model.adopt(vp)
        _ = ctx.root.renderFrame()
        XCTAssertTrue(ctx.root.click(controlID: "map.results.row.node/2587284466"))
        let place = try XCTUnwrap(s.model.selected)
        XCTAssertEqual(place.name, "Kuvatehdas")
        let callout = try XCTUnwrap(map.calloutRect(for: place))
        XCTAssertTrue(map.bounds.contains(callout), "the callout \(callout) shows whole in \(map.bounds)")
    }
    /// Trial 28 m1: a place at the right edge of the presenter's map, where the offline data's
    /// edge keeps the map from centring on it, had its name cut ("Tritone Recor"). The callout's
    /// box is pulled inside the view sideways; one away from the edges stays over its pin.
    func testACalloutAtTheMapsEdgeIsPulledInsideTheView() async throws {
        let (root, view, model) = try map(size: Size(600, 640))
        _ = root.renderFrame()
        let vp = view.viewport
        let name = "Tritone Records of Helsinki"
        for (x, inside) in [(590.0, true), (10.0, true), (300.0, false)] {
            let r = place(1, name, at: vp.latLon(at: Point(x, 320)))
            model.results = [r]
            model.selected = r.place
            let frame = root.renderFrame()
            let boxes = frame.commands.compactMap { c -> Rect? in
                if case let .fill(b, color, _) = c, color == model.style.selectedPin, b.width > 60 { return b }
                return nil
            }
            let box = try XCTUnwrap(boxes.first, "the callout is drawn at x \(x)")
            XCTAssertGreaterThanOrEqual(box.minX, view.frame.minX, "x \(x): not cut on the left: \(box)")
            XCTAssertLessThanOrEqual(box.maxX, view.frame.maxX, "x \(x): not cut on the right: \(box)")
            if !inside { XCTAssertEqual(box.midX, view.frame.minX + x, accuracy: 0.5, "away from the edges it stays centred over its pin") }
        }
    }
}
