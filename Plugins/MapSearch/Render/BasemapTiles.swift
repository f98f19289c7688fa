import Foundation
import PodiumKit

/// The vector basemap cut into square tiles, each recorded once as a `Picture` (areas, streets
/// and labels), so a pan only moves ready tiles: the renderer copies their textures instead of
/// replaying ~13 000 commands, and the painter projects nothing for tiles already made. A new
/// zoom level, style or label scale makes new tiles.
///
/// Labels are placed per cell of `cellTiles × cellTiles` tiles with `MapPainter`'s rules (each
/// name once, no overlaps, wholly inside the cell), so neighbouring tiles agree on them and a
/// label crossing a tile edge is drawn by both halves. They keep clear of the pins and callout
/// (`LabelObstacle`s, fixed to the map, so a pan moves nothing): when those change (a new
/// search, a selection), only cells they touch place labels again and only tiles whose labels
/// changed are recorded again, from their kept geometry. Obstacles fixed to the view (the scale
/// bar, the attribution) move over the map with every pan, so placing labels again for them
/// would cost a cell per frame: a label that comes within the same margin of one is left out of
/// its tiles instead (every tile drawing it agrees), and a tile is recorded again only when the
/// labels it leaves out change.
public final class BasemapTiles {
    /// Tile side in points.
    public static let tileSize = 512.0
    /// Label cells are this many tiles on a side.
    static let cellTiles = 4
    let painter: MapPainter
    /// Most tiles kept beyond those on screen, least recently drawn first out.
    public var spareLimit = 24

    struct Level: Hashable { var zoom: Double; var style: MapStyle.Name; var labelScale: Double; var labels: Bool }
    struct TileKey: Hashable { var level: Level; var x: Int; var y: Int }
    /// A tile: its picture, the first `geometry` commands of which are areas and streets, then
    /// its labels but the `hidden` ones (indexes into `labels`, under a view-fixed obstacle);
    /// each label command's whole label (text and halo) in tile points; the cell labels'
    /// `version` they came from; the obstacle `generation` checked.
    private struct Tile {
        var picture: Picture; var geometry: Int; var labels: [DrawCommand]; var labelRects: [Rect]; var hidden: [Int] = []
        var version: Int; var checked: Int; var used: UInt64
    }
    /// A label cell: its labels and each one's whole label (cell points), the obstacles they
    /// avoid (cell points), a version that changes when the labels do, and the obstacle
    /// `generation` checked.
    private struct Cell { var labels: [DrawCommand]; var rects: [Rect]; var avoid: [Rect]; var version: Int; var checked: Int; var used: UInt64 }
    private var tiles: [TileKey: Tile] = [:]
    private var cells: [TileKey: Cell] = [:]
    private var obstacles: [LabelObstacle] = []
    /// Bumped when the obstacles change; cells and tiles checked at an older one look again.
    private var generation = 0
    private var versions = 0
    private var frame: UInt64 = 0
    /// Tiles and label cells made so far, the second counting cells placed again for new
    /// obstacles (tests assert that panning reuses them).
    public private(set) var tilesMade = 0, cellsMade = 0
    /// The painter's figures summed over the tiles made in the last call.
    public private(set) var lastStats = MapPainter.Stats()

    public init(painter: MapPainter) { self.painter = painter }

    /// Zoom rounded to a millionth of a level: a pan that round-trips the zoom through the model
    /// (`MapModel.adopt`) must not make a new level out of the last bit.
    static func level(_ zoom: Double) -> Double { (zoom * 1e6).rounded() / 1e6 }

    /// The tiles covering `vp` with where each goes (view points), made as needed; no label is
    /// drawn within 6×3 points of an `avoiding` rectangle (at the tile's zoom, or in view points
    /// for one fixed to the view).
    public func tiles(for vp: Viewport, style: MapStyle, labelScale: Double, metrics: TextMeasuring?,
                      avoiding: [LabelObstacle] = []) -> [(Picture, Rect)] {
        frame += 1
        let onMap = avoiding.filter { !$0.inView }, inView = avoiding.filter(\.inView).map(\.rect)
        if onMap != obstacles { obstacles = onMap; generation += 1 }
        lastStats = MapPainter.Stats()
        let level = Level(zoom: Self.level(vp.zoom), style: style.name, labelScale: labelScale, labels: metrics != nil)
        let t = Self.tileSize, s = WebMercator.worldSize(zoom: level.zoom)
        let ox = vp.center.x * s - vp.size.width / 2, oy = vp.center.y * s - vp.size.height / 2
        var out: [(Picture, Rect)] = []
        for y in Int(floor(oy / t))...Int(floor((oy + vp.size.height) / t)) {
            for x in Int(floor(ox / t))...Int(floor((ox + vp.size.width) / t)) {
                let key = TileKey(level: level, x: x, y: y)
                let r = Rect(Double(x) * t - ox, Double(y) * t - oy, t, t)
                if var e = tiles[key] {
                    e.used = frame
                    var changed = false
                    if e.checked != generation, let m = metrics { changed = relabel(&e, key, style: style, metrics: m) }
                    hide(&e, under: inView, tileAt: r, labelsChanged: changed)
                    tiles[key] = e
                    out.append((e.picture, r)); continue
                }
                let (made, complete) = makeTile(key, style: style, metrics: metrics, hiding: inView, tileAt: r)
                // A tile the map could not be read for is drawn but not kept: the next frame asks again.
                if complete { tiles[key] = made }
                out.append((made.picture, r))
            }
        }
        trim()
        return out
    }

    /// The viewport of the square of `side` points whose top-left world point is at (`x`, `y`)
    /// world points at `zoom`.
    private func square(x: Double, y: Double, side: Double, zoom: Double) -> Viewport {
        var vp = Viewport(center: LatLon(lat: 0, lon: 0), zoom: zoom, size: Size(side, side))
        let s = WebMercator.worldSize(zoom: zoom)
        vp.center = WorldPoint((x + side / 2) / s, (y + side / 2) / s)
        return vp
    }

    /// The tile drawn at `r` (view points) without the labels near the view-fixed obstacles
    /// `inView`, and whether it is complete (false when the map could not be read).
    private func makeTile(_ key: TileKey, style: MapStyle, metrics: TextMeasuring?, hiding inView: [Rect], tileAt r: Rect) -> (Tile, Bool) {
        let t = Self.tileSize
        var list = DrawList()
        let stats = painter.paint(square(x: Double(key.x) * t, y: Double(key.y) * t, side: t, zoom: key.level.zoom),
                                  style: style, into: &list, metrics: nil)
        lastStats.features += stats.features; lastStats.commands += stats.commands
        var failed = painter.lastError != nil
        var labels: [DrawCommand] = [], rects: [Rect] = [], version = 0
        if let m = metrics {
            if let c = cell(of: key, style: style, metrics: m) { (labels, rects) = tileLabels(key, c); version = c.version }
            else { failed = true }
        }
        tilesMade += 1
        let hidden = Self.hiddenLabels(rects, under: inView, tileAt: r)
        let picture = Picture(size: Size(t, t), isOpaque: style.land.a == 255, commands: list.commands + Self.shown(labels, hidden))
        return (Tile(picture: picture, geometry: list.commands.count, labels: labels, labelRects: rects, hidden: hidden,
                     version: version, checked: generation, used: frame), !failed)
    }

    /// The labels (indexes into `rects`, their whole labels in tile points) of a tile drawn at
    /// `r` (view points) that come within 6×3 points of a view-fixed obstacle (view points).
    /// Every tile drawing a label judges the same whole label, so they agree.
    private static func hiddenLabels(_ rects: [Rect], under inView: [Rect], tileAt r: Rect) -> [Int] {
        guard !inView.isEmpty else { return [] }
        let over = inView.map { $0.offsetBy(dx: -r.minX, dy: -r.minY).insetBy(dx: -6, dy: -3) }
        // A label off this tile's square draws nothing here: leaving it in spares a recording.
        let square = Rect(0, 0, tileSize, tileSize)
        return rects.indices.filter { i in rects[i].intersects(square) && over.contains { $0.intersects(rects[i]) } }
    }

    private static func shown(_ labels: [DrawCommand], _ hidden: [Int]) -> [DrawCommand] {
        if hidden.isEmpty { return labels }
        let h = Set(hidden)
        return labels.enumerated().filter { !h.contains($0.offset) }.map(\.element)
    }

    /// Leaves out of a kept tile the labels near the view-fixed obstacles, recording it again
    /// (from its geometry as recorded) only when that changes what it shows or its labels changed.
    private func hide(_ e: inout Tile, under inView: [Rect], tileAt r: Rect, labelsChanged: Bool) {
        let hidden = Self.hiddenLabels(e.labelRects, under: inView, tileAt: r)
        guard labelsChanged || hidden != e.hidden else { return }
        e.hidden = hidden
        e.picture = Picture(size: e.picture.size, isOpaque: e.picture.isOpaque,
                            commands: Array(e.picture.commands.prefix(e.geometry)) + Self.shown(e.labels, hidden))
        tilesMade += 1
    }

    /// Brings a kept tile's labels up to date with the obstacles on the map; true when its own
    /// labels changed (`hide` then records it again).
    private func relabel(_ e: inout Tile, _ key: TileKey, style: MapStyle, metrics: TextMeasuring) -> Bool {
        guard let c = cell(of: key, style: style, metrics: metrics) else { return false }   // unreadable: keep it, ask again next frame
        e.checked = generation
        if c.version == e.version { return false }
        e.version = c.version
        let (labels, rects) = tileLabels(key, c)
        if labels == e.labels { return false }
        e.labels = labels; e.labelRects = rects
        return true
    }

    /// The cell's labels whose whole label (text and halo) touches the tile, in tile points;
    /// the others draw nothing on it and are left out.
    private func tileLabels(_ key: TileKey, _ cell: Cell) -> ([DrawCommand], [Rect]) {
        let n = Self.cellTiles, t = Self.tileSize
        let cx = Int(floor(Double(key.x) / Double(n))), cy = Int(floor(Double(key.y) / Double(n)))
        let dx = Double(cx * n - key.x) * t, dy = Double(cy * n - key.y) * t
        // Judged by the whole label, not by where it starts: the room's labels at 4K (3.6× text)
        // are wider than half a tile, and one starting further left than that was left out of
        // the tile holding its end while the tile before cut it at their edge (trial 31 m7).
        let square = Rect(0, 0, t, t)
        var out: [DrawCommand] = [], rects: [Rect] = []
        for (i, command) in cell.labels.enumerated() {
            guard case let .text(b, c, o) = command else { continue }
            let r = cell.rects[i].offsetBy(dx: dx, dy: dy)
            if r.intersects(square) { out.append(.text(b, c, origin: Point(o.x + dx, o.y + dy))); rects.append(r) }
        }
        return (out, rects)
    }

    /// The label cell holding tile `key`, placed as needed and kept up to date with the
    /// obstacles; nil when the map could not be read.
    private func cell(of key: TileKey, style: MapStyle, metrics: TextMeasuring) -> Cell? {
        let n = Double(Self.cellTiles)
        let ck = TileKey(level: key.level, x: Int(floor(Double(key.x) / n)), y: Int(floor(Double(key.y) / n)))
        if var c = cells[ck] {
            c.used = frame
            if c.checked != generation {
                let avoid = avoidRects(ck)
                if avoid != c.avoid {
                    guard let (labels, rects) = placeLabels(ck, avoid: avoid, style: style, metrics: metrics) else { return nil }
                    if labels != c.labels { versions += 1; c.version = versions; c.labels = labels; c.rects = rects }
                    c.avoid = avoid
                    cellsMade += 1
                }
                c.checked = generation
            }
            cells[ck] = c
            return c
        }
        let avoid = avoidRects(ck)
        guard let (labels, rects) = placeLabels(ck, avoid: avoid, style: style, metrics: metrics) else { return nil }
        versions += 1
        cellsMade += 1
        let c = Cell(labels: labels, rects: rects, avoid: avoid, version: versions, checked: generation, used: frame)
        cells[ck] = c
        return c
    }

    /// The obstacles touching cell `key`, in its points at its zoom.
    private func avoidRects(_ key: TileKey) -> [Rect] {
        let side = Self.tileSize * Double(Self.cellTiles), s = WebMercator.worldSize(zoom: key.level.zoom)
        let x0 = Double(key.x) * side, y0 = Double(key.y) * side
        let cell = Rect(-16, -16, side + 32, side + 32)
        return obstacles.compactMap { o in
            let r = o.rect.offsetBy(dx: o.at.x * s - x0, dy: o.at.y * s - y0)
            return cell.intersects(r) ? r : nil
        }
    }

    /// The label commands of one cell, in cell points, clear of `avoid`, and for each command its
    /// whole label (the name and its halo copies, which the painter draws one after another);
    /// nil when the map could not be read.
    private func placeLabels(_ key: TileKey, avoid: [Rect], style: MapStyle, metrics: TextMeasuring) -> ([DrawCommand], [Rect])? {
        let side = Self.tileSize * Double(Self.cellTiles)
        let vp = square(x: Double(key.x) * side, y: Double(key.y) * side, side: side, zoom: key.level.zoom)
        var list = DrawList()
        do {
            let features = try painter.database.features(in: vp.bounds(margin: 20))
            lastStats.labels += painter.paintLabels(features, vp, style, metrics: metrics, scale: key.level.labelScale, avoid: avoid, into: &list)
        } catch { return nil }
        var rects: [Rect] = [], start = 0
        let commands = list.commands
        while start < commands.count {
            guard case let .text(b, _, _) = commands[start] else { rects.append(Rect(0, 0, 0, 0)); start += 1; continue }
            let size = metrics.size(of: b.text, font: b.font)
            var end = start, lo = Point(Double.infinity, .infinity), hi = Point(-Double.infinity, -.infinity)
            while end < commands.count, case let .text(e, _, o) = commands[end], e.text == b.text {
                lo = Point(min(lo.x, o.x), min(lo.y, o.y)); hi = Point(max(hi.x, o.x), max(hi.y, o.y))
                end += 1
            }
            rects += Array(repeating: Rect(lo.x, lo.y, hi.x - lo.x + size.width, hi.y - lo.y + size.height), count: end - start)
            start = end
        }
        return (commands, rects)
    }

    /// Keeps this frame's tiles and the `spareLimit` most recently drawn others (label cells: 8).
    private func trim() {
        if tiles.count > spareLimit {
            let old = tiles.filter { $0.value.used != frame }.sorted { $0.value.used > $1.value.used }
            for (k, _) in old.dropFirst(spareLimit) { tiles[k] = nil }
        }
        if cells.count > 8 {
            for (k, _) in cells.sorted(by: { $0.value.used > $1.value.used }).dropFirst(8) where cells[k]?.used != frame { cells[k] = nil }
        }
    }

    /// Forgets every tile (the database or style changed in place).
    public func removeAll() { tiles.removeAll(); cells.removeAll() }
}

/// A rectangle the basemap's labels keep clear of: on the map (a pin, a callout), `rect` in
/// points relative to the world point `at` (a pin's tip), the same at every zoom; or fixed to
/// the view (the scale bar, the attribution), `rect` in view points.
public struct LabelObstacle: Equatable {
    public var at: WorldPoint
    public var rect: Rect
    /// True when `rect` is in view points and the map moves under it (`at` is not used).
    public var inView = false
    public init(at: WorldPoint, rect: Rect) { self.at = at; self.rect = rect }
    /// An obstacle fixed to the view: `rect` in view points.
    public init(inView rect: Rect) { at = WorldPoint(0, 0); self.rect = rect; inView = true }
    /// The rectangle in `vp`'s points.
    public func rect(in vp: Viewport) -> Rect { inView ? rect : rect.offsetBy(dx: vp.point(at).x, dy: vp.point(at).y) }
}
