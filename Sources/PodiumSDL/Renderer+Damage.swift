import CSDL2
import PodiumKit

/// What the renderer last drew, to find what a new frame changes.
struct LastFrame {
    var commands: [DrawCommand] = []
    var background: Color?
    var scale: Double = 0
    var size: (w: Int32, h: Int32) = (0, 0)
    /// Set when the window's pixels can no longer be trusted (exposed, resized, an image
    /// decoded meanwhile): the next frame is drawn and presented whole.
    var invalid = true
}

extension Renderer {
    /// The next frame is drawn and presented whole.
    func invalidate() { lastFrame.invalid = true; serverShown = nil }

    /// Draws only what `list` changes since the last frame and presents only that, returning the
    /// damaged rectangle (pixels), or nil when the frame paints exactly what the window shows
    /// (nothing is drawn or presented). `window` is the SDL window this renderer draws into,
    /// `size` its output size in pixels. With the software renderer the damaged rectangle alone
    /// is repainted and sent to the X server (SDL_UpdateWindowSurfaceRects); other renderers
    /// flip whole buffers, so there any change redraws and presents the whole frame.
    func drawChanges(_ list: DrawList, background: Color, window: OpaquePointer, size: (w: Int32, h: Int32)) -> IntRect? {
        let list = resolvingSizes(list)
        let full = IntRect(x: 0, y: 0, w: size.w, h: size.h)
        let pixmaps = prepareServerPixmaps(window: window, size: size)
        let last = lastFrame
        let whole = last.invalid || last.background != background || last.scale != scale
            || last.size != size || driverName != "software"
        if whole { serverShown = nil }   // the window's pixels may not be the last frame's
        let rects: [IntRect]? = whole ? [full]
            : FrameDamage.damage(old: last.commands, new: list.commands, full: full, bounds: pixelBounds, replaced: replacedPageDamage)
        guard let rects else {
            prepareBitmaps(list)
            lastFrame.commands = list.commands
            return nil
        }
        let damage = rects.dropFirst().reduce(rects[0]) { $0.union($1) }
        lastDamageRects = rects
        // Just a page with a pixmap: the X server presents it (no client-side copy).
        if let pixmaps, let frame = serverFrame(list.commands, background: background, pixmaps: pixmaps) {
            frameCounter += 1
            presentFromServer(frame, in: rects, pixmaps: pixmaps)
            finishFrame()
            // The pages named ahead, which no software drawing collected this time.
            for case let .bitmap(b, r, opacity) in list.commands where opacity <= 0 { ahead.append((b, px(r))) }
            surfaceStale = true
            lastFrame = LastFrame(commands: list.commands, background: background, scale: scale, size: size, invalid: false)
            uploadAhead()
            releaseWindowSurface()
            return damage
        }
        serverShown = nil   // drawn by SDL: not a page's pixmap alone
        if rects == [full] {
            if driverName == "software" { collectDecodedImages(); drawPartial(list, background: background, in: rects) }
            else { draw(list, background: background) }
            SDL_RenderPresent(sdl)
            surfaceStale = false
        } else {
            presentPartial(list, background: background, in: rects, window: window, full: full)
        }
        lastFrame = LastFrame(commands: list.commands, background: background, scale: scale, size: size, invalid: false)
        uploadAhead()
        return damage
    }

    /// Draws `rects` of `list` and presents only them.
    private func presentPartial(_ list: DrawList, background: Color, in rects: [IntRect], window: OpaquePointer, full: IntRect) {
        // Each damaged rectangle is repainted whole, so a surface that lacks the page the
        // server presented (`surfaceStale`) only matters when all of it is presented.
        drawPartial(list, background: background, in: rects)
        SDL_RenderFlush(sdl)
        var sdlRects = rects.map { SDL_Rect(x: $0.x, y: $0.y, w: $0.w, h: $0.h) }
        if SDL_UpdateWindowSurfaceRects(window, &sdlRects, Int32(sdlRects.count)) != 0 {
            if surfaceStale { drawPartial(list, background: background, in: [full]); surfaceStale = false }
            SDL_RenderPresent(sdl)
        }
    }

    /// What `drawIsland` did.
    enum IslandFrame: Equatable { case drawn(IntRect), unchanged, refused }

    /// A frame where only an island's commands changed (`RenderIsland`, the console's timer
    /// strip on a tick): they are put in place of the old ones in the last frame's list, and
    /// only where they paint differently is drawn (with everything else the list paints there)
    /// and presented; the whole tree is not walked, compared or resolved again. Refused (draw
    /// the whole frame instead) unless the last frame was drawn by SDL in software at this
    /// size, scale and background and still holds the island's old commands at their place.
    func drawIsland(_ r: RenderIsland.Redraw, background: Color, window: OpaquePointer, size: (w: Int32, h: Int32)) -> IslandFrame {
        let last = lastFrame
        guard !last.invalid, last.background == background, last.scale == scale, last.size == size, driverName == "software",
              serverShown == nil, r.range.upperBound <= last.commands.count, last.commands[r.range].elementsEqual(r.old) else { return .refused }
        let new = resolvingSizes(DrawList(commands: r.new)).commands
        var commands = last.commands
        commands.replaceSubrange(r.range, with: new)
        lastFrame.commands = commands
        let full = IntRect(x: 0, y: 0, w: size.w, h: size.h)
        // The clip around the island first, so the damage stays inside it as in a whole frame.
        let around: [DrawCommand] = r.clip.map { [.pushClip($0)] } ?? []
        guard let rects = FrameDamage.damage(old: around + r.old, new: around + new, full: full, bounds: pixelBounds,
                                             replaced: replacedPageDamage) else { return .unchanged }
        lastDamageRects = rects
        presentPartial(DrawList(commands: commands), background: background, in: rects, window: window, full: full)
        uploadAhead()
        return .drawn(rects.dropFirst().reduce(rects[0]) { $0.union($1) })
    }

    /// Where a page drawn at its own size paints differently from the page it replaces at the
    /// same place (the console's current page and previews on an advance): the tiles whose
    /// hashes differ, a pixel around each for where the renderer rounds the origin; nil when
    /// not known (no hashes, another size or place, scaled, or a room page the software renderer
    /// unpacks whole into the window surface; a console's page view unpacked there is copied in
    /// parts, `drawPageDirectly`) or most of the page (`TileDiff.wholeShare`: one
    /// rectangle repaints faster than several covering nearly all of it).
    func replacedPageDamage(_ a: DrawCommand, _ b: DrawCommand) -> [IntRect]? {
        guard TileDiff.enabled, case let .bitmap(ob, or, oo) = a, case let .bitmap(nb, nr, no) = b, or == nr, oo == no, oo > 0,
              ob.width == nb.width, ob.height == nb.height,
              let oh = ob.pixelSource as? any BitmapTileHashes, let nh = nb.pixelSource as? any BitmapTileHashes else { return nil }
        let f = px(nr)
        guard abs(Double(f.w) - Double(nb.width)) < 1, abs(Double(f.h) - Double(nb.height)) < 1, !drawsWindowPageDirectly(nb, at: f),
              let tiles = TileDiff.changed(from: oh, to: nh, width: nb.width, height: nb.height, cell: TileDiff.consoleCell(tileSize: nh.tileSize),
                                           maxShare: TileDiff.wholeShare),
              let whole = pixelBounds(b) else { return nil }
        let x0 = Int32(pixel: f.x.rounded(.down)), y0 = Int32(pixel: f.y.rounded(.down))
        return tiles.map { IntRect(x: x0 + $0.x - 1, y: y0 + $0.y - 1, w: $0.w + 2, h: $0.h + 2).intersection(whole) }
    }

    /// The window's `ServerPixmaps` (looked for once), emptied when the window's size changed.
    private func prepareServerPixmaps(window: OpaquePointer, size: (w: Int32, h: Int32)) -> ServerPixmaps? {
        if !serverPixmapsLookedFor {
            serverPixmapsLookedFor = true
            if driverName == "software" { serverPixmaps = ServerPixmaps.make(window: window) }
        }
        guard let p = serverPixmaps else { return nil }
        if serverPixmapsSize != size {
            p.removeAll()
            serverPixmapsSize = size
            p.byteBudget = PagePixmapPolicy.framesKept * Int(size.w) * Int(size.h) * 4
        }
        return p
    }

    /// Puts `b` (drawn at `dst` pixels, ahead of its advance) into a pixmap when it is a page
    /// the server can present; true when it has one (no texture is made for it then: a software
    /// frame that needs it unpacks it then).
    func uploadPixmap(_ b: Bitmap, drawnAt dst: SDL_FRect, keeping: Set<UInt64>) -> Bool {
        guard let p = serverPixmaps, Self.wantsPixmap(b, at: dst, window: serverPixmapsSize) else { return false }
        return p.upload(b, frame: frameCounter, keeping: keeping)
    }

    /// Frees the pixmaps (the window moved to another display, or was resized); the next frame
    /// is drawn whole.
    func dropServerPixmaps() {
        serverPixmaps?.removeAll()
        invalidate()
    }

    /// Repaints the window surface whole when the server presented the last frame (for reading
    /// it back), without presenting.
    func refreshStaleSurface() {
        guard surfaceStale else { return }
        drawPartial(DrawList(commands: lastFrame.commands), background: lastFrame.background ?? Color(0, 0, 0), in: [IntRect(x: 0, y: 0, w: lastFrame.size.w, h: lastFrame.size.h)])
        SDL_RenderFlush(sdl)
        surfaceStale = false
    }

    /// A frame that changes no pixel still uploads the bitmaps it names (a page drawn ahead at
    /// opacity 0) and keeps the textures of those it shows.
    private func prepareBitmaps(_ list: DrawList) {
        guard list.commands.contains(where: { if case .bitmap = $0 { true } else { false } }) else { return }
        frameCounter += 1
        let shown = serverPixmaps == nil ? [] : PagePixmapPolicy.shownIDs(list.commands)
        var ahead: [UInt64] = []
        for case let .bitmap(b, r, opacity) in list.commands {
            if opacity <= 0 { ahead.append(b.id) }
            // A page the server has (or now gets, ahead of its advance) needs no texture.
            if let p = serverPixmaps, p.lookup(b, frame: frameCounter) != nil
                || (opacity <= 0 && uploadPixmap(b, drawnAt: px(r), keeping: PagePixmapPolicy.keeping(shown: shown, ahead: ahead, upTo: ahead.count - 1))) { continue }
            if drawsDirectly(b, at: px(r)) { continue }   // unpacked into the window surface when drawn
            _ = bitmapTextures.texture(for: b, drawnAt: px(r), frame: frameCounter, renderer: sdl)
        }
        bitmapTextures.endFrame(frameCounter)
    }

    /// Repaints each of `rects` (pixels): the background, then every command that reaches into
    /// it, each confined to it.
    private func drawPartial(_ list: DrawList, background: Color, in rects: [IntRect]) {
        frameCounter += 1
        surfaceTouched = true
        let measured = occlusionInput(list.commands)
        for rect in rects {
            clipStack.removeAll()
            var clip = SDL_Rect(x: rect.x, y: rect.y, w: rect.w, h: rect.h)
            damageClip = clip
            SDL_RenderSetClipRect(sdl, &clip)
            // What later opaque commands paint over is not drawn (a page over its letterbox and
            // the backgrounds under it, a panel over the window's background): whole-area fills
            // were a quarter of an advance's CPU (SDL_FillRect in perf), then over a third.
            let occ = occlusion(of: rect, in: list.commands, input: measured)
            if !occ.backgroundHidden {
                setColor(background)
                for part in occ.backgroundParts ?? [rect] {
                    var f = SDL_FRect(x: Float(part.x), y: Float(part.y), w: Float(part.w), h: Float(part.h))
                    SDL_RenderFillRectF(sdl, &f)
                }
            }
            for (i, c) in list.commands.enumerated() {
                if occ.hidden[i] {
                    // A page hidden here keeps its texture as drawn in this frame.
                    if case let .bitmap(b, r, _) = c { bitmapTextures.touch(b, drawnAt: px(r), frame: frameCounter) }
                    continue
                }
                if let parts = occ.fillParts[i] { executeConfined(c, to: parts) } else { execute(c) }
            }
        }
        damageClip = nil
        clipStack.removeAll()
        finishFrame()
    }

    /// Executes `c` once inside each of `parts` (pixels, within the clip in force), then restores
    /// the clip.
    private func executeConfined(_ c: DrawCommand, to parts: [IntRect]) {
        for p in parts {
            var r = SDL_Rect(x: p.x, y: p.y, w: p.w, h: p.h)
            SDL_RenderSetClipRect(sdl, &r)
            execute(c)
        }
        if var r = clipStack.last ?? damageClip { SDL_RenderSetClipRect(sdl, &r) } else { SDL_RenderSetClipRect(sdl, nil) }
    }

    /// The pixels `r` (points) touches, with a pixel of margin for anti-aliased edges.
    private func pixelRect(_ r: Rect) -> IntRect {
        IntRect(covering: r.minX * scale, r.minY * scale, r.maxX * scale, r.maxY * scale)
    }

    /// The pixels a command paints into (nil: none), with a pixel of margin: text by its
    /// laid-out ink and logical box.
    func pixelBounds(_ c: DrawCommand) -> IntRect? {
        switch c {
        case let .fill(r, _, _), let .stroke(r, _, _, _), let .image(_, r, _), let .pushClip(r):
            return pixelRect(r)
        case let .bitmap(_, r, opacity), let .picture(_, r, opacity):
            return opacity > 0 ? pixelRect(r) : nil
        case let .polygon(pts, _):
            guard let f = pts.first else { return nil }
            let xs = pts.map(\.x), ys = pts.map(\.y)
            return pixelRect(Rect(xs.min() ?? f.x, ys.min() ?? f.y, (xs.max() ?? f.x) - (xs.min() ?? f.x), (ys.max() ?? f.y) - (ys.min() ?? f.y)))
        case let .shape(s, _, k, o):
            return pixelRect(Self.shapeBounds(s, scale: k, offset: o))
        case let .line(a, b, _, w):
            let m = max(1, w) / 2 + 1
            return pixelRect(Rect(min(a.x, b.x) - m, min(a.y, b.y) - m, abs(a.x - b.x) + 2 * m, abs(a.y - b.y) + 2 * m))
        case let .text(block, _, origin):
            // Where drawText puts it: the block's ink and logical box from the rounded origin.
            let box = text.pixelBox(block, scale: scale)
            let ox = (origin.x * scale).rounded(), oy = (origin.y * scale).rounded()
            return IntRect(covering: ox + Double(box.x), oy + Double(box.y), ox + Double(box.x + box.w), oy + Double(box.y + box.h))
        case .popClip:
            return nil
        @unknown default:
            return IntRect(covering: -1e6, -1e6, 1e6, 1e6)
        }
    }
}

extension Renderer {
    /// The overlap of two pixel rectangles (empty, 0×0, when they do not meet).
    static func intersect(_ a: SDL_Rect, _ b: SDL_Rect) -> SDL_Rect {
        let r = IntRect(x: a.x, y: a.y, w: a.w, h: a.h).intersection(IntRect(x: b.x, y: b.y, w: b.w, h: b.h))
        return SDL_Rect(x: r.x, y: r.y, w: r.w, h: r.h)
    }
}
