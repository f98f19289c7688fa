import CSDL2
import CX11Present
import PodiumCore
import PodiumKit

extension PlatformWindow: DisplayWindow {
    public var placesFullscreenHidden: Bool { SDLVideo.currentDriver == "x11" }

    public func warmUp(size: Size) {
        guard !isVisible, size.width >= 1, size.height >= 1 else { return }
        SDL_SetWindowSize(sdl, Int32(size.width), Int32(size.height))
        syncSize()
        _ = renderIfNeeded(force: true)
    }

    /// The window's title (the desktop's task bar and window list show it).
    public var title: String {
        get { String(cString: SDL_GetWindowTitle(sdl)) }
        set { SDL_SetWindowTitle(sdl, newValue); if SDLVideo.currentDriver == "x11" { _ = podium_x11_set_window_title(UnsafeMutableRawPointer(sdl), newValue) } }
    }

    /// X11 only: a Wayland surface is mapped by its first buffer, and sway focuses a window that
    /// maps before its fullscreen request (the presenter lost the keyboard).
    public func drawNow() -> Bool { SDLVideo.currentDriver == "x11" && isVisible && renderIfNeeded(force: true) }

    /// Every driver: asked fullscreen on its display already, so on Wayland this first buffer
    /// maps it there (a cover; see `SDLDisplayPlatform.makeCoverWindow`).
    public func drawPlaced() -> Bool { isVisible && renderIfNeeded(force: true) }
}

/// `DisplayPlatform` on SDL: its displays named as users see them (RandR on X11, the compositor
/// on Wayland), the X server's truth about windows a window manager moved, and hidden audience
/// windows drawing `root`.
public final class SDLDisplayPlatform: DisplayPlatform {
    /// The title of audience windows made from now on (a reload renames the ones there are).
    public var audienceTitle: String
    private let root: WindowRoot
    private let text: TextEngine

    /// `title` and `root`: the audience windows' title and view tree.
    public init(audienceTitle: String, root: WindowRoot, text: TextEngine) {
        self.audienceTitle = audienceTitle; self.root = root; self.text = text
    }

    public func enumerate() -> (displays: [DisplayInfo], libraryBounds: [Int: Rect]) {
        let raw = SDLVideo.displays()
        return (SDLVideo.displaysAsUsersName(raw), Dictionary(raw.map { ($0.index, $0.bounds) }) { a, _ in a })
    }

    public var honoursFullscreen: Bool { !(SDLVideo.currentDriver == "x11" && X11Outputs.hasWindowManager() == false) }

    public func managedFrame(of window: PlatformWindow) -> Rect? {
        guard SDLVideo.currentDriver == "x11", X11Outputs.hasWindowManager() == true else { return nil }
        return X11Outputs.frame(of: window)
    }

    public func makeAudienceWindow(on display: Rect) throws -> PlatformWindow {
        let w = try PlatformWindow(title: audienceTitle, root: root, size: Size(min(1280, display.width), min(720, display.height)),
                                   position: display.origin, flags: SDL_WINDOW_HIDDEN.rawValue | SDL_WINDOW_BORDERLESS.rawValue, text: text)
        // Black the moment it is mapped, until its first frame: never the screen's stale pixels
        // (seen on a projector just plugged in: a copy of the presenter view for 0.1 s).
        if SDLVideo.currentDriver == "x11" { _ = podium_x11_set_window_background(UnsafeMutableRawPointer(w.sdl), 0x000000) }
        return w
    }

    /// The title of cover windows (`xwininfo`, tests), as the crash watcher's "podium cover".
    public static let coverTitle = "Podium Cover"

    /// A borderless window with an empty black tree, drawn with SDL (`drawPlaced`, and again on
    /// every expose and resize); nil for drivers other than x11 and wayland (not covered).
    ///
    /// X11: its X background is black too, so it is black from its map on and after every expose
    /// without drawing; where a window manager put it is read back (`managedFrame`).
    ///
    /// Wayland: no client is told where a compositor put its window, so the cover goes the way
    /// the audience window does, relying on the same thing: its toplevel made without a buffer
    /// (`show`), asked fullscreen on the display's output, and only then its first buffer (black),
    /// which maps it. A compositor that honours the output of a fullscreen request at the first
    /// map puts it there (sway 1.7: `view_map` takes the requested output, and a window mapped on
    /// a workspace other than the focused one takes no focus: the console keeps the keyboard).
    /// What can be checked afterwards is (`DisplayController.coverMisplaced`): a compositor that
    /// puts it elsewhere answers with an ordinary window, which SDL follows out of fullscreen
    /// (`coverLeftFullscreen`; a sway `move to output` rule left it tiled on the console's
    /// output), and SDL makes the output a fullscreen window's surface entered its display
    /// (`coverFrame`): either way the cover is closed. Unlike the console's (README: lost once
    /// SDL places a window again), this stands, since nothing places a cover again until its
    /// display changes. Until the compositor has answered, the answer is the output asked for: a
    /// compositor ignoring it maps a new window on the focused output, the console's (`apply`
    /// focuses it before covers are made; the room's window has the keyboard only while it
    /// mirrors the console, and then no display is spare), so black could lie over the console
    /// until the check ~1 s later, never over the room's view.
    public func makeCoverWindow(on display: Rect) throws -> PlatformWindow? {
        let driver = SDLVideo.currentDriver
        guard driver == "x11" || driver == "wayland" else { return nil }
        let root = WindowRoot(metrics: text)
        root.backgroundColor = .black
        let w = try PlatformWindow(title: Self.coverTitle, root: root, size: Size(min(640, display.width), min(480, display.height)),
                                   position: display.origin, flags: SDL_WINDOW_HIDDEN.rawValue | SDL_WINDOW_BORDERLESS.rawValue, text: text)
        if driver == "x11" { _ = podium_x11_set_window_background(UnsafeMutableRawPointer(w.sdl), 0x000000) }
        return w
    }

    /// X11: the X server's frame (`managedFrame`). Wayland: SDL's frame of the fullscreen cover,
    /// the origin of the display whose output its surface entered (SDL 2.26 `Wayland_move_window`
    /// moves a fullscreen window's display there), the display asked for until then.
    public func coverFrame(of window: PlatformWindow) -> Rect? {
        if SDLVideo.currentDriver == "wayland" { return window.isFullscreen ? window.frame : nil }
        return managedFrame(of: window)
    }

    /// Wayland: SDL follows the compositor's configure, so a cover it answered with an ordinary
    /// window (sway's `move to output` rule: tiled on that output, out of fullscreen) is no
    /// longer fullscreen for SDL either.
    public func coverLeftFullscreen(_ window: PlatformWindow) -> Bool {
        SDLVideo.currentDriver == "wayland" && window.isVisible && !window.isFullscreen
    }
}
