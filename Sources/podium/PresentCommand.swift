import CSDL2
import Foundation
import PodiumCore
import PodiumKit
import PodiumSDL

/// `podium present`: both windows, the run loop, display changes and the control socket.
final class PresentCommand {
    let options: CommandLineInterface.Options
    var presentation: Presentation!
    var presenterWindow: PlatformWindow!
    var displayController: DisplayController!
    var audienceWindow: PlatformWindow? { displayController.audienceWindow }
    var displays: [DisplayInfo] { displayController.displays }
    var control: ControlServer?
    let text = TextEngine()
    let images = ImageSizeCache()
    var quit = false
    /// SDL user event that wakes the loop to run `MainThreadMailbox` work posted from other threads.
    var mailboxEvent: UInt32 = 0
    /// When the process started (uptime seconds), so "first frame after launch" includes loading.
    let launch = processStartUptime() ?? ProcessInfo.processInfo.systemUptime

    init(_ o: CommandLineInterface.Options) { options = o }
    var windowed: Bool { options.flags.contains("--windowed") }

    func run() throws -> Int32 {
        let registry = BuiltInPlugins.registry()
        let deckPath = options.positional.first ?? AssetLocator.demoDeck
        let deck = try DeckSource.load(deckPath, registry: registry, options: options)
        let keyMap = try options.values["--keymap"].map { try KeyMap.load(path: $0) } ?? .standard
        var socketPath: String?
        if let c = options.values["--control"] {
            guard c.hasPrefix("unix:"), c.count > 5 else { throw CommandLineInterface.UsageError(description: "--control expects unix:PATH, got \"\(c)\"") }
            socketPath = String(c.dropFirst(5))
        }
        let policy = try makeDisplayPolicy()
        // Under a Wayland compositor SDL 2.26 picks x11 (Xwayland) first, and there a compositor
        // such as sway maps a re-created audience window on the focused output, i.e. over the
        // presenter. Wayland's own fullscreen-on-an-output does not have that problem.
        let env = ProcessInfo.processInfo.environment
        if env["SDL_VIDEODRIVER"] == nil, env["WAYLAND_DISPLAY"] != nil { setenv("SDL_VIDEODRIVER", "wayland,x11", 1) }
        try SDLVideo.start()
        defer { SDLVideo.stop() }
        log("video driver \(SDLVideo.currentDriver)")

        presentation = Presentation(deck: deck, registry: registry, metrics: text)
        presentation.keyMap = keyMap
        // Only the speaker sees it: the room must not read the notes half of a page.
        if let w = DeckSource.notesWarnings(deck).first { presentation.showNotice(w, kind: .error); log("warning: \(w)") }
        presentation.clipboardWriter = { Clipboard.set($0) }
        for root in [presentation.presenter, presentation.audience] {
            root.clipboard = ClipboardAccess(write: { Clipboard.set($0) }, read: { Clipboard.get() })
            root.clock = presentation.clock   // popover fade/scale transitions
        }
        presentation.imageSizing = images
        presenterWindow = try PlatformWindow(title: "Podium Presenter — \(deck.title)", root: presentation.presenter,
                                             size: Size(1280, 800), text: text)
        if let p = socketPath { control = try ControlServer(path: p); log("control socket \(p)") }
        displayController = DisplayController(policy: policy, presentation: presentation, presenterWindow: presenterWindow,
                                              text: text, windowed: windowed) { [weak self] in self?.log($0) }
        installHostActions()
        // An external display already connected at launch sends no event: look now.
        displayController.refresh(reason: "launch", launch: true)
        warnAboutAbsentDisplays()
        displayController.startPeriodicCheck()
        presentation.startConsoleClock()
        presentation.log = { [weak self] in self?.log($0) }
        mailboxEvent = SDL_RegisterEvents(1)
        MainThreadMailbox.shared.wake = { [mailboxEvent] in var e = SDL_Event(); e.type = mailboxEvent; SDL_PushEvent(&e) }
        SDL_StartTextInput()
        try loop()
        control?.close()
        return 0
    }

    /// A display chosen on the command line that is not connected is not an error (it may be
    /// plugged in later), but the speaker should know the default is used meanwhile.
    func warnAboutAbsentDisplays() {
        for option in ["--audience-display", "--presenter-display"] {
            guard let v = options.values[option], let s = try? DisplaySelector(parsing: v, option: option),
                  s.match(in: displays) == nil else { continue }
            log("\(option) \(s) is not connected (connected: \(displays.map { "\($0.index) \"\($0.name)\"" }.joined(separator: ", "))); "
                + "using the default until it appears")
        }
    }

    func log(_ s: String) { FileHandle.standardError.write(Data("podium: \(s)\n".utf8)) }

    // MARK: Displays

    /// The display policy from the command line; bad selectors are usage errors naming the option.
    func makeDisplayPolicy() throws -> DisplayPolicy {
        func selector(_ option: String) throws -> DisplaySelector? {
            guard let v = options.values[option] else { return nil }
            do { return try DisplaySelector(parsing: v, option: option) }
            catch { throw CommandLineInterface.UsageError(description: "\(error)") }
        }
        return DisplayPolicy(audience: try selector("--audience-display"), presenter: try selector("--presenter-display"), windowed: windowed)
    }

    /// The key map's platform actions: swap the displays (`s`) and quit (`q`, Ctrl+Q).
    func installHostActions() {
        presentation.onSwapDisplays = { [weak self] in self?.displayController.swap() }
        presentation.onQuit = { [weak self] in self?.quit = true }
    }

    // MARK: Loop

    func loop() throws {
        var event = SDL_Event()
        var firstFrameLogged = false
        while !quit {
            presentation.timers.fire(now: presentation.clock())
            renderWindows()
            if !firstFrameLogged {
                firstFrameLogged = true
                log(String(format: "first frame of both windows %.0f ms after launch", (ProcessInfo.processInfo.systemUptime - launch) * 1000))
            }
            // Sleep until an event or the next timer: an idle talk uses no CPU.
            var timeout = presentation.timers.nextDeadline.map { Int32(max(0, min(1000, ($0 - presentation.clock()) * 1000)).rounded(.up)) } ?? 1000
            // A popover fading in or out wants frames (~60 Hz) until it settles; then idle again.
            if presentation.presenter.isAnimating || presentation.audience.isAnimating { timeout = min(timeout, 16) }
            guard SDL_WaitEventTimeout(&event, timeout) == 1 else { continue }
            repeat { try handle(event) } while SDL_PollEvent(&event) == 1
        }
    }

    func renderWindows() {
        let p = presenterWindow.renderIfNeeded()
        var a = false
        if let w = audienceWindow, w.isVisible { a = w.renderIfNeeded() }
        displayController.didRender(presenter: p, audience: a)
    }

    func handle(_ e: SDL_Event) throws {
        if let c = control, e.type == c.wakeEventType { c.drain { [self] in ControlRequests.handle($0, app: self) }; return }
        if e.type == mailboxEvent { MainThreadMailbox.shared.drain(); return }
        switch SDL_EventType(e.type) {
        case SDL_QUIT: quit = true
        case SDL_DISPLAYEVENT:
            displayController.refresh(reason: DisplayController.describe(e.display))
        case SDL_WINDOWEVENT:
            let w = window(id: e.window.windowID)
            switch SDL_WindowEventID(UInt32(e.window.event)) {
            case SDL_WINDOWEVENT_SIZE_CHANGED, SDL_WINDOWEVENT_MOVED, SDL_WINDOWEVENT_DISPLAY_CHANGED:
                w?.syncSize()
                // On another display popovers are placed afresh (and fade in again).
                if UInt32(e.window.event) == SDL_WINDOWEVENT_DISPLAY_CHANGED.rawValue { w?.root.displayDidChange() }
                // SDL sends no event for a mode change; window events are a cue to look again.
                displayController.refresh(reason: "window event")
            case SDL_WINDOWEVENT_EXPOSED: w?.root.requestRedraw()
            case SDL_WINDOWEVENT_FOCUS_GAINED where w != nil && w === audienceWindow:
                // The speaker types into the presenter view; a newly mapped audience window must not keep focus.
                displayController.focusPresenter()
            case SDL_WINDOWEVENT_CLOSE: if w === presenterWindow { quit = true }
            default: break
            }
        default:
            guard let input = EventTranslator.input(from: e) else { return }
            let target = EventTranslator.windowID(of: e).flatMap(window(id:)) ?? presenterWindow!
            // Keys typed in the audience window act on the presenter (the speaker's focus).
            if case let .key(k) = input { presentation.press(k); return }
            // Ctrl + mouse over the audience preview: the pointer dot on the audience view.
            if case let .mouseMoved(p, _) = input, target === presenterWindow {
                let ctrl = UInt32(SDL_GetModState().rawValue) & UInt32(KMOD_CTRL.rawValue) != 0
                if presentation.movePointer(to: p, active: ctrl) { return }
            }
            target.root.dispatch(input)
        }
    }

    func window(id: UInt32) -> PlatformWindow? {
        if presenterWindow.id == id { return presenterWindow }
        if let a = audienceWindow, a.id == id { return a }
        return nil
    }
}

/// This process's start time in seconds since boot, from /proc/self/stat (field 22, clock ticks).
func processStartUptime() -> Double? {
    guard let stat = try? String(contentsOfFile: "/proc/self/stat", encoding: .utf8),
          let close = stat.lastIndex(of: ")") else { return nil }
    let fields = stat[stat.index(after: close)...].split(separator: " ")
    guard fields.count > 19, let ticks = Double(fields[19]) else { return nil }
    return ticks / Double(sysconf(Int32(_SC_CLK_TCK)))
}
