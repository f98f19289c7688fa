import CSDL2
import CSDL2ImageLazy
import CX11Present
import FoundationEssentials
import Glibc
import PodiumCore
import PodiumKit

/// Starting and stopping SDL's video, and what it reports about displays. Everything in
/// PodiumSDL must run on the main thread.
public enum SDLVideo {
    public struct InitError: Error, CustomStringConvertible { public var description: String }

    /// Initialises video (and image loading). `driver`: the SDL video driver to require, e.g.
    /// "offscreen", "x11", "wayland"; nil keeps SDL's own choice or `SDL_VIDEODRIVER`.
    /// Throws when SDL falls back to another driver than the one asked for (SDL does so silently).
    public static func start(driver: String? = nil) throws {
        if let d = driver { setenv("SDL_VIDEODRIVER", d, 1) }
        SDL_SetHint(SDL_HINT_VIDEO_X11_NET_WM_BYPASS_COMPOSITOR, "0")
        SDL_SetHint(SDL_HINT_VIDEO_MINIMIZE_ON_FOCUS_LOSS, "0")
        SDL_SetHint(SDL_HINT_QUIT_ON_LAST_WINDOW_CLOSE, "0")
        // A click that focuses a window is a click: SDL's X11 driver drops one that comes within
        // 10 ms of a focus change, and under a window manager every click on the audience window
        // focuses it (the talk then hands the focus back to the presenter), so clicking the
        // room's picture never advanced.
        SDL_SetHint(SDL_HINT_MOUSE_FOCUS_CLICKTHROUGH, "1")
        // SDL's own SIGINT/SIGTERM handler only posts SDL_QUIT, which a command without a run loop
        // (snapshot, displays) never reads: those keep the default action; `present` installs
        // QuitSignals.
        SDL_SetHint(SDL_HINT_NO_SIGNAL_HANDLERS, "1")
        // With the software renderer, show frames with the window system's own blit instead of an
        // OpenGL texture: on machines without a GPU (llvmpipe) the texture path cost 4× the CPU
        // (bench-pdf.sh: idle 1.8 % → 0.4 %, 4K advance 80 → 28 ms). `SDL_FRAMEBUFFER_ACCELERATION`
        // in the environment still wins.
        SDL_SetHint(SDL_HINT_FRAMEBUFFER_ACCELERATION, "0")
        // Podium draws flat 2D (fills, text textures, images): SDL's software renderer does a
        // 1920×1080 frame in ~4 ms and idles at a third of the CPU and half the memory of OpenGL on
        // a GPU-less machine (scripts/bench.sh: 0.3 % vs 0.8 % idle, 100 vs 229 MB). Set
        // SDL_RENDER_DRIVER=opengl to use the GPU instead.
        SDL_SetHint(SDL_HINT_RENDER_DRIVER, "software")
        // No vsync: frames are drawn only when something changed, and on Wayland a swap that
        // waits for the compositor's frame callback blocked forever once the window's output
        // went away (seen: a nested sway pulling an output mid-present).
        SDL_SetHint(SDL_HINT_RENDER_VSYNC, "0")
        // Without a session bus, no dbus-launch forked from the talk (`SessionBusAutolaunch`).
        guard SessionBusAutolaunch.withoutAutolaunch({ SDL_Init(SDL_INIT_VIDEO | SDL_INIT_EVENTS) }) == 0 else { throw InitError(description: "SDL_Init failed: \(lastError)") }
        let wanted = ProcessInfo.processInfo.environment["SDL_VIDEODRIVER"]
        if let w = wanted, !w.contains(","), w.lowercased() != currentDriver.lowercased() {
            throw InitError(description: "asked for video driver \(w) but SDL chose \(currentDriver)")
        }
        SDL_EventState(UInt32(SDL_DROPFILE.rawValue), Int32(SDL_ENABLE))
        // An X protocol error (SDL waking a window a hot-plug just destroyed) must not end the talk.
        if currentDriver == "x11" { podium_x11_survive_errors() }
    }
    /// Closes SDL_image and SDL. Every `PlatformWindow` must be closed first (see
    /// `PlatformWindow.close`); text layouts live in the windows' renderers and go with them.
    /// Whether `name` is a key SDL knows (`SDL_GetKeyFromName`, any case; "Page Down" as
    /// "PageDown"). Needs no SDL_Init: the names are a static table.
    public static func isKeyName(_ name: String) -> Bool {
        SDL_GetKeyFromName(name) != SDLK_UNKNOWN.rawValue
            || SDL_GetKeyFromName(name.replacing(" ", with: "")) != SDLK_UNKNOWN.rawValue
    }

    public static func stop() { podium_img_quit(); SDL_Quit() }

    /// The video driver SDL is using, e.g. "x11"; empty before `start`.
    /// How many SDL windows exist (ids 1…256 probed), for tests that no window leaked.
    public static func windowCount() -> Int { (1...256).filter { SDL_GetWindowFromID(UInt32($0)) != nil }.count }
    public static var currentDriver: String { SDL_GetCurrentVideoDriver().map { String(cString: $0) } ?? "" }
    public static var lastError: String { String(cString: SDL_GetError()) }

    /// Every display SDL reports now, re-enumerated on each call.
    public static func displays() -> [DisplayInfo] {
        (0..<max(0, SDL_GetNumVideoDisplays())).map { i in
            var b = SDL_Rect(), u = SDL_Rect()
            SDL_GetDisplayBounds(i, &b)
            SDL_GetDisplayUsableBounds(i, &u)
            var ddpi: Float = 0, h: Float = 0, v: Float = 0
            let dpi: Double? = SDL_GetDisplayDPI(i, &ddpi, &h, &v) == 0 ? Double(ddpi) : nil
            var m = SDL_DisplayMode()
            let cur: DisplayInfo.Mode? = SDL_GetCurrentDisplayMode(i, &m) == 0 ? .init(width: Int(m.w), height: Int(m.h), refreshRate: Int(m.refresh_rate)) : nil
            let modes = (0..<max(0, SDL_GetNumDisplayModes(i))).compactMap { j -> DisplayInfo.Mode? in
                var dm = SDL_DisplayMode()
                return SDL_GetDisplayMode(i, j, &dm) == 0 ? .init(width: Int(dm.w), height: Int(dm.h), refreshRate: Int(dm.refresh_rate)) : nil
            }
            return DisplayInfo(index: Int(i), name: SDL_GetDisplayName(i).map { String(cString: $0) } ?? "Display \(i)",
                               bounds: Rect(b), usableBounds: Rect(u), dpi: dpi, currentMode: cur, modes: modes)
        }
    }
}

extension Rect {
    init(_ r: SDL_Rect) { self.init(Double(r.x), Double(r.y), Double(r.w), Double(r.h)) }
    var sdl: SDL_Rect { SDL_Rect(x: Int32(pixel: minX.rounded()), y: Int32(pixel: minY.rounded()), w: Int32(pixel: width.rounded()), h: Int32(pixel: height.rounded())) }
}
