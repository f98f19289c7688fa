import CPango
import Glibc
import CSDL2
import PodiumKit
import PodiumCore

/// Podium's one text layout engine: Pango (HarfBuzz shaping, UAX #9 bidi, UAX #14 line breaking,
/// fontconfig fallback, colour emoji) behind `TextMeasuring`, rasterised with cairo into SDL
/// surfaces. Layouts are computed in points with unhinted metrics, so a block breaks into the same
/// lines at every pixel scale; results are cached so unchanged text is never laid out again.
/// Main thread only (Pango contexts are not thread-safe).
public final class TextEngine: TextMeasuring {
    let context: OpaquePointer   // PangoContext*, identity matrix: layout in points
    private var renderContexts: [Double: OpaquePointer] = [:]   // pixel scale → PangoContext*
    private var fonts: [Font: OpaquePointer] = [:]   // PangoFontDescription*
    // Bounded by entries and by what they hold: 8 MB of text, 250,000 clusters (10 MB).
    private var layouts = BoundedCache<TextBlock, TextLayout>(limit: 20_000, maxCost: 8 << 20) { b, _ in b.text.utf8.count }
    private var clusterCache = BoundedCache<TextBlock, [TextCluster]>(limit: 200, maxCost: 250_000) { _, c in c.count }
    /// The PangoLayouts made last, most recent last, by block and pixel scale (1: the measuring
    /// context, which draws at scale 1 too): a text input asks for the layout and then the
    /// clusters of the same block, and a frame measures its changed blocks, then takes each one's
    /// pixel box, then rasterises each; Pango shapes each block once for all of that (at other
    /// scales twice: measuring and drawing). A clock tick changes two blocks (the talk's and the
    /// scene's timers), shaped three times each when only the last layout was kept (issue 19).
    private var recentLayouts: [(key: ScaledBlock, layout: OpaquePointer)] = []
    /// Enough for two changed blocks measured and drawn at a scale other than 1; few, as a long
    /// notes page's layout is large.
    static let recentLayoutLimit = 4
    /// How many PangoLayouts were made (each shapes its block once): tests check that a block
    /// is shaped once to measure and draw it at scale 1.
    public internal(set) var pangoLayoutCount = 0
    private var lineHeights: [Font: Double] = [:]
    /// Glyph tables by font and scale (nil: the font cannot compose), `TextEngine+GlyphRuns`.
    var glyphTables: [FontScale: GlyphTable?] = [:]
    /// The texts of the alphabet laid out by font and scale while there is no table.
    var glyphTableDemand: [FontScale: Set<String>] = [:]
    /// Whether short timer-like text is laid out and drawn glyph by glyph (`GlyphTable`);
    /// `PODIUM_GLYPH_RUNS=0` shapes it whole, for A/B.
    public var composesGlyphRuns = getenv("PODIUM_GLYPH_RUNS").map { String(cString: $0) != "0" } ?? true
    /// How many blocks Pango has laid out for measuring (tests check that cached text is not
    /// laid out again).
    public private(set) var layoutCount = 0
    /// How many blocks had their clusters listed (one pass over Pango's clusters each; tests
    /// check that a typed key lists them at most once).
    public private(set) var clusterPasses = 0

    /// Primary families in order; anything they lack falls back through fontconfig.
    static let families = "DejaVu Sans,sans-serif"

    public init() {
        context = Self.makeContext()
    }

    deinit {
        recentLayouts.forEach { g_object_unref(UnsafeMutableRawPointer($0.layout)) }
        g_object_unref(UnsafeMutableRawPointer(context))
        renderContexts.values.forEach { g_object_unref(UnsafeMutableRawPointer($0)) }
        fonts.values.forEach { pango_font_description_free($0) }
    }

    /// A context with unhinted metrics and unrounded glyph positions, so positions scale linearly.
    private static func makeContext() -> OpaquePointer {
        let map = pango_cairo_font_map_get_default()
        let ctx = pango_font_map_create_context(map)!
        let opts = cairo_font_options_create()
        cairo_font_options_set_hint_metrics(opts, CAIRO_HINT_METRICS_OFF)
        cairo_font_options_set_hint_style(opts, CAIRO_HINT_STYLE_SLIGHT)
        cairo_font_options_set_antialias(opts, CAIRO_ANTIALIAS_GRAY)
        pango_cairo_context_set_font_options(ctx, opts)
        cairo_font_options_destroy(opts)
        pango_context_set_round_glyph_positions(ctx, 0)
        return ctx
    }

    private func description(_ font: Font) -> OpaquePointer {
        if let d = fonts[font] { return d }
        let d = pango_font_description_from_string(Self.families)!
        // A plugin's NaN or 1e9-point font must not reach Pango as is (`DrawListSanitiser.maxFontSize`).
        let size = font.size.isFinite ? min(DrawListSanitiser.maxFontSize, max(0, font.size)) : 0
        pango_font_description_set_absolute_size(d, size * Double(PANGO_SCALE))
        pango_font_description_set_weight(d, font.weight == .bold ? PANGO_WEIGHT_BOLD : PANGO_WEIGHT_NORMAL)
        fonts[font] = d
        return d
    }

    /// The PangoLayout of `block` in the measuring context (the caller does not unref it; valid
    /// until the next call that makes a layout).
    func measuringLayout(_ block: TextBlock) -> OpaquePointer { pangoLayout(block, scale: 1) }

    /// The PangoLayout of `block` at `scale` pixels per point, one of the last few made, else a
    /// new one (the caller does not unref it; valid until the next call that makes a layout).
    /// At scale 1 it is the measuring context's: its identity matrix lays out and draws exactly
    /// as a context with a scale-1 matrix does (same glyph positions, extents and pixels,
    /// compared byte for byte with Pango 1.50).
    private func pangoLayout(_ block: TextBlock, scale: Double) -> OpaquePointer {
        let key = ScaledBlock(block: block, scale: scale)
        if let i = recentLayouts.lastIndex(where: { $0.key == key }) {
            let r = recentLayouts.remove(at: i)
            recentLayouts.append(r)
            return r.layout
        }
        if recentLayouts.count >= Self.recentLayoutLimit { g_object_unref(UnsafeMutableRawPointer(recentLayouts.removeFirst().layout)) }
        let l = makeLayout(block, in: scale == 1 ? context : renderContext(scale))
        pangoLayoutCount += 1
        recentLayouts.append((key, l))
        return l
    }

    /// A new PangoLayout of `block` in `ctx`; caller unrefs.
    func makeLayout(_ block: TextBlock, in ctx: OpaquePointer) -> OpaquePointer {
        let l = pango_layout_new(ctx)!
        pango_layout_set_text(l, block.text, -1)
        pango_layout_set_font_description(l, description(block.font))
        if !block.spans.isEmpty {
            let attrs = attributes(block)
            pango_layout_set_attributes(l, attrs)   // takes its own reference
            pango_attr_list_unref(attrs)
        }
        if let w = block.width {
            pango_layout_set_width(l, Int32(pixel: max(1, (w * Double(PANGO_SCALE)).rounded(.down))))
            pango_layout_set_wrap(l, PANGO_WRAP_WORD_CHAR)
            if block.maxLines > 0 {
                pango_layout_set_ellipsize(l, PANGO_ELLIPSIZE_END)
                pango_layout_set_height(l, -Int32(block.maxLines))
            }
        }
        // With auto-dir (Pango's default) LEFT means "the paragraph's start side".
        let align: PangoAlignment = switch block.alignment {
        case .leading: PANGO_ALIGN_LEFT
        case .center: PANGO_ALIGN_CENTER
        case .trailing: PANGO_ALIGN_RIGHT
        @unknown default: PANGO_ALIGN_LEFT
        }
        pango_layout_set_alignment(l, align)
        return l
    }

    /// The block's spans as a new Pango attribute list (byte ranges); caller unrefs.
    private func attributes(_ block: TextBlock) -> OpaquePointer {
        let list = pango_attr_list_new()!
        let index = ByteIndex(block.text)
        func add(_ a: UnsafeMutablePointer<PangoAttribute>, _ r: Range<Int>) {
            a.pointee.start_index = guint(index.byte(atCharacter: r.lowerBound))
            a.pointee.end_index = guint(index.byte(atCharacter: r.upperBound))
            pango_attr_list_insert(list, a)
        }
        for s in block.spans {
            if let w = s.weight { add(pango_attr_weight_new(w == .bold ? PANGO_WEIGHT_BOLD : PANGO_WEIGHT_NORMAL), s.range) }
            if s.italic { add(pango_attr_style_new(PANGO_STYLE_ITALIC), s.range) }
            if s.underline { add(pango_attr_underline_new(PANGO_UNDERLINE_SINGLE), s.range) }
            if let c = s.color { add(pango_attr_foreground_new(UInt16(c.r) * 257, UInt16(c.g) * 257, UInt16(c.b) * 257), s.range) }
        }
        return list
    }

    // MARK: TextMeasuring

    public func layout(_ block: TextBlock) -> TextLayout {
        if let l = layouts[block] { return l }
        if let run = glyphRun(block, scale: 1, new: true) {
            let out = textLayout(run, characters: block.text.count)
            layouts[block] = out
            return out
        }
        layoutCount += 1
        let pl = measuringLayout(block)
        let index = ByteIndex(block.text)
        var lines: [TextLayout.Line] = []
        let iter = pango_layout_get_iter(pl)!
        defer { pango_layout_iter_free(iter) }
        var maxW = 0.0, bottom = 0.0, rtl = false
        repeat {
            let line = pango_layout_iter_get_line_readonly(iter)!
            if lines.isEmpty { rtl = pango_layout_line_get_resolved_direction(line) == PANGO_DIRECTION_RTL }
            var logical = PangoRectangle()
            pango_layout_iter_get_line_extents(iter, nil, &logical)
            let start = Int(line.pointee.start_index), end = start + Int(line.pointee.length)
            let r = Self.rect(logical)
            lines.append(.init(range: index.character(atByte: start)..<index.character(atByte: end), rect: r,
                               baseline: Double(pango_layout_iter_get_baseline(iter)) / Double(PANGO_SCALE)))
            maxW = max(maxW, r.width); bottom = max(bottom, r.maxY)
        } while pango_layout_iter_next_line(iter) != 0
        let out = TextLayout(size: Size(maxW, bottom), lines: lines, isTruncated: pango_layout_is_ellipsized(pl) != 0,
                             isRightToLeft: rtl)
        layouts[block] = out
        return out
    }

    public func clusters(_ block: TextBlock) -> [TextCluster] {
        if let c = clusterCache[block] { return c }
        clusterPasses += 1
        let out = Self.clusters(of: measuringLayout(block), text: block.text)
        clusterCache[block] = out
        return out
    }

    public func lineHeight(_ font: Font) -> Double {
        if let h = lineHeights[font] { return h }
        let h = layout(TextBlock("Ag", font: font)).size.height
        lineHeights[font] = h
        return h
    }

    static func rect(_ r: PangoRectangle) -> Rect {
        let s = Double(PANGO_SCALE)
        return Rect(Double(r.x) / s, Double(r.y) / s, Double(r.width) / s, Double(r.height) / s)
    }

    // MARK: Rasterising

    private var ownColours = BoundedCache<TextBlock, Bool>(limit: 20_000, maxCost: 8 << 20) { b, _ in b.text.utf8.count }
    /// True when `block` draws colours of its own: coloured spans, or emoji (fontconfig gives
    /// them a colour face). Such text is rasterised in its colours; the rest white, then tinted.
    func hasOwnColours(_ block: TextBlock) -> Bool {
        if let c = ownColours[block] { return c }
        let c = block.spans.contains { $0.color != nil } || block.text.unicodeScalars.contains {
            $0.value == 0xFE0F || $0.value >= 0x2300 && $0.properties.isEmoji && ($0.properties.isEmojiPresentation || $0.value >= 0x1F000)
        }
        ownColours[block] = c
        return c
    }

    /// Rows of pixels per rasterised tile: a long notes page is drawn a tile at a time, and
    /// only tiles on screen are rasterised.
    static let tileHeight: Int32 = 1024
    /// Columns of pixels per rasterised tile: a long line (a text field holding thousands of
    /// characters, scrolled to its end) is cut into columns, as textures are at most 16,384
    /// pixels wide (SDL's renderers); only columns on screen are rasterised.
    static let tileWidth: Int32 = 8192

    /// The pixel box of `block` at `scale` (ink and logical extents together), relative to the
    /// block's origin in pixels.
    func pixelBox(_ block: TextBlock, scale: Double) -> SDL_Rect {
        let key = ScaledBlock(block: block, scale: scale)
        if let b = boxes[key] { return b }
        var ink = PangoRectangle(), logical = PangoRectangle()
        if let run = glyphRun(block, scale: scale, new: true) {
            ink = run.ink ?? ink
            logical = PangoRectangle(x: 0, y: 0, width: run.width, height: run.height)
        } else {
            pango_layout_get_extents(renderLayout(block, scale: scale), &ink, &logical)
        }
        let li = Self.rect(ink), ll = Self.rect(logical)
        let x0 = (min(li.minX, ll.minX) * scale).rounded(.down) - 1, y0 = (min(li.minY, ll.minY) * scale).rounded(.down) - 1
        let x1 = (max(li.maxX, ll.maxX) * scale).rounded(.up) + 1, y1 = (max(li.maxY, ll.maxY) * scale).rounded(.up) + 1
        let b = SDL_Rect(x: Int32(pixel: x0), y: Int32(pixel: y0), w: Int32(pixel: min(16_777_216, x1 - x0)), h: Int32(pixel: min(16_777_216, y1 - y0)))
        boxes[key] = b
        return b
    }
    private struct ScaledBlock: Hashable { var block: TextBlock; var scale: Double }

    /// A changed block's pixel box and its tiles come from one shaping (text being typed changes
    /// every frame), the one that measured it at scale 1 (`pangoLayout`).
    private func renderLayout(_ block: TextBlock, scale: Double) -> OpaquePointer { pangoLayout(block, scale: scale) }
    private var boxes = BoundedCache<ScaledBlock, SDL_Rect>(limit: 4000, maxCost: 8 << 20) { k, _ in k.block.text.utf8.count }

    /// Tile `tile` (rows `tile × tileHeight` on from the top of `pixelBox`), column `column`
    /// (`column × tileWidth` on from its left) of `block` drawn in `color` (opaque; the renderer
    /// applies alpha) at `scale` pixels per point, as a straight-alpha ARGB8888 surface, and where
    /// its top-left sits relative to the block's origin in pixels. Caller frees the surface.
    func rasterise(_ block: TextBlock, color: Color, scale: Double, tile: Int32 = 0, column: Int32 = 0) -> (surface: UnsafeMutablePointer<SDL_Surface>, offset: (x: Int32, y: Int32))? {
        let box = pixelBox(block, scale: scale)
        let top = box.y + tile * Self.tileHeight, left = box.x + column * Self.tileWidth
        let w = min(Self.tileWidth, box.x + box.w - left), h = min(Self.tileHeight, box.y + box.h - top)
        guard w > 0, h > 0, let surf = SDL_CreateRGBSurfaceWithFormat(0, w, h, 32, SDL_PIXELFORMAT_ARGB8888.rawValue) else { return nil }
        let pl = renderLayout(block, scale: scale)
        SDL_LockSurface(surf)
        let pixels = surf.pointee.pixels.assumingMemoryBound(to: UInt8.self)
        memset(pixels, 0, Int(surf.pointee.pitch) * Int(h))
        let cs = cairo_image_surface_create_for_data(pixels, CAIRO_FORMAT_ARGB32, w, h, surf.pointee.pitch)
        let cr = cairo_create(cs)
        cairo_translate(cr, -Double(left), -Double(top))
        cairo_scale(cr, scale, scale)
        cairo_set_source_rgb(cr, Double(color.r) / 255, Double(color.g) / 255, Double(color.b) / 255)
        pango_cairo_show_layout(cr, pl)
        cairo_destroy(cr)
        cairo_surface_flush(cs)
        cairo_surface_destroy(cs)
        for y in 0..<Int(h) {
            podium_unpremultiply(UnsafeMutableRawPointer(pixels + y * Int(surf.pointee.pitch)).assumingMemoryBound(to: UInt32.self), Int(w))
        }
        SDL_UnlockSurface(surf)
        return (surf, (left, top))
    }

    /// A context whose glyphs are rasterised at `scale` pixels per point (hinting for that size),
    /// laying out identically to the measuring context.
    func renderContext(_ scale: Double) -> OpaquePointer {
        if let c = renderContexts[scale] { return c }
        if renderContexts.count > 16 { renderContexts.values.forEach { g_object_unref(UnsafeMutableRawPointer($0)) }; renderContexts.removeAll() }
        let c = Self.makeContext()
        var m = PangoMatrix(xx: scale, xy: 0, yx: 0, yy: scale, x0: 0, y0: 0)
        pango_context_set_matrix(c, &m)
        renderContexts[scale] = c
        return c
    }
}

/// Maps UTF-8 byte offsets (Pango's indices) to `Character` offsets (grapheme clusters).
struct ByteIndex {
    private var starts: [Int] = []   // byte offset where each Character starts, then the total
    init(_ s: String) {
        var b = 0
        starts.reserveCapacity(s.count + 1)
        for ch in s { starts.append(b); b += ch.utf8.count }
        starts.append(b)
    }
    /// The UTF-8 offset where Character `i` starts (the total length past the end).
    func byte(atCharacter i: Int) -> Int { starts[max(0, min(i, starts.count - 1))] }
    /// The Character whose start is the last at or before `byte`.
    func character(atByte byte: Int) -> Int {
        var lo = 0, hi = starts.count - 1
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if starts[mid] <= byte { lo = mid } else { hi = mid - 1 }
        }
        return lo
    }
}

/// A dictionary that forgets everything once it holds `limit` entries, or once the entries'
/// `cost` (e.g. characters held) would pass `maxCost` (it refills as needed). Text being typed
/// into a long note adds an entry per key, each holding the whole text.
struct BoundedCache<K: Hashable, V> {
    let limit: Int
    let maxCost: Int
    private let cost: (K, V) -> Int
    private var store: [K: V] = [:]
    private(set) var totalCost = 0
    init(limit: Int, maxCost: Int = .max, cost: @escaping (K, V) -> Int = { _, _ in 0 }) {
        self.limit = limit; self.maxCost = maxCost; self.cost = cost
    }
    subscript(key: K) -> V? {
        get { store[key] }
        set {
            if let old = store[key] { totalCost -= cost(key, old) }
            let c = newValue.map { cost(key, $0) } ?? 0
            if store[key] == nil, store.count >= limit || totalCost + c > maxCost { store.removeAll(keepingCapacity: true); totalCost = 0 }
            store[key] = newValue
            totalCost += c
        }
    }
    var count: Int { store.count }
}
