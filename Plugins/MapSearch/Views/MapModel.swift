import Foundation
import PodiumKit

/// State shared by the presenter's map and the audience's map: where the map looks, the style,
/// search results and the selected place. Views observe it through `onChange`.
public final class MapModel {
    /// Zoom is stated for this reference view; a view of another size shows the same region
    /// (fitted), so the audience sees what the presenter frames, only larger.
    public static let referenceSize = Size(1920, 1080)
    public var center: WorldPoint { didSet { changed() } }
    /// Zoom level for a view of `referenceSize`.
    public var zoom: Double { didSet { changed() } }
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
