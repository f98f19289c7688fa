import CPango
import PodiumKit

/// What Pango shaped once for a font at a pixel scale: each character of `alphabet` as one glyph
/// (its advance and ink, Pango units) and which neighbours leave each other alone (no kerning,
/// no ligature), from one line holding every ordered pair of the alphabet (issue 19, idle).
/// Short single-line text made of these characters (the console's timers and clock: "1:29",
/// "scene 1:28 / 2:00", "left 3:48") is then laid out and drawn glyph by glyph, so a clock tick
/// shapes nothing: Pango would place the same glyphs at the same positions, as the font has no
/// pair rule there (a rule over a longer context among these characters is not looked for;
/// `GlyphRunTests` compares the timers' layouts, boxes and pixels with whole shaping).
struct GlyphTable {
    static let alphabet = Array("0123456789: /abcdefghijklmnopqrstuvwxyz".utf8)
    /// The alphabet's index of each ASCII byte, -1 outside it.
    static let slot: [Int8] = {
        var s = [Int8](repeating: -1, count: 128)
        for (i, b) in alphabet.enumerated() { s[Int(b)] = Int8(i) }
        return s
    }()
    /// Different texts of a font shaped whole before its table is made (`TextEngine.glyphTable`):
    /// a ticking timer's third string.
    static let tableAfter = 3
    /// Longest text taken: a timer's, with room; longer text is shaped whole as before.
    static let maxLength = 32

    struct Glyph { var glyph: UInt32; var width: Int32; var ink: PangoRectangle }
    var glyphs: [Glyph?]
    /// `clean[a * n + b]`: `b` after `a` is placed as each alone would be.
    var clean: [Bool]
    /// The line's logical height and its baseline from the top (Pango units).
    var height: Int32, baseline: Int32

    /// Every ordered pair of `k` symbols once (a de Bruijn sequence of order 2), the first symbol
    /// repeated at the end to close the cycle: k² + 1 symbols.
    static func everyPair(_ k: Int) -> [Int] {
        var a = [Int](repeating: 0, count: 2 * k + 1), out: [Int] = []
        func db(_ t: Int, _ p: Int) {
            if t > 2 {
                if 2 % p == 0 { out += a[1...p] }
            } else {
                a[t] = a[t - p]; db(t + 1, p)
                if a[t - p] + 1 < k { for j in (a[t - p] + 1)..<k { a[t] = j; db(t + 1, t) } }
            }
        }
        db(1, 1)
        return out + [out[0]]
    }

    /// The table from `layout`, a layout of `everyPair(alphabet.count)`'s characters on one line;
    /// nil when it is not one run of one font (a character the font lacks).
    init?(probe layout: OpaquePointer) {
        let n = Self.alphabet.count
        let symbols = Self.everyPair(n)
        guard pango_layout_get_line_count(layout) == 1, let line = pango_layout_get_line_readonly(layout, 0),
              let runs = line.pointee.runs, runs.pointee.next == nil,
              let run = runs.pointee.data?.assumingMemoryBound(to: PangoGlyphItem.self),
              let font = run.pointee.item.pointee.analysis.font else { return nil }
        let gs = run.pointee.glyphs.pointee
        // Each character's glyph and placement as most of its occurrences have it; a character
        // in a cluster of its own.
        struct Shaped: Hashable { var glyph: UInt32, width: Int32, x: Int32, y: Int32 }
        var seen = [Shaped?](repeating: nil, count: symbols.count)
        var clusterGlyphs = [Int](repeating: 0, count: symbols.count)
        for j in 0..<Int(gs.num_glyphs) {
            let c = Int(gs.log_clusters[j])
            guard c < symbols.count else { return nil }
            clusterGlyphs[c] += 1
            let g = gs.glyphs[j]
            seen[c] = Shaped(glyph: g.glyph, width: g.geometry.width, x: g.geometry.x_offset, y: g.geometry.y_offset)
        }
        var votes = [[Shaped: Int]](repeating: [:], count: n)
        for (i, s) in symbols.enumerated() where clusterGlyphs[i] == 1 { if let v = seen[i] { votes[s][v, default: 0] += 1 } }
        let usual = votes.map { $0.max { $0.value < $1.value }?.key }
        var clean = [Bool](repeating: true, count: n * n)
        for (i, s) in symbols.enumerated() {
            guard clusterGlyphs[i] != 1 || seen[i] != usual[s] || usual[s].map({ $0.x != 0 || $0.y != 0 }) ?? true else { continue }
            if i > 0 { clean[symbols[i - 1] * n + s] = false }
            if i + 1 < symbols.count { clean[s * n + symbols[i + 1]] = false }
        }
        glyphs = usual.map { u in
            u.flatMap { u in
                guard u.x == 0, u.y == 0 else { return nil }
                var ink = PangoRectangle()
                pango_font_get_glyph_extents(font, u.glyph, &ink, nil)
                return Glyph(glyph: u.glyph, width: u.width, ink: ink)
            }
        }
        self.clean = clean
        var logical = PangoRectangle()
        pango_layout_line_get_extents(line, nil, &logical)
        height = logical.height
        baseline = -logical.y
    }

    /// Whether `text` is short and made of the alphabet.
    static func covers(_ text: String) -> Bool {
        let u = text.utf8
        return !u.isEmpty && u.count <= maxLength && u.allSatisfy { $0 < 128 && slot[Int($0)] >= 0 }
    }

    /// The alphabet's indices of `text`'s characters when it can be composed: short, every
    /// character in the alphabet with a glyph, every neighbouring pair clean.
    func indices(_ text: String) -> [Int]? {
        let u = text.utf8
        guard !u.isEmpty, u.count <= Self.maxLength else { return nil }
        var out: [Int] = []
        out.reserveCapacity(u.count)
        for b in u {
            guard b < 128 else { return nil }
            let s = Int(Self.slot[Int(b)])
            guard s >= 0, glyphs[s] != nil else { return nil }
            if let p = out.last, !clean[p * Self.alphabet.count + s] { return nil }
            out.append(s)
        }
        return out
    }
}

/// A block laid out from a `GlyphTable`: its characters' glyphs at their pen positions, and the
/// extents Pango would report (Pango units).
struct GlyphRun {
    /// Each character (alphabet index), its pen position from the line's start, and whether
    /// its glyph has ink (a space has none).
    var glyphs: [(slot: Int, x: Int32, inked: Bool)]
    var width: Int32, height: Int32, baseline: Int32
    /// The union of the glyphs' ink (nil: none), as `pango_layout_get_extents` gives it.
    var ink: PangoRectangle?

    init(_ indices: [Int], table: GlyphTable) {
        var x: Int32 = 0, ink: PangoRectangle?
        glyphs = []
        glyphs.reserveCapacity(indices.count)
        for s in indices {
            let g = table.glyphs[s]!
            let inked = g.ink.width != 0 && g.ink.height != 0
            glyphs.append((s, x, inked))
            if inked {
                let r = PangoRectangle(x: x + g.ink.x, y: table.baseline + g.ink.y, width: g.ink.width, height: g.ink.height)
                if let i = ink {
                    let x0 = min(i.x, r.x), y0 = min(i.y, r.y)
                    ink = PangoRectangle(x: x0, y: y0, width: max(i.x + i.width, r.x + r.width) - x0, height: max(i.y + i.height, r.y + r.height) - y0)
                } else { ink = r }
            }
            x += g.width
        }
        width = x; height = table.height; baseline = table.baseline
        self.ink = ink
    }

    /// The one-character block whose raster is the glyph of alphabet index `slot` in `font`.
    static func block(_ slot: Int, font: Font) -> TextBlock {
        TextBlock(String(UnicodeScalar(GlyphTable.alphabet[slot])), font: font)
    }
}

extension TextEngine {
    /// Whether `block` can be laid out from its font's `GlyphTable` at `scale`: plain (no spans),
    /// and on one line at its natural width, from its left edge (no width, or one it fits in,
    /// aligned to the left or exactly as wide as it). `new`: a block not laid out before, which
    /// counts towards making its font's table (`glyphTable`).
    func glyphRun(_ block: TextBlock, scale: Double, new: Bool = false) -> GlyphRun? {
        guard composesGlyphRuns, block.spans.isEmpty, let table = glyphTable(block, scale: scale, new: new),
              let indices = table.indices(block.text) else { return nil }
        let run = GlyphRun(indices, table: table)
        if let w = block.width {
            let units = Int32(pixel: max(1, (w * Double(PANGO_SCALE)).rounded(.down)))
            guard units >= run.width, block.alignment == .leading || units == run.width else { return nil }
        }
        return run
    }

    /// The glyph table of `block`'s font at `scale` (1: the measuring context; nil when the font
    /// cannot compose). It is made, from one shaping of every pair (a few ms), once `new` blocks
    /// of that font and scale have brought `tableAfter` different texts of the alphabet: text
    /// that changes, like a clock, and not the few labels a launch lays out once (each laid out
    /// at two widths: measured, then drawn), which are shaped whole as before.
    func glyphTable(_ block: TextBlock, scale: Double, new: Bool) -> GlyphTable? {
        let key = FontScale(font: block.font, scale: scale)
        if let t = glyphTables[key] { return t }
        guard new, GlyphTable.covers(block.text) else { return nil }
        var texts = glyphTableDemand[key, default: []]
        texts.insert(block.text)
        glyphTableDemand[key] = texts
        guard texts.count >= GlyphTable.tableAfter else { return nil }
        let probe = String(decoding: GlyphTable.everyPair(GlyphTable.alphabet.count).map { GlyphTable.alphabet[$0] }, as: UTF8.self)
        let l = makeLayout(TextBlock(probe, font: block.font), in: scale == 1 ? context : renderContext(scale))
        pangoLayoutCount += 1
        defer { g_object_unref(UnsafeMutableRawPointer(l)) }
        let t = GlyphTable(probe: l)
        if glyphTables.count >= 64 { glyphTables.removeAll(); glyphTableDemand.removeAll() }
        glyphTables[key] = .some(t)
        return t
    }

    struct FontScale: Hashable { var font: Font; var scale: Double }

    /// The laid-out block of a run (one line from the left edge, as Pango lays it out).
    func textLayout(_ run: GlyphRun, characters: Int) -> TextLayout {
        let s = Double(PANGO_SCALE)
        let r = Rect(0, 0, Double(run.width) / s, Double(run.height) / s)
        return TextLayout(size: Size(r.width, r.height), lines: [.init(range: 0..<characters, rect: r, baseline: Double(run.baseline) / s)],
                          isTruncated: false, isRightToLeft: false)
    }
}
