import CSDL2
import PodiumKit

/// A frame the X server can present from a page's pixmap (`ServerPixmaps`): the background and
/// opaque fills, then one opaque page at its own pixel size, nothing over it. Rectangles are in
/// window pixels, as SDL's software renderer would paint them (origins and sizes truncated).
struct ServerFrame {
    var page: IntRect
    var pixmap: UInt
    /// The page's bitmap (its tiles' hashes, when it has them, say where it differs from the last).
    var bitmap: Bitmap
    var background: Color
    /// Opaque fills before the page, in order, each already confined to its clip.
    var fills: [(IntRect, Color)]
}

/// How a window's frames reach the X server from pixmaps (`Renderer.serverPresentation`).
public struct ServerPresentation: Sendable {
    /// Frames presented by the X server from a page's pixmap, pixmaps made, pixmaps kept now.
    public var presents: Int, uploads: Int, pixmaps: Int
    /// Of `pixmaps`, those holding a page the last frame did not show: the page ahead is ready
    /// for a server copy when this is 1 or more.
    public var ahead: Int
    /// Whether pixmaps are filled through MIT-SHM (else XPutImage).
    public var sharedMemory: Bool
    /// How: "shm-pixmap" (pages unpacked into shared-memory pixmaps), "shm-put" or "put".
    public var mode: String
    /// Of `presents`, those the server had done (every request processed) before Podium went on
    /// to draw anything else: all of them, since a server present waits for the server.
    public var presentsDone = 0
    /// Pixels of pages copied from pixmaps to the window so far, and of those presents the ones
    /// that copied only the tiles differing from the page shown before (`TileDiff`).
    public var pixelsCopied = 0, tilePresents = 0
    /// Copies sent clipped to the tiles that differ, one request each (`tilePresents` of more
    /// than one tile).
    public var clippedCopies = 0
}

extension Renderer {
    /// Nil when this window's frames all go through SDL (another driver or renderer, no X11,
    /// `PODIUM_SERVER_PIXMAPS=0`, or before its first frame).
    public var serverPresentation: ServerPresentation? {
        serverPixmaps.map {
            ServerPresentation(presents: $0.presents, uploads: $0.uploads, pixmaps: $0.count, ahead: $0.count(excluding: PagePixmapPolicy.shownIDs(lastFrame.commands)),
                               sharedMemory: $0.usesSharedMemory, mode: $0.mode,
                               presentsDone: $0.presentsDone, pixelsCopied: $0.pixelsCopied, tilePresents: tilePresents, clippedCopies: $0.clipRequests)
        }
    }

    /// `commands` as a `ServerFrame`, or nil when anything in it needs the software renderer
    /// (text, shapes, blending, a scaled page, a page without a pixmap, anything over the page).
    func serverFrame(_ commands: [DrawCommand], background: Color, pixmaps: ServerPixmaps) -> ServerFrame? {
        guard background.a == 255 else { return nil }
        var clips: [IntRect] = [], fills: [(IntRect, Color)] = []
        var page: (IntRect, UInt, Bitmap)?
        for c in commands {
            switch c {
            case let .pushClip(r):
                // As `execute` sets it: the innermost clip alone, grown to whole pixels.
                let p = px(r)
                clips.append(IntRect(x: Int32(pixel: p.x.rounded(.down)), y: Int32(pixel: p.y.rounded(.down)), w: Int32(pixel: p.w.rounded(.up)), h: Int32(pixel: p.h.rounded(.up))))
            case .popClip:
                _ = clips.popLast()
            case let .fill(r, color, radius):
                guard page == nil, radius <= 0.5, color.a == 255 else { return nil }
                let f = px(r)
                // SDL_RenderFillRectF in the software renderer: truncated, at least one pixel.
                var rect = IntRect(x: Int32(pixel: f.x), y: Int32(pixel: f.y), w: max(1, Int32(pixel: f.w)), h: max(1, Int32(pixel: f.h)))
                if let clip = clips.last { rect = rect.intersection(clip) }
                if !rect.isEmpty { fills.append((rect, color)) }
            case let .bitmap(b, r, opacity):
                guard opacity > 0 else { continue }   // uploaded ahead, draws nothing
                guard page == nil, opacity >= 1, b.isOpaque, let e = pixmaps.lookup(b, frame: frameCounter) else { return nil }
                let f = px(r)
                let dst = IntRect(x: Int32(pixel: f.x), y: Int32(pixel: f.y), w: Int32(pixel: f.w), h: Int32(pixel: f.h))
                guard dst.w == e.width, dst.h == e.height else { return nil }   // SDL would scale it
                if let clip = clips.last, clip.intersection(dst) != dst { return nil }
                page = (dst, e.pixmap, b)
            default:
                return nil
            }
        }
        guard let page else { return nil }
        return ServerFrame(page: page.0, pixmap: page.1, bitmap: page.2, background: background, fills: fills)
    }

    /// Presents `frame` over `rects` (pixels; outside them the window already shows it): the
    /// page's part of each by XCopyArea from its pixmap, the rest by fills. When the window
    /// shows another page at the same place, presented the same way (`serverShown`), and both
    /// pages have their tiles' hashes, only the tiles that differ are copied.
    func presentFromServer(_ frame: ServerFrame, in rects: [IntRect], pixmaps: ServerPixmaps) {
        let changed = changedTiles(to: frame)
        if changed != nil { tilePresents += 1 }
        for d in rects {
            let onPage = d.intersection(frame.page)
            if let changed {
                // The changed tiles as one copy of their bounds, clipped to them (16-pixel tiles:
                // tens to hundreds of rectangles on an advance, one request).
                let parts = changed.compactMap { onPage.intersection($0).nonEmpty }
                if let first = parts.first {
                    let b = parts.dropFirst().reduce(first) { $0.union($1) }
                    pixmaps.copy(frame.pixmap, from: IntRect(x: b.x - frame.page.x, y: b.y - frame.page.y, w: b.w, h: b.h), to: (b.x, b.y), clippedTo: parts)
                }
            } else if !onPage.isEmpty {
                pixmaps.copy(frame.pixmap, from: IntRect(x: onPage.x - frame.page.x, y: onPage.y - frame.page.y, w: onPage.w, h: onPage.h), to: (onPage.x, onPage.y))
            }
            for part in Self.subtract(frame.page, from: d) {
                pixmaps.fill(part, frame.background)
                for (r, c) in frame.fills { if let i = r.intersection(part).nonEmpty { pixmaps.fill(i, c) } }
            }
        }
        pixmaps.flush()
        serverShown = (frame.bitmap, frame.page)
    }

    /// The window pixels of the tiles in which `frame`'s page differs from the page the window
    /// shows now, or nil when that is not known: the last frame was not presented from a
    /// pixmap at the same place (`serverShown`, cleared by every other frame and by `invalidate`),
    /// or a page has no hashes. Nil too when the tiles are most of the page (`TileDiff.roomWholeShare`):
    /// one copy of the page then costs the server less than a run of copies of nearly all of it.
    private func changedTiles(to frame: ServerFrame) -> [IntRect]? {
        guard TileDiff.enabled, let (shown, at) = serverShown, at == frame.page, shown.width == frame.bitmap.width, shown.height == frame.bitmap.height,
              let old = shown.pixelSource as? any BitmapTileHashes, let new = frame.bitmap.pixelSource as? any BitmapTileHashes,
              let tiles = TileDiff.changed(from: old, to: new, width: frame.bitmap.width, height: frame.bitmap.height, maxShare: TileDiff.roomWholeShare),
              tiles.count <= TileDiff.roomMaxRects
        else { return nil }
        return tiles.map { IntRect(x: $0.x + at.x, y: $0.y + at.y, w: $0.w, h: $0.h) }
    }

    /// `r` less `hole`: up to four rectangles (bands above and below, then left and right).
    static func subtract(_ hole: IntRect, from r: IntRect) -> [IntRect] {
        let h = r.intersection(hole)
        guard !h.isEmpty else { return [r] }
        return [IntRect(x: r.x, y: r.y, w: r.w, h: h.y - r.y),
                IntRect(x: r.x, y: h.y + h.h, w: r.w, h: r.y + r.h - h.y - h.h),
                IntRect(x: r.x, y: h.y, w: h.x - r.x, h: h.h),
                IntRect(x: h.x + h.w, y: h.y, w: r.x + r.w - h.x - h.w, h: h.h)].filter { !$0.isEmpty }
    }

    /// Whether `b`, drawn at `dst` (pixels) in a window of `size`, is worth a pixmap: an opaque
    /// page at its own size filling the window's width or height (the audience's page).
    static func wantsPixmap(_ b: Bitmap, at dst: SDL_FRect, window size: (w: Int32, h: Int32)) -> Bool {
        b.isOpaque && b.format == .bgra && Int32(dst.w) == Int32(b.width) && Int32(dst.h) == Int32(b.height)
            && (Int32(b.width) == size.w || Int32(b.height) == size.h)
    }
}
