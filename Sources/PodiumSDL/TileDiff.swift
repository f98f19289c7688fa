import Foundation
import PodiumKit

/// Where two pages of one size differ, from their tiles' hashes (`BitmapTileHashes`): an advance
/// between pages that share their template (a real deck's background, header and footer) copies
/// only those tiles to the room instead of the whole page (issue 19).
enum TileDiff {
    /// Off with `PODIUM_TILE_COPIES=0` (whole pages copied, as before; for A/B benches).
    static let enabled = ProcessInfo.processInfo.environment["PODIUM_TILE_COPIES"] != "0"
    /// Above this share of the page differing, the page is copied whole: on the bench's deck of
    /// random shapes (95 % of tiles differ) 26 copies cost the X server ~0.3 ms an advance more
    /// than one (`scripts/bench-advance.sh`, 2026-12-01).
    static let wholeShare = 0.75

    /// The rectangles (pixels of the pages, top left 0,0) covering every tile whose hash differs
    /// between `old` and `new` (pages of `width` × `height` pixels): runs of differing tiles in a
    /// row of tiles, merged with the run just above of the same columns; empty when every tile
    /// is the same. Nil when the hashes cannot say (different tile sizes or counts).
    /// `cell`: tiles taken `cell` × `cell` at a time, a block differing when any of its tiles
    /// does (the console's repaints: fewer, larger rectangles than the room's copies need).
    static func changed(from old: any BitmapTileHashes, to new: any BitmapTileHashes, width: Int, height: Int, cell: Int = 1) -> [IntRect]? {
        let t = new.tileSize
        guard t > 0, old.tileSize == t, cell > 0 else { return nil }
        let cols = (width + t - 1) / t, rows = (height + t - 1) / t
        let a = old.tileHashes, b = new.tileHashes
        guard a.count == cols * rows, b.count == a.count else { return nil }
        let bt = t * cell, bcols = (cols + cell - 1) / cell, brows = (rows + cell - 1) / cell
        // Which blocks differ, row-major.
        var differs = [Bool](repeating: false, count: bcols * brows)
        for r in 0..<rows {
            for c in 0..<cols where a[r * cols + c] != b[r * cols + c] { differs[(r / cell) * bcols + c / cell] = true }
        }
        var out: [IntRect] = []
        var open: [Int: Int] = [:]   // a run's first column (and its end, in the key) → index in `out` still growing
        for r in 0..<brows {
            var next: [Int: Int] = [:]
            var c = 0
            while c < bcols {
                guard differs[r * bcols + c] else { c += 1; continue }
                let c0 = c
                while c < bcols && differs[r * bcols + c] { c += 1 }
                let key = c0 << 20 | c
                let y = Int32(r * bt), h = Int32(min(bt, height - r * bt))
                if let i = open[key] {
                    out[i].h = y + h - out[i].y
                    next[key] = i
                } else {
                    let x = Int32(c0 * bt), w = Int32(min(c * bt, width) - c0 * bt)
                    out.append(IntRect(x: x, y: y, w: w, h: h))
                    next[key] = out.count - 1
                }
            }
            open = next
        }
        return out
    }

    /// Tiles taken together for the console's repaints (`cell`): blocks of about 64 pixels, the
    /// tile size before the room's tiles went to 16 (each rectangle the console repaints walks
    /// its draw list again; the room's copies are one clipped request whatever their count).
    static func consoleCell(tileSize: Int) -> Int { max(1, 64 / max(1, tileSize)) }
}
