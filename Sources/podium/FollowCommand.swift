import FoundationEssentials
import Glibc
import PodiumBroker
import PodiumCore
import PodiumKit
import PodiumSDL

/// `podium follow mqtt://HOST[:PORT]/TALK [DECK]`: a follower screen. One window, fullscreen on
/// this machine's display, shows the audience view of the same deck in step with the presenting
/// Podium's retained state on the broker (`FollowerSession`). No keys drive it (q or Ctrl+Q,
/// SIGTERM or the control socket's `quit` end it); the speaker drives the talk.
@MainActor
final class FollowCommand {
    let options: CommandLineInterface.Options
    var presentation: Presentation!
    var window: PlatformWindow!
    var session: FollowerSession!
    var control: ControlServer?
    var quit = false
    /// Made once SDL has started and the environment is final (`PresentCommand.text`).
    lazy var text = TextEngine()
    let images = ImageSizeCache()
    var events: PlatformEventLoop?
    var selector: DisplaySelector?
    var placedOn: Rect?
    /// Another talk presents on this display server (it holds the room's lock): the follower
    /// opens as an ordinary window on the primary display, as `present --windowed` does beside one.
    var besideATalk = false

    init(_ o: CommandLineInterface.Options) { options = o }

    static let flags: Set<String> = ["--windowed", "--no-grouping"]
    static let values: Set<String> = Set(["--control", "--display", "--notes"] + BrokerOptions.names)

    func run() throws -> Int32 {
        guard let spec = options.positional.first else { throw CommandLineInterface.UsageError(description: "follow needs the talk's broker URL: mqtt://HOST[:PORT]/TALK") }
        guard options.positional.count <= 2 else { throw CommandLineInterface.UsageError(description: "follow takes a URL and at most one deck, got \(SafeText.quote(options.positional.dropFirst(2).joined(separator: " ")))") }
        let url = try BrokerOptions.url(spec, options: options)
        let registry = BuiltInPlugins.registry()
        let deckPath = options.positional.count > 1 ? options.positional[1] : AssetLocator.demoDeck
        // As `present` does: a scene with a misspelt parameter does not keep the follower from
        // starting (the talk it follows runs with that scene as a presenter-only error card).
        let deck = try DeckSource.load(deckPath, registry: registry, options: options, keepingBadScenes: true)
        for w in DeckSource.parameterWarnings(deck, "on that scene the follower keeps the room's last picture, as the room does") { log(w) }
        let hash: String
        do { hash = try DeckIdentity.of(files: BrokerOptions.deckFiles(deck)) } catch { throw DeckError(file: deckPath, path: "", message: "\(error)") }
        var socketPath: String?
        if let c = options.values["--control"] {
            guard c.hasPrefix("unix:"), c.count > 5 else { throw CommandLineInterface.UsageError(description: "--control expects unix:PATH, got \(SafeText.quote(c))") }
            socketPath = String(c.dropFirst(5))
        }
        let selector: DisplaySelector?
        do { selector = try options.values["--display"].map { try DisplaySelector(parsing: $0, option: "--display") } }
        catch { throw CommandLineInterface.UsageError(description: "\(error)") }
        let env = ProcessInfo.processInfo.environment
        if env["SDL_VIDEODRIVER"] == nil, env["WAYLAND_DISPLAY"] != nil { setenv("SDL_VIDEODRIVER", "wayland,x11", 1) }
        // Fullscreen here it would cover that talk's console or its room (a rehearsal of the
        // follower on the presenting laptop): a window on the primary display instead.
        if let server = DisplayLock.server(environment: env), let held = AudienceLock.heldElsewhere(server: server, deckPath: deck.path) {
            besideATalk = true
            log("\(held.pid.map { "podium pid \($0)" } ?? "another podium") presents on this display: the follower opens in a window on the primary display"
                + (selector == nil ? "" : " (--display is not used beside a talk)"))
        }
        QuitSignals.install()
        try SDLVideo.start()
        defer { shutdown() }
        if ["offscreen", "dummy"].contains(SDLVideo.currentDriver), !(env["SDL_VIDEODRIVER"] ?? "").contains(SDLVideo.currentDriver) {
            throw CommandLineInterface.UsageError(description: "no display server reached (DISPLAY=\(env["DISPLAY"] ?? "unset"), WAYLAND_DISPLAY=\(env["WAYLAND_DISPLAY"] ?? "unset")): SDL fell back to its \(SDLVideo.currentDriver) driver; follow from a desktop session, or set SDL_VIDEODRIVER=offscreen to run headless on purpose")
        }
        log("video driver \(SDLVideo.currentDriver)")
        // A talk killed together with its crash watcher left its windows on the X server (kept
        // for the watcher, which was gone too): freed before this follower's windows map.
        if let freed = X11CloseDown.freeDeadTalksWindows() { log("freed the windows of a dead talk that the X server kept (killed with its crash watcher): \(freed)") }
        let displays = SDLVideo.namedDisplays()
        guard let display = (besideATalk ? nil : selector.map { $0.match(in: displays) }) ?? displays.first else {
            throw CommandLineInterface.UsageError(description: "--display \(options.values["--display"] ?? ""): not connected (connected: \(displays.map { "\($0.index) \"\($0.label)\"" }.joined(separator: ", ")))")
        }

        presentation = Presentation(deck: deck, registry: registry, metrics: text)
        presentation.imageSizing = images
        presentation.audience.clock = presentation.clock
        presentation.log = { [weak self] in self?.log($0) }
        window = try PlatformWindow(title: "Podium Follower — \(deck.title)", root: presentation.audience,
                                    size: Size(min(1280, display.bounds.width), min(720, display.bounds.height)),
                                    position: display.bounds.origin, flags: PlatformWindow.hiddenFlag, text: text)
        self.selector = selector
        placeWindow()
        session = try FollowerSession(url: url, caFile: options.values["--broker-ca"], presentation: presentation, deckHash: hash)
        session.log = { [weak self] in self?.log($0) }
        log("following \(url) on display \(display.index) \"\(display.label)\" (deck \(hash.prefix(19))…)")
        if let p = socketPath {
            control = try ControlServer(path: p)
            control?.handler = { [unowned self] in self.handle($0) }
            log("control socket \(p)")
        }
        events = PlatformEventLoop()
        try loop()
        return 0
    }

    /// Fullscreen (or, with --windowed, a window) on the chosen display, else the first one;
    /// beside a talk a window on the first (primary) display. Again after a display is plugged,
    /// unplugged or changes mode.
    func placeWindow() {
        let displays = SDLVideo.namedDisplays()
        guard let d = (besideATalk ? nil : selector.flatMap { $0.match(in: displays) }) ?? displays.first else { return }
        if d.bounds == placedOn, window.isVisible { return }
        placedOn = d.bounds
        if besideATalk {   // in the top-left quarter: the console stays in view
            let u = d.usableBounds
            window.move(to: Rect(x: u.x, y: u.y, width: u.width / 2, height: u.height / 2), fullscreen: false)
        } else {
            window.move(to: d.bounds, fullscreen: !options.flags.contains("--windowed"))
        }
        window.show()
        window.syncSize()
    }

    func shutdown() {
        control?.close(); control = nil
        session?.stop(); session = nil
        events?.close(); events = nil
        window?.close(); window = nil
        presentation?.timers.cancelAll()
        presentation = nil
        SDLVideo.stop()
    }

    func log(_ s: String) { printError("podium follow: \(s)") }

    func loop() throws {
        while !quit, QuitSignals.pending == nil {
            presentation.timers.fire(now: presentation.clock())
            render()
            var timeout = presentation.timers.nextDeadline.map { Int32(max(0, min(1000, ($0 - presentation.clock()) * 1000)).rounded(.up)) } ?? 1000
            if presentation.audience.isAnimating { timeout = min(timeout, 16) }
            events?.wait(timeoutMs: timeout) { handle($0) }
        }
        QuitSignals.acknowledge()
    }

    func render() {
        session.tick()
        if window.renderIfNeeded() { session.didRender() }
    }

    func handle(_ e: PlatformEvent) {
        switch e {
        case .quit: quit = true
        case let .window(event, _):
            switch event {
            case .geometryChanged: window.syncSize()
            case .exposed: window.invalidate()
            case .closeRequested: quit = true
            case .focusGained: break
            }
        case .displaysChanged:
            placeWindow()
        case let .input(.key(k), _):
            // Only quitting: a follower screen has nothing else to drive (q or Ctrl+Q).
            if k.is("q"), !k.shift, !k.alt, !k.gui { quit = true }
        // Left to a talk beside it (whose keys matter): a follower is driven by the broker.
        case .input, .controlReleased, .keyboardFocusDropped: break
        }
    }

    /// The follower's control socket: `state`, `history` (applied states with timestamps),
    /// `screenshot` and `quit`, as JSON lines.
    func handle(_ line: String) -> String {
        do {
            let v: JSONValue
            do { v = try JSONValue.parse(Data(line.utf8)) } catch { throw ControlRequests.Failure("malformed JSON: \(error)") }
            guard let cmd = v["cmd"]?.string else { throw ControlRequests.Failure("expected an object with a string \"cmd\"") }
            render()
            var out: [String: JSONValue]
            switch cmd {
            case "state": out = state()
            case "history":
                let n = try v["limit"].map { try $0.integer(at: "limit", in: 1...1024) } ?? 1024
                out = ["history": session.historyJSON(limit: n)]
            case "screenshot":
                guard let path = v["path"]?.string else { throw ControlRequests.Failure("screenshot needs a \"path\"") }
                try window.screenshot(to: path)
                out = ["path": .string(path), "width": .number(Double(window.pixelSize.w)), "height": .number(Double(window.pixelSize.h))]
            case "quit": quit = true; out = [:]
            default: throw ControlRequests.Failure("unknown cmd \(SafeText.quote(cmd)) (follow answers state, history, screenshot, quit)")
            }
            out["ok"] = true
            return JSONValue.object(out).jsonString
        } catch {
            return JSONValue.object(["ok": false, "error": .string(SafeText.escape("\(error)"))]).jsonString
        }
    }

    func state() -> [String: JSONValue] {
        let p = presentation!
        return [
            "driver": .string(SDLVideo.currentDriver),
            "window": ["fullscreen": .bool(window.isFullscreen), "visible": .bool(window.isVisible), "framesDrawn": .number(Double(window.framesDrawn)),
                       "width": .number(Double(window.pixelSize.w)), "height": .number(Double(window.pixelSize.h))],
            "scene": ["index": .number(Double(p.currentIndex)), "count": .number(Double(p.sceneCount))],
            "slide": ControlRequests.slideJSON(p),
            "audienceMode": .string(p.audienceMode.rawValue),
            "frozen": .bool(p.isFrozen),
            "pointer": p.pointerPosition.map { ["x": .number($0.x), "y": .number($0.y)] } ?? .null,
            "deck": ["title": .string(p.deck.title), "path": .string(p.deck.path)],
            "follow": session.stateJSON,
        ]
    }
}
