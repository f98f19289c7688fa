import CSDL2
import Foundation
import PodiumCore
import PodiumKit
import PodiumSDL

/// Puts the presenter and audience windows where `DisplayPolicy` says, on launch and after every
/// display or window event (SDL sends no event for a mode change, so every event is a cue to
/// re-enumerate and compare). Logs one line per display change with what it did, and one line
/// when the audience view's first frame after a change is on screen (for `bench-hotplug.sh`).
final class DisplayController {
    private(set) var policy: DisplayPolicy
    private unowned let presentation: Presentation
    let presenterWindow: PlatformWindow
    private(set) var audienceWindow: PlatformWindow?
    /// A never-shown audience window made while idle in the preview, so a plug skips window and
    /// renderer creation (10–15 ms). Never shown before use: a re-shown Wayland window is not
    /// reliably made fullscreen on an output (seen on sway), a fresh one is.
    private(set) var spareWindow: PlatformWindow?
    private let text: TextEngine
    private let windowed: Bool
    private let log: (String) -> Void
    /// Where the windows were last put (display identity and bounds), so only real changes move them.
    private var placedPresenter: DisplayInfo?
    private var placedAudience: AudiencePlacement?
    private var graceTimer: TimerToken?
    /// When the windows were last placed; the window manager's answer is judged only after
    /// `settleTime` seconds (right after a swap the X server still has the old frames).
    private var placedAt = -Double.infinity
    static let settleTime = 1.0
    /// A change whose first frame is not drawn yet: (when it was handled, where the audience went).
    private var pendingFrame: (since: Double, placement: AudiencePlacement)?
    /// A display the window manager would not let the audience window onto (it put the window
    /// over the presenter view instead); the audience stays in the preview until displays change.
    private(set) var refusedByWindowManager: DisplayIdentity?

    /// displays.json: where the display choices are kept, and what it holds now (nil when it
    /// could not be read: it is then left alone, so nothing in it is lost).
    private let choicesPath: String
    private var choicesOnDisk: DisplayChoices?

    init(policy: DisplayPolicy, presentation: Presentation, presenterWindow: PlatformWindow, text: TextEngine,
         windowed: Bool, choicesPath: String = DisplayChoicesFile.defaultPath(), log: @escaping (String) -> Void) {
        self.policy = policy; self.presentation = presentation; self.presenterWindow = presenterWindow
        self.text = text; self.windowed = windowed; self.log = log; self.choicesPath = choicesPath
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
            log("cannot save the display choice in \(choicesPath): \(error)")
            choicesOnDisk = nil   // one message, not one per display event
        }
    }

    var displays: [DisplayInfo] { policy.displays }
    var assignment: DisplayAssignment { policy.assignment }

    /// Re-enumerates and, when the displays or the assignment changed (or on `launch`), moves the
    /// windows. `reason` goes into the log line.
    func refresh(reason: String, launch: Bool = false) {
        let t = now
        let change = policy.update(enumerate(), at: t)
        saveChoices()
        scheduleGraceTimer()
        // Any change of the displays (one switched off and on, a new mode) is a new chance.
        if let c = change, !c.added.isEmpty || !c.removed.isEmpty || !c.changed.isEmpty { refusedByWindowManager = nil }
        if !launch, change == nil, t - placedAt >= Self.settleTime, let refused = audienceCoversPresenter() {
            refusedByWindowManager = refused.identity
            log(String(format: "t=%.3f %@: the window manager put the audience window over the presenter view instead of on %@; "
                + "the audience view stays in the presenter preview (under a Wayland compositor, SDL_VIDEODRIVER=wayland avoids this)",
                t, reason, refused.name))
            apply(launch: false, since: t)
            return
        }
        guard launch || change != nil else { return }
        let c = change ?? DisplayChange(old: policy.assignment, new: policy.assignment)
        log(String(format: "t=%.3f %@: %@", t, reason, c.description))
        apply(launch: launch, since: t)
    }

    /// The display the audience window was meant for, when the X server shows it mostly over the
    /// presenter's display instead: a tiling window manager (sway's Xwayland) maps windows on the
    /// focused output and fullscreens them there, while SDL still reports the position it asked
    /// for. Checked on later events, once the window manager has acted; nil when all is well.
    private func audienceCoversPresenter() -> DisplayInfo? {
        guard SDLVideo.currentDriver == "x11", let w = audienceWindow, w.isVisible,
              let target = policy.assignment.audienceDisplay, target.identity != refusedByWindowManager,
              let pd = policy.assignment.presenter, X11Outputs.hasWindowManager() == true,
              let real = X11Outputs.frame(of: w), real.width > 0, real.height > 0 else { return nil }
        let overlap = real.intersection(pd.bounds)
        let covered = real.intersects(pd.bounds) ? overlap.width * overlap.height : 0
        return covered > real.width * real.height / 2 ? target : nil
    }

    /// Where the X server really has `w` (on X11), else where SDL says it is.
    func realFrame(of w: PlatformWindow) -> Rect {
        SDLVideo.currentDriver == "x11" ? X11Outputs.frame(of: w) ?? w.frame : w.frame
    }

    /// SDL sends no event for a mode or position change; look every `seconds` as well as on every
    /// display and window event (one enumeration costs well under a millisecond).
    func startPeriodicCheck(every seconds: Double = 2) {
        presentation.timers.schedule(now: presentation.clock(), after: seconds, repeats: true) { [weak self] in
            self?.refresh(reason: "periodic check")
        }
    }

    /// SDL's displays, corrected on X11 by the server's current RandR geometry (SDL2 never updates
    /// an existing X11 display's mode); `sdlBounds` keeps what SDL believes, for `place`.
    private func enumerate() -> [DisplayInfo] {
        let raw = SDLVideo.displays()
        sdlBounds = Dictionary(raw.map { ($0.index, $0.bounds) }) { a, _ in a }
        return SDLVideo.displaysAsUsersName(raw)
    }
    /// SDL's bounds by SDL display index.
    private var sdlBounds: [Int: Rect] = [:]

    /// Fullscreen on `d`. A borderless window covering the bounds instead when SDL's idea of the
    /// display is stale (see `enumerate`; SDL's fullscreen would use the old size) or when X11 has
    /// no window manager (the request is ignored, and SDL waits ~100 ms for an answer).
    private func place(_ w: PlatformWindow, on d: DisplayInfo, fullscreen: Bool) {
        let stale = sdlBounds[d.index].map { $0 != d.bounds } ?? false
        let noWM = SDLVideo.currentDriver == "x11" && X11Outputs.hasWindowManager() == false
        if fullscreen, stale || noWM { w.cover(d.bounds) } else { w.move(to: d.bounds, fullscreen: fullscreen) }
    }

    /// The `s` key and `{"cmd":"swap"}`: exchange the presenter and audience displays.
    /// Returns false (and logs why) when the audience view has no display of its own.
    @discardableResult
    func swap() -> Bool {
        let t = now
        // Swap always recovers: a display the window manager refused gets another try.
        refusedByWindowManager = nil
        guard let c = policy.swap(at: t) else {
            log("swap: the audience view has no display of its own; nothing to swap"); return false
        }
        saveChoices()
        log(String(format: "t=%.3f swap: %@", t, c.description))
        apply(launch: false, since: t)
        return true
    }

    /// Closes the audience and spare windows (textures, renderer, window), before SDL stops.
    func closeWindows() {
        audienceWindow?.close(); spareWindow?.close()
        audienceWindow = nil; spareWindow = nil
        graceTimer?.cancel(); graceTimer = nil
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

    private var now: Double { ProcessInfo.processInfo.systemUptime }

    private func scheduleGraceTimer() {
        graceTimer?.cancel(); graceTimer = nil
        guard let due = policy.nextDeadline else { return }
        let t = presentation.clock()
        graceTimer = presentation.timers.schedule(now: t, after: max(0, due - now) + 0.01, repeats: false) { [weak self] in
            self?.refresh(reason: "blip grace ended")
        }
    }

    private func apply(launch: Bool, since t: Double) {
        let a = policy.assignment
        guard let pd = a.presenter else { log("no display reported; windows left where they are"); return }
        // The presenter window moves only when its own display changed: an unplug elsewhere must
        // not disturb it. It fills its display when there is another one at the time (as pdfpc).
        var placement = a.audience
        if case let .display(d) = placement, d.identity == refusedByWindowManager { placement = .preview }
        let shown = placement != .preview
        let presenterMoves = launch || placedPresenter.map({ $0.identity != pd.identity || $0.bounds != pd.bounds }) ?? true
        // The audience is placed again whenever the presenter moves: both leave fullscreen first,
        // so SDL does not minimise one for the other (see PlatformWindow.leaveFullscreen).
        let moved = launch || presenterMoves || placedAudience != placement || (audienceWindow?.isVisible ?? false) != shown
        placedAt = t
        if presenterMoves { presenterWindow.leaveFullscreen() }
        if moved { audienceWindow?.leaveFullscreen() }
        if presenterMoves {
            let full = !windowed && displays.count >= 2
            if full { place(presenterWindow, on: pd, fullscreen: true) } else { presenterWindow.move(to: pd.usableBounds, fullscreen: false) }
            presenterWindow.show()
            placedPresenter = pd
        }
        guard moved else { return }
        do {
            switch placement {
            case let .display(d):
                let w = try audienceWindowOrCreate(at: d.bounds)
                // Shown first: Wayland only takes fullscreen-on-an-output for a mapped window.
                w.show()
                place(w, on: d, fullscreen: !windowed)
            case .window:
                let w = try audienceWindowOrCreate(at: pd.usableBounds)
                w.show()
                w.move(to: pd.usableBounds.insetBy(dx: pd.usableBounds.width * 0.2, dy: pd.usableBounds.height * 0.2), fullscreen: false)
            case .preview:
                // Closed at once, so a compositor cannot move it over the presenter view; a fresh
                // window later is what Wayland reliably makes fullscreen on an output (a re-shown
                // one stayed behind on sway). The audience tree keeps its size, so the scene is
                // untouched; the preview letterboxes it.
                audienceWindow = nil
                if launch { presentation.audience.resize(to: Size(pd.bounds.width, pd.bounds.height)) }
            }
        } catch {
            log("cannot show the audience window (\(error)); the audience view stays in the presenter preview")
            audienceWindow = nil
        }
        placedAudience = placement
        pendingFrame = (t, placement)
        presentation.audience.requestRedraw()
        presentation.presenter.requestRedraw()
        if presenterWindow.isMinimized { presenterWindow.show() }
        focusPresenter()
    }

    /// Raises the presenter window and gives it keyboard focus (also without a window manager).
    func focusPresenter() {
        presenterWindow.raiseAndFocus()
        SDL_SetWindowInputFocus(presenterWindow.sdl)
    }

    /// The audience window: the current one, else the spare, else a new one on `display`.
    private func audienceWindowOrCreate(at display: Rect) throws -> PlatformWindow {
        if let w = audienceWindow { return w }
        let w = try spareWindow ?? makeAudienceWindow(at: display)
        spareWindow = nil
        audienceWindow = w
        return w
    }

    /// A hidden audience window on `display` (so a window manager that honours the requested
    /// position maps it there in the first place).
    private func makeAudienceWindow(at display: Rect) throws -> PlatformWindow {
        try PlatformWindow(title: "Podium Audience — \(presentation.deck.title)", root: presentation.audience,
                           size: Size(min(1280, display.width), min(720, display.height)), position: display.origin,
                           flags: SDL_WINDOW_HIDDEN.rawValue, text: text)
    }

    /// After the preview's frame is on screen (off the unplug's critical path): a hidden window
    /// ready for the next plug.
    private func makeSpareWindow() {
        guard spareWindow == nil, audienceWindow == nil, let pd = policy.assignment.presenter else { return }
        // A new window lays out its root at its own size; the audience tree keeps its size while
        // it is in the preview, so put it back.
        let root = presentation.audience, size = root.bounds.size, scale = root.scale
        defer { root.scale = scale; root.resize(to: size) }
        spareWindow = try? makeAudienceWindow(at: pd.bounds)
    }

    /// Called after each render pass: logs when the first frame after a change is on screen —
    /// in the audience window on its new display, or in the presenter's preview.
    func didRender(presenter: Bool, audience: Bool) {
        guard let p = pendingFrame else { return }
        let t = now
        switch p.placement {
        case let .display(d) where audience:
            let px = audienceWindow?.pixelSize ?? (w: 0, h: 0)
            log(String(format: "t=%.3f audience first frame on %@ (%dx%d px) %.1f ms after the display change", t, d.name, px.w, px.h, (t - p.since) * 1000))
        case .window where audience:
            log(String(format: "t=%.3f audience first frame in its window %.1f ms after the display change", t, (t - p.since) * 1000))
        case .preview where presenter:
            log(String(format: "t=%.3f presenter preview shows the audience %.1f ms after the display change", t, (t - p.since) * 1000))
            pendingFrame = nil
            makeSpareWindow()
            return
        default: return
        }
        pendingFrame = nil
    }
}
