import PodiumKit

/// One top-level window as `DisplayController` moves it (the way Dear ImGui's platform backends
/// stand between its core and SDL/GLFW): PodiumSDL's `PlatformWindow` in the app, a recording
/// fake in tests. Rects are desktop coordinates in the platform's units (pixels on X11).
@MainActor
public protocol DisplayWindow: AnyObject {
    /// Mapped and not hidden.
    var isVisible: Bool { get }
    var isMinimized: Bool { get }
    /// In the platform's fullscreen mode (as the window system last answered).
    var isFullscreen: Bool { get }
    /// Desktop position and size as the window (library) reports it.
    var frame: Rect { get }
    /// Size in pixels of what the window draws.
    var pixelSize: (w: Int32, h: Int32) { get }
    /// Size in points (what its view tree is laid out in). The default is `frame.size`.
    var pointSize: Size { get }
    /// Mapped, and restored when minimised.
    func show()
    /// Whether `move(to:fullscreen: true)` while hidden makes the window fullscreen from its map
    /// on (X11: its window state written before the map, `PlatformWindow.fullscreenByState`), so
    /// it is placed before it is shown. The default is false (Wayland takes fullscreen on an
    /// output only for a mapped window).
    var placesFullscreenHidden: Bool { get }
    /// Fullscreen (desktop mode) on `display`, or a window centred inside it.
    func move(to display: Rect, fullscreen: Bool)
    /// Borderless, exactly covering `rect`, without the platform's fullscreen mode.
    func cover(_ rect: Rect)
    /// An ordinary (bordered) window at `frame` exactly, out of fullscreen. The default is
    /// `move(to: frame, fullscreen: false)`, a window centred inside it.
    func moveWindowed(to frame: Rect)
    /// Unmapped (the presenter window while the only display left is the room's); `show` maps it again.
    func hide()
    /// Out of fullscreen mode where it is (before another window goes fullscreen on its display).
    func leaveFullscreen()
    /// Raised, with keyboard focus.
    func raiseAndFocus()
    /// Releases the window (and its renderer); it must not be used afterwards.
    func close()
    /// While hidden: takes `size` (points) and draws its tree once, so the caches a first frame
    /// needs (window surface, text, page textures) are ready before the window is shown. Off the
    /// hot-plug's critical path; the default does nothing.
    func warmUp(size: Size)
    /// Draws and presents the whole tree now, at the window's present size; true when it drew.
    /// The default draws nothing (the next render pass does).
    func drawNow() -> Bool
    /// Draws and presents the whole tree now, after the window was asked to be fullscreen on its
    /// display (a cover): on Wayland its first buffer is what maps it, so it must come after that
    /// request. True when it drew. The default is `drawNow()`.
    func drawPlaced() -> Bool
    /// Paints `rect` (window points) black over everything the window draws, from its next frame
    /// on; nil: nothing covered. The part of the presenter window on the room's display
    /// (`RoomStrip`). The default does nothing.
    func coverRoomStrip(_ rect: Rect?)
}

extension DisplayWindow {
    public func warmUp(size: Size) {}
    public var placesFullscreenHidden: Bool { false }
    public func drawNow() -> Bool { false }
    public func drawPlaced() -> Bool { drawNow() }
    public var pointSize: Size { frame.size }
    public func coverRoomStrip(_ rect: Rect?) {}
    public func moveWindowed(to frame: Rect) { move(to: frame, fullscreen: false) }
}

/// What `DisplayController` needs from the window system: the displays, how fullscreen works
/// there, and new audience windows.
@MainActor
public protocol DisplayPlatform: AnyObject {
    associatedtype Window: DisplayWindow
    /// The displays now, named as users see them (`DisplayInfo`), and the platform library's own
    /// idea of each display's bounds by index where it can be stale (SDL2 on X11 keeps the mode
    /// from when a display was connected); a display whose two bounds differ is covered with a
    /// borderless window instead of the library's fullscreen (which would use the stale size).
    func enumerate() -> (displays: [DisplayInfo], libraryBounds: [Int: Rect])
    /// False where fullscreen requests go unanswered (X11 without a window manager): windows
    /// then cover their display borderless. True or unknown otherwise.
    var honoursFullscreen: Bool { get }
    /// Where the window system really has `window` when a window manager may put it somewhere
    /// else than asked (X11 with a window manager); nil when that cannot happen or be known.
    func managedFrame(of window: Window) -> Rect?
    /// Where the window system has a black cover window (`makeCoverWindow`), as far as it can
    /// tell: `managedFrame` where there is one; where a compositor does not say (Wayland), the
    /// display the platform library saw the window's surface enter. Nil when unknown. The default
    /// is `managedFrame(of:)`.
    func coverFrame(of window: Window) -> Rect?
    /// True when the window system took a cover out of the fullscreen it was asked for: a Wayland
    /// compositor that put it elsewhere answers with an ordinary window (a sway `move to output`
    /// rule left it tiled on the console's output). The default is false.
    func coverLeftFullscreen(_ window: Window) -> Bool
    /// A new, hidden audience window placed on `display` (so a window manager that honours the
    /// requested position maps it there in the first place).
    func makeAudienceWindow(on display: Rect) throws -> Window
    /// A new, hidden window that shows black only, placed on `display`, to cover a display
    /// nothing of the talk is on (`DisplayPolicy.spareDisplays`); nil where the platform does
    /// not cover displays (the default).
    func makeCoverWindow(on display: Rect) throws -> Window?
}

extension DisplayPlatform {
    public func makeCoverWindow(on display: Rect) throws -> Window? { nil }
    public func coverFrame(of window: Window) -> Rect? { managedFrame(of: window) }
    public func coverLeftFullscreen(_ window: Window) -> Bool { false }
}
