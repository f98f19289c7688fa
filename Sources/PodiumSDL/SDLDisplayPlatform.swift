import CSDL2
import CX11Present
import PodiumCore
import PodiumKit

extension PlatformWindow: DisplayWindow {
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

    /// X11 only: a borderless window with an empty black tree, whose X background is black too,
    /// so it is black from its map on and after every expose without drawing. Elsewhere nil (not
    /// covered: on Wayland a compositor focuses and places new windows by its own rules, untried).
    public func makeCoverWindow(on display: Rect) throws -> PlatformWindow? {
        guard SDLVideo.currentDriver == "x11" else { return nil }
        let root = WindowRoot(metrics: text)
        root.backgroundColor = .black
        let w = try PlatformWindow(title: Self.coverTitle, root: root, size: Size(min(640, display.width), min(480, display.height)),
                                   position: display.origin, flags: SDL_WINDOW_HIDDEN.rawValue | SDL_WINDOW_BORDERLESS.rawValue, text: text)
        _ = podium_x11_set_window_background(UnsafeMutableRawPointer(w.sdl), 0x000000)
        return w
    }
}
