import Foundation
import PodiumKit

/// State shared by the presenter's map and the audience's map: where the map looks, the style,
/// search results and the selected place. Views observe it through `onChange`.
public final class MapModel {
    /// Zoom is stated for this reference view; a view of another size shows the same region
    /// (fitted), so the audience sees what the presenter frames, only larger.
    public static let referenceSize = Size(1920, 1080)
    public var center: WorldPoint { didSet { let c = kept(center); if c != center { center = c }; changed() } }
    /// Zoom level for a view of `referenceSize`.
    public var zoom: Double { didSet { let c = kept(center); if c != center { center = c }; changed() } }
    /// What can be drawn (the offline map's bounds); nil: the whole world (online tiles). Panning,
    /// zooming and centring keep a view of `referenceSize` (the room's) on it: inside it where it
    /// is larger than the view, else holding all of it, so the room never sees the map pushed off
    /// what can be drawn.
    public var limits: GeoBounds? { didSet { let c = kept(center); if c != center { center = c } } }
    public var style: MapStyle { didSet { changed() } }
    public var results: [SearchResult] = [] { didSet { changed() } }
    public var selected: Place? { didSet { changed() } }
    /// A short message drawn over the map (tile failures, geocoder errors); nil hides it.
    public var notice: String? { didSet { changed() } }
    public var onChange: (() -> Void)?

    public init(center: LatLon, zoom: Double, style: MapStyle = .standard) {
        self.center = WebMercator.project(center); self.zoom = zoom; self.style = style
    }
    private func changed() { onChange?() }

    /// `c` moved the least so that the reference view keeps to `limits` (see there).
    func kept(_ c: WorldPoint) -> WorldPoint {
        guard let b = limits else { return c }
        let s = WebMercator.worldSize(zoom: zoom)
        let lo = WebMercator.project(LatLon(lat: b.maxLat, lon: b.minLon)), hi = WebMercator.project(LatLon(lat: b.minLat, lon: b.maxLon))
        func axis(_ v: Double, _ lo: Double, _ hi: Double, _ half: Double) -> Double {
            // Data larger than the view: the view stays inside it; smaller: it stays inside the view.
            let (a, b) = hi - lo >= 2 * half ? (lo + half, hi - half) : (hi - half, lo + half)
            return min(max(v, a), b)
        }
        return WorldPoint(axis(c.x, lo.x, hi.x, Self.referenceSize.width / 2 / s), axis(c.y, lo.y, hi.y, Self.referenceSize.height / 2 / s))
    }

    /// The viewport for a view of `size` points.
    public func viewport(for size: Size) -> Viewport {
        let fit = min(size.width / Self.referenceSize.width, size.height / Self.referenceSize.height)
        var vp = Viewport(center: WebMercator.unproject(center), zoom: zoom + log2(max(fit, 1e-6)), size: size)
        vp.center = center
        return vp
    }

    /// Applies a viewport a view changed (pan, zoom) back to the shared state.
    public func adopt(_ vp: Viewport) {
        let fit = min(vp.size.width / Self.referenceSize.width, vp.size.height / Self.referenceSize.height)
        center = vp.center
        zoom = vp.zoom - log2(max(fit, 1e-6))
    }

    /// The place's location centred.
    public func centre(on p: LatLon) { center = WebMercator.project(p) }
}
