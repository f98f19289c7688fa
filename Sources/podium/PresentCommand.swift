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
    var audienceWindow: PlatformWindow?
    var control: ControlServer?
    let text = TextEngine()
    let images = ImageSizeCache()
    var displays: [DisplayInfo] = []
    var roles = DisplayRoles(presenter: nil, audience: nil)
    var quit = false
    let launch = ProcessInfo.processInfo.systemUptime

    init(_ o: CommandLineInterface.Options) { options = o }
    var windowed: Bool { options.flags.contains("--windowed") }

    func run() throws -> Int32 {
        let registry = BuiltInPlugins.registry()
        let deckPath = options.positional.first ?? AssetLocator.demoDeck
        let deck = try Deck.load(path: deckPath, kinds: registry.validators)
        var socketPath: String?
        if let c = options.values["--control"] {
            guard c.hasPrefix("unix:"), c.count > 5 else { throw CommandLineInterface.UsageError(description: "--control expects unix:PATH, got \"\(c)\"") }
            socketPath = String(c.dropFirst(5))
        }
        try SDLVideo.start()
        defer { SDLVideo.stop() }
        log("video driver \(SDLVideo.currentDriver)")

        presentation = Presentation(deck: deck, registry: registry, metrics: text)
        presentation.clipboardWriter = { Clipboard.set($0) }
        for root in [presentation.presenter, presentation.audience] {
            root.clipboard = ClipboardAccess(write: { Clipboard.set($0) }, read: { Clipboard.get() })
            root.clock = presentation.clock   // popover fade/scale transitions
        }
        presentation.presenter.imageSizing = images
        presentation.audience.imageSizing = images
        presenterWindow = try PlatformWindow(title: "Podium Presenter — \(deck.title)", root: presentation.presenter,
                                             size: Size(1280, 800), text: text)
        if let p = socketPath { control = try ControlServer(path: p); log("control socket \(p)") }
        // An external display already connected at launch sends no event: look now.
        try reassignDisplays(reason: "launch")
        startConsoleClock()
        presentation.log = { [weak self] in self?.log($0) }
        SDL_StartTextInput()
        try loop()
        control?.close()
        return 0
    }

    func log(_ s: String) { FileHandle.standardError.write(Data("podium: \(s)\n".utf8)) }

    /// Updates the console's elapsed time once a second; nothing else ticks while idle.
    func startConsoleClock() {
        presentation.timers.schedule(now: presentation.clock(), after: 1, repeats: true) { [weak self] in
            guard let self else { return }
            let e = Int(self.presentation.elapsed)
            let s = String(format: "%d:%02d", e / 60, e % 60)
            if self.presentation.console.timerLabel.text != s { self.presentation.console.timerLabel.text = s }
        }
    }

    // MARK: Displays

    /// Re-enumerates displays and puts each window where the policy says.
    func reassignDisplays(reason: String) throws {
        let now = SDLVideo.displays()
        let changed = now != displays
        displays = now
        let wanted = DisplayRoles.choose(displays, audience: options.values["--audience-display"], presenter: options.values["--presenter-display"])
        guard changed || wanted != roles || reason == "launch" else { return }
        roles = wanted
        guard let pIndex = roles.presenter, let pd = displays.first(where: { $0.index == pIndex }) else { return }
        // Two displays: the presenter view fills the laptop screen (as pdfpc does); one display:
        // an ordinary window, so the speaker can still reach other programs.
        presenterWindow.move(to: !windowed && roles.audience != nil ? pd.bounds : pd.usableBounds,
                             fullscreen: !windowed && roles.audience != nil)
        presenterWindow.show()
        if let aIndex = roles.audience, let ad = displays.first(where: { $0.index == aIndex }) {
            let w = try audienceWindowOrCreate()
            w.move(to: ad.bounds, fullscreen: !windowed)
            w.show()
            presentation.audience.resize(to: w.pointSize)
            log("\(reason): \(displays.count) display(s); presenter on \(pd.name), audience fullscreen on \(ad.name) \(ad.bounds)")
        } else if windowed {
            let w = try audienceWindowOrCreate()
            w.move(to: pd.usableBounds.insetBy(dx: pd.usableBounds.width * 0.2, dy: pd.usableBounds.height * 0.2), fullscreen: false)
            w.show()
            log("\(reason): one display (\(pd.name)); audience in a window")
        } else {
            audienceWindow?.hide()
            presentation.audience.resize(to: Size(pd.bounds.width, pd.bounds.height))
            log("\(reason): one display (\(pd.name)); audience shown in the presenter preview")
        }
        SDL_RaiseWindow(presenterWindow.sdl)
        presentation.presenter.requestRedraw()
    }

    func audienceWindowOrCreate() throws -> PlatformWindow {
        if let w = audienceWindow { return w }
        let w = try PlatformWindow(title: "Podium Audience — \(presentation.deck.title)", root: presentation.audience,
                                   size: Size(1280, 720), flags: SDL_WINDOW_HIDDEN.rawValue, text: text)
        audienceWindow = w
        return w
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
        presenterWindow.renderIfNeeded()
        if let a = audienceWindow, a.isVisible { a.renderIfNeeded() }
    }

    func handle(_ e: SDL_Event) throws {
        if let c = control, e.type == c.wakeEventType { c.drain { [self] in ControlRequests.handle($0, app: self) }; return }
        switch SDL_EventType(e.type) {
        case SDL_QUIT: quit = true
        case SDL_DISPLAYEVENT:
            try reassignDisplays(reason: "display event \(e.display.event) on \(e.display.display)")
        case SDL_WINDOWEVENT:
            let w = window(id: e.window.windowID)
            switch SDL_WindowEventID(UInt32(e.window.event)) {
            case SDL_WINDOWEVENT_SIZE_CHANGED, SDL_WINDOWEVENT_MOVED, SDL_WINDOWEVENT_DISPLAY_CHANGED:
                w?.syncSize()
                // On another display popovers are placed afresh (and fade in again).
                if UInt32(e.window.event) == SDL_WINDOWEVENT_DISPLAY_CHANGED.rawValue { w?.root.displayDidChange() }
                // SDL sends no event for a mode change; window events are a cue to look again.
                try reassignDisplays(reason: "window event")
            case SDL_WINDOWEVENT_EXPOSED: w?.root.requestRedraw()
            case SDL_WINDOWEVENT_CLOSE: if w === presenterWindow { quit = true }
            default: break
            }
        default:
            guard let input = EventTranslator.input(from: e) else { return }
            if case let .key(k) = input, (k.is("q") && !k.shift) || (k.control && k.is("q")) {
                if presentation.presenter.focusedView == nil || k.control { quit = true; return }
            }
            let target = EventTranslator.windowID(of: e).flatMap(window(id:)) ?? presenterWindow!
            // Keys typed in the audience window act on the presenter (the speaker's focus).
            if case .key = input { presentation.presenter.dispatch(input); return }
            target.root.dispatch(input)
        }
    }

    func window(id: UInt32) -> PlatformWindow? {
        if presenterWindow.id == id { return presenterWindow }
        if let a = audienceWindow, a.id == id { return a }
        return nil
    }
}
