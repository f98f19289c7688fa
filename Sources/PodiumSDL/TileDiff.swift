import FoundationEssentials
import Glibc
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
    /// The room's copies (16-pixel tiles, one clipped request): over half the page, or more than
    /// `roomMaxRects` rectangles, the page is copied whole. The bench deck's pages (random shapes)
    /// differ in ~60 % of their 16-pixel tiles: a clip of thousands of boxes cost the X server
    /// more than one whole copy (2.48 against 2.24 ms an advance, and 2 % more of Podium's CPU).
    static let roomWholeShare = 0.5
    static let roomMaxRects = 256

    /// The rectangles (pixels of the pages, top left 0,0) covering every tile whose hash differs
    /// between `old` and `new` (pages of `width` × `height` pixels): runs of differing tiles in a
    /// row of tiles, merged with the run just above of the same columns; empty when every tile
    /// is the same. Nil when the hashes cannot say (different tile sizes or counts), and when
    /// the differing tiles cover more than `maxShare` of the page (the caller then takes the
    /// whole page; checked before any rectangle is made: on a deck whose pages differ almost
    /// everywhere, 16-pixel tiles made thousands of runs for nothing).
    /// `cell`: tiles taken `cell` × `cell` at a time, a block differing when any of its tiles
    /// does (the console's repaints: fewer, larger rectangles than the room's copies need).
    static func changed(from old: any BitmapTileHashes, to new: any BitmapTileHashes, width: Int, height: Int, cell: Int = 1,
                        maxShare: Double = 1) -> [IntRect]? {
        let t = new.tileSize
        guard t > 0, old.tileSize == t, cell > 0 else { return nil }
        let cols = (width + t - 1) / t, rows = (height + t - 1) / t
        let a = old.tileHashes, b = new.tileHashes
        guard a.count == cols * rows, b.count == a.count else { return nil }
        let bt = t * cell, bcols = (cols + cell - 1) / cell, brows = (rows + cell - 1) / cell
        // Which blocks differ, row-major, and the area they cover.
        var differs = [Bool](repeating: false, count: bcols * brows)
        // Each column's block and its width (no division in the loop over every tile).
        let block = (0..<cols).map { $0 / cell }
        let blockWidth = (0..<bcols).map { min(($0 + 1) * bt, width) - $0 * bt }
        let limit = Int(maxShare * Double(width * height))
        var area = 0
        let within = a.withUnsafeBufferPointer { a in
            b.withUnsafeBufferPointer { b in
                for r in 0..<rows {
                    let row = r * cols, br = r / cell, brow = br * bcols, bh = min(bt, height - br * bt)
                    for c in 0..<cols where a[row + c] != b[row + c] && !differs[brow + block[c]] {
                        differs[brow + block[c]] = true
                        area += blockWidth[block[c]] * bh
                        if area > limit { return false }
                    }
                }
                return true
            }
        }
        guard within else { return nil }
        var out: [IntRect] = []
        // Last row's runs by first column: where each ended (-1: none began there) and its rectangle.
        var lastEnd = [Int](repeating: -1, count: bcols), lastIndex = [Int](repeating: 0, count: bcols)
        var thisEnd = lastEnd, thisIndex = lastIndex
        for r in 0..<brows {
            let y = Int32(r * bt), h = Int32(min(bt, height - r * bt))
            var c = 0
            while c < bcols {
                guard differs[r * bcols + c] else { thisEnd[c] = -1; c += 1; continue }
                let c0 = c
                while c < bcols && differs[r * bcols + c] { c += 1 }
                if lastEnd[c0] == c {
                    out[lastIndex[c0]].h = y + h - out[lastIndex[c0]].y
                    thisIndex[c0] = lastIndex[c0]
                } else {
                    let x = Int32(c0 * bt), w = Int32(min(c * bt, width) - c0 * bt)
                    out.append(IntRect(x: x, y: y, w: w, h: h))
                    thisIndex[c0] = out.count - 1
                }
                thisEnd[c0] = c
                for k in (c0 + 1)..<max(c0 + 1, c) { thisEnd[k] = -1 }
            }
            swap(&lastEnd, &thisEnd); swap(&lastIndex, &thisIndex)
        }
        return out
    }

    /// Tiles taken together for the console's repaints (`cell`): blocks of about 64 pixels, the
    /// tile size before the room's tiles went to 16 (each rectangle the console repaints walks
    /// its draw list again; the room's copies are one clipped request whatever their count).
    static func consoleCell(tileSize: Int) -> Int { max(1, 64 / max(1, tileSize)) }
}
