import FoundationEssentials
import Glibc
import PodiumKit

/// Puts the presenter and audience windows where `DisplayPolicy` says, on launch and after every
/// display or window event (SDL sends no event for a mode change, so every event is a cue to
/// re-enumerate and compare). Logs one line per display change with what it did, and one line
/// when the audience view's first frame after a change is on screen (for `bench-hotplug.sh`).
/// The window system is behind `DisplayPlatform` (PodiumSDL's `SDLDisplayPlatform`), so these
/// decisions are tested with a fake platform. Times are `presentation.clock()` seconds.
@MainActor
public final class DisplayController<Platform: DisplayPlatform> {
    public typealias Window = Platform.Window
    public private(set) var policy: DisplayPolicy
    private unowned let presentation: Presentation
    private let platform: Platform
    public let presenterWindow: Window
    public private(set) var audienceWindow: Window?
    /// A never-shown audience window made while idle in the preview, so a plug skips window and
    /// renderer creation (10–15 ms). Never shown before use: a re-shown Wayland window is not
    /// reliably made fullscreen on an output (seen on sway), a fresh one is.
    public private(set) var spareWindow: Window?
    /// Black windows over the displays nothing of the talk is on (`DisplayPolicy.spareDisplays`:
    /// a second projector, a stage monitor), by display, with the display they were placed for.
    public private(set) var coverWindows: [DisplayIdentity: (display: DisplayInfo, window: Window)] = [:]
    /// Spare displays whose cover the window manager put elsewhere (`coverMisplaced`): not
    /// covered again until the displays change or a swap.
    private var coversRefused: Set<DisplayIdentity> = []
    /// Which views get an ordinary window (`--windowed MODE`); `windowed: true` at init is both.
    public var windowedViews: WindowedViews
    /// Where the speaker had the `--windowed` presenter window (window frame, desktop points)
    /// before a crash restart: its first placement puts it there again, at its size, moved onto
    /// the presenter's display where it hung off it (`KeptWindowFrame`; trial 28 m5: it came back
    /// at the default place and size).
    public var keptPresenterFrame: Rect?
    private let log: (String) -> Void
    /// Where the windows were last put (display identity and bounds), so only real changes move them.
    private var placedPresenter: DisplayInfo?
    /// Whether the presenter window was last made to fill its display (there was another one).
    private var placedPresenterFull = false
    private var placedAudience: AudiencePlacement?
    /// The presenter window moved aside for the audience window on one display, and where the
    /// speaker had it (put back when the audience leaves its window: `restoreMovedAside`).
    private var movedAside: MovedAsideWindow?
    /// Size of the display the audience view was last on, the likeliest size of the next plug.
    private var lastAudienceDisplaySize: Size?
    /// The spare window is drawn at this size when no audience display was seen yet.
    static var likelyProjectorSize: Size { Size(1920, 1080) }
    /// Where a projector of `size` plugged beside a presenter's display at `presenter` usually
    /// appears: right of it, top edges aligned.
    static func likelyProjectorBounds(beside presenter: Rect, size: Size) -> Rect {
        Rect(presenter.maxX, presenter.minY, size.width, size.height)
    }
    private var graceTimer: TimerToken?
    /// When the windows were last placed; the window manager's answer is judged only after
    /// `settleTime` seconds (right after a swap the X server still has the old frames).
    private var placedAt = -Double.infinity
    static var settleTime: Double { 1.0 }
    /// A change whose first frame is not drawn yet: (when it was handled, where the audience went).
    private var pendingFrame: (since: Double, placement: AudiencePlacement)?
    /// A display the window manager would not let the audience window onto (it put the window
    /// over the presenter view instead); the audience stays in the preview until displays change.
    public private(set) var refusedByWindowManager: DisplayIdentity?
    /// The presenter window is unmapped because the window manager kept putting it on the room's
    /// display (`repairPlacement`); until the displays change, the console stays hidden.
    public private(set) var presenterWithheld = false
    /// Windows placed again by `repairPlacement` since the displays last changed (tries are capped).
    private var presenterRepairs = 0, audienceRepairs = 0
    /// The check of where the windows really are, once the window manager has acted on a placement.
    private var settleTimer: TimerToken?
    /// The part of the presenter window painted black because it lies on the room's display
    /// (window points; `updateRoomStrip`), nil when none.
    public internal(set) var roomStrip: Rect?

    /// displays.json: where the display choices are kept, and what it holds now (nil when it
    /// could not be read: it is then left alone, so nothing in it is lost).
    private let choicesPath: String
    private var choicesOnDisk: DisplayChoices?

    /// - choicesPath: displays.json (read now; written when a choice is made).
    /// - log: one line per change, without the "podium: " prefix.
    public init(policy: DisplayPolicy, platform: Platform, presentation: Presentation, presenterWindow: Window,
                windowed: Bool, choicesPath: String = DisplayChoicesFile.defaultPath(), log: @escaping (String) -> Void) {
        self.policy = policy; self.platform = platform; self.presentation = presentation; self.presenterWindow = presenterWindow
        self.windowedViews = windowed ? .both : []; self.log = log; self.choicesPath = choicesPath
        do {
            let c = try DisplayChoicesFile.load(path: choicesPath)
            self.policy.remembered = c; choicesOnDisk = c
        } catch {
            log("display choices not used and not saved: \(error) (fix or remove the file)")
        }
    }

    /// Writes displays.json when `swap` or a command-line choice changed what is remembered.
    private func saveChoices() {
        guard let disk = choicesOnDisk, policy.remembered != disk else { return }
        do {
            try DisplayChoicesFile.save(policy.remembered, path: choicesPath)
            choicesOnDisk = policy.remembered
        } catch {
            // One short line (errno text, not a Foundation error's dump), and the speaker told once.
            let why = "\(choicesPath): \(DiskErrorText.reason(error))"
            log("display choice not saved: \(why); it holds for this session only")
            presentation.showPassingNotice("The display choice cannot be saved: \(SafeText.excerpt(why, limit: 120)); it holds for this session only.", seconds: 10)
            choicesOnDisk = nil   // one message, not one per display event
        }
    }

    public var displays: [DisplayInfo] { policy.displays }
    public var assignment: DisplayAssignment { policy.assignment }

    /// Re-enumerates and, when the displays or the assignment changed (or on `launch`), moves the
    /// windows. `reason` goes into the log line.
    public func refresh(reason: String, launch: Bool = false) {
        let t = now
        let change = policy.update(enumerate(), at: t)
        saveChoices()
        // The part of the console on the room's display black before anything moves, and again
        // after (a projector moved to overlap the laptop by a sliver: `RoomStrip`).
        if change != nil { updateRoomStrip(drawNow: true) }
        defer { updateRoomStrip() }
        scheduleGraceTimer()
        // Any change of the displays (one switched off and on, moved, a new mode) is a new
        // chance; the usable area the window manager updates after one is not (a window rule
        // would put the console on the room's display again: CI, 2026-12-01).
        if let c = change, !c.added.isEmpty || !c.removed.isEmpty || c.reshaped {
            refusedByWindowManager = nil; presenterRepairs = 0; audienceRepairs = 0; presenterWithheld = false; saidLeftThere = false
            coversRefused = []
        }
        if !launch, change == nil, t - placedAt >= Self.settleTime, let refused = audienceCoversPresenter() {
            refusedByWindowManager = refused.identity
            log("\(String(cFormat: "t=%.3f", t)) \(reason): the window manager put the audience window over the presenter view instead of on \(refused.name); "
                + "the audience view stays in the presenter preview (under a Wayland compositor, SDL_VIDEODRIVER=wayland avoids this)")
            apply(launch: false, since: t)
            return
        }
        // The console on the room's display is taken off it on any event, settled or not.
        if !launch, change == nil { repairPlacement(reason: reason, at: t, settled: t - placedAt >= Self.settleTime) }
        guard launch || change != nil else { return }
        let c = change ?? DisplayChange(old: policy.assignment, new: policy.assignment)
        log("\(String(cFormat: "t=%.3f", t)) \(reason): \(c.description(audienceWindowed: windowedViews.contains(.audience)))")
        projector = policy.audienceDisplayByRules(at: t) ?? projector
        apply(launch: launch, since: t)
        // A saved swap put the views otherwise than by default: the speaker is told, on the
        // console only (the banner), and can undo it with one key.
        if let e = c.appliedChoice {
            let text = DisplayPolicy.appliedText(e)
            presentation.showPassingNotice(text.prefix(1).uppercased() + text.dropFirst() + ".", seconds: 12)
        }
        // The room's display gone (a cable pulled): the speaker faces the laptop and saw nothing
        // change there (trial 31 m5: only the log said so).
        if !launch, let lost = c.removed.first(where: { $0.identity == c.old.audienceDisplay?.identity }), policy.assignment.audience == .preview {
            presentation.showPassingNotice("\(lost.name) is gone: the room sees nothing from Podium. Its view goes on in this preview, "
                + "and back to \(lost.name), or a display plugged now, when one is there.", seconds: 10)
            saidRoomLost = lost.identity
            displaysAtLoss = Set(displays.map(\.identity))
        } else if let lost = saidRoomLost, let d = policy.assignment.audienceDisplay {
            saidRoomLost = nil   // a blip: the notice of the loss does not stay up for 10 s
            // Another display already there is not known to be the room's (review28).
            presentation.showPassingNotice(d.identity == lost || arrivedSinceLoss(d) ? "\(d.name) is back: \(roomSeesAgain)."
                                           : "The room's view is on \(d.name) now; \(lost.name) is still gone.", seconds: 5)
        }
    }
    /// What the room sees on its display back: the talk, or the cover or hold the speaker chose
    /// (trial 34 m12: "sees the talk again" while the projector showed black).
    private var roomSeesAgain: String {
        switch presentation.roomWithheld {
        case .cover(.white)?: "the room sees white, as asked (w shows the talk)"
        case .cover?: "the room sees black, as asked (b shows the talk)"
        case let .lookUp(origin)?: "the room still sees \(presentation.title(at: origin)) (the look-up is on the console only)"
        case .frozen?: "the room sees the frozen frame (f shows the talk)"
        case nil: "the room sees the talk again"
        }
    }
    /// The room's display the console said was gone, and not yet that it is back.
    private var saidRoomLost: DisplayIdentity?
    /// Whether `d` was plugged since the room's display was lost (a replacement projector).
    private func arrivedSinceLoss(_ d: DisplayInfo) -> Bool { !displaysAtLoss.contains(d.identity) }
    /// The displays connected when the room's display was lost.
    private var displaysAtLoss: Set<DisplayIdentity> = []

    /// The display the audience window was meant for, when the X server shows it mostly over the
    /// presenter's display instead: a tiling window manager (sway's Xwayland) maps windows on the
    /// focused output and fullscreens them there, while SDL still reports the position it asked
    /// for. Checked on later events, once the window manager has acted; nil when all is well.
    private func audienceCoversPresenter() -> DisplayInfo? {
        guard let w = audienceWindow, w.isVisible,
              let target = policy.assignment.audienceDisplay, target.identity != refusedByWindowManager,
              let pd = policy.assignment.presenter,
              let real = platform.managedFrame(of: w), real.width > 0, real.height > 0 else { return nil }
        let overlap = real.intersection(pd.bounds)
        let covered = real.intersects(pd.bounds) ? overlap.width * overlap.height : 0
        return covered > real.width * real.height / 2 ? target : nil
    }

    /// Where ordinary windows go on the presenter's display `pd`: its usable bounds; beside another
    /// talk (`DisplayPolicy.besideAnotherTalk`) a gap inside them, so that a window manager's
    /// borders do not push a window's edge onto the room's display next to it (openbox shifted
    /// them a pixel onto the projector).
    private func windowArea(_ pd: DisplayInfo) -> Rect {
        let g = SideBySideWindows.gap
        return policy.besideAnotherTalk ? pd.usableBounds.insetBy(dx: g, dy: g) : pd.usableBounds
    }

    /// Where the window system really has `w` (on X11), else where the window says it is.
    public func realFrame(of w: Window) -> Rect { platform.managedFrame(of: w) ?? w.frame }

    /// The safety net, on every event after a placement: each window's real frame against the
    /// policy (`RealPlacement`). The presenter window as `PresenterRepair` decides: on the room's
    /// display it is unmapped at once and placed again once; put back there (a window manager
    /// rule fights), it stays unmapped (the console hidden, questions on the room's view) until
    /// the displays change. Frames off the room's display are judged once the window manager has
    /// acted (`settled`: `settleTime` after the placement). An audience window off its display is
    /// placed again, twice at most. Ordinary windows the speaker may move (`--windowed`) are left
    /// alone, and so is every window where the platform cannot know better than what it asked
    /// for (`managedFrame` nil: Wayland, X11 without a window manager, where nothing moves them).
    private func repairPlacement(reason: String, at t: Double, settled: Bool) {
        let a = policy.assignment
        repairPresenter(reason: reason, at: t, settled: settled, justMapped: false)
        guard settled else { return }
        for (_, c) in coverWindows { coverMisplaced(c.display, c.window, reason: reason) }
        if case let .display(d) = a.audience, !windowedViews.contains(.audience), audienceRepairs < 2, let w = audienceWindow, w.isVisible,
           let f = platform.managedFrame(of: w), let real = RealPlacement.misplaced(frame: f, meant: d, room: nil, displays: displays) {
            audienceRepairs += 1
            log("\(String(cFormat: "t=%.3f", t)) \(reason): the audience window was on \(real.description), not on \(d.name) where it was placed; placed again")
            w.leaveFullscreen()
            place(w, on: d, fullscreen: true, drawsFirst: true)
            placedAt = t
            focusPresenter()
            scheduleSettledCheck()
        }
    }

    /// Where the X server had the presenter window when it was last placed while mapped: until the
    /// window manager answers, the X server still reports that frame (after a swap, the display
    /// that is now the room's), which is not yet the window manager's doing.
    private var presenterFrameBeforePlacement: Rect?

    /// The presenter window's half of `repairPlacement`. `justMapped`: the window was mapped just
    /// now (SDL waits for the map, so a window manager's placement rule has acted): its frame is
    /// the window manager's answer, never a stale one.
    private func repairPresenter(reason: String, at t: Double, settled: Bool, justMapped: Bool) {
        let a = policy.assignment
        guard let pd = a.presenter, placedPresenterFull, !presenterWithheld, presenterWindow.isVisible,
              let f = platform.managedFrame(of: presenterWindow) else { return }
        let real = RealPlacement.misplaced(frame: f, meant: pd, room: a.roomDisplay, displays: displays)
        // Still where it was before the last placement, and the window manager not heard from:
        // wait for it (the console is not drawn there meanwhile: `consoleMayDraw`).
        if !justMapped, !settled, f == presenterFrameBeforePlacement { return }
        func say(_ what: String) { log("\(String(cFormat: "t=%.3f", t)) \(reason): \(what)") }
        let room = real?.onRoomsDisplay == true ? " (the room's display)" : ""
        switch PresenterRepair.decide(real, tries: presenterRepairs, settled: settled) {
        case .none: return
        case .placeAgain:
            presenterRepairs += 1
            // Unmapped first: it leaves the room's display before anything else happens.
            presenterWindow.hide(); presenterWindow.leaveFullscreen()
            say("the presenter window was on \(real!)\(room), not on \(pd.name) where it was placed; unmapped and placed again")
            place(presenterWindow, on: pd, fullscreen: true)
            presenterWindow.show()
            placedAt = t
            scheduleSettledCheck()
            // A window manager rule acts on the map: judged now, before the console draws a frame.
            repairPresenter(reason: "mapped again", at: t, settled: false, justMapped: true)
            if !presenterWithheld { focusPresenter() }
        // The audience window is there, or placed next (`apply` maps the console first).
        case .withhold where audienceWindow != nil || a.audienceDisplay != nil:
            presenterRepairs += 1
            presenterWindow.hide(); presenterWindow.leaveFullscreen()
            presenterWithheld = true
            if withheldSince == nil { withheldSince = t }
            placedPresenter = nil; placedPresenterFull = false
            presentation.consoleHidden = true
            focusPresenter()   // the audience window, raised over anything else there, with the keys
            say("the window manager keeps putting the presenter window on \(real!)\(room), not on \(pd.name) (a window rule for \"Podium Presenter\"?); "
                + "it stays unmapped (the console hidden, keys go to the talk) until the displays change or a swap")
        case .withhold, .leave:
            // No audience window to give the room instead (it could not be made): left there, said once.
            presenterRepairs += 1
            if !saidLeftThere { say("the window manager keeps the presenter window on \(real!)\(room), not on \(pd.name); left there") }
            saidLeftThere = true
        }
    }

    /// "Left there" was logged since the displays last changed.
    private var saidLeftThere = false

    /// When the presenter window was withheld (`presenterWithheld`), so that the speaker is told
    /// on the console once it is back.
    private var withheldSince: Double?

    /// Whether the console may draw a frame now: not while the X server has the presenter window
    /// on the room's display (a window manager moved it there and Podium has not yet taken it
    /// off: its last frame there may be the audience's pixels, never the console's). Asks the
    /// window system (two X round trips) only while the window manager may still be acting on the
    /// last placement (`settleTime`): later moves come as window events, judged by `refresh`, so
    /// a talk's advances and clock ticks pay nothing. Repairs at once when it can.
    public func consoleMayDraw() -> Bool {
        guard now - placedAt < Self.settleTime * 2,
              presenterWindow.isVisible, let pd = policy.assignment.presenter, let f = platform.managedFrame(of: presenterWindow),
              RealPlacement.misplaced(frame: f, meant: pd, room: policy.assignment.roomDisplay, displays: displays)?.onRoomsDisplay == true
        else { return true }
        let t = now
        repairPlacement(reason: "before the console's frame", at: t, settled: t - placedAt >= Self.settleTime)
        return false
    }

    /// Looks where the windows really are once the window manager has acted on the last placement.
    private func scheduleSettledCheck() {
        settleTimer?.cancel()
        settleTimer = presentation.timers.schedule(now: now, after: Self.settleTime + 0.05, repeats: false) { [weak self] in
            self?.settleTimer = nil
            self?.refresh(reason: "windows settled")
        }
    }

    /// SDL sends no event for a mode or position change; look every `seconds` as well as on every
    /// display and window event (one enumeration costs well under a millisecond, but with four X
    /// round trips it was 15 % of an idle talk's CPU: `DisplayCheck.interval`).
    public func startPeriodicCheck(every seconds: Double = 2) {
        presentation.timers.schedule(now: presentation.clock(), after: seconds, repeats: true) { [weak self] in
            self?.periodicChecks += 1
            self?.refresh(reason: "periodic check")
        }
    }
    /// Periodic checks run so far (`state`, tests).
    public private(set) var periodicChecks = 0

    /// The platform's displays; `libraryBounds` keeps what the platform library believes, for `place`.
    private func enumerate() -> [DisplayInfo] {
        let e = platform.enumerate()
        libraryBounds = e.libraryBounds
        return e.displays
    }
    private var libraryBounds: [Int: Rect] = [:]

    /// Fullscreen on `d`. A borderless window covering the bounds instead when the library's idea
    /// of the display is stale (its fullscreen would use the old size) or when fullscreen requests
    /// go unanswered (X11 without a window manager; SDL waits ~100 ms for each).
    ///
    /// `drawsFirst` (the audience window, just shown): covered and its first frame drawn before
    /// the fullscreen request, whose answer SDL waits for (up to 100 ms on X11 with a window
    /// manager): the room sees its page meanwhile, not the undefined pixels of a window just
    /// mapped (seen: a copy of the presenter view, for 0.1 s).
    private func place(_ w: Window, on d: DisplayInfo, fullscreen: Bool, drawsFirst: Bool = false) {
        if w === presenterWindow { presenterFrameBeforePlacement = w.isVisible ? platform.managedFrame(of: w) : nil }
        let stale = libraryBounds[d.index].map { $0 != d.bounds } ?? false
        if fullscreen, stale || !platform.honoursFullscreen { w.cover(d.bounds); return }
        if fullscreen, drawsFirst {
            w.cover(d.bounds)
            if w.drawNow() { earlyFrameAt = now }
        }
        w.move(to: d.bounds, fullscreen: fullscreen)
    }
    /// When the audience window's first frame was drawn inside `place`, for the log line.
    private var earlyFrameAt: Double?
    /// The display the room watches as the rules place it (`DisplayPolicy.audienceDisplayByRules`,
    /// not a swap or a saved choice: review28): the projector, whichever view the speaker has
    /// swapped onto it.
    private var projector: DisplayIdentity?

    /// The `s` key and `{"cmd":"swap"}`: exchange the presenter and audience displays.
    /// Returns false (and logs why) when the audience view has no display of its own.
    @discardableResult
    public func swap() -> Bool {
        let t = now
        // Swap always recovers: a display the window manager refused gets another try, and so
        // does a presenter window it kept putting on the room's display.
        refusedByWindowManager = nil; presenterRepairs = 0; audienceRepairs = 0; presenterWithheld = false; saidLeftThere = false
        coversRefused = []
        guard let c = policy.swap(at: t) else {
            log("swap: the audience view has no display of its own; nothing to swap"); return false
        }
        saveChoices()
        log("\(String(cFormat: "t=%.3f", t)) swap: \(c.description(audienceWindowed: windowedViews.contains(.audience)))")
        apply(launch: false, since: t)
        return true
    }

    /// Closes the audience and spare windows (textures, renderer, window), before SDL stops.
    public func closeWindows() {
        audienceWindow?.close(); spareWindow?.close()
        audienceWindow = nil; spareWindow = nil
        coverWindows.values.forEach { $0.window.close() }; coverWindows = [:]
        graceTimer?.cancel(); graceTimer = nil
        settleTimer?.cancel(); settleTimer = nil
    }

    private var now: Double { presentation.clock() }

    private func scheduleGraceTimer() {
        graceTimer?.cancel(); graceTimer = nil
        guard let due = policy.nextDeadline else { return }
        let t = now
        graceTimer = presentation.timers.schedule(now: t, after: max(0, due - t) + 0.01, repeats: false) { [weak self] in
            self?.refresh(reason: "blip grace ended")
        }
    }

    /// Called with the display the room sees, or saw until a removal (`DisplayPolicy.rememberedRoom`),
    /// whenever that changes (nil: none), so a crash restart can be told (`DisplayPolicy.roomHint`).
    public var onRoomDisplayChange: ((DisplayIdentity?) -> Void)?
    private var reportedRoom: DisplayIdentity??

    private func apply(launch: Bool, since t: Double) {
        let a = policy.assignment
        let room = policy.rememberedRoom
        if reportedRoom != .some(room) { reportedRoom = .some(room); onRoomDisplayChange?(room) }
        // A cover on a display the talk takes now (the audience failing over to it, the presenter
        // moving there) leaves fullscreen at once and is closed once the windows are placed: that
        // display shows black meanwhile, never the desktop. New spare displays are covered last.
        let spare = policy.spareDisplays
        let uncovered = coverWindows.filter { id, _ in !spare.contains { $0.identity == id } }
        for (id, c) in uncovered { c.window.leaveFullscreen(); coverWindows[id] = nil }
        defer { uncovered.values.forEach { $0.window.close() }; coverSpareDisplays(spare) }
        guard let pd = a.presenter else { log("no display reported; windows left where they are"); return }
        defer { updateRoomStrip() }   // last: after the presenter window is placed (`presenterFills`)
        // The presenter window moves only when its own display changed: an unplug elsewhere must
        // not disturb it. It fills its display (as pdfpc), unless it is an ordinary window by choice
        // (`--windowed`) or beside the audience's window on one display.
        var placement = a.audience
        if case let .display(d) = placement, d.identity == refusedByWindowManager { placement = .preview }
        let shown = placement != .preview
        var presenterMoves = launch || placedPresenter.map({ $0.identity != pd.identity || $0.bounds != pd.bounds }) ?? true
        // A plug gives the presenter its whole display, as a launch with two displays does (it
        // stayed an ordinary window). After the audience is placed, so the room's first frame does
        // not wait for it; first when mirrored, where the audience covers that same display.
        // With one display too, the audience in its preview (not beside it in a window).
        let full = !windowedViews.contains(.presenter) && (displays.count >= 2 || placement == .preview)
        var presenterFills = !presenterMoves && full && !placedPresenterFull
        // The only display left is the room's (a lid closed with the projector on): the X server
        // may have moved that display under the presenter window. Unmapped before the audience
        // covers the display, never moved onto it; placed anew when another display is back.
        let onlyRoomLeft = a.onlyTheRoomsDisplay
        if onlyRoomLeft { presenterWindow.hide(); presenterWindow.leaveFullscreen() }   // unmapped first: no resize seen
        // Mirrored (the audience covers the presenter's display): no one sees the console, and a
        // mapped fullscreen window on overlapping outputs of different sizes is put by the window
        // manager on the output it chooses (openbox: the larger, the projector), then carried along
        // when that output moves: leaving the mirror by moving the projector left the console
        // fullscreen on it, over the room (trial 10 F2). So unmapped too, once the audience covers
        // it, and placed anew on its own display when the mirror ends.
        var mirrored = false
        if case .mirror = placement { mirrored = true }
        // Held back by `repairPlacement` (the window manager kept it on the room's display): stays
        // unmapped until the displays change or a swap.
        if onlyRoomLeft || mirrored || presenterWithheld {
            presenterMoves = false; presenterFills = false; placedPresenter = nil; placedPresenterFull = false
        }
        // The audience is placed again whenever the presenter moves: both leave fullscreen first,
        // so SDL does not minimise one for the other (see PlatformWindow.leaveFullscreen).
        let moved = launch || presenterMoves || placedAudience != placement || (audienceWindow?.isVisible ?? false) != shown
        // The laptop's display back after only the room's was left: the audience window already
        // fills the room's display, which the presenter is not going to; taken out of fullscreen
        // and placed again it would show the room black (or the desktop) for a moment.
        var audienceStays = false
        if !launch, case let .mirror(m) = placedAudience, case let .display(d) = placement, audienceWindow?.isVisible == true,
           m.identity == d.identity, m.bounds == d.bounds, pd.identity != d.identity { audienceStays = true }
        placedAt = t
        // A display arrived while the talk was on one display, and the audience takes the display
        // the console filled (a lid opened after a lid-closed launch: the console moves to the
        // laptop, trial 18 F1): the audience window covers it, drawn and on top, before the
        // console leaves it, so the room sees the console, then its slide, never the desktop.
        // The same for a swap back, the audience leaving the speaker's display for the console's
        // (trial 31 F2: the projector showed the desktop for 70–125 ms in between).
        // Only onto the projector: the other way the audience window leaving it first would
        // show the room the desktop instead (the presenter window arrives there first then).
        var fromOtherDisplay = false
        if case let .display(o) = placedAudience, case let .display(d) = placement, o.identity != d.identity, d.identity == projector { fromOtherDisplay = true }
        if !launch, presenterMoves, !windowedViews.contains(.audience), case let .display(d) = placement,
           placedPresenter?.identity == d.identity, placedAudience == .preview || placedAudience == .window || fromOtherDisplay,
           let w = try? audienceWindowOrCreate(at: d.bounds) {
            if fromOtherDisplay { w.leaveFullscreen() }
            w.show()
            w.cover(d.bounds)
            _ = w.drawNow()
            w.raiseAndFocus()   // above the console, which a window manager keeps on top while focused
        }
        if presenterMoves { presenterWindow.leaveFullscreen() }
        if moved, !audienceStays { audienceWindow?.leaveFullscreen() }
        if presenterMoves {
            if full { place(presenterWindow, on: pd, fullscreen: true) }
            else if launch, let k = keptPresenterFrame.flatMap({ KeptWindowFrame.restored($0, on: pd.usableBounds) }) { presenterWindow.moveWindowed(to: k) }
            else if placement == .window, let f = SideBySideWindows.frames(in: windowArea(pd)) { presenterWindow.moveWindowed(to: f.presenter) }
            else { presenterWindow.move(to: windowArea(pd), fullscreen: false) }
            let wasHidden = !presenterWindow.isVisible
            presenterWindow.show()
            placedPresenter = pd
            placedPresenterFull = full
            // Mapped just now: a window manager's placement rule has acted; judged before the
            // console draws a frame (after a mirror, a lid closed, or held back).
            if wasHidden { repairPresenter(reason: "presenter window mapped", at: t, settled: false, justMapped: true) }
            if !presenterWithheld, let since = withheldSince {
                withheldSince = nil
                presentation.showPassingNotice("For \(Int((t - since).rounded())) s this console was hidden: the window manager kept putting it on the room's display "
                    + "(a window rule for “Podium Presenter”?), so keys went to the talk. It is back now.", seconds: 15)
            }
        }
        defer { if presenterFills { place(presenterWindow, on: pd, fullscreen: true); placedPresenterFull = true; focusPresenter() } }
        defer { scheduleSettledCheck() }
        guard moved else { if mirrored, audienceWindow != nil { presenterWindow.hide(); presenterWindow.leaveFullscreen() }; return }
        do {
            switch placement {
            case .display where audienceStays: break
            case let .display(d):
                let w = try audienceWindowOrCreate(at: d.bounds)
                let fullscreen = !windowedViews.contains(.audience)
                if fullscreen, !platform.honoursFullscreen || (!w.isVisible && w.placesFullscreenHidden) {
                    // Placed before it is mapped, it appears there, never over the console for a
                    // moment, and a spare already drawn at that size is not resized again (round
                    // trips of the plug path, issue 19): where nothing places windows (X11
                    // without a window manager) covering its display; with one, mapped already
                    // fullscreen, so SDL has no fullscreen request to wait ~100 ms for (launch).
                    place(w, on: d, fullscreen: true)
                    w.show()
                } else {
                    // Shown first: Wayland only takes fullscreen-on-an-output for a mapped window.
                    w.show()
                    place(w, on: d, fullscreen: fullscreen, drawsFirst: true)
                }
            case let .mirror(d):
                // Over the console, on top and focused (keys typed there act on the presenter).
                let w = try audienceWindowOrCreate(at: d.bounds)
                w.show()
                place(w, on: d, fullscreen: true, drawsFirst: true)
            case .window:
                let w = try audienceWindowOrCreate(at: windowArea(pd))
                w.show()
                // Beside the presenter window, not over it, when both fit (`SideBySideWindows`):
                // the layout a launch with this one display gives, also after an unplug (the
                // audience window would otherwise lie over the console's timers and previews).
                if let f = SideBySideWindows.frames(in: windowArea(pd)) {
                    if !presenterMoves {
                        // The speaker's own window (not one filling the display): remembered once,
                        // so a second move aside does not take the squeezed frame for theirs.
                        if !placedPresenterFull, movedAside == nil { movedAside = MovedAsideWindow(speakers: presenterWindow.frame, aside: f.presenter, display: pd.identity) }
                        presenterWindow.moveWindowed(to: f.presenter); placedPresenterFull = false
                    }
                    w.moveWindowed(to: f.audience)
                } else {
                    w.move(to: windowArea(pd).insetBy(dx: windowArea(pd).width * 0.2, dy: windowArea(pd).height * 0.2), fullscreen: false)
                }
            case .preview:
                // Closed at once, so a compositor cannot move it over the presenter view; a fresh
                // window later is what Wayland reliably makes fullscreen on an output (a re-shown
                // one stayed behind on sway). The audience tree keeps its size, so the scene is
                // untouched; the preview letterboxes it.
                audienceWindow?.close(); audienceWindow = nil
                if launch { presentation.audience.resize(to: Size(pd.bounds.width, pd.bounds.height)) }
            }
        } catch {
            log("cannot show the audience window (\(error)); the audience view stays in the presenter preview")
            audienceWindow?.close(); audienceWindow = nil
        }
        restoreMovedAside(placement: placement, presenterMoved: presenterMoves || full, on: pd)
        placedAudience = placement
        // Under the audience view now: unmapped (see `mirrored` above). Not before, so the room,
        // which sees this display, never sees the desktop meanwhile.
        if mirrored, audienceWindow != nil { presenterWindow.hide(); presenterWindow.leaveFullscreen() }
        // No one sees the console now: questions show on the audience view (`MirroredQuestionBar`).
        presentation.consoleHidden = audienceCoversConsole
        if case let .display(d) = placement { lastAudienceDisplaySize = d.bounds.size }
        pendingFrame = (t, placement)
        if let e = earlyFrameAt { earlyFrameAt = nil; didRender(presenter: false, audience: true, at: e) }
        presentation.audience.requestRedraw()
        presentation.presenter.requestRedraw()
        if presenterWindow.isMinimized, !onlyRoomLeft, !mirrored, !presenterWithheld { presenterWindow.show() }
        focusPresenter()
    }

    /// The audience out of its window beside the presenter's (the projector back): the presenter
    /// window goes back where the speaker had it before it was moved aside, unless it was placed
    /// anew (`presenterMoved`: another display, or filling it) or the speaker moved or resized it
    /// meanwhile (trial 21 m3).
    private func restoreMovedAside(placement: AudiencePlacement, presenterMoved: Bool, on pd: DisplayInfo) {
        guard placement != .window, let m = movedAside else { return }
        movedAside = nil
        guard !presenterMoved, m.display == pd.identity, let back = m.frameToRestore(now: presenterWindow.frame) else { return }
        presenterWindow.moveWindowed(to: back)
        log("presenter window back where it was before the audience window was beside it: \(back)")
    }

    /// Puts a black cover window (`DisplayPlatform.makeCoverWindow`) fullscreen on each of
    /// `spare` not covered yet, and again on one whose bounds changed; logs each new one. The
    /// presenter keeps the keyboard (a window manager focuses a window it maps).
    private func coverSpareDisplays(_ spare: [DisplayInfo]) {
        var made = false
        for d in spare where !coversRefused.contains(d.identity) {
            if let c = coverWindows[d.identity] {
                if c.display.bounds != d.bounds { c.window.leaveFullscreen(); place(c.window, on: d, fullscreen: true); coverWindows[d.identity] = (d, c.window) }
                continue
            }
            do {
                guard let w = try platform.makeCoverWindow(on: d.bounds) else { return }
                w.show()
                place(w, on: d, fullscreen: true)
                // Drawn after the fullscreen request: on Wayland this first buffer maps it, so the
                // compositor maps it fullscreen on `d`, as the audience window (`makeCoverWindow`).
                _ = w.drawPlaced()
                coverWindows[d.identity] = (d, w)
                made = true
                log("\(d.name): neither the presenter's nor the room's display; covered black")
                coverMisplaced(d, w, reason: "cover mapped", justMapped: true)
            } catch {
                log("\(d.name): neither the presenter's nor the room's display, and it cannot be covered (\(error)); it shows the desktop")
            }
        }
        if made { focusPresenter() }
    }

    /// Closes the cover `w` of spare display `d` when the window system has it elsewhere (sway's
    /// Xwayland maps a window on the focused output and fullscreens it there; on Wayland, a
    /// compositor that ignores the output of a fullscreen request: `DisplayPlatform.coverFrame`):
    /// black must never lie over the console or the room's view. `d` then shows the desktop until
    /// the displays change or a swap (logged). Returns whether it closed it. `justMapped`: its
    /// first frame was just drawn; out of fullscreen then is not an answer yet (a Wayland
    /// compositor configures a window it has not mapped without the fullscreen it applies at the
    /// map, which SDL follows for that moment: seen on sway, now and then).
    @discardableResult
    private func coverMisplaced(_ d: DisplayInfo, _ w: Window, reason: String, justMapped: Bool = false) -> Bool {
        let what: String
        if !justMapped, platform.coverLeftFullscreen(w) { what = "took the black cover of \(d.name) out of fullscreen (it did not keep it there)" } else {
            guard let f = platform.coverFrame(of: w),
                  let r = RealPlacement.misplaced(frame: f, meant: d, room: policy.assignment.roomDisplay, displays: displays) else { return false }
            what = "put the black cover of \(d.name) on \(r), not on \(d.name)"
        }
        w.close()
        coverWindows[d.identity] = nil
        coversRefused.insert(d.identity)
        // SDL's wayland driver takes the fullscreen window of the display a fullscreen window's
        // surface entered out of fullscreen and minimises it (seen on sway: the console left
        // tiled under a cover moved onto its output): the console placed again, with the keyboard.
        if placedPresenterFull, !presenterWithheld, !audienceCoversConsole, let pd = placedPresenter,
           presenterWindow.isMinimized || !presenterWindow.isFullscreen {
            presenterWindow.show()
            place(presenterWindow, on: pd, fullscreen: true)
        }
        focusPresenter()
        log("\(reason): the window manager \(what); closed (\(d.name) shows the desktop until the displays change)")
        return true
    }

    /// Whether the audience view covers the presenter's display, which a mirrored output shows
    /// the room (`AudiencePlacement.mirror`), or the presenter window is held back because the
    /// window manager kept putting it on the room's display (`repairPlacement`): either way no
    /// one sees the console.
    public var audienceCoversConsole: Bool {
        if presenterWithheld, audienceWindow != nil { return true }
        if case .mirror = placedAudience { return audienceWindow != nil }
        return false
    }

    /// Raises the presenter window and gives it keyboard focus (also without a window manager);
    /// while the displays mirror each other, the audience window instead, so the room never
    /// sees the console.
    public func focusPresenter() { (audienceCoversConsole ? audienceWindow! : presenterWindow).raiseAndFocus() }

    /// The audience window: the current one, else the spare, else a new one on `display`.
    private func audienceWindowOrCreate(at display: Rect) throws -> Window {
        if let w = audienceWindow { return w }
        let w = try spareWindow ?? platform.makeAudienceWindow(on: display)
        spareWindow = nil
        audienceWindow = w
        return w
    }

    /// After the preview's frame is on screen (off the unplug's critical path): a hidden window
    /// ready for the next plug.
    private func makeSpareWindow() {
        guard spareWindow == nil, audienceWindow == nil, let pd = policy.assignment.presenter else { return }
        // A new window lays out its root at its own size; the audience tree keeps its size while
        // it is in the preview, so put it back.
        let root = presentation.audience, size = root.bounds.size, scale = root.scale
        defer { root.scale = scale; root.resize(to: size) }
        // Drawn once while hidden at the size the next audience display likely has (the last
        // one's, else the size the tree kept, else a common projector's): a plug then shows a
        // window whose surface, text and page textures are ready (the plug path's first frame
        // was mostly page faults on a new surface and text rasterised anew).
        let likely = lastAudienceDisplaySize ?? (size != pd.bounds.size ? size : Self.likelyProjectorSize)
        // Made where a projector plugged in usually appears, right of the presenter's display
        // with their top edges aligned (`xrandr --right-of`, the desktops' default): a plug
        // there does not move it (an X11 move waits for the server's answer, seven round trips).
        spareWindow = try? platform.makeAudienceWindow(on: Self.likelyProjectorBounds(beside: pd.bounds, size: likely))
        spareWindow?.warmUp(size: likely)
    }

    /// Called after each render pass: logs when the first frame after a change is on screen —
    /// in the audience window on its new display, or in the presenter's preview.
    /// `at`: when that frame was drawn, if not now.
    public func didRender(presenter: Bool, audience: Bool, at: Double? = nil) {
        guard let p = pendingFrame else { return }
        let t = at ?? now
        switch p.placement {
        case let .display(d) where audience:
            let px = audienceWindow?.pixelSize ?? (w: 0, h: 0)
            log("\(String(cFormat: "t=%.3f", t)) audience first frame on \(d.name) (\(px.w)x\(px.h) px) \(String(cFormat: "%.1f", (t - p.since) * 1000)) ms after the display change")
        case let .mirror(d) where audience:
            log("\(String(cFormat: "t=%.3f", t)) audience first frame on \(d.name), over the console (mirrored displays) \(String(cFormat: "%.1f", (t - p.since) * 1000)) ms after the display change")
        case .window where audience:
            log(String(cFormat: "t=%.3f audience first frame in its window %.1f ms after the display change", t, (t - p.since) * 1000))
        case .preview where presenter:
            log(String(cFormat: "t=%.3f presenter preview shows the audience %.1f ms after the display change", t, (t - p.since) * 1000))
            pendingFrame = nil
            makeSpareWindow()
            return
        default: return
        }
        pendingFrame = nil
    }
}
