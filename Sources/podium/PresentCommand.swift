import FoundationEssentials
import Glibc
import PodiumBroker
import PodiumCore
import PodiumKit
import PodiumRemote
import PodiumSDL

/// `podium present`: both windows, the run loop, display changes and the control socket.
@MainActor
final class PresentCommand {
    let options: CommandLineInterface.Options
    var presentation: Presentation!
    var presenterWindow: PlatformWindow!
    var displayController: DisplayController<SDLDisplayPlatform>!
    var audienceWindow: PlatformWindow? { displayController.audienceWindow }
    var displays: [DisplayInfo] { displayController.displays }
    var control: ControlServer?
    var remote: RemoteSession?
    var broker: BrokerPublisher?
    var reloader: ReloadController?
    /// The talk's position on disk (`TalkJournal`); written only once `journalArmed` (after the
    /// resume question, if any, is answered, so an unanswered offer keeps the old record).
    var journal: TalkJournal!
    /// Held while this process presents the deck: a second `present` of it is refused.
    var talkLock: TalkLock?
    /// Held while this process's audience view can cover the display server's projector: a second
    /// `present` of another deck there is refused (`--windowed` audiences take none).
    var displayLock: AnyObject?
    var journalArmed = false { didSet { if journalArmed, !oldValue { CrashRestart.placeIsJournaled() } } }
    /// The place encoded once per change for the watcher and the journal (`carryIfChanged`).
    var places = PlaceEncoder()
    /// A changed place's bytes the journal has not written yet (kept after a failed write, so
    /// it is tried again); `encodingFailed`: the place could not be encoded (the journal's save
    /// then says why).
    var unjournaled: Data?
    /// The last place marked for the journal, without the scene's state (`carryIfChanged`).
    var journaledPlace: TalkJournal.Record?
    /// Places built for the watcher and the journal so far (`state`'s `placeRecordsBuilt`,
    /// tests: at most one per turn of the loop, issue 19).
    var placeRecordsBuilt = 0
    /// Turns of the main loop so far (`state`'s `loopTurns`, tests).
    var loopTurns = 0
    /// The place the current turn of the loop built before its frames (`renderWindows`).
    var turnPlace: TalkJournal.Record?
    var encodingFailed = false
    var journalFailed = false
    /// After "start fresh": the interrupted talk's journal stays on disk until the new talk has
    /// moved (`Record.isWorthResuming`), so quitting and relaunching offers it again.
    var keepsOldJournal = false
    /// The scene `finishTheMoveThatCrashed` went on to (0-based), for the restart's notice.
    var movedOnAfterCrash: Int?
    /// Skipped entries taken from the interrupted talk's journal at launch (`adoptJournaledSkips`).
    var journaledSkipsAdopted = 0
    /// Made once the environment is final (`run`, after SDL starts): Pango's font map loads
    /// fontconfig on a thread of its own, whose getenv calls walk the environment, and glibc's
    /// setenv of a new variable may free the array they walk (the talk died of a SIGSEGV at launch).
    lazy var text = TextEngine()
    let images = ImageSizeCache()
    var quit = false
    /// Set once the first frames of both windows are drawn (the loop's first turn).
    var bothWindowsShown = false
    /// The run loop (SDL events, mailbox and main-queue work); made once the windows are up.
    var events: PlatformEventLoop?
    /// When the process started (uptime seconds), so "first frame after launch" includes loading.
    /// (A restart after a crash is the watcher's process, started with the talk: counted from now.)
    let launch = (CrashRestart.isRestart ? nil : processStartUptime()) ?? ProcessInfo.processInfo.systemUptime

    init(_ o: CommandLineInterface.Options) { options = o }
    /// `--windowed [MODE]` (`HostOptions`): which views get an ordinary window.
    lazy var windowedViews: WindowedViews = (try? HostOptions.windowedViews(options)) ?? []
    /// With one display, whether the audience gets a window (else the presenter's preview).
    var windowed: Bool { windowedViews.contains(.audience) }

    func run() throws -> Int32 {
        // Before any plugin, lock or window exists: the crash watcher is forked from here.
        if let note = CrashRestart.startWatcher() { log(note) }
        // libX11 maps its parsed Compose table from here after the first launch (~7.5 ms). Set
        // before the deck loads: from then on other threads may run (`LastGoodDeck`, a plugin's),
        // and a setenv that grows the environment frees the array a reader there may be walking.
        ComposeCache.prepare()
        CrashRestart.traceSceneCode()
        // Skipped scenes stay skipped through every restart (and reload, by their entry:
        // `SceneCode.skippedEntries`), and so does an entry whose `validate` crashed or hung.
        SceneCode.skipped = CrashRestart.carriedSkips
        SceneCode.skippedEntries = CrashRestart.carriedSkippedEntries
        // At its index until the deck is read: a restart that dies reading it carries the skip on.
        let reported = CrashRestart.reportedCrash
        if let crash = reported, crash.skips { SceneCode.skipped[crash.index] = crash }
        SceneCode.adoptCarriedKindCounts(CrashRestart.carried["kindCrashes"] ?? "")
        if let v = CrashRestart.validationCrash {
            SceneCode.skippedEntries[v.identity] = v.crash
            // The kind's third bad entry skips the kind: each entry would cost a restart.
            if SceneCode.countValidateCrash(kind: v.kind) {
                log("every \(SafeText.quote(v.kind)) scene is skipped in this talk: its plugin's validate crashed or hung the talk on \(SceneCode.kindSkipLimit) entries")
            }
        }
        CrashRestart.carrySkips()
        let registry = BuiltInPlugins.registry()
        LaunchTrace.mark("plugin registry")
        try CommandLineInterface.refuseExtraArguments(options, command: "present")
        try CommandLineInterface.refuseMisplacedValue(options)
        let deckPath = options.positional.first ?? AssetLocator.demoDeck
        // A talk resuming an interrupted one may use what that talk kept of its files (the PDF
        // plugin's last good copies, read when the file itself is broken: trial 18b F3, F10).
        if options.flags.contains("--resume") { setenv("PODIUM_RESUMING", "1", 1) }
        adoptJournaledSkips(deckPath: deckPath)
        let deck: Deck
        do { deck = try loadDeck(deckPath, registry: registry) } catch {
            sayResumeCanHelp(deckPath: deckPath)
            throw error
        }
        LaunchTrace.mark("deck loaded and validated")
        // The scene whose code crashed, found in the deck read now (edited since, maybe): the
        // skip moves with it, or goes with an entry the edit removed.
        CrashRestart.findCrashedScene(in: deck)
        if let reported, reported.skips, CrashRestart.crashedScene != reported {
            SceneCode.skipped[reported.index] = nil
            if let found = CrashRestart.crashedScene, found.skips { SceneCode.skipped[found.index] = found }
            CrashRestart.carrySkips()
        }
        // A kind whose plugin code crashed or hung the talk in `kindSkipLimit` scenes is skipped
        // whole: each scene would cost a restart (trial 32 F4).
        for kind in SceneCode.countSkippedScenes(in: deck.scenes) {
            log("every \(SafeText.quote(kind)) scene is skipped in this talk: its plugin crashed or hung the talk in \(SceneCode.kindSkipLimit) scenes")
        }
        let keyMap = try options.values["--keymap"].map { try KeyMap.load(path: $0, knownKey: SDLVideo.isKeyName) } ?? .standard
        var socketPath: String?
        if let c = options.values["--control"] {
            guard c.hasPrefix("unix:"), c.count > 5 else { throw CommandLineInterface.UsageError(description: "--control expects unix:PATH, got \(SafeText.quote(c))") }
            socketPath = String(c.dropFirst(5))
        }
        // Checked before any window opens; a bad value is a usage error (exit 2) like any other.
        if let r = options.values["--remote"] {
            do { _ = try RemoteSession.parse(r) } catch { throw CommandLineInterface.UsageError(description: "\(error)") }
            try RemoteSession.loadLibraries()
            try RemoteSession.checkPort(r)
        }
        windowedViews = try HostOptions.windowedViews(options)
        let startMinutes = try HostOptions.startMinutes(options)
        let brokerURL = try BrokerOptions.presentURL(options)
        var policy = try makeDisplayPolicy()
        // After a crash: the display the room was seeing, so the console never lands on it.
        policy.roomHint = CrashRestart.carried["room"].flatMap(DisplayIdentity.init(line:))
        // Under a Wayland compositor SDL 2.26 picks x11 (Xwayland) first, and there a compositor
        // such as sway maps a re-created audience window on the focused output, i.e. over the
        // presenter. Wayland's own fullscreen-on-an-output does not have that problem.
        let env = ProcessInfo.processInfo.environment
        if env["SDL_VIDEODRIVER"] == nil, env["WAYLAND_DISPLAY"] != nil { setenv("SDL_VIDEODRIVER", "wayland,x11", 1) }
        do {
            talkLock = try TalkLock.acquire(deckPath: deck.path)
            if !windowedViews.contains(.audience), let server = DisplayLock.server(environment: ProcessInfo.processInfo.environment) {
                displayLock = try AudienceLock.acquire(server: server, deckPath: deck.path, handover: CrashRestart.handover)
                if displayLock is X11AudienceLock { CrashRestart.holdsAudience(deckPath: deck.path) }
            } else if let server = DisplayLock.server(environment: ProcessInfo.processInfo.environment),
                      let held = AudienceLock.heldElsewhere(server: server, deckPath: deck.path) {
                // Another talk has the room: every view windowed (`--windowed audience` too, whose
                // presenter would fill a display), all on the primary display (trial 12 F1).
                windowedViews = .both
                policy.windowed = true
                policy.besideAnotherTalk = true
                log("\(held.pid.map { "podium pid \($0)" } ?? "another podium") presents on this display: this deck opens in windows on the primary display only")
            }
        } catch { throw CommandLineInterface.Refusal(description: "\(error)") }
        QuitSignals.onRequest = { CrashRestart.quitting() }   // a kill after SIGTERM/SIGINT restarts nothing
        QuitSignals.install()
        try SDLVideo.start()
        LaunchTrace.mark("SDL video started")
        // The environment is final now (SDL's start set and unset DBUS_SESSION_BUS_ADDRESS): the
        // font map's fontconfig thread may start (`text`).
        _ = text
        defer { shutdown() }
        // SDL falls back to its offscreen driver when it reaches no display server: the talk
        // would run where nobody sees it. Headless on purpose needs SDL_VIDEODRIVER to say so.
        if ["offscreen", "dummy"].contains(SDLVideo.currentDriver), !(env["SDL_VIDEODRIVER"] ?? "").contains(SDLVideo.currentDriver) {
            throw CommandLineInterface.Refusal(description: "no display server reached (DISPLAY=\(env["DISPLAY"] ?? "unset"), WAYLAND_DISPLAY=\(env["WAYLAND_DISPLAY"] ?? "unset")): SDL fell back to its \(SDLVideo.currentDriver) driver and nobody would see the talk; present from a desktop session, or set SDL_VIDEODRIVER=offscreen to run headless on purpose")
        }
        try DisplaysCommand.requireKnownNames(options, in: SDLVideo.namedDisplays())
        log("video driver \(SDLVideo.currentDriver)")
        // A talk killed together with its crash watcher left its windows on the X server (kept
        // for the watcher, which was gone too): freed before this launch's windows map.
        if let freed = X11CloseDown.freeDeadTalksWindows() { log("freed the windows of a dead talk that the X server kept (killed with its crash watcher): \(freed)") }

        presentation = Presentation(deck: deck, registry: registry, metrics: text)
        presentation.log = { [weak self] in self?.log($0) }
        presentation.keyMap = keyMap
        CrashRestart.carryCoverKeys(keyMap)
        presentation.pointerModifiers = { PlatformEventLoop.modifiers }
        if let m = startMinutes {
            let at = String(cFormat: "%02d:%02d", m / 60, m % 60)
            if presentation.setStartTime(minutesAfterMidnight: m) != nil { log("--start-time \(at): the talk timer starts then (or on the first advance)") }
            else { log("--start-time \(at) has passed: the talk timer starts on the first advance") }
        }
        // Only the speaker sees it: the room must not read the notes half of a page. What the
        // room would see comes first, then a notes sidecar's typo (the talk goes on without those notes).
        let warnings = DeckSource.launchWarnings(deck, registry: registry)
        for w in warnings { log("warning: \(w)") }
        for w in DeckSource.parameterWarnings(deck, "that scene shows an error card on the presenter view") { log(w) }
        if let w = DeckSource.bannerLine(warnings, directory: deck.directory) { presentation.showWarningUntilAMove(w) }
        presentation.clipboardWriter = { Clipboard.set($0) }
        for root in [presentation.presenter, presentation.audience] {
            root.clipboard = ClipboardAccess(write: { Clipboard.set($0) }, read: { Clipboard.get() })
            root.clock = presentation.clock   // popover fade/scale transitions
        }
        presentation.imageSizing = images
        LaunchTrace.mark("presentation made")
        let prepared = prepareFirstFrames(policy: policy)
        LaunchTrace.mark("first frames prepared (page renders started): \(prepared)")
        // Before any window: the room's first frame is the resumed scene (or its cover, or its
        // freeze), never the first scene for the length of a frame (issue: trial 8).
        offerResume()
        // After the resume, with the launch warning shown: the restart's notice joins it
        // (`showRestartNotice`) and names what the room sees now.
        afterCrash()
        announceJournaledSkips()
        // Hidden until the display controller has placed it, so that it is mapped where it
        // belongs: after a crash that left only the room's display (it would be mapped on that
        // display, the console for the room to see), and always on X11, where SDL would map it
        // at once as an ordinary window and a window manager's frame round it (openbox: 1282
        // pixels wide at the laptop's origin) reached onto the projector until it went
        // fullscreen (trial 17 m3). On Wayland nothing shows before its first frame.
        let hidden = policy.roomHint != nil || SDLVideo.currentDriver == "x11"
        presenterWindow = try PlatformWindow(title: WindowTitles.presenter(deck.title), root: presentation.presenter,
                                             size: Size(1280, 800), flags: hidden ? PlatformWindow.hiddenFlag : 0, text: text)
        presenterWindow.setServerBackground(Theme.standard.background)
        LaunchTrace.mark("presenter window")
        if let p = socketPath {
            control = try ControlServer(path: p)
            control?.handler = { [unowned self] in ControlRequests.handle($0, app: self) }
            log("control socket \(p)")
        }
        let platform = SDLDisplayPlatform(audienceTitle: WindowTitles.audience(deck.title), root: presentation.audience, text: text)
        displayController = DisplayController(policy: policy, platform: platform, presentation: presentation,
                                              presenterWindow: presenterWindow, windowed: windowed) { [weak self] in self?.log($0) }
        displayController.windowedViews = windowedViews
        displayController.onRoomDisplayChange = { CrashRestart.carry("room", $0?.line) }
        if windowedViews.contains(.presenter) { displayController.keptPresenterFrame = CrashRestart.carried["presenterFrame"].flatMap(Self.frame(line:)) }
        installHostActions()
        // An external display already connected at launch sends no event: look now.
        displayController.refresh(reason: "launch", launch: true)
        LaunchTrace.mark("displays enumerated, audience window placed")
        warnAboutAbsentDisplays()
        presentation.startConsoleClock()
        reloader = ReloadController(deckPath: deckPath, options: options, registry: registry, presentation: presentation) { [weak self] in self?.log($0) }
        presentation.onReload = { [weak self] in self?.reloader?.reload(reason: "Ctrl+R") }
        reloader?.onReloaded = { [weak self, platform] deck in
            guard let self else { return }
            self.presenterWindow.title = WindowTitles.presenter(deck.title)
            platform.audienceTitle = WindowTitles.audience(deck.title)
            for w in [self.displayController.audienceWindow, self.displayController.spareWindow] { w?.title = platform.audienceTitle }
        }
        reloader?.start()
        LaunchTrace.mark("reload watcher, journal")
        if let spec = options.values["--remote"] {
            // After a crash the phones stay paired: the same tokens, and the same port if it was the system's pick.
            let kept = CrashRestart.carried["remote"].flatMap(RemoteSession.Identity.init(text:))
            remote = try RemoteSession(spec: spec, presentation: presentation, text: text, assets: AssetLocator.assets.appendingPathComponent("Remote"),
                                       keeping: kept, handle: { [unowned self] in ControlRequests.handle($0, app: self) }, timers: ControlRequests.timersJSON)
            CrashRestart.carry("remote", remote!.identity.text)
            log(remote!.logLine + (kept == nil ? "" : kept == remote!.identity ? " (the crashed talk's pairing, kept)" : " (the crashed talk's tokens, on another port)"))
        }
        if let url = brokerURL {
            // Follower screens are extra: if they cannot be served, the talk still goes on.
            do {
                broker = try BrokerPublisher(url: url, caFile: options.values["--broker-ca"], presentation: presentation,
                                             deckFiles: { [unowned self] in BrokerOptions.deckFiles(self.presentation.deck) }, timers: ControlRequests.timersJSON)
                log("publishing the talk to \(url) (deck \(broker!.deckHash.prefix(19))…)")
            } catch { log("--broker \(url): \(error); the talk goes on without follower screens") }
        }
        events = PlatformEventLoop()
        // Every 2 s, or every 10 s where RandR notices announce display changes (X11).
        // PODIUM_DISPLAY_CHECK_SECONDS: tests lengthen it to prove what else notices a change.
        displayController.startPeriodicCheck(every: Double(ProcessInfo.processInfo.environment["PODIUM_DISPLAY_CHECK_SECONDS"] ?? "")
                                                 ?? DisplayCheck.interval(noticesArrive: events?.displayNoticesArrive == true))
        try loop()
        // A clean quit: nothing to resume next time (windows and SDL are released by `shutdown`).
        // (Unless the resume question was never answered: that talk is still to be resumed.)
        // SIGTERM is no one's answer at the talk (a logout, a service stop, a stray script:
        // trial 16 m11): the place is kept, and the next launch asks whether to resume it.
        let terminated = QuitSignals.pending == SIGTERM
        if terminated, journalArmed { log("the talk's place is kept (SIGTERM): the next launch offers to resume it") }
        if journalArmed, !keepsOldJournal, !terminated { journal.end() }
        return 0
    }

    // MARK: Crash restart

    /// The deck; a restart after a crash waits up to `restartDeckWait` seconds for a deck that
    /// does not load (a PDF or deck being rewritten when the talk crashed: the file is complete
    /// moments later), instead of leaving the talk down. A launch by the speaker fails at once.
    func loadDeck(_ path: String, registry: PluginRegistry) throws -> Deck {
        let deadline = ProcessInfo.processInfo.systemUptime + Self.restartDeckWait
        var said = false
        // Looked for before the deck loads: a talk keeps a scene of an unknown kind as a card
        // (trial 32 m11), which would call a plugin gone since the launch a misspelt kind.
        if CrashRestart.isRestart, case let gone = Self.kindsWithoutPlugin(deckPath: path, registry: registry), !gone.isEmpty {
            registry.goneKinds = gone
            log("restarting after a crash: no plugin provides scene kind\(gone.count == 1 ? "" : "s") \(gone.sorted().map { "“\($0)”" }.joined(separator: ", ")) now (it did when the talk started): those scenes are error cards")
        }
        while true {
            // A scene with a misspelt parameter is an error card, not a talk that does not start.
            do { return try DeckSource.load(path, registry: registry, options: options, keepingBadScenes: true) }
            catch {
                // The crashed talk had plugins for every kind its deck uses: a kind none provides
                // now lost its plugin meanwhile (a folder removed or moved), which no wait brings
                // back. Its scenes are error cards; the talk comes back (trial 30 F2).
                if CrashRestart.isRestart, registry.goneKinds.isEmpty, case let gone = Self.kindsWithoutPlugin(deckPath: path, registry: registry), !gone.isEmpty {
                    registry.goneKinds = gone
                    log("restarting after a crash: no plugin provides scene kind\(gone.count == 1 ? "" : "s") \(gone.sorted().map { "“\($0)”" }.joined(separator: ", ")) now (it did when the talk started): those scenes are error cards")
                    continue
                }
                guard CrashRestart.isRestart, ProcessInfo.processInfo.systemUptime < deadline else { throw error }
                if !said { log("restarting after a crash: the deck does not load yet (\(error)); waiting up to \(Int(Self.restartDeckWait)) s for it to be complete"); said = true }
                usleep(250_000)
            }
        }
    }
    static let restartDeckWait = 30.0

    /// The deck does not load, and an interrupted talk of it is journaled: `--resume` may bring it
    /// back from the copies kept of its files (trial 33 m10: a failed compile had deleted the PDF,
    /// and the plain relaunch said only "file not found").
    func sayResumeCanHelp(deckPath: String) {
        guard !options.flags.contains("--resume") else { return }
        let path = URL(fileURLWithPath: deckPath).standardizedFileURL.path
        guard let record = try? TalkJournal(deckPath: path).read(), record.deck == path, record.isWorthResuming else { return }
        printError("podium: an interrupted talk of \(path.pathLastComponent) is journaled (on scene \(record.scene + 1)): `podium present \(deckPath) --resume` resumes it, from the copy kept of a file that cannot be read now if the talk kept one")
    }

    /// The scene kinds of the JSON deck at `deckPath` (the file, and its last good copy) that no
    /// plugin of `registry` provides, loaded, pending or refused; empty for a PDF or other deck.
    static func kindsWithoutPlugin(deckPath: String, registry: PluginRegistry) -> Set<String> {
        let known = registry.validators
        var out: Set<String> = []
        for data in [try? Deck.read(path: deckPath), LastGoodDeck.copy(for: deckPath)].compactMap({ $0 }) {
            for s in (try? JSONValue.parse(data))?["scenes"]?.array ?? [] {
                if let k = s["kind"]?.string, known[k] == nil { out.insert(k) }
            }
        }
        return out
    }

    /// After any restart by the watcher, says why on the presenter view only: a crash or a hang
    /// (the main loop stopped coming round) in a scene's plugin code, naming the scene as the log
    /// does (`SceneCrash.restartMessage`; a skipped scene is in `SceneCode.skipped`, set before
    /// the scenes are made), or in no scene's code; or a kill from outside (SIGKILL), naming the
    /// scene it came back on. After the resume, joined to a launch warning (`showRestartNotice`).
    func afterCrash() {
        guard CrashRestart.isRestart else { return }
        // The speaker pressed the blackout key while the talk was hung; the watcher covered the
        // room then, and it stays black here until they show it (trial 30 m2).
        let blackedOut = CrashRestart.blackedOutWhileHung
        if blackedOut {
            presentation.audienceMode = .black
            log("the blackout key was pressed while the talk was not responding: the room stays black (b shows it)")
        }
        let lost = CrashRestart.keysLostWhileHung
        if lost > 0 { log("\(lost) key press\(lost == 1 ? "" : "es") while the talk was not responding went with it") }
        func notice(_ text: String) {
            var text = blackedOut ? "\(text) The room is black, as asked while it was not responding (b shows it)." : text
            if lost > 0 { text += " The \(lost == 1 ? "key" : "\(lost) keys") pressed while it was not responding did nothing: press again." }
            presentation.showRestartNotice(text)
        }
        if CrashRestart.afterKill {
            // Killed from outside (the out-of-memory killer, kill -9): no scene is to blame.
            log("the talk was killed (SIGKILL) without quitting; restarted")
            notice("Podium was killed\(crashPlaceText()).")
            return
        }
        let hang = CrashRestart.afterHang
        if let v = CrashRestart.validationCrash {
            // Its plugin's `validate` stopped the talk reading the deck: named by the first scene
            // of that entry in the deck read now (its kind when none is left).
            let index = SceneCode.index(of: v.identity, in: presentation.deck.scenes)
            let message = v.crash.restartMessage(name: index.map { presentation.spokenName(of: $0) } ?? "a \(SafeText.quote(v.kind)) scene", room: presentation.roomBesideCard)
            log(message.log)
            let kindSkipped = SceneCode.isSkipped(kind: v.kind)
                ? " Every \(SafeText.quote(v.kind)) scene is skipped in this talk: its plugin's validate crashed or hung it on \(SceneCode.kindSkipLimit) scenes." : ""
            notice(message.notice + kindSkipped)
            return
        }
        guard let crash = CrashRestart.crashedScene, crash.index < presentation.sceneCount else {
            log(hang ? "the talk stopped responding; restarted" : "the talk crashed; restarted")
            notice("Podium \(hang ? "stopped responding" : "crashed")\(crashPlaceText()).")
            return
        }
        // Named as the console names the place (a PDF page as its slide, `spokenName`).
        var message = crash.restartMessage(name: presentation.spokenName(of: crash.index), room: presentation.roomBesideCard)
        if let to = movedOnAfterCrash {
            let line = crash.leavingMessage(name: presentation.spokenName(of: crash.index), target: presentation.spokenName(of: to))
            message = (line, line)
        }
        log(message.log)
        let kind = presentation.deck.scenes[crash.index].kind
        let kindSkipped = SceneCode.skippedScenesByKind[kind, default: 0] >= SceneCode.kindSkipLimit
            ? " Every \(SafeText.quote(kind)) scene is skipped in this talk: its plugin crashed or hung Podium in \(SceneCode.kindSkipLimit) scenes." : ""
        notice(message.notice + kindSkipped)
    }

    // MARK: Journal

    /// After a crash the journal still holds the talk's place: `--resume` goes back to it, else
    /// the presenter screen asks (`askToResume`: a clicker's keys resume, Esc twice starts fresh;
    /// the room is black meanwhile). A journaled `--start-time` still ahead counts down again
    /// when the command line gives none: with the place resumed, or alone when nothing else is
    /// worth resuming.
    func offerResume() {
        journal = TalkJournal(deckPath: presentation.deck.path)
        guard let record = interruptedPlace(logging: true) else {
            if let kept = journaledRecord(logging: false) { restoreStartTime(kept) }
            if options.flags.contains("--resume") { log("--resume: no interrupted talk journaled for \(presentation.deck.path); starting fresh") }
            journalArmed = true
            return
        }
        let resume = { [weak self] in
            guard let self else { return }
            // Timing given on this command line wins; otherwise the talk keeps the plan it had.
            let planGiven = TalkOptions.names.contains { self.options.values[$0] != nil }
            let gone = self.presentation.resumeTarget(for: record).clamped ? " (the journaled scene \(record.scene + 1) is past the deck's end)" : ""
            self.presentation.resume(from: record, now: Date().timeIntervalSince1970, keepingPlan: !planGiven)
            self.restoreStartTime(record)
            self.journalArmed = true
            self.log("resumed at scene \(self.presentation.currentIndex + 1)\(gone), \(TalkClock.format(self.presentation.elapsed)) elapsed\(record.paused ? " (paused)" : "")")
            self.finishTheMoveThatCrashed()
        }
        if options.flags.contains("--resume") { resume(); return }
        // The blackout pressed while the talk before hung (`afterCrash`) outlasts the answer: the
        // notice told the speaker the room stays black until b (review29 #6: Resume showed it).
        let keepBlack = { [weak self] in if CrashRestart.blackedOutWhileHung { self?.presentation.audienceMode = .black } }
        presentation.askToResume(record, holding: "waiting for the speaker to answer the resume question on the presenter view",
                                 onConfirm: { resume(); keepBlack() },
                                 onCancel: { [weak self] in
            self?.journalArmed = true; self?.keepsOldJournal = true
            self?.log("started fresh (the interrupted talk was not resumed; its place stays on disk until this talk moves)")
            keepBlack()
        })
    }

    /// The talk before crashed or hung in the `willResignCurrent` of the scene it was leaving
    /// (`CrashRestart.movingTo`), resumed here as its card: the speaker's move is made now,
    /// before the first frame, so the room sees where they were going (trial 32 F5).
    /// The scene is found by its identity in the deck read now (review30 #4: an edit saved before
    /// the restart moved the raw index to another scene). Sets `movedOnAfterCrash`, which the
    /// restart's notice names; a move not made (resumed elsewhere, the scene gone) names none.
    func finishTheMoveThatCrashed() {
        guard let to = CrashRestart.movingTo(in: presentation.deck), let crash = CrashRestart.crashedScene,
              crash.index == presentation.currentIndex, to != crash.index, presentation.goTo(to) else { return }
        movedOnAfterCrash = to
        log("went on to scene \(to + 1), where the talk was going when scene \(crash.index + 1)'s plugin code \(crash.verb) as it was left")
    }

    /// Counts down to `record`'s journaled start time again, unless `--start-time` was given.
    func restoreStartTime(_ record: TalkJournal.Record) {
        guard options.values["--start-time"] == nil, !record.started, let s = record.startTime else { return }
        let at = Date(timeIntervalSince1970: s)
        if presentation.setStartTime(at: at) != nil { log("the interrupted talk's start time \(at) is kept: the talk timer starts then (or on the first advance)") }
    }

    /// Saves the talk's place when it changed (called every turn of the loop, and after an
    /// advance's room frame before the next preview's plugin code runs; writes only on a change):
    /// in the crash watcher's memory first (no disk: a restart resumes it whatever the disk
    /// does), then in the journal. A journal that cannot be written is said once, in the log and
    /// to the speaker only.
    ///
    /// `built`: the place this turn of the loop already built before its frames (nothing but
    /// drawing since: the same place; a change a frame made is built by the next turn, at the
    /// latest on the clock's next second).
    func journalTick(built: TalkJournal.Record? = nil) {
        guard journalArmed else { return }
        let record: TalkJournal.Record
        if let built { record = built } else {
            record = presentation.journalRecord(now: Date().timeIntervalSince1970)
            placeRecordsBuilt += 1
            carryIfChanged(record)
        }
        // Started fresh: the interrupted talk's place stays on disk until this one has moved.
        if keepsOldJournal { guard record.isWorthResuming else { return }; keepsOldJournal = false }
        // Nothing new and nothing the journal still lacks: no write (and no encoding).
        guard unjournaled != nil || encodingFailed else { return }
        do { try journal.save(record, encoded: unjournaled); unjournaled = nil }
        catch {
            guard !journalFailed else { return }
            journalFailed = true
            let folder = (error as? JournalError).map { $0.file.pathDeletingLastComponent } ?? journal.file.deletingLastPathComponent().path
            let reason = (error as? JournalError)?.message ?? DiskErrorText.reason(error)
            log("the talk's place cannot be saved: \(error); the talk goes on (a restart after a crash still resumes it)")
            // Beside a notice already up (a restart's, a lasting error) rather than over it.
            let text = "The talk's place cannot be saved: \(SafeText.excerpt(folder, limit: 60)): \(reason)."
            if let shown = presentation.notice, shown.kind == .error { presentation.showNotice(shown.text + " " + text, kind: .error) }
            else { presentation.showPassingNotice((presentation.notice.map { $0.text + " " } ?? "") + text, seconds: 15) }
        }
    }

    /// Releases everything in a defined order, while SDL still runs, then stops SDL: the control
    /// socket (no request can reach a half-released talk), the audience and spare windows, the
    /// presenter window (each: textures, renderer, window), then the talk itself (scenes, and with
    /// them the plugins' resources), then fonts and SDL. Windows released after SDL_Quit crashed
    /// (exit 139) under Wayland, whose libraries SDL_Quit unloads.
    func shutdown() {
        CrashRestart.destroyWindowsOnClose()   // a quit leaves nothing on the X server
        control?.close(); control = nil
        remote?.stop(); remote = nil
        broker?.stop(); broker = nil
        reloader = nil   // stops watching files: no reload can reach a half-released talk
        events?.close(); events = nil
        displayController?.closeWindows()
        presenterWindow?.close()
        displayController = nil; presenterWindow = nil
        presentation?.timers.cancelAll()
        weak let talk = presentation
        presentation = nil
        if talk != nil { log("the talk was still referenced at shutdown; its scenes are released with the process") }
        SDLVideo.stop()
    }

    /// A display chosen on the command line that is not connected is not an error (it may be
    /// plugged in later), but the speaker should know the default is used meanwhile.
    func warnAboutAbsentDisplays() {
        for w in DisplaysCommand.absentDisplayWarnings(options, in: displays) { log(w) }
    }

    func log(_ s: String) { printError("podium: \(s)") }

    // MARK: Displays

    /// The display policy from the command line; bad selectors are usage errors naming the option.
    func makeDisplayPolicy() throws -> DisplayPolicy {
        let chosen = try HostOptions.displaySelectors(options)
        func selector(_ option: String) throws -> DisplaySelector? {
            guard let v = option == "--audience-display" ? chosen.audience : chosen.presenter else { return nil }
            do { return try DisplaySelector(parsing: v, option: option) }
            catch { throw CommandLineInterface.UsageError(description: "\(error)") }
        }
        var policy = DisplayPolicy(audience: try selector("--audience-display"), presenter: try selector("--presenter-display"), windowed: windowed)
        policy.switchesScreens = options.flags.contains("--switch-screens")   // one run only, as pdfpc's -s
        return policy
    }

    /// The key map's platform actions: swap the displays (`s`) and quit (`q`, Ctrl+Q).
    func installHostActions() {
        presentation.onSwapDisplays = { [weak self] in self?.displayController.swap() }
        presentation.canSwapDisplays = { [weak self] in self?.displayController.policy.assignment.audienceDisplay != nil }
        // Said as a quit request and a signal are (trial 31 m10: a key quit left no line).
        presentation.onQuit = { [weak self] in self?.log("quitting at the speaker's request (q confirmed, Ctrl+Q or the window closed)"); self?.quit = true }
    }

    // MARK: Loop

    func loop() throws {
        var firstFrameLogged = false
        // A SIGKILL from now on leaves the room the talk's last frame until the watcher covers it.
        CrashRestart.retainWindowsOnDeath(presenterWindow) { [weak self] in self?.log($0) }
        // The windows' setup events (Expose, geometry, focus) before the first frames, not a
        // second whole frame of each after them (`takeLaunchEvents`).
        try events?.takeLaunchEvents(syncing: presenterWindow) { try handle($0) }
        while !quit, QuitSignals.pending == nil {
            // The first turn draws before anything else: what timers put off (the next scene,
            // made on first use for the next preview) and the journal's first write wait until
            // both windows show the talk; the loop comes straight back for them.
            loopTurns += 1
            if firstFrameLogged { presentation.timers.fire(now: presentation.clock()) }
            renderWindows()
            // The journal after the frames: an advance reaches the room without waiting for its
            // write (~1 ms of the key -> first audience pixel on the bench rig, issue 19).
            if firstFrameLogged { journalTick(built: turnPlace) }
            turnPlace = nil
            AdvanceTrace.mark("journal"); AdvanceTrace.end()
            if !firstFrameLogged {
                firstFrameLogged = true
                bothWindowsShown = true
                log(String(cFormat: "first frame of both windows %.0f ms after launch", (ProcessInfo.processInfo.systemUptime - launch) * 1000))
                CrashRestart.uncover()   // after a restart: the room sees this frame, not black
            }
            CrashRestart.reportLayout(displays: displays.map(\.bounds), room: displayController.assignment.roomDisplay?.bounds,
                                      spare: displayController.coverWindows.values.map(\.display.bounds), x11: SDLVideo.currentDriver == "x11")
            // From the first frame on, the watcher restarts a talk whose loop has not come round
            // for 10 s (a plugin hanging on the main thread), as after a crash.
            CrashRestart.heartbeat()
            // Sleep until an event or the next timer: an idle talk uses no CPU.
            var timeout = presentation.timers.nextDeadline.map { Int32(max(0, min(1000, ($0 - presentation.clock()) * 1000)).rounded(.up)) } ?? 1000
            // A popover fading in or out wants frames (~60 Hz) until it settles; then idle again.
            if presentation.presenter.isAnimating || presentation.audience.isAnimating { timeout = min(timeout, 16) }
            try events?.wait(timeoutMs: timeout) { try handle($0) }
        }
        CrashRestart.heartbeatStop()
        CrashRestart.destroyWindowsOnClose()   // quitting: nothing of the talk kept on the X server
        CrashRestart.quitting()   // a kill while shutting down restarts nothing
        QuitSignals.acknowledge()
        if let s = QuitSignals.pending { log("quitting on \(s == SIGTERM ? "SIGTERM" : s == SIGINT ? "SIGINT" : "signal \(s)")") }
    }

    func renderWindows() {
        // The room's window first: an advance reaches the audience before the console redraws.
        var a = false
        turnPlace = carryPlaceBeforeTheRoomsFrame()
        AdvanceTrace.mark("render")
        if let w = audienceWindow, w.isVisible { a = w.renderIfNeeded() }
        AdvanceTrace.mark("room")
        if LaunchTrace.enabled, a { LaunchTrace.mark("audience frame drawn, damage \(audienceWindow?.lastDamage.map { "\($0)" } ?? "-")") }
        // The room's frame is on screen now: a display change's first audience frame is logged
        // before the console redraws (after a plug it lays its previews out anew).
        if a { displayController.didRender(presenter: false, audience: true) }
        // The room has the advance's frame: the next preview's scene may be made now, so the
        // console draws the advance once (not at launch: both first frames come first).
        // The place first: a crash (or hang) in the next scene's plugin code resumes on the scene
        // the room sees, not the one before (trial 9).
        if a, bothWindowsShown { journalTick(); presentation.attachPendingNextPreview() }
        // Covers draw black with SDL after a resize or expose (on Wayland nothing else shows
        // there: no X background); an empty tree, so no frame otherwise.
        for c in displayController.coverWindows.values where c.window.isVisible { c.window.renderIfNeeded() }
        // Never a console frame where the room sees it (a window manager moved the window there).
        // Asked only when there is a frame to draw (two X round trips).
        let p = presenterWindow.root.needsDisplay && displayController.consoleMayDraw() && presenterWindow.renderIfNeeded()
        AdvanceTrace.mark("console")
        if LaunchTrace.enabled, p { LaunchTrace.mark("presenter frame drawn, damage \(presenterWindow.lastDamage.map { "\($0)" } ?? "-")") }
        displayController.didRender(presenter: p, audience: false)
        remote?.tick()
        broker?.tick()
    }

    /// A frame carried as "x y width height" (`CrashRestart.carry`); nil when it is not one.
    static func frame(line: String) -> Rect? {
        let n = line.split(separator: " ").compactMap { Double($0) }
        guard n.count == 4, n[2] >= 100, n[3] >= 100 else { return nil }
        return Rect(n[0], n[1], n[2], n[3])
    }

    func handle(_ e: PlatformEvent) throws {
        switch e {
        case .quit: quit = true   // SIGTERM/SIGINT (QuitSignals) or the session ending
        case let .displaysChanged(what):
            displayController.refresh(reason: what)
        case let .window(event, id):
            let w = window(id: id)
            if LaunchTrace.enabled { LaunchTrace.mark("window event \(event) for the \(w == nil ? "unknown" : w === presenterWindow ? "presenter" : "audience") window") }
            switch event {
            case let .geometryChanged(displayChanged):
                w?.syncSize()
                // A `--windowed` console's place and size, for a crash restart to put it back.
                if w === presenterWindow, displayController.windowedViews.contains(.presenter), !presenterWindow.isFullscreen, presenterWindow.isVisible {
                    let f = presenterWindow.frame
                    CrashRestart.carry("presenterFrame", "\(Int(f.minX)) \(Int(f.minY)) \(Int(f.width)) \(Int(f.height))")
                }
                // On another display popovers are placed afresh (and fade in again).
                if displayChanged { w?.root.displayDidChange() }
                // SDL sends no event for a mode change (RandR notices do, on X11); window events are a cue to look again.
                displayController.refresh(reason: "window event")
            case .exposed: w?.invalidate()
            case .focusGained where isCover(id):
                displayController.focusPresenter()   // a window manager focused a cover it mapped
            case .focusGained where w != nil && w === audienceWindow && !displayController.audienceCoversConsole:
                // The speaker types into the presenter view; a newly mapped audience window must not keep focus.
                displayController.focusPresenter()
            // The presenter's close button or Alt+F4 is the `q` key: it asks while the talk runs.
            case .closeRequested: if w === presenterWindow { presentation.request(.quit) }
            default: break
            }
        case .controlReleased: presentation.controlReleased()
        case .keyboardFocusDropped:
            // A kiosk without a window manager: the speaker's clicker must not go dead.
            log("no window has the keyboard (the X input focus is none) and no window manager runs: the talk takes it back")
            displayController.focusPresenter()
        case let .input(input, id):
            let target = id.flatMap(window(id:)) ?? presenterWindow!
            // Keys typed in the audience window act on the presenter (the speaker's focus).
            if case let .key(k) = input { presentation.press(k); AdvanceTrace.mark("pressed"); return }
            // A cover (a display nothing of the talk is on) shows black only: its clicks do nothing.
            if let id, isCover(id) { return }
            // The resume question holds the talk: clicks, wheel and typing wait for its answer,
            // but for a click on its Resume or Start Fresh button in the presenter's banner.
            if presentation.talkHold != nil { if target === presenterWindow { presentation.heldPointerInput(input) }; return }
            // Text typed while the audience window has the keyboard (a plug maps it and a window
            // manager may focus it for a moment) belongs to the presenter's focused field; not
            // while the console is hidden (mirrored), where no one would see it typed.
            if let a = audienceWindow, target === a, isTyping(input), presenterWindow.root.focusedView != nil,
               !displayController.audienceCoversConsole {
                presenterWindow.root.dispatch(input); return
            }
            // Clicks there: the scene's views, then the key map's mouse bindings.
            if let a = audienceWindow, target === a { presentation.audienceInput(input); return }
            // Ctrl + mouse over the audience preview: the pointer dot on the audience view.
            if case let .mouseMoved(p, _) = input, target === presenterWindow {
                if presentation.movePointer(to: p, active: PlatformEventLoop.modifiers.control) { return }
            }
            target.root.dispatch(input)
        }
    }

    /// Whether `id` is one of the black windows over the displays nothing of the talk is on.
    func isCover(_ id: UInt32) -> Bool { displayController.coverWindows.values.contains { $0.window.id == id } }

    func window(id: UInt32) -> PlatformWindow? {
        if presenterWindow.id == id { return presenterWindow }
        if let a = audienceWindow, a.id == id { return a }
        // A cover: resized and exposed like the others, and drawn again (`renderWindows`).
        return displayController.coverWindows.values.first { $0.window.id == id }?.window
    }
}

/// Text typed or composed (not a key press, not the pointer).
private func isTyping(_ e: InputEvent) -> Bool {
    switch e { case .text, .composition: return true; default: return false }
}

/// This process's start time in seconds since boot, from /proc/self/stat (field 22, clock ticks).
func processStartUptime() -> Double? {
    guard let stat = try? String(contentsOfFile: "/proc/self/stat", encoding: .utf8),
          let close = stat.lastIndex(of: ")") else { return nil }
    let fields = stat[stat.index(after: close)...].split(separator: " ")
    guard fields.count > 19, let ticks = Double(fields[19]) else { return nil }
    return ticks / Double(sysconf(Int32(_SC_CLK_TCK)))
}
