import FoundationEssentials
import Glibc
import PodiumKit

/// The running talk, independent of any platform: the deck, the scenes made so far, which one is
/// current, the presenter and audience view trees, and the timers. The platform layer owns the
/// windows, feeds input into `presenter`/`audience`, and draws them when `needsDisplay`.
@MainActor
public final class Presentation {
    /// The deck shown; a reload replaces it (`replaceDeck`).
    public internal(set) var deck: Deck { didSet { SceneCode.scenes = deck.scenes } }
    /// The deck's scenes grouped into slides (overlays of one slide share a PDF page label).
    public internal(set) var slides: Slides
    public let registry: PluginRegistry
    public let presenter: WindowRoot
    public let audience: WindowRoot
    public let console: ConsoleView
    public let timers = TimerQueue()
    public let clock: () -> Double
    public internal(set) var currentIndex = 0
    /// The last scene of the talk for the End key and the timer plan (`Deck.endSlide`'s last
    /// overlay); scenes after it are backup.
    public internal(set) var endScene: Int
    /// Each scene's planned seconds (backup scenes after `endScene` get none).
    var plannedSceneSeconds: [Double?]
    /// Scenes are made on first show and kept, so state survives going back and forth.
    var scenes: [Int: Scene] = [:]
    /// What each scene a plugin made was made from, so a reload keeps the unchanged ones.
    var sceneOrigins: [Int: SceneOrigin] = [:]
    /// State a reload took from scenes it remade, by the new index of their replacement, handed
    /// over when that scene is made (`ReloadCarriesState.swift`).
    var carriedStates: [Int: CarriedState] = [:]
    /// The carried state of each scene the talk left, by index, for the journal
    /// (`LeftSceneStates.swift`).
    var leftStates: [Int: TalkJournal.Record.LeftScene] = [:]
    /// Counts the decks shown (`replaceDeck`): a scene of an earlier version that reports late
    /// (a search finishing after a reload) must not touch the scene now at its index.
    var deckGeneration = 0
    /// Scenes whose plugin is making them right now (so a re-entrant request cannot recurse).
    private var making: Set<Int> = []
    /// Set by the platform: copies text to the clipboard.
    public var clipboardWriter: (String) -> Void = { _ in }
    public var log: (String) -> Void = { SafeText.log("podium: " + $0) }
    /// Audience output: normal, or blanked to black/white (keys `b`/`.`, `w`).
    public var audienceMode: AudienceMode = .normal { didSet { audienceDidChange() } }
    let audienceCover = View()
    /// Freeze (`f`): the audience keeps the frame it showed when frozen; scene changes and edits
    /// go on underneath and reach the room when the freeze ends.
    public internal(set) var isFrozen = false
    /// The scene the room was frozen on (its index when `f` was pressed); nil while live.
    public internal(set) var frozenScene: Int?
    /// That scene's kind and title when it was frozen: a reload moves `frozenScene` with the
    /// deck, and a scene removed meanwhile is still named by them, so the journal never names
    /// another scene, which a restart would freeze the room on (trial 22).
    var frozenAnchor: ReloadPosition.Anchor?
    let frozenFrame = FrozenFrameView()
    /// Through a reload, the room's last frame while the remade scene restores what the room saw
    /// (`ReloadHoldsTheRoom.swift`), and the wait.
    let roomHoldFrame = FrozenFrameView()
    var roomHold: RoomHold?
    /// The scene on screen that a reload removed, its last frame held (`ReloadRemovedScene.swift`).
    var removedScene: RemovedSceneHold?
    /// Whether the room still sees its frame from before a reload (`ReloadHoldsTheRoom.swift`).
    public var isRoomHeld: Bool { roomHold != nil || removedScene != nil }
    /// A look-up on the console while the room is held on the scene it came from (`LookUp.swift`),
    /// and the notice that says so.
    var lookUp: LookUp?
    var lookUpNotice: String?
    /// A go-to under way (`goTo`): where it goes, and whether that scene began a look-up of its
    /// own as it became current (`beginLookUp`), which the move then keeps.
    var lookUpMove: (to: Int, begun: Bool)?
    /// A press on the banner while the talk is held, whose release goes there too (`heldPointerInput`).
    var pressOnBanner = false
    /// A reload reading the scenes' content off the main thread, and the input waiting for it
    /// (`ReloadFindsPlace.swift`); counts the searches, so a superseded one's result is dropped.
    var placeSearch: PlaceSearch?
    var placeSearchGeneration = 0
    /// How the last `replaceDeck` found the place (`ReloadPosition.Found`), for the log and the
    /// speaker's notice; nil before any reload.
    public internal(set) var reloadPlaceFound: ReloadPosition.Found?
    /// Scenes' `observeAudience` callbacks with the context of the scene they came from; told of
    /// each change by `audienceDidChange`, dropped when a reload replaced their scenes.
    var audienceObservers: [(context: HostContext, body: (AudienceState) -> Void)] = []
    /// What the room sees in place of the scene (for `SceneContext.observeAudience`).
    public var audienceState: AudienceState { AudienceState(isCovered: audienceMode != .normal, isFrozen: isFrozen) }
    let pointerDot = PointerDotView()
    /// While the console is hidden, an open question shows at the foot of the audience view
    /// (`MirroredQuestionBar`): the speaker then sees it and never answers it blindly.
    let mirroredQuestion = MirroredQuestionBar()
    /// Set by the platform while no one can see the presenter view: the audience view covers it
    /// (mirrored displays, `AudiencePlacement.mirror`; the lid closed, only the room's display
    /// left). Then keys go to the talk, never to the console's controls (`HiddenConsole.swift`).
    public var consoleHidden = false { didSet { if consoleHidden != oldValue { consoleVisibilityChanged() } } }
    /// The elapsed, scene and planned timers.
    public internal(set) var talk: TalkClock
    /// Every console key binding (`--keymap FILE` replaces it).
    public var keyMap = KeyMap.standard { didSet { console.help.keyMap = keyMap } }
    /// Actions the platform performs: `s` swaps the displays, `q` quits, Ctrl+R reloads the deck
    /// and its files. Unset: the key is not used.
    public var onSwapDisplays: (() -> Void)?
    /// Whether a swap would do anything now (the audience view has a display of its own); the
    /// swap key asks nothing otherwise (trial 22 m7: with the lid closed the question showed on
    /// the room's display, and yes did nothing).
    public var canSwapDisplays: () -> Bool = { true }
    public var onQuit: (() -> Void)?
    public var onReload: (() -> Void)?
    /// Local time for the console's wall clock (injectable for tests).
    public var wallClock: () -> Date = Date.init
    /// Hosts the next scene's audience view, at the audience size, for the console's next preview.
    /// Reads image sizes for `ImageView`s in every view tree this presentation draws (windows,
    /// the next-scene stage, the overview's stage); set by the platform.
    public var imageSizing: ImageSizing? {
        didSet { for r in [presenter, audience, nextStage, nextSlideStage, stage] { r.imageSizing = imageSizing } }
    }
    public let nextStage: WindowRoot
    /// Hosts the next slide's first scene while the next scene is an overlay of the current slide.
    public let nextSlideStage: WindowRoot
    /// Hosts other scenes' audience views briefly while the overview draws their thumbnails.
    let stage: WindowRoot
    private var nextPreviewTimer: TimerToken?
    private var laidOutAudienceSize = Size(0, 0)
    /// The console clock's repeating timer, once started.
    var consoleTick: TimerToken?
    /// The question waiting in the presenter's banner (`ask`), and the lasting notice under it.
    var pendingQuestion: PendingQuestion?
    public internal(set) var notice: (text: String, kind: BannerView.Kind)?
    /// Clears a passing notice (`showPassingNotice`); any new notice cancels it.
    var noticeExpiry: TimerToken?
    /// The notice goes when the talk next moves (`showWarningUntilAMove`).
    var noticeUntilAMove = false
    /// Lesser notices waiting for the one shown to go (`showLesserNotice`), oldest first.
    var waitingNotices: [(text: String, seconds: Double)] = []
    /// The "go to slide" prompt while open, or its refusal while shown (`PageJump.swift`).
    var pageJump: PageJump?
    /// Closes the prompt left untouched for `pageJumpIdleSeconds` (`PageJump.swift`).
    var pageJumpExpiry: TimerToken?
    /// Keys typed on past a text field are not talk keys (`TypingGuard.swift`), and the hint.
    var typingGuard = TypingGuard()
    /// Set while a script's key is pressed (the control socket's `key`): not the speaker typing.
    public var scriptedKey = false
    /// The room's cover and freeze when the last run of keys began (`typingStartsOnTheTalk`).
    var roomBeforeTyping: (mode: AudienceMode, frozen: Bool)?
    /// The text entry the last typed key went into (`coverTypedIntoField`).
    weak var lastTypedField: View?
    /// When an Esc last closed a popover, a field or the overview, or a key went into a field
    /// (`escapeKeepsTheRoom`): `clock()` seconds; nil once an Esc was held back after it.
    var escapeClosedAt: Double?
    var typingHintShown = false
    var typingHintTimer: TimerToken?
    /// The text field that had the keys when the console hid, given back after a short blip (`HiddenConsole.swift`).
    var focusBeforeHiding: FocusBeforeHiding?
    /// Typing keys the typing guard held while the console was hidden, said when it is back.
    var keysHeldWhileHidden = 0
    /// `--start-time`: when the talk is due to start, and the timer that starts it then
    /// (`PresentationStartTime.swift`).
    public internal(set) var startTime: Date?
    var startTimer: TimerToken?
    /// When the last wheel step became an action (`PointerBindings.swift`).
    var lastWheelStep = -Double.infinity
    /// Scenes whose dropped drawing was logged already (`SceneDrawingReports.swift`): once each.
    var drawingReported: Set<Int> = []
    /// Scenes whose slow drawing was named already (`SceneDrawingReports.swift`): once each.
    var slowDrawingReported: Set<Int> = []
    /// Scenes whose slow making was named already (`SceneDrawingReports.swift`): once each.
    var slowMakingReported: Set<Int> = []
    /// Presenter redraws asked for by anything but the timer strip's tick (`refreshTimers`): the
    /// console's scene view draws again only when this changed (`SceneCodeView.redrawCount`).
    var presenterSceneRedraws = 0
    /// True while the timer strip alone asks for a redraw.
    var timerTickOnly = false
    /// Modifiers held now, for mouse bindings such as `Ctrl+MouseLeft`; set by the platform.
    public var pointerModifiers: () -> (shift: Bool, control: Bool, alt: Bool) = { (false, false, false) }

    /// - Parameters:
    ///   - metrics: the platform's text measurer (SDL2_ttf), shared by both windows.
    ///   - clock: monotonic seconds, injectable for tests.
    public init(deck: Deck, registry: PluginRegistry, metrics: TextMeasuring, theme: Theme = .standard,
                clock: @escaping () -> Double = { ProcessInfo.processInfo.systemUptime }) {
        self.deck = deck; self.registry = registry; self.clock = clock
        SceneCode.scenes = deck.scenes
        (slides, endScene, plannedSceneSeconds) = Self.plan(deck)
        talk = TalkClock(durationMinutes: deck.durationMinutes, sceneSeconds: plannedSceneSeconds)
        presenter = WindowRoot(theme: theme, metrics: metrics)
        audience = WindowRoot(theme: theme, metrics: metrics)
        nextStage = WindowRoot(theme: theme, metrics: metrics)
        nextSlideStage = WindowRoot(theme: theme, metrics: metrics)
        stage = WindowRoot(theme: theme, metrics: metrics)
        audience.resize(to: Size(1280, 720))
        console = ConsoleView()
        presenter.content.addSubview(console.pinned(.fill()))
        // Popovers keep clear of what the room sees and of the timers while another place fits.
        presenter.popoverKeepClear = [console.preview, console.timers]
        // Audience overlay, bottom to top: the frame held through a reload, the frozen frame, the
        // pointer, the blackout cover, and the question the speaker must see while the console is hidden.
        for v in [roomHoldFrame, frozenFrame, pointerDot, audienceCover, mirroredQuestion] as [View] { v.pins = .fill(); audience.overlay.addSubview(v) }
        audienceCover.isHidden = true
        // The presenter shows a live preview of the audience, so audience changes redraw both.
        audience.onNeedsDisplay = { [weak self] in
            guard let self else { return }
            // A new audience size changes the previews' aspect: lay the console out again.
            if self.audience.bounds.size != self.laidOutAudienceSize { self.laidOutAudienceSize = self.audience.bounds.size; self.audienceShapeChanged() }
            self.console.preview.sourceDidChange()
        }
        // Every presenter redraw but the console's timer tick may change the console's scene view.
        presenter.onNeedsDisplay = { [weak self] in if self?.timerTickOnly == false { self?.presenterSceneRedraws += 1 } }
        nextStage.onNeedsDisplay = { [weak self] in self?.console.nextPreview.sourceDidChange() }
        nextSlideStage.onNeedsDisplay = { [weak self] in self?.console.nextSlidePreview.sourceDidChange() }
        console.preview.source = audience
        console.preview.onPointer = { [weak self] e, p in self?.pointerInput(e, at: p, on: .audiencePreview) ?? false }
        console.nextPreview.source = nextStage
        console.nextSlidePreview.source = nextSlideStage
        console.onPrevious = { [weak self] in self?.previous() }
        console.onNext = { [weak self] in self?.next() }
        console.banner.onClick = { [weak self] in self?.bannerClicked() }
        console.banner.onChoice = { [weak self] yes in self?.choiceClicked(yes) }
        // A notice cut to its one line is read whole in the log (once per message).
        console.banner.onCut = { [weak self] text in self?.log("notice (cut to one line on the console): \(text)") }
        console.overview.onChoose = { [weak self] i in self?.closeOverview(); self?.goToOverviewCell(i) }
        presenter.onUnhandledKey = { [weak self] k in self?.handleKey(k) ?? false }
        presenter.isTalkKey = { [weak self] k in self?.keyMap.action(for: k) != nil }
        audience.onUnhandledKey = presenter.onUnhandledKey
        // A crash in a plugin view's click or key handler is laid to its scene (`SceneCode`).
        presenter.eventDelivery = { view, body in SceneCode.deliver(to: view, body) }
        audience.eventDelivery = presenter.eventDelivery
        // A scene's non-finite drawing is dropped before the renderer (`DrawListSanitiser`): say which scene.
        SceneCode.droppedDrawing = { [weak self] i, report in self?.sceneDroppedDrawing(at: i, report) }
        SceneCode.slowDrawing = { [weak self] i, seconds in self?.sceneDrewSlowly(at: i, seconds: seconds) }
        // --page: start there without starting the timer (it starts on the first advance).
        currentIndex = min(max(0, deck.startScene ?? 0), deck.scenes.count - 1)
        show(currentIndex)
        refreshTimers()
    }

    /// The deck's slides, its last scene before the backup ones, and each scene's planned seconds
    /// (scenes after the end slide are backup: the plan gives them no time).
    static func plan(_ deck: Deck) -> (Slides, endScene: Int, planned: [Double?]) {
        let slides = Slides(deck.scenes)
        let end = deck.endSlide.map { min(max(1, $0), slides.count) }.map { slides.ranges[$0 - 1].upperBound - 1 }
        return (slides, end ?? deck.scenes.count - 1, deck.scenes.enumerated().map { i, s in end.map { i > $0 } == true ? 0 : s.plannedSeconds })
    }

    public var currentScene: Scene { scene(at: currentIndex) }
    public var sceneCount: Int { deck.scenes.count }

    /// The scene at `index`, made now if this is its first use. A plugin that throws gets an
    /// error card naming the plugin and the error, on the presenter view only (the room keeps
    /// its picture, `ErrorCardScene`); the talk goes on.
    ///
    /// A plugin may call the host while its scene is being made (`setNeedsDisplay` asks for the
    /// title, `openScene` shows a scene): asking for that same scene then gets a stand-in card
    /// instead of making it again, endlessly.
    public func scene(at index: Int) -> Scene {
        if let s = scenes[index] { return s }
        let entry = deck.scenes[index]
        guard !making.contains(index) else {
            log("\(sceneName(at: index)) was asked for while it was being made")
            return ErrorCardScene(title: entry.title ?? entry.kind, plugin: "host", error: "this scene is still being made", skip: skipHint)
        }
        making.insert(index); defer { making.remove(index) }
        let made: Scene
        var origin: SceneOrigin?
        if let crash = SceneCode.skipped[index] ?? SceneCode.skip(for: entry) {
            log(crash.skipLogLine(name: sceneName(at: index)))
            made = ErrorCardScene(title: entry.title ?? entry.kind, plugin: registry.sceneKind(entry.kind)?.pluginID ?? "none",
                                  error: crash.card.error, skip: skipHint, heading: crash.card.heading)
        } else if SceneCode.isSkipped(kind: entry.kind) {
            let card = SceneCrash.kindCard(kind: entry.kind)
            log("\(sceneName(at: index)) skipped: \(card.error)")
            made = ErrorCardScene(title: entry.title ?? entry.kind, plugin: registry.sceneKind(entry.kind)?.pluginID ?? "none",
                                  error: card.error, skip: skipHint, heading: card.heading)
        } else if !entry.parameterProblems.isEmpty {
            // Its parameters were refused when the deck was read (a misspelt name): the talk goes
            // on, with this card where the scene would be, as for a plugin that throws.
            let problems = entry.parameterProblems.map(SceneNumbers.spelled).joined(separator: "\n")
            made = ErrorCardScene(title: entry.title ?? entry.kind, plugin: registry.sceneKind(entry.kind)?.pluginID ?? "none", error: problems, skip: skipHint)
            log("\(sceneName(at: index)) (\(entry.kind)): \(problems.replacing("\n", with: "; "))")
        } else if let (kind, pluginID) = registry.sceneKind(entry.kind) {
            let ctx = HostContext(presentation: self, pluginID: pluginID, sceneIndex: index, deckGeneration: deckGeneration)
            let started = SceneCode.drawClock()
            // Named even when it throws: the wait was the same (trial 20 m7: a 4 s make froze
            // keys, clock and both windows with no word anywhere).
            defer { sceneMadeSlowly(at: index, seconds: SceneCode.drawClock() - started, plugin: pluginID) }
            do {
                made = try SceneCode.run(in: index) {
                    let s = try kind.make(entry.parameters, ctx)
                    try SceneViewsCheck.check(s, plugin: pluginID, kind: entry.kind)
                    return s
                }
                origin = SceneOrigin(entry, directory: deck.directory, context: ctx)
            } catch { made = ErrorCardScene(title: entry.title ?? entry.kind, plugin: pluginID, error: "\(error)", skip: skipHint); log("\(sceneName(at: index)) (\(entry.kind)): \(error)") }
        } else {
            made = ErrorCardScene(title: entry.kind, plugin: "none", error: "no plugin supplies scene kind \(SafeText.quote(entry.kind))", skip: skipHint)
        }
        // An error the plugin reported while being made has already put its card in place.
        if let card = scenes[index] { return card }
        scenes[index] = made
        sceneOrigins[index] = origin
        handCarriedState(to: made, at: index, madeFromPlugin: origin != nil)
        return scenes[index] ?? made   // an error it reported while adopting put its card in place
    }

    /// Replaces a scene that failed after it was made (`SceneContext.reportError`) with an error
    /// card naming the plugin and the error; shown at once when it is the current scene.
    func replaceWithErrorCard(index: Int, plugin: String, error: Error) {
        guard deck.scenes.indices.contains(index), !(scenes[index] is ErrorCardScene) else { return }
        log("\(sceneName(at: index)) (\(deck.scenes[index].kind)) failed: \(error)")
        sceneOrigins[index] = nil   // a reload makes it afresh
        scenes[index] = ErrorCardScene(title: deck.scenes[index].title ?? deck.scenes[index].kind, plugin: plugin, error: "\(error)", skip: skipHint,
                                       heading: "This scene stopped with an error")
        if index == currentIndex { show(index) }
    }

    /// What the room sees while the speaker is on an error card, and how to get past it, for the
    /// card on the presenter view (kept true by `errorCardRoomChanged`).
    var skipHint: String {
        let key = keyMap.keys(for: .next).first.map { " (\($0))" } ?? ""
        return "The room does not see this card: it \(roomBesideCard). Next\(key) skips this scene."
    }

    /// What the room sees while the speaker is on an error card, said of the room: its cover
    /// ("stays black", e.g. blacked out before a crash and so after the restart) or its freeze,
    /// else the card's held picture (`heldAudienceFrame`): none at a launch or a restart's resume
    /// ("sees a plain background until you leave this scene"), else the picture it had. The
    /// card's hint and a skipped scene's restart notice (`SceneCrash.restartMessage`) say it.
    public var roomBesideCard: String {
        switch roomWithheld {
        case .cover(.white)?: return "stays white"
        case .cover?: return "stays black"
        case .lookUp?, .frozen?: return "stays frozen on its picture"
        case nil: break
        }
        if let card = scenes[currentIndex] as? ErrorCardScene, !card.holdsPicture { return "sees a plain background until you leave this scene" }
        return "keeps its last picture"
    }

    /// The current scene's error card says what the room sees now (its hold, cover or freeze changed).
    func errorCardRoomChanged() { (scenes[currentIndex] as? ErrorCardScene)?.showSkip(skipHint) }

    /// What the audience view should keep showing in place of an error card: the picture it
    /// shows now, or (nothing shown yet: a launch, or a restart's resume, `resume(from:)`) an
    /// empty list, the plain background. Never an earlier scene the room was not on: after a
    /// scene crashed twice and was skipped, the room went from that scene's picture to the
    /// scene before it, as if the talk went back (trial 18 m8).
    func heldAudienceFrame() -> DrawList {
        if let held = roomHoldFrame.held { return held.list }   // a reload's: not the restoring scene's
        return audience.content.subviews.isEmpty ? DrawList() : liveAudienceFrame()
    }

    /// The scenes in the audience view now, as draw commands (also while frozen, when the
    /// content view itself is hidden).
    func liveAudienceFrame() -> DrawList {
        var list = DrawList()
        audience.layoutIfNeeded()
        // Layout skips a hidden view's subtree: lay the scene out here.
        audience.content.layoutSubviews()
        audience.content.subviews.forEach { $0.layoutIfNeeded() }
        list.offset = audience.content.frame.origin
        for v in audience.content.subviews { v.render(into: &list) }
        return list
    }

    /// Title of the scene at `index`: the deck's, else the scene's own.
    /// While the scene is being made (its plugin asking for its title), the kind stands in.
    public func title(at index: Int) -> String {
        if let t = deck.scenes[index].title { return t }
        if let s = scenes[index] { return s.title }
        return making.contains(index) ? deck.scenes[index].kind : scene(at: index).title
    }
    /// Scene `index` as the log and the speaker's notices name it: 1-based, with the deck's title
    /// (else its kind), e.g. "scene 3 “Buggy”". Never makes the scene.
    public func sceneName(at index: Int) -> String {
        guard deck.scenes.indices.contains(index) else { return "scene \(index + 1)" }
        return "scene \(index + 1) “\(SafeText.excerpt(deck.scenes[index].title ?? deck.scenes[index].kind, limit: 60))”"
    }

    /// Whether scene `index` has been made (a scene still in its `make` has not).
    func hasMadeScene(at index: Int) -> Bool { scenes[index] != nil }

    // MARK: Navigation

    /// While an open question holds the talk (`talkHold`), navigation does nothing.
    /// A move closes the presenter's open question and go-to-slide prompt (`closePromptsForAMove`).
    /// During a look-up (`LookUp.swift`) they step from the scene the room still sees.
    public func next() {
        if waitsForReloadPlace(.next) || stepFromRemovedScene(1) { return }
        if talkHold == nil, let i = lookUpStep(1) { goTo(i) }
        else if talkHold == nil, currentIndex + 1 < sceneCount { closePromptsForAMove(); show(currentIndex + 1) }
    }
    public func previous() {
        if waitsForReloadPlace(.previous) || stepFromRemovedScene(-1) { return }
        if talkHold == nil, let i = lookUpStep(-1) { goTo(i) }
        else if talkHold == nil, currentIndex > 0 { closePromptsForAMove(); show(currentIndex - 1) }
    }
    /// Makes scene `index` current; out-of-range indexes are ignored (returns false), and so is
    /// everything while the talk is held (`talkHold`). A look-up ends: the room follows.
    @discardableResult
    public func goTo(_ index: Int) -> Bool {
        guard talkHold == nil, deck.scenes.indices.contains(index) else { return false }
        if waitsForReloadPlace(.goTo(index)) { return true }
        closePromptsForAMove()
        timeStepOffRemovedScene(to: index)
        lookUpMove = (index, false)
        show(index)
        // A scene that opens a look-up as it becomes current keeps it (trial 32 F2: the move
        // ended the look-up its segue had just begun, and the room saw the target, live).
        let begun = lookUpMove?.begun == true
        lookUpMove = nil
        if !begun { endLookUpAfterAMove() }
        return true
    }

    /// `becomesCurrent` false: the scene is shown on the console but not told it is current
    /// (behind a removed scene's picture, `ReloadRemovedScene.swift`).
    func show(_ index: Int, becomesCurrent: Bool = true) {
        let old = scenes[currentIndex], oldIndex = currentIndex
        // Behind a removed scene's picture the console's scene never became current.
        if index != currentIndex || old == nil, removedScene == nil, let old {
            // Not during a look-up: the restart would show its target to the room, live (review30).
            SceneCode.leaving?(lookUp == nil ? (index, SceneCode.identity(of: deck.scenes[index])) : nil)
            SceneCode.run(in: currentIndex) { old.willResignCurrent() }
            SceneCode.leaving?(nil)
            keepLeftState(of: old, at: oldIndex)
        }
        if !talk.isStarted && index != currentIndex { startTalk() }
        if index != currentIndex { talk.sceneChanged(at: clock()) }
        currentIndex = index
        let s = scene(at: index)
        // A failed scene's card is for the speaker: the room keeps the picture it had.
        if let card = s as? ErrorCardScene { card.hold(heldAudienceFrame(), size: audience.bounds.size); card.showSkip(skipHint) }
        endRoomHold()   // the room sees where the talk goes (a reload holds it again after)
        updateRoomLayers()   // and the console says whether that is the scene or an error card's held picture
        presenter.popovers.forEach { $0.dismiss(byUser: false) }
        let consoleScene = SceneCodeView(s.presenterView, index: index)
        consoleScene.redrawCount = { [weak self] in self?.presenterSceneRedraws ?? -1 }
        console.setScene(consoleScene, index: index, count: sceneCount, title: consoleTitle(at: index),
                         notes: deck.scenes[index].notes, nextCaption: nextCaption())
        console.positionLabel.text = slides.positionText(of: index)
        let text = deck.scenes[index].notes
        console.notesArea.set(sceneNotes: s.presenterNotesView, hasText: !text.trimmingWhitespace().isEmpty)
        audience.content.removeAllSubviews()
        nextStage.content.removeAllSubviews()
        nextSlideStage.content.removeAllSubviews()
        console.nextPreviews.setShowsNextSlide(false)
        let room = SceneCodeView(s.audienceView, index: index)
        room.leftHost = { [weak self, weak room] i in if let room { self?.refuseLaterForLeavingRoom(room, at: i) } }
        audience.content.addSubview(room)
        if becomesCurrent { SceneCode.run(in: index) { s.didBecomeCurrent() } }
        if refuseIfRoomLost(room, at: index, before: old.map { ($0, oldIndex) }) { return }
        // Scenes made before (paging back, a second pass) go into the next preview in this very
        // frame; only making one waits until after the room's frame. Waiting always blanked the
        // preview for 50 ms and cost the console a second frame on every advance (issue 19).
        if nextPreviewScenesMade { attachNextPreview() } else { scheduleNextPreview() }
        // While frozen the room keeps its frame; the presenter's preview shows that frame too.
        if !isFrozen { audience.requestRedraw() }
        presenter.requestRedraw()
        if consoleTick != nil { refreshTimers() }
    }

    /// The next scene goes into the next preview shortly after the current one is shown, so
    /// making it (scenes are made on first use) does not delay the audience's first frame.
    private func scheduleNextPreview() {
        nextPreviewTimer?.cancel()
        guard nextSceneIndex != nil else { nextPreviewTimer = nil; return }
        nextPreviewTimer = timers.schedule(now: clock(), after: 0.05, repeats: false) { [weak self] in self?.attachNextPreview() }
    }

    /// Whether the scenes the next previews show (the next scene, and the next slide's first
    /// while the next scene is an overlay of this slide) are made already.
    private var nextPreviewScenesMade: Bool {
        guard let i = nextSceneIndex, scenes[i] != nil else { return false }
        guard removedScene == nil else { return true }   // no next-slide preview (`attachNextSlidePreview`)
        let s = slides.slide(of: i - 1)
        guard slides.slide(of: i) == s, s + 1 < slides.count else { return true }
        return scenes[slides.ranges[s + 1].lowerBound] != nil
    }

    /// Makes and attaches the next preview's scene now if it is still waiting for its timer: the
    /// platform calls it once the room's frame of an advance is shown, so the console draws
    /// that advance once, with its next preview, instead of blank first and again 50 ms later.
    public func attachPendingNextPreview() {
        if nextPreviewTimer != nil { attachNextPreview() }
    }

    /// What a preview of `scene` shows: its audience view, or for an error card the card itself
    /// (its audience view only holds the room's last picture, blank in a preview).
    static func previewView(of scene: Scene) -> View { (scene as? ErrorCardScene)?.previewView ?? scene.audienceView }

    /// Puts the next scene's audience view on the next-preview stage now (also for snapshots and
    /// tests, which have no run loop to fire the timer).
    public func attachNextPreview() {
        nextPreviewTimer?.cancel(); nextPreviewTimer = nil
        guard let i = nextSceneIndex else { return }
        nextStage.resize(to: audience.bounds.size)
        nextStage.content.removeAllSubviews()
        nextStage.content.addSubview(previewHost(of: i))
        nextStage.layoutIfNeeded()
        attachNextSlidePreview()
        presenter.requestRedraw()
    }

    /// What a preview stage hosts for scene `index`: its preview view (`previewView(of:)`), or,
    /// when that view is in the room's window (a look-up on the scene right after the room's:
    /// next goes to the scene on the console), a picture of it taken now. A view has one
    /// superview: hosting it on the stage took it out of the room's window, which then drew an
    /// empty frame once the look-up ended (`f`, Esc, next), until a scene change (trial 16 M1).
    /// The console shows that scene live above; the picture is taken again once the scene has
    /// the look-up's parameters (`open`).
    func previewHost(of index: Int) -> View {
        let v = Self.previewView(of: scene(at: index))
        guard v.isDescendant(of: audience.content) else { return SceneCodeView(v.pinned(.fill()), index: index) }
        let picture = FrozenFrameView()
        picture.pins = .fill()
        picture.show(liveAudienceFrame(), size: audience.bounds.size)
        return picture
    }

    /// The audience view has a new size (a display change): the console's previews take its
    /// shape, and the next scene (and next slide) are laid out again at that size, so their
    /// previews show what the room will see, not the old shape with bars.
    private func audienceShapeChanged() {
        console.setNeedsLayout()
        let size = audience.bounds.size
        for stage in [nextStage, nextSlideStage] where !stage.content.subviews.isEmpty && stage.bounds.size != size {
            stage.resize(to: size)
            stage.requestRedraw()
        }
    }

    /// Opens the first scene of `kind` whose deck parameters include every one of `parameters`
    /// (e.g. the PDF page a link points at), else the first the kind's `accepts` takes (a PDF
    /// page range holding that page), else the first scene of `kind` (or does nothing when
    /// the deck has none), and hands it `parameters`: a segue from one scene to another.
    /// Asked while a scene is being made, it waits until the scene is made (the next timer turn).
    /// `source`: the index of the scene asking; a scene of another kind is a look-up, which the
    /// room does not follow (`LookUp.swift`).
    public func open(kind: String, parameters: [String: JSONValue], from source: Int? = nil) {
        if let hold = talkHold { log("openScene(\(kind)) ignored: \(hold)"); return }
        if !making.isEmpty {
            _ = timers.schedule(now: clock(), after: 0, repeats: false) { [weak self] in self?.open(kind: kind, parameters: parameters, from: source) }
            return
        }
        let ofKind = deck.scenes.indices.filter { deck.scenes[$0].kind == kind }
        let matching = ofKind.first { i in parameters.allSatisfy { deck.scenes[i].parameters.values[$0.key] == $0.value } }
            ?? registry.sceneKind(kind)?.kind.accepts.flatMap { accepts in ofKind.first { accepts(deck.scenes[$0].parameters, parameters) } }
        guard let i = matching ?? ofKind.first else { log("openScene: no \(kind) scene in this deck"); return }
        let lookingUp = opensALookUp(from: source, to: i)
        if lookingUp { beginLookUp(to: i) }
        show(i)
        if lookingUp, let n = lookUpNotice { showNotice(n, kind: .info) }
        SceneCode.run(in: i) { scene(at: i).receive(SceneParameters(parameters, path: "openScene(\(kind))")) }
        // The next preview's picture of this scene (`previewHost`) shows what it was handed.
        if nextStage.content.subviews.first is FrozenFrameView { attachNextPreview() }
    }

    /// The scene next goes to (what the console's next preview shows, and the remote's and stage
    /// display's "next", trial 21 m11): the one after the current scene, or during a look-up after
    /// the scene the room still sees (`LookUp.swift`, trial 15 M3), or after a removed scene the
    /// room holds (`ReloadRemovedScene.swift`); nil at the end of the deck.
    public var nextSceneIndex: Int? {
        if let r = removedScene { return r.step(1, current: currentIndex) }
        if let r = lookUp?.removed { return r.after }
        let i = (lookUp?.origin ?? currentIndex) + 1
        return i < sceneCount ? i : nil
    }

    /// Seconds since the first advance (pauses excluded), or 0 before it.
    public var elapsed: Double { talk.elapsed(at: clock()) }
}

public enum AudienceMode: String, Sendable {
    case normal, black, white
    var cover: Color { self == .white ? .white : .black }
}

/// The scene shown in place of one that failed: the presenter view names the plugin and the
/// error and how to skip; the audience view holds the picture the room saw before (`hold`), so
/// the room never sees the card.
final class ErrorCardScene: Scene {
    let title: String
    let presenterView: View
    let audienceView: View
    /// The card again, for the console's next preview: the speaker sees there that the next
    /// scene will not show (trial 10 F6: an empty dark box), while the room is never shown it.
    let previewView: View
    private let held = FrozenFrameView()
    /// Each card's root and its hint line (`showSkip`).
    private var skipLabels: [(card: ErrorCardView, label: Label)] = []
    /// Whether the room is held on a picture (else the plain background).
    private(set) var holdsPicture = false
    /// `heading`: what happened, e.g. the scene could not be made, or failed once shown.
    init(title: String, plugin: String, error: String, skip: String, heading: String = "This scene could not be shown") {
        self.title = title
        var labels: [(card: ErrorCardView, label: Label)] = []
        func card(id: String = "scene.error") -> View {
            let v = ErrorCardView(background: Theme.standard.background)
            v.id = id
            v.accessibilityLabel = "Plugin \(plugin): \(error)"
            v.skip = skip
            let stack = StackView(.vertical, spacing: 12, insets: EdgeInsets(all: 32))
            stack.add(Label(heading, font: .bold(28), color: Theme.standard.destructive))
            stack.add(Label("Plugin: \(plugin)", font: .system(18)))
            stack.add(Label(SafeText.escape(error), font: .system(18), lines: 0))
            let hint = Label(skip, font: .system(18), color: Theme.standard.secondaryText, lines: 0)
            stack.add(hint)
            labels.append((v, hint))
            v.addSubview(stack.pinned(.fill()))
            return v
        }
        presenterView = card()
        previewView = card(id: "scene.error.preview")
        skipLabels = labels
        let room = View()
        room.backgroundColor = Theme.standard.background
        held.pins = .fill()
        room.addSubview(held)
        audienceView = room
    }

    /// Shows `list` (drawn at `size`, the audience view's points) in the audience view.
    func hold(_ list: DrawList, size: Size) { held.show(list, size: size); holdsPicture = !list.commands.isEmpty }

    /// Replaces the hint under the error (what the room sees, how to skip) on both cards.
    func showSkip(_ text: String) { for (card, label) in skipLabels { card.skip = text; label.text = text } }
}

/// The error card's root: an "alert" in the control tree, so the control socket's `state` shows
/// which plugin failed and why.
final class ErrorCardView: View {
    /// How to get past it (reported as the alert's value).
    var skip = ""
    override var role: String? { "alert" }
    override var accessibilityValue: String? { skip }
}
