import CPango
import CSDL2
import PodiumKit

/// Timer-like text drawn glyph by glyph (`GlyphTable`): each character's texture is rasterised
/// once, from a block of its own, and a new string is only placed, not shaped or rasterised
/// (issue 19, idle: the console's clocks changed every second, a Pango layout and a texture each).
extension Renderer {
    /// Draws `run` (the glyph run of `block`, drawn at pixel `x`, `y`, whose pixel box starts at
    /// `left`) in `color`; false, drawing nothing, when two glyphs' pixels could meet, as their
    /// blends would round unlike one texture's (the caller draws the block whole then).
    /// Each glyph goes where cairo puts it in the block's own raster: its pen position in
    /// pixels from that raster's left edge, rounded to a pixel (cairo 1.16 rounds each glyph's
    /// position), over its one-character raster's offset (the same baseline: the same font).
    func drawGlyphs(_ run: GlyphRun, of block: TextBlock, _ color: Color, x ox: Int32, y oy: Int32, left: Int32) -> Bool {
        var parts: [(tex: OpaquePointer, dst: SDL_Rect)] = [], inks: [SDL_Rect] = []
        for g in run.glyphs where g.inked {
            let key = TextKey(block: GlyphRun.block(g.slot, font: block.font), rgb: 0xFF_FFFF, scale: scale, tile: 0, column: 0, glyph: true)
            guard let e = textTexture(key, ink: .white, findingInk: true) else { return false }
            let pen = left + Int32(pixel: (Double(g.x) / Double(PANGO_SCALE) * scale - Double(left)).rounded())
            if let i = e.ink {
                let r = SDL_Rect(x: ox + pen + i.x, y: oy + i.y, w: i.w, h: i.h)
                if inks.contains(where: { let o = Self.intersect($0, r); return o.w > 0 && o.h > 0 }) { return false }
                inks.append(r)
            }
            parts.append((e.tex, SDL_Rect(x: ox + pen + e.rect.x, y: oy + e.rect.y, w: e.rect.w, h: e.rect.h)))
        }
        for var p in parts {
            SDL_SetTextureColorMod(p.tex, color.r, color.g, color.b)
            SDL_SetTextureAlphaMod(p.tex, color.a)
            SDL_RenderCopy(sdl, p.tex, nil, &p.dst)
        }
        return true
    }

    /// The smallest rectangle holding `surface`'s pixels that are not fully transparent,
    /// offset by `offset` (nil: none).
    static func inkBounds(_ surface: UnsafeMutablePointer<SDL_Surface>, offset: (x: Int32, y: Int32)) -> SDL_Rect? {
        let s = surface.pointee, pitch = Int(s.pitch) / 4
        let px = s.pixels.assumingMemoryBound(to: UInt32.self)
        var x0 = Int32.max, y0 = Int32.max, x1 = Int32.min, y1 = Int32.min
        for y in 0..<Int(s.h) {
            for x in 0..<Int(s.w) where px[y * pitch + x] >> 24 != 0 {
                x0 = min(x0, Int32(x)); x1 = max(x1, Int32(x)); y0 = min(y0, Int32(y)); y1 = max(y1, Int32(y))
            }
        }
        guard x0 <= x1 else { return nil }
        return SDL_Rect(x: offset.x + x0, y: offset.y + y0, w: x1 - x0 + 1, h: y1 - y0 + 1)
    }

    /// `blocks` with the one-character blocks whose glyphs draw those that compose, which a
    /// frame shows as much as the blocks themselves.
    func glyphBlocksShown(_ blocks: Set<TextBlock>) -> Set<TextBlock> {
        var out = blocks
        for b in blocks { if let run = text.glyphRun(b, scale: scale) { for g in run.glyphs { out.insert(GlyphRun.block(g.slot, font: b.font)) } } }
        return out
    }
}
