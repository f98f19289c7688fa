import Foundation
import PodiumKit

/// Turns map features into draw commands for one viewport: areas as general polygons the
/// renderer fills (`DrawCommand.shape`: holes left open, islands filled), streets as lines whose width follows class and zoom, then labels that
/// do not collide. Geometry is simplified by zoom: points closer than `minSegment` points to the
/// last kept one are dropped, and areas smaller than a point are skipped.
public final class MapPainter {
    public var database: MapDatabase
    /// Shortest drawn segment in points; shorter ones merge (simplification by zoom).
    public var minSegment = 1.0
    /// Each area's rings in world coordinates, per feature id: projection is a scale and a
    /// shift, so one shape serves every zoom and pan, and the renderer tessellates it once.
    private var shapes: [Int: PolygonShape] = [:]
    /// Set when the last query failed (shown as a notice, not a crash).
    public private(set) var lastError: String?

    public init(database: MapDatabase) { self.database = database }

    /// What `paint` drew, for tests and benchmarks.
    public struct Stats: Equatable { public var features = 0, commands = 0, labels = 0 }

    /// Draws the basemap for `vp` into `list` in view coordinates (the list's current offset).
    /// Labels need `metrics`; pass nil to skip them. `labelScale` enlarges labels (audience view);
    /// no label is placed over the `avoid` rectangles (pins and their callouts), in view points.
    @discardableResult
    public func paint(_ vp: Viewport, style: MapStyle, into list: inout DrawList, metrics: TextMeasuring?,
                      labelScale: Double = 1, drawLand: Bool = true, avoid: [Rect] = []) -> Stats {
        var stats = Stats()
        let before = list.commands.count
        if drawLand { list.fill(Rect(origin: .zero, size: vp.size), style.land) }
        let features: [MapFeature]
        do { features = try database.features(in: vp.bounds(margin: 20)); lastError = nil }
        catch { lastError = "\(error)"; return stats }
        stats.features = features.count
        let s = vp.worldSize
        let minExtent = 1.5 / s
        var lines: [MapFeature] = []
        for f in features {
            if f.kind == .line { lines.append(f); continue }
            guard let color = style.areas[f.featureClass] else { continue }
            if f.extent.maxX - f.extent.minX < minExtent && f.extent.maxY - f.extent.minY < minExtent { continue }
            paintArea(f, vp, color: color, into: &list)
        }
        // Casings of major streets first, so crossings join cleanly.
        if let casing = style.casing {
            for f in lines where MapStyle.major.contains(f.featureClass) {
                let w = style.lineWidth(f.featureClass, zoom: vp.zoom)
                strokeLine(f, vp, casing, width: w + max(1, w * 0.25), into: &list)
            }
        }
        for f in lines {
            guard let (color, _) = style.lines[f.featureClass] else { continue }
            // Footpaths only when zoomed in far enough to tell them from streets.
            if f.featureClass == "path", vp.zoom < 15.5 { continue }
            strokeLine(f, vp, color, width: style.lineWidth(f.featureClass, zoom: vp.zoom), into: &list)
        }
        if let m = metrics { stats.labels = paintLabels(features, vp, style, metrics: m, scale: labelScale, avoid: avoid, into: &list) }
        stats.commands = list.commands.count - before
        return stats
    }

    private func project(_ ring: [WorldPoint], _ vp: Viewport) -> [Point] {
        var out: [Point] = []
        out.reserveCapacity(ring.count)
        for w in ring { out.append(vp.point(w)) }
        return out
    }

    private func paintArea(_ f: MapFeature, _ vp: Viewport, color: Color, into list: inout DrawList) {
        let shape = shapes[f.id] ?? {
            let s = PolygonShape(rings: f.rings.map { $0.map { Point($0.x, $0.y) } }, rule: .evenOdd)
            shapes[f.id] = s
            return s
        }()
        // vp.point(w) = (w − centre) × worldSize + size / 2.
        let s = vp.worldSize
        list.shape(shape, color, scale: s, offset: Point(vp.size.width / 2 - vp.center.x * s, vp.size.height / 2 - vp.center.y * s))
    }

    private func strokeLine(_ f: MapFeature, _ vp: Viewport, _ color: Color, width: Double, into list: inout DrawList) {
        let ring = f.rings[0]
        guard var last = ring.first.map(vp.point) else { return }
        let minSq = minSegment * minSegment
        for (k, w) in ring.enumerated().dropFirst() {
            let p = vp.point(w)
            let dx = p.x - last.x, dy = p.y - last.y
            // Keep the final point so lines end where they should.
            if dx * dx + dy * dy < minSq && k != ring.count - 1 { continue }
            list.line(last, p, color, width: width)
            // A square at each inner vertex hides the notch between thick segments (a plain
            // rectangle fill is far cheaper for the renderer than a round join).
            if width >= 3, k != ring.count - 1 { let h = width * 0.35; list.fill(Rect(p.x - h, p.y - h, 2 * h, 2 * h), color) }
            last = p
        }
    }

    /// Street names at the middle of their longest visible segment, area names at the centre of
    /// big areas; each name once, skipping any that would overlap one already placed.
    func paintLabels(_ features: [MapFeature], _ vp: Viewport, _ style: MapStyle, metrics m: TextMeasuring,
                             scale: Double, avoid: [Rect], into list: inout DrawList) -> Int {
        guard vp.zoom >= 14.5 else { return 0 }
        var placed: [Rect] = avoid
        var seen: Set<String> = []
        let view = Rect(origin: .zero, size: vp.size)
        var count = 0
        // Big streets first: they get the room.
        let candidates = features.filter { $0.name != nil }.sorted { $0.layer > $1.layer }
        for f in candidates {
            guard let name = f.name, !seen.contains(name) else { continue }
            var anchor: Point?
            var font = Font.system(12 * scale)
            var color = style.label
            if f.kind == .line {
                guard style.lines[f.featureClass] != nil, f.featureClass != "path", f.featureClass != "rail" else { continue }
                guard vp.zoom >= 16 || MapStyle.major.contains(f.featureClass) else { continue }
                anchor = longestSegmentMidpoint(f.rings[0], vp, inside: view)
            } else {
                guard f.featureClass == "water" || f.featureClass == "park" else { continue }
                let a = vp.point(WorldPoint(f.extent.minX, f.extent.minY)), b = vp.point(WorldPoint(f.extent.maxX, f.extent.maxY))
                guard b.x - a.x > 80 * scale, style.areas[f.featureClass] != nil else { continue }
                anchor = Point((a.x + b.x) / 2, (a.y + b.y) / 2)
                font = Font(size: 13 * scale, weight: .bold)
                if f.featureClass == "water" { color = style.waterLabel }
            }
            guard let c = anchor else { continue }
            let size = m.size(of: name, font: font)
            let r = Rect(c.x - size.width / 2, c.y - size.height / 2, size.width, size.height)
            guard view.contains(r), !placed.contains(where: { $0.insetBy(dx: -6, dy: -3).intersects(r) }) else { continue }
            placed.append(r); seen.insert(name)
            // A halo: the text offset one point in four directions under it keeps it readable on any fill.
            for (dx, dy) in [(-1.0, 0.0), (1, 0), (0, -1), (0, 1)] { list.text(name, font, style.labelHalo, at: Point(r.minX + dx, r.minY + dy)) }
            list.text(name, font, color, at: r.origin)
            count += 1
        }
        return count
    }

    private func longestSegmentMidpoint(_ ring: [WorldPoint], _ vp: Viewport, inside view: Rect) -> Point? {
        var best: (Double, Point)?
        var prev = vp.point(ring[0])
        for w in ring.dropFirst() {
            let p = vp.point(w)
            let mid = Point((p.x + prev.x) / 2, (p.y + prev.y) / 2)
            let len = hypot(p.x - prev.x, p.y - prev.y)
            if view.contains(mid), len > (best?.0 ?? 40) { best = (len, mid) }
            prev = p
        }
        return best?.1
    }
}
