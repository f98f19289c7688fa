import CMainQueue
import CSDL2
import PodiumCore
import PodiumKit
import Synchronization

/// What the run loop hands the host: SDL's events translated, so commands never see SDL types.
public enum PlatformEvent {
    /// SIGTERM/SIGINT (`QuitSignals`) or the desktop session ending.
    case quit
    /// A display was connected, disconnected or rotated, or (X11) the X server announced a RandR
    /// change such as a new mode; the text is for the log ("display 1 connected", SDL's index at
    /// the time of the event; "RandR notice").
    case displaysChanged(String)
    /// Something happened to one of this process's windows (`PlatformWindow.id`).
    case window(WindowEvent, windowID: UInt32)
    /// Keyboard, mouse, text or a dropped file, in window points; the window when SDL names one.
    case input(InputEvent, windowID: UInt32?)
    /// A Ctrl key let go (its key-up; other key-ups are not passed on): the pointer dot shown
    /// with Ctrl + mouse goes at once.
    case controlReleased
    /// (X11) No window has the keyboard (the X input focus is None or PointerRoot: the window
    /// that had it went) and no window manager runs to give it to one (`RandRWatcher`).
    case keyboardFocusDropped

    public enum WindowEvent {
        /// Resized or moved; `displayChanged` when it is now on another display.
        case geometryChanged(displayChanged: Bool)
        case exposed, focusGained, closeRequested
    }
}

/// The host's run loop over SDL: waits for events with a timeout (an idle talk sleeps), wakes for
/// work posted to `MainThreadMailbox` from other threads, and serves the main dispatch queue, on
/// which Swift's main-actor tasks and `DispatchQueue.main` blocks wait (on Linux nothing else
/// runs that queue while SDL sleeps, so a plugin's `Task { @MainActor … }` never ran).
@MainActor
public final class PlatformEventLoop {
    private let mailboxEvent: UInt32
    /// RandR and focus notices from the X server (x11 driver only): a mode change is handled at once.
    private let randr: RandRWatcher?

    /// Whether the X server's RandR notices wake the loop on a display change (x11 driver with
    /// RandR), so the periodic display check is only a fallback (`DisplayCheck.interval`).
    public var displayNoticesArrive: Bool { randr != nil }

    /// Call after `SDLVideo.start()`. Installs the mailbox's wake-up and starts text input.
    public init() {
        let event = SDL_RegisterEvents(1)
        mailboxEvent = event
        randr = SDLVideo.currentDriver == "x11" ? RandRWatcher(eventType: SDL_RegisterEvents(1), focusEventType: SDL_RegisterEvents(1)) : nil
        Self.wakeEvent.store(event, ordering: .releasing)
        MainThreadMailbox.shared.wake = { PlatformEventLoop.pushWake() }
        // A plain function, not a closure made here: one written in this main-actor init would be
        // main-actor isolated, and the watcher thread calling it trapped on the isolation check.
        podium_main_queue_watch(wakeFromMainQueueWatcher)
        // Work queued on the main queue before the loop existed runs on its first turn.
        podium_main_queue_drain()
        SDL_StartTextInput()
    }

    /// Stops waking for the mailbox and stops text input; call before closing the windows.
    public func close() {
        MainThreadMailbox.shared.wake = nil
        randr?.stop()
        Self.wakeEvent.store(0, ordering: .releasing)
        if SDL_IsTextInputActive() == SDL_TRUE { SDL_StopTextInput() }
    }

    /// The registered SDL event type that wakes the loop; 0 when no loop runs (wakes are dropped:
    /// the next loop drains what is waiting when it starts).
    private nonisolated static let wakeEvent = Atomic<UInt32>(0)

    fileprivate nonisolated static func pushWake() {
        let type = wakeEvent.load(ordering: .acquiring)
        guard type != 0 else { return }
        var e = SDL_Event()
        e.type = type
        SDL_PushEvent(&e)   // SDL's event queue is thread-safe
    }

    /// Waits up to `timeoutMs` (ms) for events and hands each to `handle` in order: at most one
    /// wait, then everything already queued. Posted work (mailbox, main queue) runs in between.
    public func wait(timeoutMs: Int32, _ handle: (PlatformEvent) throws -> Void) rethrows {
        var e = SDL_Event()
        guard SDL_WaitEventTimeout(&e, timeoutMs) == 1 else { return }
        repeat {
            if AdvanceTrace.enabled, e.type == SDL_KEYDOWN.rawValue { AdvanceTrace.begin("key") }
            if e.type == mailboxEvent {
                MainThreadMailbox.shared.drain()
                podium_main_queue_drain()
            } else if let r = randr, e.type == r.eventType {
                r.handled()
                XErrorProbe.fire()
                try handle(.displaysChanged("RandR notice"))
            } else if let r = randr, e.type == r.focusEventType {
                r.focusHandled()
                try handle(.keyboardFocusDropped)
            } else if let event = Self.translate(e) {
                if case .displaysChanged = event { XErrorProbe.fire() }
                try handle(event)
            }
        } while SDL_PollEvent(&e) == 1
    }

    static func translate(_ e: SDL_Event) -> PlatformEvent? {
        switch SDL_EventType(e.type) {
        case SDL_QUIT: return .quit
        case SDL_DISPLAYEVENT: return .displaysChanged(describe(e.display))
        case SDL_WINDOWEVENT:
            let id = e.window.windowID
            switch SDL_WindowEventID(UInt32(e.window.event)) {
            case SDL_WINDOWEVENT_SIZE_CHANGED, SDL_WINDOWEVENT_MOVED: return .window(.geometryChanged(displayChanged: false), windowID: id)
            case SDL_WINDOWEVENT_DISPLAY_CHANGED: return .window(.geometryChanged(displayChanged: true), windowID: id)
            case SDL_WINDOWEVENT_EXPOSED: return .window(.exposed, windowID: id)
            case SDL_WINDOWEVENT_FOCUS_GAINED: return .window(.focusGained, windowID: id)
            case SDL_WINDOWEVENT_CLOSE: return .window(.closeRequested, windowID: id)
            default: return nil
            }
        case SDL_KEYUP where e.key.keysym.sym == SDL_Keycode(SDLK_LCTRL.rawValue) || e.key.keysym.sym == SDL_Keycode(SDLK_RCTRL.rawValue):
            return .controlReleased
        default:
            return EventTranslator.input(from: e).map { .input($0, windowID: EventTranslator.windowID(of: e)) }
        }
    }

    /// "display 1 connected" etc. for the log; SDL's index is the one at the time of the event.
    static func describe(_ e: SDL_DisplayEvent) -> String {
        let what: String
        switch UInt32(e.event) {
        case SDL_DISPLAYEVENT_CONNECTED.rawValue: what = "connected"
        case SDL_DISPLAYEVENT_DISCONNECTED.rawValue: what = "disconnected"
        case SDL_DISPLAYEVENT_ORIENTATION.rawValue: what = "orientation changed"
        default: what = "event \(e.event)"
        }
        return "display \(e.display) \(what)"
    }

    /// The modifier keys held now (for pointer gestures: Ctrl + move shows the pointer dot).
    public static var modifiers: (shift: Bool, control: Bool, alt: Bool) {
        let m = UInt32(SDL_GetModState().rawValue)
        return (m & UInt32(KMOD_SHIFT.rawValue) != 0, m & UInt32(KMOD_CTRL.rawValue) != 0, m & UInt32(KMOD_ALT.rawValue) != 0)
    }
}

/// Called on libdispatch's watcher thread (`podium_main_queue_watch`) when main-queue work waits.
private func wakeFromMainQueueWatcher() { PlatformEventLoop.pushWake() }

/// Process-wide set-up the platform needs before anything else runs.
public enum PlatformProcess {
    /// Line-buffered stdout (logs reach a pipe line by line) and SIGPIPE ignored (a closed control
    /// socket or remote client is an error to handle, not a reason to die).
    /// Also: 4K-page-sized buffers (renders, textures, window surfaces: 31.6 MiB) are mapped on
    /// their own, so memory freed by one returns to the system at once instead of staying in the
    /// heap (glibc's adaptive threshold rises to 32 MiB and kept them there: 110 MB of heap with a
    /// 4K audience); smaller buffers stay in the heap, reused without fresh page faults.
    public static func prepare() {
        podium_line_buffer_stdout()
        podium_ignore_sigpipe()
        podium_malloc_map_large(24 << 20)
    }
}
