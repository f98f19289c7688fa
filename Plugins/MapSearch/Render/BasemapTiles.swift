import Foundation
import PodiumKit

/// The vector basemap cut into square tiles, each recorded once as a `Picture` (areas, streets
/// and labels), so a pan only moves ready tiles: the renderer copies their textures instead of
/// replaying ~13 000 commands, and the painter projects nothing for tiles already made. A new
/// zoom level, style or label scale makes new tiles.
///
/// Labels are placed per cell of `cellTiles × cellTiles` tiles with `MapPainter`'s rules (each
/// name once, no overlaps, wholly inside the cell), so neighbouring tiles agree on them and a
/// label crossing a tile edge is drawn by both halves. They are part of the tiles, so they do
/// not dodge pins (pins are drawn over them).
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
    private var tiles: [TileKey: (picture: Picture, used: UInt64)] = [:]
    private var cells: [TileKey: (labels: [DrawCommand], used: UInt64)] = [:]
    private var frame: UInt64 = 0
    /// Tiles and label cells made so far (tests assert that panning reuses them).
    public private(set) var tilesMade = 0, cellsMade = 0
    /// The painter's figures summed over the tiles made in the last call.
    public private(set) var lastStats = MapPainter.Stats()

    public init(painter: MapPainter) { self.painter = painter }

    /// Zoom rounded to a millionth of a level: a pan that round-trips the zoom through the model
    /// (`MapModel.adopt`) must not make a new level out of the last bit.
    static func level(_ zoom: Double) -> Double { (zoom * 1e6).rounded() / 1e6 }

    /// The tiles covering `vp` with where each goes (view points), made as needed.
    public func tiles(for vp: Viewport, style: MapStyle, labelScale: Double, metrics: TextMeasuring?) -> [(Picture, Rect)] {
        frame += 1
        lastStats = MapPainter.Stats()
        let level = Level(zoom: Self.level(vp.zoom), style: style.name, labelScale: labelScale, labels: metrics != nil)
        let t = Self.tileSize, s = WebMercator.worldSize(zoom: level.zoom)
        let ox = vp.center.x * s - vp.size.width / 2, oy = vp.center.y * s - vp.size.height / 2
        var out: [(Picture, Rect)] = []
        for y in Int(floor(oy / t))...Int(floor((oy + vp.size.height) / t)) {
            for x in Int(floor(ox / t))...Int(floor((ox + vp.size.width) / t)) {
                let key = TileKey(level: level, x: x, y: y)
                let r = Rect(Double(x) * t - ox, Double(y) * t - oy, t, t)
                if let e = tiles[key] { tiles[key] = (e.picture, frame); out.append((e.picture, r)); continue }
                let (made, complete) = makeTile(key, style: style, metrics: metrics)
                // A tile the map could not be read for is drawn but not kept: the next frame asks again.
                if complete { tiles[key] = (made, frame) }
                out.append((made, r))
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

    /// The tile's picture, and whether it is complete (false when the map could not be read).
    private func makeTile(_ key: TileKey, style: MapStyle, metrics: TextMeasuring?) -> (Picture, Bool) {
        let t = Self.tileSize
        var list = DrawList()
        let stats = painter.paint(square(x: Double(key.x) * t, y: Double(key.y) * t, side: t, zoom: key.level.zoom),
                                  style: style, into: &list, metrics: nil)
        lastStats.features += stats.features; lastStats.commands += stats.commands
        var failed = painter.lastError != nil
        if let m = metrics {
            let n = Self.cellTiles
            let cx = Int(floor(Double(key.x) / Double(n))), cy = Int(floor(Double(key.y) / Double(n)))
            let labels = cellLabels(TileKey(level: key.level, x: cx, y: cy), style: style, metrics: m) ?? []
            if labels.isEmpty, cells[TileKey(level: key.level, x: cx, y: cy)] == nil { failed = true }
            // Cell points to tile points; labels far outside the tile are left out.
            let dx = Double(cx * n - key.x) * t, dy = Double(cy * n - key.y) * t
            let near = Rect(-t / 2, -t / 2, 2 * t, 2 * t)
            for case let .text(b, c, o) in labels {
                let p = Point(o.x + dx, o.y + dy)
                if near.contains(p) { list.text(b, c, at: p) }
            }
        }
        tilesMade += 1
        return (Picture(size: Size(t, t), isOpaque: style.land.a == 255, commands: list.commands), !failed)
    }

    /// The label commands of one cell, in cell points; nil when the map could not be read.
    private func cellLabels(_ key: TileKey, style: MapStyle, metrics: TextMeasuring) -> [DrawCommand]? {
        if let c = cells[key] { cells[key] = (c.labels, frame); return c.labels }
        let side = Self.tileSize * Double(Self.cellTiles)
        let vp = square(x: Double(key.x) * side, y: Double(key.y) * side, side: side, zoom: key.level.zoom)
        var list = DrawList()
        do {
            let features = try painter.database.features(in: vp.bounds(margin: 20))
            lastStats.labels += painter.paintLabels(features, vp, style, metrics: metrics, scale: key.level.labelScale, avoid: [], into: &list)
        } catch { return nil }
        cellsMade += 1
        cells[key] = (list.commands, frame)
        return list.commands
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
