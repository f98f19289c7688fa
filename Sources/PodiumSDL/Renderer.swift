import CSDL2
import CSDL2ImageLazy
import FoundationEssentials
import Glibc
import PodiumCore
import PodiumKit

/// Executes a `DrawList` on one SDL_Renderer, converting points to pixels with `scale`.
/// Owns that renderer's texture caches (text and images), which are bounded.
public final class Renderer {
    public let sdl: OpaquePointer
    let text: TextEngine
    public var scale: Double = 1
    private var textCache: [TextKey: TextTexture] = [:]
    /// A rasterised tile of a block: where it sits from the block's origin (pixels), the frame
    /// that last drew it, and for a glyph's (`drawGlyphs`) where its non-transparent pixels are.
    struct TextTexture { var tex: OpaquePointer; var rect: SDL_Rect; var used: UInt64; var ink: SDL_Rect? = nil }
    /// Pixel bytes of the text textures kept (`TextTextureBudget`).
    private(set) var textCacheBytes = 0
    var textBudget = TextTextureBudget()
    /// Image textures by path, bounded by bytes (LRU); decoding on `ImageDecoder` or refused.
    let images = ImageTextureCache()
    private let decoder = ImageDecoder()
    /// Called on the main thread when a decoded image is ready to draw (the window redraws).
    public var onImageReady: (() -> Void)?
    /// Decode images on this thread. Without a run loop to wake (`MainThreadMailbox.wake` unset:
    /// `podium snapshot`, render tests) images are always decoded at once, for complete frames;
    /// while presenting they are decoded in the background so a large image never stalls input.
    public var decodesImagesSynchronously = false
    /// Textures of in-memory bitmaps (PDF pages), kept while their bitmaps live, within a budget.
    let bitmapTextures = BitmapTextures()
    /// Bitmaps named at opacity 0 (a page uploaded ahead of its advance) in the frame being
    /// drawn: uploaded after the frame is presented (`uploadAhead`), not before its first pixel.
    var ahead: [(Bitmap, SDL_FRect)] = []
    /// Ready pages kept in the X server and presented there (`ServerPixmaps`, `X11Present`); nil
    /// except with the software renderer on X11. Looked for on the first `drawChanges`.
    var serverPixmaps: ServerPixmaps?
    var serverPixmapsLookedFor = false
    /// The window size (pixels) the pixmaps were made for: another size frees them.
    var serverPixmapsSize: (w: Int32, h: Int32) = (0, 0)
    /// Set when the X server presented a frame from a pixmap: the window surface lacks that page,
    /// so the surface is repainted whole before SDL presents all of it or it is read back.
    var surfaceStale = false
    /// Set when SDL drew into the window surface since its pages were last given back
    /// (`releaseWindowSurface`).
    var surfaceTouched = true
    /// Times the window surface's pages were given back after a server present (tests, `state`).
    public internal(set) var surfaceReleases = 0
    /// The page the window shows, and where (pixels), when the last frame was presented from its
    /// pixmap; nil after any other frame or `invalidate` (`TileDiff`: what the next page changes).
    var serverShown: (bitmap: Bitmap, at: IntRect)?
    /// Server presents that copied only the tiles differing from the page shown before.
    var tilePresents = 0
    /// Bitmaps copied by SDL onto the window surface so far (tests: a page presented from its
    /// pixmap costs none).
    public private(set) var bitmapCopies = 0
    /// Of those, pages unpacked straight into the window surface, with no texture (`drawPageDirectly`).
    public internal(set) var directPages = 0
    /// Where console pages are unpacked before their rows are copied to the window surface.
    let pageScratch = PageScratch()
    /// Triangles of general polygons (`DrawCommand.shape`), kept while their shapes live.
    let shapeTriangles = ShapeTriangles.shared
    /// Rasterised pictures (map tiles), kept while their pictures live, within a budget.
    let pictureTextures = PictureTextures()
    /// Set while a picture's commands are drawn into its texture (pictures do not nest).
    var rasterisingPicture = false
    var frameCounter: UInt64 = 0
    var clipStack: [SDL_Rect] = []
    /// The damaged area a partial frame is confined to (`drawChanges`); nil in a full frame.
    var damageClip: SDL_Rect?
    /// The last frame drawn, for finding what the next one changes (`FrameDamage`).
    var lastFrame = LastFrame()
    /// The rectangles (pixels) the last drawn frame repainted and presented.
    var lastDamageRects: [IntRect] = []

    /// A block at one pixel scale and tile. Plain text is rasterised white and tinted when drawn,
    /// so one texture serves every colour (map labels and their halos); text with colour glyphs
    /// (emoji) or coloured spans is rasterised in its colour (`rgb`), since tinting would stain it.
    struct TextKey: Hashable { var block: TextBlock; var rgb: UInt32; var scale: Double; var tile: Int32; var column: Int32; var glyph = false }

    public init(sdl: OpaquePointer, text: TextEngine) {
        self.sdl = sdl; self.text = text
        SDL_SetRenderDrawBlendMode(sdl, SDL_BLENDMODE_BLEND)
    }
    deinit { destroy() }

    private var destroyed = false
    /// Frees every texture, then the SDL renderer itself (which would free them too, so the
    /// order matters). Called by the window before it destroys itself; idempotent.
    func destroy() {
        guard !destroyed else { return }
        destroyed = true
        textCache.values.forEach { SDL_DestroyTexture($0.tex) }
        images.removeAll()
        decoder.discard()
        bitmapTextures.destroyAll()
        serverPixmaps?.destroy()
        pictureTextures.destroyAll()
        textCache.removeAll(); textCacheBytes = 0
        SDL_DestroyRenderer(sdl)
    }

    /// Clears to `background` and draws `list`. Does not present.
    public func draw(_ list: DrawList, background: Color) {
        let list = resolvingSizes(list)
        frameCounter += 1
        SDL_RenderSetClipRect(sdl, nil)
        clipStack.removeAll()
        damageClip = nil
        setColor(background)
        SDL_RenderClear(sdl)
        surfaceTouched = true
        collectDecodedImages()
        for c in list.commands { execute(c) }
        finishFrame()
        uploadAhead()
        surfaceStale = false
        serverShown = nil
        lastFrame = LastFrame(commands: list.commands, background: background, scale: scale)
    }

    /// Uploads the bitmaps the last frame named at opacity 0 (`ahead`), as drawn in that frame.
    func uploadAhead() {
        let shown = serverPixmaps == nil ? [] : PagePixmapPolicy.shownIDs(lastFrame.commands), ids = ahead.map(\.0.id)
        for (i, (b, f)) in ahead.enumerated() where !uploadPixmap(b, drawnAt: f, keeping: PagePixmapPolicy.keeping(shown: shown, ahead: ids, upTo: i))
            && !drawsDirectly(b, at: f) {
            _ = bitmapTextures.texture(for: b, drawnAt: f, frame: frameCounter, renderer: sdl)
        }
        ahead.removeAll()
    }

    /// Ends a frame: no clip, caches trimmed.
    func finishFrame() {
        SDL_RenderSetClipRect(sdl, nil)
        if textBudget.isExceeded(count: textCache.count, bytes: textCacheBytes) { evictText() }
        images.evict(keepingFrame: frameCounter)
        bitmapTextures.endFrame(frameCounter)
        shapeTriangles.endFrame()
        pictureTextures.endFrame(frameCounter)
    }

    /// A bitmap rendered for a size within a pixel of `f` (the console's next preview: 407×229
    /// pixels for 406.67×228.75) is drawn at its own size from `f`'s rounded origin: SDL's
    /// software renderer truncates `f` to 406×228 and would stretch the page for it, a scaled
    /// blit, on every frame that draws it.
    static func snapToTexture(_ f: inout SDL_FRect, _ tex: OpaquePointer) {
        var w: Int32 = 0, h: Int32 = 0
        guard SDL_QueryTexture(tex, nil, nil, &w, &h) == 0, abs(f.w - Float(w)) < 1, abs(f.h - Float(h)) < 1 else { return }
        f = SDL_FRect(x: f.x.rounded(), y: f.y.rounded(), w: Float(w), h: Float(h))
    }

    private var blendIsNone = false
    func setColor(_ c: Color) {
        SDL_SetRenderDrawColor(sdl, c.r, c.g, c.b, c.a)
        // Opaque colours need no blending, and SDL's software renderer fills without it about a
        // hundred times faster (a 1920×1080 blended fill costs ~8 ms; see scripts/bench-kit.sh).
        let none = c.a == 255
        if none != blendIsNone {
            SDL_SetRenderDrawBlendMode(sdl, none ? SDL_BLENDMODE_NONE : SDL_BLENDMODE_BLEND)
            blendIsNone = none
        }
    }
    func px(_ r: Rect) -> SDL_FRect {
        SDL_FRect(x: Float(r.minX * scale), y: Float(r.minY * scale), w: Float(r.width * scale), h: Float(r.height * scale))
    }

    /// `r` in pixels with its edges rounded, not its origin and size one by one (SDL truncates
    /// each): translucent rectangles that share an edge (the spotlight's dimming around its
    /// spot) then meet exactly, also scaled in a preview, with no lighter seam or darker overlap.
    func pxEdges(_ r: Rect) -> SDL_FRect {
        let x0 = (r.minX * scale).rounded(), x1 = (r.maxX * scale).rounded()
        let y0 = (r.minY * scale).rounded(), y1 = (r.maxY * scale).rounded()
        return SDL_FRect(x: Float(x0), y: Float(y0), w: Float(x1 - x0), h: Float(y1 - y0))
    }

    func execute(_ c: DrawCommand) {
        switch c {
        case let .fill(r, color, radius):
            if radius <= 0.5 { setColor(color); var f = color.a == 255 ? px(r) : pxEdges(r); SDL_RenderFillRectF(sdl, &f) }
            else if color.a == 255 { roundedOpaque(r, radius, color) }
            else { geometry(roundedRect(r, radius), color) }
        case let .stroke(r, color, w, _):
            setColor(color)
            let t = max(1, w)
            for e in [Rect(r.minX, r.minY, r.width, t), Rect(r.minX, r.maxY - t, r.width, t),
                      Rect(r.minX, r.minY, t, r.height), Rect(r.maxX - t, r.minY, t, r.height)] {
                var f = px(e); SDL_RenderFillRectF(sdl, &f)
            }
        case let .polygon(pts, color):
            geometry(pts, color)
        case let .line(a, b, color, w):
            if w <= 1 {
                setColor(color)
                SDL_RenderDrawLineF(sdl, Float(a.x * scale), Float(a.y * scale), Float(b.x * scale), Float(b.y * scale))
            } else {
                let dx = b.x - a.x, dy = b.y - a.y, len = max(0.0001, (dx * dx + dy * dy).squareRoot())
                let nx = -dy / len * w / 2, ny = dx / len * w / 2
                geometry([Point(a.x + nx, a.y + ny), Point(b.x + nx, b.y + ny), Point(b.x - nx, b.y - ny), Point(a.x - nx, a.y - ny)], color)
            }
        case let .text(block, color, origin):
            drawText(block, color, origin)
        case let .image(path, r, opacity):
            guard let tex = image(path) else { return }
            SDL_SetTextureAlphaMod(tex, UInt8(clamp(opacity, 0, 1) * 255))
            var f = px(r); SDL_RenderCopyF(sdl, tex, nil, &f)
        case let .bitmap(b, r, opacity):
            var f = px(r)
            // A page uploaded ahead of its advance, not drawn yet: after the frame is presented.
            guard opacity > 0 else { ahead.append((b, f)); return }
            if drawPageDirectly(b, at: f, opacity: opacity) { bitmapCopies += 1; return }
            guard let tex = bitmapTextures.texture(for: b, drawnAt: f, frame: frameCounter, renderer: sdl) else { return }
            SDL_SetTextureBlendMode(tex, b.isOpaque && opacity >= 1 ? SDL_BLENDMODE_NONE : SDL_BLENDMODE_BLEND)
            SDL_SetTextureAlphaMod(tex, UInt8(clamp(opacity, 0, 1) * 255))
            Self.snapToTexture(&f, tex)
            SDL_RenderCopyF(sdl, tex, nil, &f)
            bitmapCopies += 1
        case let .picture(p, r, opacity):
            drawPicture(p, r, opacity)
        case let .pushClip(r):
            let p = px(r)
            var rect = SDL_Rect(x: Int32(pixel: p.x.rounded(.down)), y: Int32(pixel: p.y.rounded(.down)), w: Int32(pixel: p.w.rounded(.up)), h: Int32(pixel: p.h.rounded(.up)))
            if let d = damageClip { rect = Self.intersect(rect, d) }
            clipStack.append(rect)
            SDL_RenderSetClipRect(sdl, &rect)
        case let .shape(s, color, k, o):
            fillShape(s, color, scale: k, offset: o)
        case .popClip:
            _ = clipStack.popLast()
            if var r = clipStack.last ?? damageClip { SDL_RenderSetClipRect(sdl, &r) } else { SDL_RenderSetClipRect(sdl, nil) }
        // PodiumKit is built with library evolution: a command from a newer kit is skipped.
        @unknown default: break
        }
    }

    /// A convex polygon as a triangle fan through SDL_RenderGeometry.
    private func geometry(_ pts: [Point], _ c: Color) {
        guard pts.count >= 3 else { return }
        setColor(c)   // the draw blend mode applies to untextured geometry
        let col = SDL_Color(r: c.r, g: c.g, b: c.b, a: c.a)
        let verts = pts.map { SDL_Vertex(position: SDL_FPoint(x: Float($0.x * scale), y: Float($0.y * scale)), color: col, tex_coord: SDL_FPoint()) }
        var idx: [Int32] = []
        for i in 1..<(pts.count - 1) { idx += [0, Int32(i), Int32(i + 1)] }
        SDL_RenderGeometry(sdl, nil, verts, Int32(verts.count), idx, Int32(idx.count))
    }

    /// An opaque rounded rectangle as three rectangles and four corner fans. One fan over the whole
    /// shape makes SDL's software rasteriser visit the shape's bounding box once per triangle;
    /// here each triangle's box stays inside its corner (several times faster at popover sizes).
    private func roundedOpaque(_ r: Rect, _ radius: Double, _ c: Color) {
        let rad = min(radius, r.width / 2, r.height / 2)
        setColor(c)
        // Edges snapped to whole pixels once, shared by the pieces that meet there: SDL rounds
        // each rectangle's position and size on its own, which left a one-pixel seam between
        // the middle and a side at fractional points (a dark line in the band form's Remove button).
        func snap(_ v: Double) -> Float { Float((v * scale).rounded()) }
        let (x0, x1, x2, x3) = (snap(r.minX), snap(r.minX + rad), snap(r.maxX - rad), snap(r.maxX))
        let (y0, y1, y2, y3) = (snap(r.minY), snap(r.minY + rad), snap(r.maxY - rad), snap(r.maxY))
        var rects = [SDL_FRect(x: x1, y: y0, w: x2 - x1, h: y3 - y0),
                     SDL_FRect(x: x0, y: y1, w: x1 - x0, h: y2 - y1),
                     SDL_FRect(x: x2, y: y1, w: x3 - x2, h: y2 - y1)]
        SDL_RenderFillRectsF(sdl, &rects, 3)
        // The corner fans on the same snapped edges (in points again), so they meet the sides too.
        let snapped = Rect(Double(x0) / scale, Double(y0) / scale, Double(x3 - x0) / scale, Double(y3 - y0) / scale)
        let (rx, ry) = (Double(x1 - x0) / scale, Double(y1 - y0) / scale)
        for (cx, cy, start) in Self.corners(snapped, rx, ry) {
            geometry([Point(cx, cy)] + (0...6).map { i in
                let a = start + Double(i) / 6 * Double.pi / 2
                return Point(cx + cos(a) * rx, cy + sin(a) * ry)
            }, c)
        }
    }

    /// Centres of the corner arcs with the angle each quarter arc starts at, clockwise from the
    /// top-right corner.
    private static func corners(_ r: Rect, _ rad: Double, _ radY: Double? = nil) -> [(Double, Double, Double)] {
        let ry = radY ?? rad
        return [(r.maxX - rad, r.minY + ry, -Double.pi / 2), (r.maxX - rad, r.maxY - ry, 0.0),
                (r.minX + rad, r.maxY - ry, Double.pi / 2), (r.minX + rad, r.minY + ry, Double.pi)]
    }

    /// Outline of a rounded rectangle as a convex polygon (6 segments per corner).
    private func roundedRect(_ r: Rect, _ radius: Double) -> [Point] {
        let rad = min(radius, r.width / 2, r.height / 2)
        var pts: [Point] = []
        for (cx, cy, start) in Self.corners(r, rad) {
            for i in 0...6 {
                let a = start + Double(i) / 6 * Double.pi / 2
                pts.append(Point(cx + cos(a) * rad, cy + sin(a) * rad))
            }
        }
        return pts
    }

    /// Draws the tiles of `block` that fall inside the current clip (and the output).
    private func drawText(_ block: TextBlock, _ color: Color, _ origin: Point) {
        guard block.font.size * scale >= 2 else { return }
        let ox = Int32(pixel: (origin.x * scale).rounded()), oy = Int32(pixel: (origin.y * scale).rounded())
        let box = text.pixelBox(block, scale: scale)
        var ow: Int32 = 0, oh: Int32 = 0
        SDL_GetRendererOutputSize(sdl, &ow, &oh)
        let visible = clipStack.last ?? SDL_Rect(x: 0, y: 0, w: ow, h: oh)
        let first = max(0, (visible.y - oy - box.y) / TextEngine.tileHeight)
        let last = min((box.h - 1) / TextEngine.tileHeight, (visible.y + visible.h - oy - box.y) / TextEngine.tileHeight)
        let firstColumn = max(0, (visible.x - ox - box.x) / TextEngine.tileWidth)
        let lastColumn = min((box.w - 1) / TextEngine.tileWidth, (visible.x + visible.w - ox - box.x) / TextEngine.tileWidth)
        guard first <= last, firstColumn <= lastColumn, ox + box.x < visible.x + visible.w, ox + box.x + box.w > visible.x else { return }
        let tinted = !text.hasOwnColours(block)
        if tinted, let run = text.glyphRun(block, scale: scale), drawGlyphs(run, of: block, color, x: ox, y: oy, left: box.x) { return }
        let ink = tinted ? Color.white : Color(color.r, color.g, color.b)
        let rgb = UInt32(ink.r) << 16 | UInt32(ink.g) << 8 | UInt32(ink.b)
        for tile in first...last {
            for column in firstColumn...lastColumn {
                let key = TextKey(block: block, rgb: rgb, scale: scale, tile: tile, column: column)
                guard let e = textTexture(key, ink: ink) else { continue }
                if tinted { SDL_SetTextureColorMod(e.tex, color.r, color.g, color.b) }
                SDL_SetTextureAlphaMod(e.tex, color.a)
                var dst = SDL_Rect(x: ox + e.rect.x, y: oy + e.rect.y, w: e.rect.w, h: e.rect.h)
                SDL_RenderCopy(sdl, e.tex, nil, &dst)
            }
        }
    }

    /// The texture of `key`, rasterised in `ink` if not kept (with where its pixels are when
    /// `findingInk`), marked as drawn in this frame.
    func textTexture(_ key: TextKey, ink: Color, findingInk: Bool = false) -> TextTexture? {
        var entry = textCache[key]
        if entry == nil {
            guard let (surf, off) = text.rasterise(key.block, color: ink, scale: key.scale, tile: key.tile, column: key.column) else { return nil }
            defer { SDL_FreeSurface(surf) }
            guard let tex = SDL_CreateTextureFromSurface(sdl, surf) else { return nil }
            SDL_SetTextureBlendMode(tex, SDL_BLENDMODE_BLEND)
            entry = TextTexture(tex: tex, rect: SDL_Rect(x: off.x, y: off.y, w: surf.pointee.w, h: surf.pointee.h), used: frameCounter,
                                ink: findingInk ? Self.inkBounds(surf, offset: off) : nil)
            textCacheBytes += Int(surf.pointee.w) * Int(surf.pointee.h) * 4
        }
        guard var e = entry else { return nil }
        e.used = frameCounter
        textCache[key] = e
        return e
    }

    private func evictText() {
        // Text the window shows now counts as drawn this frame, though a partial frame (the
        // clock's tick) did not repaint it: only text no longer on screen is evicted.
        let shown = glyphBlocksShown(Set(lastFrame.commands.compactMap { if case let .text(b, _, _) = $0 { b } else { nil } }))
        let keepKeys = textBudget.keep(textCache.map { .init(key: $0.key, used: shown.contains($0.key.block) ? frameCounter : $0.value.used,
                                                             bytes: Int($0.value.rect.w) * Int($0.value.rect.h) * 4) },
                                       frame: frameCounter)
        for (k, v) in textCache where !keepKeys.contains(k) { SDL_DestroyTexture(v.tex); textCacheBytes -= Int(v.rect.w) * Int(v.rect.h) * 4 }
        textCache = textCache.filter { keepKeys.contains($0.key) }
    }

    /// The texture of the image at `path`, or nil while it is being decoded (nothing is drawn
    /// there until then; `onImageReady` asks for the redraw) or when it was refused.
    private func image(_ path: String) -> OpaquePointer? {
        if let state = images.lookup(path, frame: frameCounter) {
            if case let .texture(t) = state { return t } else { return nil }
        }
        images.set(path, .decoding, frame: frameCounter)
        if decodesImagesSynchronously || MainThreadMailbox.shared.wake == nil {
            upload(path, ImageFile.decode(path))
        } else {
            let me = WeakRenderer(self)
            decoder.decode(path) { MainThreadMailbox.shared.post { me.value?.collectDecodedImages(notify: true) } }
        }
        if case let .texture(t) = images.lookup(path, frame: frameCounter) { return t }
        return nil
    }

    /// Turns finished decodes into textures (main thread).
    func collectDecodedImages(notify: Bool = false) {
        guard !destroyed else { return }
        let done = decoder.takeFinished()
        for (path, r) in done { upload(path, r) }
        if notify, !done.isEmpty { onImageReady?() }
    }

    private func upload(_ path: String, _ r: Result<UnsafeMutablePointer<SDL_Surface>, ImageError>) {
        switch r {
        case let .success(surface):
            let t = SDL_CreateTextureFromSurface(sdl, surface)
            images.set(path, t.map { .texture($0) } ?? .refused, frame: frameCounter)
            SDL_FreeSurface(surface)
        case let .failure(e):
            images.set(path, .refused, frame: frameCounter)
            SafeText.log("podium: image not shown: \(e)")
        }
    }

    /// Images still being decoded.
    public var imagesDecoding: Int { decoder.outstanding }

    /// Waits (up to `seconds`) until every image asked for is decoded, then uploads them. For
    /// screenshots, which must show the frame complete.
    public func finishImageDecoding(within seconds: Double = 10) {
        let end = Date().addingTimeInterval(seconds)
        while decoder.outstanding > 0, Date() < end { usleep(2000) }
        collectDecodedImages()
    }

    /// The SDL render driver drawing this window ("software", "opengl", …).
    public var driverName: String {
        var info = SDL_RendererInfo()
        guard SDL_GetRendererInfo(sdl, &info) == 0, let n = info.name else { return "" }
        return String(cString: n)
    }

    /// Reads back the current frame as RGBA bytes, row-major, `size.w × size.h` pixels (4 bytes
    /// each). Throws with SDL's message on failure. For render tests.
    public func readPixels(size: (w: Int32, h: Int32)) throws -> [UInt8] {
        refreshStaleSurface()
        var out = [UInt8](repeating: 0, count: Int(size.w) * Int(size.h) * 4)
        let rc = out.withUnsafeMutableBytes { buf in
            SDL_RenderReadPixels(sdl, nil, SDL_PIXELFORMAT_ABGR8888.rawValue, buf.baseAddress, size.w * 4)
        }
        guard rc == 0 else { throw SDLError("reading pixels failed: \(SDLVideo.lastError)") }
        return out
    }

    /// Reads back the current frame and writes it as PNG, whole or not at all (`OutputFile`).
    /// Throws with SDL's message when the pixels cannot be read or encoded, and
    /// `OutputFileError` (the path and the system's reason, e.g. a full disk) when they cannot be
    /// written.
    public func savePNG(to path: String, size: (w: Int32, h: Int32)) throws {
        let pixels = try readPixels(size: size)
        guard let png = PixelEncoding.png(pixels, w: size.w, h: size.h) else {
            throw SDLError("cannot encode \(size.w)x\(size.h) pixels as PNG: \(SDLVideo.lastError)")
        }
        try OutputFile.replace(path, with: png)
    }
}

/// Lets the decoder's completion name the renderer without keeping it alive; only dereferenced
/// on the main thread.
private final class WeakRenderer: @unchecked Sendable {
    weak var value: Renderer?
    init(_ r: Renderer) { value = r }
}

public struct SDLError: Error, CustomStringConvertible {
    public var description: String
    public init(_ d: String) { description = d }
}

/// Reads image sizes (pixels) for layout from the file's header, cached per path; nil for a file
/// that is no image or too large to be shown (`ImageFile`).
public final class ImageSizeCache: ImageSizing {
    private var sizes: [String: Size?] = [:]
    public init() {}
    public func imageSize(_ path: String) -> Size? {
        if let s = sizes[path] { return s }
        var s: Size?
        // From the header only: layout must not decode (or be stalled by) a large image.
        if case let .success(d) = ImageFile.size(path) { s = Size(Double(d.width), Double(d.height)) }
        sizes[path] = .some(s)
        return s
    }
}
