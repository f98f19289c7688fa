import PodiumKit

/// Maps between a page view's points and page points for the drawing layer, and fits a zoom
/// rectangle to a view.
struct InkGeometry {
    /// Where the shown region is drawn in the view (points).
    var fit: Rect
    /// The unit page region shown.
    var region: Rect
    /// The page's size in page points.
    var page: Size

    /// View points per page point.
    var scale: Double { fit.width / max(1e-9, region.width * page.width) }

    func view(_ p: Point) -> Point {
        Point(fit.minX + (p.x / page.width - region.minX) / region.width * fit.width,
              fit.minY + (p.y / page.height - region.minY) / region.height * fit.height)
    }
    /// The page point under view point `v` (also outside the page: a stroke may leave it).
    func page(_ v: Point) -> Point {
        Point((region.minX + (v.x - fit.minX) / fit.width * region.width) * page.width,
              (region.minY + (v.y - fit.minY) / fit.height * region.height) * page.height)
    }

    /// `zoom` (unit page coordinates) widened or heightened about its centre to the aspect of
    /// `bounds`, so it fills the view, and moved to stay inside `region`; when it cannot grow
    /// that far inside `region` it keeps `region`'s extent on that axis (and is letterboxed).
    static func filling(zoom z: Rect, within region: Rect, page: Size, bounds: Size) -> Rect {
        guard bounds.width > 0, bounds.height > 0, z.width > 0, z.height > 0 else { return z }
        let aspect = bounds.width / bounds.height
        var w = z.width * page.width, h = z.height * page.height
        if w / h < aspect { w = h * aspect } else { h = w / aspect }
        let uw = min(w / page.width, region.width), uh = min(h / page.height, region.height)
        let x = min(max(z.midX - uw / 2, region.minX), region.maxX - uw)
        let y = min(max(z.midY - uh / 2, region.minY), region.maxY - uh)
        return Rect(x, y, uw, uh)
    }
}
