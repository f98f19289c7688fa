import CSDL2
import CX11Present
import PodiumCore
import PodiumKit

/// One SDL window with its renderer, drawing one `WindowRoot`. Sizes: `root` is laid out in
/// points (window size); the renderer draws in pixels (drawable size); `scale` links them.
@MainActor
public final class PlatformWindow {
    public let sdl: OpaquePointer
    public let renderer: Renderer
    public let root: WindowRoot
    public var id: UInt32 { SDL_GetWindowID(sdl) }
    /// Frames drawn and presented so far (for benchmarks and tests); a frame that would paint
    /// what the window already shows is neither drawn nor counted.
    public private(set) var framesDrawn = 0
    /// The pixels the last frame drawn repainted and presented (tests: a clock tick repaints the
    /// clock alone).
    public private(set) var lastDamage: Rect?
    /// The separate rectangles (pixels) the last frame drawn repainted, whose union is
    /// `lastDamage` (an advance: the page, the previews, the labels that changed).
    public var lastDamageRects: [Rect] { renderer.lastDamageRects.map { Rect(Double($0.x), Double($0.y), Double($0.w), Double($0.h)) } }
    /// Pixels repainted by every frame so far, the sum of their damage rectangles' areas (a
    /// benchmark divides it by the advances).
    public private(set) var pixelsRepainted = 0

    /// Creates a window of `size` points at `position` (desktop coordinates, nil = centred on
    /// display 0). Throws with SDL's message when the window or renderer cannot be created.
    public init(title: String, root: WindowRoot, size: Size, position: Point? = nil, flags: UInt32 = 0, text: TextEngine) throws {
        let x = position.map { Int32($0.x) } ?? Int32(podium_windowpos_centered_display(0))
        let y = position.map { Int32($0.y) } ?? Int32(podium_windowpos_centered_display(0))
        guard let w = SDL_CreateWindow(title, x, y, Int32(size.width), Int32(size.height),
                                       flags | SDL_WINDOW_ALLOW_HIGHDPI.rawValue | SDL_WINDOW_RESIZABLE.rawValue) else {
            throw SDLError("cannot create window \"\(title)\": \(SDLVideo.lastError)")
        }
        let r = SDL_CreateRenderer(w, -1, SDL_RENDERER_ACCELERATED.rawValue) ?? SDL_CreateRenderer(w, -1, SDL_RENDERER_SOFTWARE.rawValue)
        guard let r else { SDL_DestroyWindow(w); throw SDLError("cannot create renderer: \(SDLVideo.lastError)") }
        sdl = w; self.root = root
        everShown = flags & SDL_WINDOW_HIDDEN.rawValue == 0   // mapped by SDL_CreateWindow
        // SDL's own X11 title is garbled past ASCII (it converts through the C locale).
        if SDLVideo.currentDriver == "x11" { _ = podium_x11_set_window_title(UnsafeMutableRawPointer(w), title) }
        renderer = Renderer(sdl: r, text: text)
        renderer.onImageReady = { [weak renderer, weak root] in renderer?.invalidate(); root?.requestRedraw() }
        syncSize()
    }
    isolated deinit { close() }

    private var closed = false
    /// Frees textures, then the renderer, then the window (each frees what hangs off it).
    /// Must run before `SDLVideo.stop`: SDL_Quit unloads the Wayland libraries a later
    /// SDL_DestroyRenderer would call into (seen: SIGSEGV on every quit under sway). Idempotent;
    /// the window must not be used afterwards.
    public func close() {
        guard !closed else { return }
        closed = true
        renderer.destroy()
        SDL_DestroyWindow(sdl)
    }

    /// Window size in points and drawable size in pixels.
    public var pointSize: Size { var w: Int32 = 0, h: Int32 = 0; SDL_GetWindowSize(sdl, &w, &h); return Size(Double(w), Double(h)) }
    public var pixelSize: (w: Int32, h: Int32) { var w: Int32 = 0, h: Int32 = 0; SDL_GetRendererOutputSize(renderer.sdl, &w, &h); return (w, h) }
    /// Desktop position and size (as the window manager reports it).
    public var frame: Rect {
        var x: Int32 = 0, y: Int32 = 0; SDL_GetWindowPosition(sdl, &x, &y)
        let s = pointSize
        return Rect(Double(x), Double(y), s.width, s.height)
    }
    /// In SDL's fullscreen mode, or (X11) mapped fullscreen by its window state (`fullscreenByState`).
    public var isFullscreen: Bool { fullscreenByState || isFullscreenInSDL }
    private var isFullscreenInSDL: Bool { SDL_GetWindowFlags(sdl) & (SDL_WINDOW_FULLSCREEN.rawValue | SDL_WINDOW_FULLSCREEN_DESKTOP.rawValue) != 0 }
    /// X11: made fullscreen while hidden by writing `_NET_WM_STATE_FULLSCREEN` before the map
    /// (`podium_x11_set_fullscreen_state`), SDL never asked. SDL 2.26 answers a window it has
    /// fullscreen being shown, or asked fullscreen while mapped, by polling the X server every
    /// 10 ms for up to 100 ms until the window has moved twice and changed size
    /// (`X11_SetWindowFullscreenViaWM`); a window mapped fullscreen already changes neither, so
    /// each launch waited the whole 100 ms for the console and again for the audience window
    /// (openbox; issue 19). A window manager maps this one fullscreen, borderless over its display
    /// (`cover`) where there is none.
    public private(set) var fullscreenByState = false
    /// Whether this window has the keyboard focus (SDL's view; the window manager decides).
    public var hasKeyboardFocus: Bool { SDL_GetKeyboardFocus() == sdl }
    /// Whether the window has no decorations (a borderless cover of its display).
    public var isBorderless: Bool { SDL_GetWindowFlags(sdl) & SDL_WINDOW_BORDERLESS.rawValue != 0 }
    /// The flag that creates a window hidden (`init(flags:)`), to be shown once placed.
    public static let hiddenFlag = SDL_WINDOW_HIDDEN.rawValue
    public var isVisible: Bool { SDL_GetWindowFlags(sdl) & SDL_WINDOW_SHOWN.rawValue != 0 && SDL_GetWindowFlags(sdl) & SDL_WINDOW_HIDDEN.rawValue == 0 }

    /// Re-reads size and scale after a resize or display change and re-lays out the tree.
    public func syncSize() {
        let pts = pointSize, px = pixelSize
        renderer.scale = pts.width > 0 ? Double(px.w) / pts.width : 1
        root.scale = renderer.scale
        root.resize(to: RoomStrip.contentSize(windowSize: pts, strip: roomStrip))   // beside a room strip
        renderer.dropServerPixmaps()   // resized or on another display: pages come again at their size
        invalidate()
    }

    /// Draws and presents the whole window next time (its pixels were lost: exposed, resized).
    public func invalidate() {
        renderer.invalidate()
        root.requestRedraw()
    }

    /// Draws and presents what changed when the tree asked for it (`force`: all of it). Returns
    /// true when it drew; false when nothing was asked for or the frame equals the last one.
    @discardableResult
    public func renderIfNeeded(force: Bool = false) -> Bool {
        guard force || root.needsDisplay else { return false }
        if force { renderer.invalidate() }
        // Only an island changed (the console's timers on a tick): its commands alone.
        if !force, roomStrip == nil, let island = root.renderIsland() {
            switch renderer.drawIsland(island, background: root.backgroundColor, window: sdl, size: pixelSize) {
            case .unchanged: return false
            case let .drawn(d):
                islandFrames += 1
                return drew(d)
            case .refused: break
            }
        }
        let list = frameList()
        AdvanceTrace.mark("list")
        guard let d = renderer.drawChanges(list, background: root.backgroundColor, window: sdl, size: pixelSize) else { return false }
        return drew(d)
    }

    /// Frames drawn from an island's commands alone (`WindowRoot.renderIsland`), not the whole tree.
    public private(set) var islandFrames = 0

    private func drew(_ d: IntRect) -> Bool {
        lastDamage = Rect(Double(d.x), Double(d.y), Double(d.w), Double(d.h))
        pixelsRepainted += renderer.lastDamageRects.reduce(0) { $0 + $1.area }
        framesDrawn += 1
        placeInputMethod()
        return true
    }

    /// The part of the window painted black over its tree (`DisplayWindow.coverRoomStrip`); the
    /// tree is laid out beside it (`RoomStrip.contentSize`).
    public private(set) var roomStrip: Rect?
    public func coverRoomStrip(_ rect: Rect?) {
        guard rect != roomStrip else { return }
        roomStrip = rect
        // The window's size is the same: re-laid out and redrawn, its server pixmaps kept.
        root.resize(to: RoomStrip.contentSize(windowSize: pointSize, strip: rect))
        invalidate()
    }
    /// The tree's frame, with the room strip filled black last (over popovers too).
    private func frameList() -> DrawList {
        let list = root.renderFrame()
        guard let r = roomStrip else { return list }
        return DrawList(commands: list.commands + [.fill(r, .black, radius: 0)])
    }

    private var inputRect: Rect?
    /// Puts the input method's candidate window at the focused text entry's caret.
    private func placeInputMethod() {
        guard let r = root.textInputRect, r != inputRect else { return }
        inputRect = r
        var rect = SDL_Rect(x: Int32(pixel: r.minX), y: Int32(pixel: r.minY), w: Int32(pixel: max(1, r.width)), h: Int32(pixel: r.height))
        SDL_SetTextInputRect(&rect)
    }

    /// Draws the current tree through SDL and writes it as PNG at the window's pixel size (`podium
    /// snapshot`, followers, and the control socket where the X server cannot be read:
    /// `saveServerPixels`).
    public func screenshot(to path: String) throws {
        root.finishAnimations()   // show settled popovers, not a frame of their fade
        renderer.draw(frameList(), background: root.backgroundColor)
        // Images still decoding in the background would be missing: wait for them, draw again.
        if renderer.imagesDecoding > 0 {
            renderer.finishImageDecoding()
            renderer.draw(frameList(), background: root.backgroundColor)
        }
        try renderer.savePNG(to: path, size: pixelSize)
        SDL_RenderPresent(renderer.sdl)
        renderer.invalidate()   // drawn whole but not recorded as the last frame: the next is whole too
    }

    /// Waits (up to 10 s) for the images this window's frames asked for; those decoded meanwhile
    /// are drawn by its next frame. True when there were any.
    public func waitForImages() -> Bool {
        guard renderer.imagesDecoding > 0 else { return false }
        renderer.finishImageDecoding()
        renderer.invalidate(); root.requestRedraw()
        return true
    }

    /// Writes as PNG the pixels the X server shows in this window now (`podium_x11_read_window`,
    /// window pixels, another window over it included): what the room sees, a page copied from a
    /// server pixmap included, without drawing anything (trial 27 m3: drawing the tree again
    /// through SDL could not see a stale pixmap, covered the room with SDL's frame and turned the
    /// next advance's tile copy off). False, writing nothing, when not on X11 or when the server
    /// cannot read the window (partly off the screen).
    /// - Throws: `SDLError` when the pixels cannot be encoded, `OutputFileError` when the file
    ///   cannot be written.
    public func saveServerPixels(to path: String) throws -> Bool {
        guard SDLVideo.currentDriver == "x11" else { return false }
        let size = pixelSize
        var out = [UInt8](repeating: 0, count: Int(size.w) * Int(size.h) * 4)
        guard out.withUnsafeMutableBufferPointer({ podium_x11_read_window(UnsafeMutableRawPointer(sdl), size.w, size.h, $0.baseAddress) }) == 0 else { return false }
        guard let png = PixelEncoding.png(out, w: size.w, h: size.h) else {
            throw SDLError("cannot encode \(size.w)x\(size.h) pixels as PNG: \(SDLVideo.lastError)")
        }
        try OutputFile.replace(path, with: png)
        return true
    }

    /// Puts the window on a display: fullscreen (desktop mode) on it, or windowed inside it.
    /// A hidden window on X11 is made fullscreen by its window state (`fullscreenByState`), so
    /// that nothing waits when it is shown; a mapped one by SDL.
    public func move(to display: Rect, fullscreen: Bool) {
        if fullscreen {
            if !isVisible, !isFullscreenInSDL, SDLVideo.currentDriver == "x11" {
                put(at: display, bordered: false, keepingState: true)
                if !fullscreenByState { fullscreenByState = podium_x11_set_fullscreen_state(UnsafeMutableRawPointer(sdl)) == 0 }
                if !fullscreenByState { SDL_SetWindowFullscreen(sdl, SDL_WINDOW_FULLSCREEN_DESKTOP.rawValue) }
                return
            }
            cover(display)
            SDL_SetWindowFullscreen(sdl, SDL_WINDOW_FULLSCREEN_DESKTOP.rawValue)
            syncSize()
            return
        }
        leaveFullscreen()
        SDL_SetWindowBordered(sdl, SDL_TRUE)
        let w = min(display.width * 0.8, 1280), h = min(display.height * 0.8, 800)
        SDL_SetWindowSize(sdl, Int32(w), Int32(h))
        SDL_SetWindowPosition(sdl, Int32(display.midX - w / 2), Int32(display.midY - h / 2))
        syncSize()
    }

    /// A borderless window exactly covering `rect` (desktop coordinates), not in SDL's fullscreen
    /// mode: what fullscreen looks like where the window manager ignores the request.
    public func cover(_ rect: Rect) { put(at: rect, bordered: false) }

    /// An ordinary (bordered) window at `frame` exactly (desktop coordinates), out of fullscreen.
    public func moveWindowed(to frame: Rect) { put(at: frame, bordered: true) }

    /// `keepingState`: its fullscreen window state stays (`move(to:fullscreen:)` on a hidden window).
    private func put(at rect: Rect, bordered: Bool, keepingState: Bool = false) {
        if !keepingState { leaveFullscreen() }
        SDL_SetWindowBordered(sdl, bordered ? SDL_TRUE : SDL_FALSE)
        // A window never mapped is where and as large as SDL made it (no window manager has
        // touched it; one that was mapped may have been moved, and SDL keeps what it asked for):
        // a spare audience window made where the projector appeared, at its size, is neither
        // moved nor resized again (on X11 seven and four round trips, SDL waiting to see the
        // server's answer).
        if everShown || isVisible || frame.origin != rect.origin { SDL_SetWindowPosition(sdl, Int32(rect.minX), Int32(rect.minY)) }
        if everShown || isVisible || pointSize != rect.size { SDL_SetWindowSize(sdl, Int32(rect.width), Int32(rect.height)) }
        syncSize()
    }
    /// Out of fullscreen (SDL's mode, or its window state: `fullscreenByState`), where it is. Before a window goes fullscreen on a display
    /// another of ours is fullscreen on, take that one out first: SDL minimises the display's
    /// previous fullscreen window (seen: a swap under openbox iconified the audience window).
    public func leaveFullscreen() {
        if fullscreenByState { fullscreenByState = false; _ = podium_x11_clear_fullscreen_state(UnsafeMutableRawPointer(sdl)) }
        if isFullscreenInSDL { SDL_SetWindowFullscreen(sdl, 0) }
    }
    public var isMinimized: Bool { SDL_GetWindowFlags(sdl) & SDL_WINDOW_MINIMIZED.rawValue != 0 }
    /// Shown, and restored when minimised (a shown window can still be iconic). On X11 a window
    /// made fullscreen while hidden is mapped fullscreen (`podium_x11_set_fullscreen_state`):
    /// SDL would map it as an ordinary window and ask only then (trial 17 m3: the console's
    /// frame, wider than the laptop, showed its edge on the projector for a frame).
    public func show() {
        let first = !everShown
        everShown = true
        if !isVisible, isFullscreenInSDL, SDLVideo.currentDriver == "x11" { _ = podium_x11_set_fullscreen_state(UnsafeMutableRawPointer(sdl)) }
        SDL_ShowWindow(sdl)
        if first { warmSurface() }
        if isMinimized { SDL_RestoreWindow(sdl) }
    }
    public func hide() { SDL_HideWindow(sdl) }
    /// Whether the window was ever mapped (`show`), so a window manager may have moved it.
    private var everShown = false

    /// Makes the software renderer's window surface at the window's size now and has its pages
    /// made on another thread (`podium_populate_async`), before the first frame writes all of it:
    /// at launch the room's first frame spent ~6 of its ~20 ms in page faults of a surface made
    /// in that frame (issue 19, launch). Nothing for other renderers.
    private func warmSurface() {
        guard Self.warmsSurfaces, renderer.driverName == "software", let s = SDL_GetWindowSurface(sdl), let px = s.pointee.pixels,
              podium_populate_async(px, Int(s.pointee.pitch) * Int(s.pointee.h)) == 0 else { return }
        surfacesWarmed += 1
    }

    /// Window surfaces warmed so far (`state`, tests).
    public private(set) var surfacesWarmed = 0

    /// Whether a window's surface is warmed when it is first shown (`PODIUM_WARM_SURFACE=0`: not, for A/B).
    static let warmsSurfaces = getenv("PODIUM_WARM_SURFACE").map { String(cString: $0) != "0" } ?? true
    /// Raised, with keyboard focus (SDL_SetWindowInputFocus: also without a window manager).
    public func raiseAndFocus() { SDL_RaiseWindow(sdl); SDL_SetWindowInputFocus(sdl) }

    /// X11: the colour the X server paints where this window has no frame of its own yet (from
    /// its map, and after a move or resize until its next frame; X's default is white, which a
    /// swap showed the room for up to 0.4 s: trial 31 F3). Nothing on other drivers.
    public func setServerBackground(_ c: Color) {
        guard SDLVideo.currentDriver == "x11" else { return }
        _ = podium_x11_set_window_background(UnsafeMutableRawPointer(sdl), UInt32(c.r) << 16 | UInt32(c.g) << 8 | UInt32(c.b))
    }
}
