import FoundationEssentials
import Glibc

/// Where the audience view is shown.
public enum AudiencePlacement: Equatable, Sendable {
    /// Fullscreen on this display.
    case display(DisplayInfo)
    /// Inside the presenter window's live preview (one display, or waiting for a blip to end).
    case preview
    /// In an ordinary window on the presenter's display (one display and `--windowed`).
    case window
    /// Fullscreen on this display, which mirrors the presenter's (`DisplayInfo.mirrors`, e.g.
    /// `xrandr --same-as`, a desktop's "mirror displays"): the room sees whatever is on the
    /// presenter's display, so the audience view covers it and the console stays hidden.
    /// Also when this is the presenter's display itself: the only display left is the one the
    /// room was seeing (the laptop's lid closed, its panel switched off, with the projector on).
    case mirror(DisplayInfo)
}

/// Which display the presenter view is on and where the audience view is.
public struct DisplayAssignment: Equatable, Sendable, CustomStringConvertible {
    public var presenter: DisplayInfo?
    public var audience: AudiencePlacement
    public init(presenter: DisplayInfo?, audience: AudiencePlacement) { self.presenter = presenter; self.audience = audience }

    public var audienceDisplay: DisplayInfo? { if case let .display(d) = audience { return d }; return nil }

    /// The display the room sees the audience view on: its own display, or a mirrored one.
    public var roomDisplay: DisplayInfo? {
        switch audience { case let .display(d), let .mirror(d): return d; case .preview, .window: return nil }
    }

    /// The only display left is the room's: the audience view covers it and the console is
    /// hidden (`AudiencePlacement.mirror` on the presenter's own display).
    public var onlyTheRoomsDisplay: Bool {
        if case let .mirror(d) = audience, let p = presenter { return d.identity == p.identity }
        return false
    }

    /// The displays among `displays` that are neither the presenter's nor the room's
    /// (`roomDisplay`) and mirror neither (`DisplayInfo.mirrors`): a second projector, a stage or
    /// confidence monitor. Nothing of the talk is on them, so the talk covers each with a black
    /// window (`DisplayController`), as the crash watcher's cover does every output the talk placed
    /// no window for: the room never sees the desktop (trial 13 F6). In `displays`' order; none
    /// without a presenter display. While the audience waits in the preview for a lost display,
    /// every other display is spare, and stops being so the moment the audience takes it.
    public func spareDisplays(among displays: [DisplayInfo]) -> [DisplayInfo] {
        guard let p = presenter else { return [] }
        let taken = [p] + (roomDisplay.map { [$0] } ?? [])
        return displays.filter { d in !taken.contains { $0.identity == d.identity || d.mirrors($0) } }
    }

    public var description: String { description(audienceWindowed: false) }

    /// `audienceWindowed`: the audience view is in an ordinary window on its display
    /// (`--windowed audience`), not fullscreen; the log says so.
    public func description(audienceWindowed: Bool) -> String {
        let p = presenter.map { "presenter on \($0.name)" } ?? "no display"
        switch audience {
        case let .display(d): return "\(p), audience \(audienceWindowed ? "in a window" : "fullscreen") on \(d.name) \(d.bounds)"
        case .preview: return "\(p), audience in the presenter preview"
        case .window: return "\(p), audience in a window"
        case let .mirror(d) where onlyTheRoomsDisplay:
            return "audience fullscreen on \(d.name) \(d.bounds), the room's display and the only one left (the console is hidden until another display is back)"
        case let .mirror(d): return "\(p), audience fullscreen on \(d.name) \(d.bounds), which mirrors it (the console is hidden: turn mirroring off to see it)"
        }
    }
}

/// What changed in one `DisplayPolicy.update`, for the log (one line) and the host (what to move).
public struct DisplayChange: Equatable, Sendable, CustomStringConvertible {
    public var added: [DisplayInfo] = []
    public var removed: [DisplayInfo] = []
    /// Same display (identity), new bounds or mode: a resolution change or a move.
    public var changed: [DisplayInfo] = []
    /// Whether a display in `changed` moved or took another mode; false when only what is
    /// around the displays changed (the usable area a window manager or panel leaves, the DPI,
    /// the list of modes): the window manager's own updates after a change, not a new layout.
    public var reshaped = false
    public var old: DisplayAssignment
    public var new: DisplayAssignment
    /// Set while the audience waits in the preview for a lost display to come back.
    public var waitingFor: DisplayIdentity?
    /// Why the presenter is where it is, when that is not the plain rule: the laptop's built-in
    /// panel was taken over the primary display (`DisplayPolicy.presenterReason`). Set when the
    /// presenter's display changed.
    public var presenterReason: String?
    /// A remembered choice (displays.json) that this change applied and that differs from the
    /// default placement: the host says so to the speaker.
    public var appliedChoice: DisplayChoices.Entry?
    public init(old: DisplayAssignment, new: DisplayAssignment) { self.old = old; self.new = new }

    public var description: String { description(audienceWindowed: false) }

    /// As `description`, saying "in a window" for an audience view that is not fullscreen.
    public func description(audienceWindowed: Bool) -> String {
        var parts: [String] = []
        parts += added.map { "+\($0.name) \($0.bounds)" }
        parts += removed.map { "-\($0.name)" }
        parts += changed.map { "~\($0.name) \($0.bounds)" }
        let what = parts.isEmpty ? "no display change" : parts.joined(separator: " ")
        let now = new.description(audienceWindowed: audienceWindowed)
        var did = old == new ? "kept: \(now)" : "now: \(now)"
        if let w = waitingFor { did += " (waiting for \(w.name) to return)" }
        if let r = presenterReason { did += "; \(r)" }
        if let e = appliedChoice { did += "; \(DisplayPolicy.appliedText(e))" }
        return "\(what); \(did)"
    }
}

/// The display-role policy: which display shows the presenter view and where the audience view
/// goes, kept across hot-plug. Pure (no SDL), fed every enumeration; tested without displays.
///
/// Displays are recognised by `DisplayIdentity` (name + native size), never by index or position.
/// Order of preference for the audience display, among displays other than the presenter's:
/// 1. the user's saved choice (`--audience-display`, or the last `swap`), when connected;
/// 2. the display the audience was taken from by a removal, when it is back (blip / replug);
/// 3. the display the audience is on now (plugging in another one does not move it);
/// 4. a display connected since the audience display was removed (most likely the same projector
///    under a new name: compositors may number outputs anew);
/// 5. while a removed audience display may still come back (`blipGrace` seconds): the preview, so
///    a blip does not flash the talk onto a third display;
/// 6. the first other display in SDL's order (the documented default);
/// 7. a display that mirrors the presenter's (`DisplayInfo.mirrors`: overlapping at least half of
///    the smaller one; a few pixels of overlap do not count): the audience view fullscreen there,
///    covering the console, since the room sees the presenter's display anyway;
/// 8. none: the preview, or a window with `--windowed`.
/// The presenter goes on the saved presenter choice when connected, else the laptop's built-in
/// panel when one is connected (`DisplayInfo.isBuiltInPanel`: eDP, LVDS, DSI), whichever display
/// is primary (a projector made primary in the desktop's settings, by a dock, or by a login with
/// the lid closed must not get the console: trial 13 F1), else the primary display
/// (`DisplayInfo.isPrimary`; SDL's display 0 when none is marked, as SDL lists the primary first
/// at its start but appends a display connected later: a lid opened after a lid-closed launch
/// gets the console as a launch with both displays gives it, trial 18 F1) — unless that is the saved audience display, or the display the room is seeing
/// (`roomDisplay`, or the one a removal took the audience from), and another one exists. When the
/// room's display is the only one left (a laptop's lid closed with the projector on), the room
/// keeps the audience view there fullscreen and the console is hidden, as when mirrored
/// (`.mirror` on the presenter's own display): never the console on the projector.
/// A removal never rewrites a saved choice; only `swap` and the command-line selectors set it.
/// But once the room moved to a display plugged since its display was lost (a replacement), a
/// saved choice of the lost one gives way for the rest of the run, as the lost display itself
/// does (trial 31 F1); `remembered` keeps it for its set of displays.
/// Saved choices outlive the process in `remembered` (displays.json), per set of displays: when
/// a set with a remembered choice becomes connected (at launch or by a plug), that choice is the
/// saved one, unless the command line chose. A display with an EDID is matched by its monitor
/// too (`DisplayChoices.Entry.matches`), so a swap made with one projector is not replayed on
/// another on the same connector.
public struct DisplayPolicy: Sendable {
    /// Choices per set of connected displays; `swap`, and command-line selectors once honoured,
    /// record the current set's assignment here. The host persists it when it changes.
    public var remembered = DisplayChoices()
    public var audienceSelector: DisplaySelector?
    public var presenterSelector: DisplaySelector?
    /// `--switch-screens` (pdfpc's `-s`): the first time two displays of their own are connected,
    /// the presenter and audience displays the rules would choose are exchanged and held as the
    /// saved choice for this run (not remembered). Exchanging the rules' choice, not SDL's
    /// indices, keeps it a switch when the built-in panel rule already put the console on the
    /// second display (a projector made primary).
    public var switchesScreens = false
    /// `--windowed`: with one display the audience view gets a window instead of the preview.
    public var windowed: Bool
    /// Another talk holds this display server's room (`DisplayLockError`) and this one is
    /// `--windowed`: every view in an ordinary window on the primary display (`primary`: the
    /// laptop's), none on another display, saved choices and selectors aside (trial 12 F1: the
    /// second deck's windows over the running talk's audience view on the projector).
    public var besideAnotherTalk = false
    /// Seconds the audience waits in the preview for a removed display before taking another.
    public var blipGrace: Double
    public private(set) var savedAudience: DisplayIdentity?
    public private(set) var savedPresenter: DisplayIdentity?
    /// The monitors (EDID) of the saved displays when they were chosen; absent: none reported.
    private var savedMonitors: [DisplayIdentity: DisplayMonitor] = [:]
    /// The display a removal took the audience view from, until it returns, the user chooses, or
    /// the room moves to a display plugged since.
    public private(set) var lostAudience: DisplayIdentity?
    /// When (caller's clock, seconds) `lostAudience` was removed.
    public private(set) var lostAt: Double?
    /// Displays connected since `lostAudience` was removed, oldest first.
    private var arrivedSinceLoss: [DisplayIdentity] = []
    /// The display the room was seeing before this process started (a crash restart carries it):
    /// alone at launch, it keeps the audience view and the console stays hidden, as when the
    /// laptop's display went off. Forgotten once the room has a display again.
    public var roomHint: DisplayIdentity?
    public private(set) var displays: [DisplayInfo] = []
    public private(set) var assignment = DisplayAssignment(presenter: nil, audience: .preview)
    /// The wall clock, for when a choice is saved (`DisplayChoices.Entry.saved`).
    public var wallClock: @Sendable () -> Date = { Date() }

    public init(audience: DisplaySelector? = nil, presenter: DisplaySelector? = nil, windowed: Bool = false, blipGrace: Double = 2) {
        audienceSelector = audience; presenterSelector = presenter; self.windowed = windowed; self.blipGrace = blipGrace
    }

    /// The display the room sees, else the one it saw until a removal and may come back to
    /// (`lostAudience`, `roomHint`): what a crash restart is told (`roomHint`), so no display
    /// moment forgets it.
    public var rememberedRoom: DisplayIdentity? { assignment.roomDisplay?.identity ?? lostAudience ?? roomHint }

    /// The displays the talk covers black (`DisplayAssignment.spareDisplays`); none beside another
    /// talk (`besideAnotherTalk`), whose room may be one of them.
    public var spareDisplays: [DisplayInfo] { besideAnotherTalk ? [] : assignment.spareDisplays(among: displays) }

    /// When the host should call `update` again although no display event came: the end of the
    /// blip grace period, or nil.
    public var nextDeadline: Double? {
        guard let l = lostAudience, let t = lostAt, !displays.contains(where: { $0.identity == l }) else { return nil }
        return t + blipGrace
    }

    /// Takes a new enumeration `now`, made at `time` (seconds on the caller's monotonic clock), and
    /// returns what changed, or nil when neither the displays nor the assignment did.
    public mutating func update(_ now: [DisplayInfo], at time: Double) -> DisplayChange? {
        let before = displays, old = assignment
        let ids = Set(now.map(\.identity))
        var change = DisplayChange(old: old, new: old)
        change.added = now.filter { d in !before.contains { $0.identity == d.identity } }
        change.removed = before.filter { !ids.contains($0.identity) }
        change.changed = now.filter { d in before.contains { $0.identity == d.identity && $0 != d } }
        change.reshaped = change.changed.contains { d in before.contains { $0.identity == d.identity && ($0.bounds != d.bounds || $0.currentMode != d.currentMode) } }
        displays = now
        forgetSavedDisplaysWithAnotherMonitor(among: change.added)
        var applied: DisplayChoices.Entry?
        if ids != Set(before.map(\.identity)), audienceSelector == nil, presenterSelector == nil, !switchesScreens, let e = remembered.choice(for: now) {
            // Told once: not again when the same displays come back after a blip.
            if savedPresenter != e.presenter || savedAudience != e.audience { applied = e }
            savedPresenter = e.presenter; savedAudience = e.audience; savedMonitors = e.monitors
        }
        resolveSelectors()
        if lostAudience != nil { arrivedSinceLoss += change.added.map(\.identity) }
        if let a = old.audienceDisplay, !ids.contains(a.identity) { lostAudience = a.identity; lostAt = time; arrivedSinceLoss = [] }
        // The room's display, the only one left (the lid closed), gone too (a projector blip):
        // still the room's when it is back, never the console's, as after a crash (trial 22 F1:
        // the console with its notes came back on the projector and stayed).
        if old.onlyTheRoomsDisplay, let r = old.roomDisplay, !ids.contains(r.identity) { roomHint = r.identity }
        arrivedSinceLoss.removeAll { !ids.contains($0) }
        assignment = choose(at: time)
        if assignment.roomDisplay != nil { roomHint = nil }
        // The room moved to a display plugged after the loss (the speaker's replacement
        // projector): the lost one coming back later is another screen (a confidence monitor on
        // the old port), not the room's, and must not take the talk from it (trial 21 M2). A
        // fallback to a display that was already there still gives way to the lost one.
        if let a = assignment.audienceDisplay, arrivedSinceLoss.contains(a.identity) {
            // A choice saved for the lost display (two swaps, displays.json) gives way too, for
            // this run; a command-line selector does not (trial 31 F1: the old port took the room).
            if savedAudience == lostAudience, a.identity != lostAudience, audienceSelector == nil { savedAudience = nil }
            lostAudience = nil
        }
        if assignment.audienceDisplay != nil { lostAt = nil; arrivedSinceLoss = [] }
        if let a = assignment.audienceDisplay, a.identity == lostAudience { lostAudience = nil }
        if audienceSelector?.match(in: displays) != nil || presenterSelector?.match(in: displays) != nil { rememberAssignment() }
        change.new = assignment
        change.waitingFor = assignment.audience == .preview ? waiting(at: time) : nil
        if old.presenter?.identity != assignment.presenter?.identity { change.presenterReason = presenterReason }
        // Said only when it placed the views otherwise than the rules alone would.
        if let e = applied {
            var plain = self
            plain.savedPresenter = nil; plain.savedAudience = nil
            plain.assignment = old
            let d = plain.choose(at: time)
            if d.presenter?.identity != assignment.presenter?.identity || d.roomDisplay?.identity != assignment.roomDisplay?.identity { change.appliedChoice = e }
        }
        if change.added.isEmpty && change.removed.isEmpty && change.changed.isEmpty && old == assignment { return nil }
        return change
    }

    /// Exchanges the presenter and audience displays and saves that as the user's choice
    /// (`time`: seconds, as for `update`).
    /// Returns nil (nothing to swap) unless the audience view is on a display of its own.
    public mutating func swap(at time: Double) -> DisplayChange? {
        guard let p = assignment.presenter, let a = assignment.audienceDisplay else { return nil }
        savedPresenter = a.identity; savedAudience = p.identity
        savedMonitors = [:]; savedMonitors[a.identity] = a.monitor; savedMonitors[p.identity] = p.monitor
        lostAudience = nil; lostAt = nil; arrivedSinceLoss = []
        let old = assignment
        assignment = choose(at: time)
        rememberAssignment()
        return DisplayChange(old: old, new: assignment)
    }

    /// Records the current assignment for the current set of displays in `remembered`, when the
    /// audience has a display of its own.
    private mutating func rememberAssignment() {
        guard let p = assignment.presenter, let a = assignment.audienceDisplay, p.identity != a.identity else { return }
        if let e = remembered.choice(for: displays), e.presenter == p.identity, e.audience == a.identity { return }   // keeps its date
        let now = Date(timeIntervalSince1970: wallClock().timeIntervalSince1970.rounded(.down))   // whole seconds, as in the file
        remembered.remember(.init(displays: displays, presenter: p.identity, audience: a.identity, saved: now))
    }

    /// The laptop's built-in panel, when one is connected and the presenter goes there rather
    /// than on the primary display (no saved presenter; the primary display is another).
    private var builtInPanel: DisplayInfo? {
        guard let first = primary, !first.isBuiltInPanel else { return nil }
        return displays.first { $0.isBuiltInPanel }
    }

    /// Why the presenter is on its display when the built-in panel rule put it there, for the log:
    /// "presenter on eDP-1, the built-in panel (the primary display is HDMI-1)"; else nil.
    public var presenterReason: String? {
        guard let p = assignment.presenter, connected(savedPresenter) == nil, let panel = builtInPanel,
              p.identity == panel.identity, let first = primary else { return nil }
        return "presenter on \(p.name), the built-in panel (the primary display is \(first.name))"
    }

    /// What the log and the console say when a remembered choice is applied.
    public static func appliedText(_ e: DisplayChoices.Entry) -> String {
        let when = e.saved.map { " on " + Self.day($0) } ?? ""
        return "swapped as you chose for these displays\(when): presenter on \(e.presenter.name), audience on \(e.audience.name) (displays.json); s to swap back"
    }

    /// "1 Dec 2026", in the local time zone (a date the speaker recognises).
    static func day(_ date: Date) -> String {
        var t = time_t(date.timeIntervalSince1970.rounded(.down)), parts = tm()
        guard localtime_r(&t, &parts) != nil else { return "" }
        let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        return "\(parts.tm_mday) \(months[Int(parts.tm_mon)]) \(parts.tm_year + 1900)"
    }

    /// Command-line selectors become saved identities the first time they match a display.
    private mutating func resolveSelectors() {
        if switchesScreens, savedAudience == nil, savedPresenter == nil {
            var plain = self
            plain.switchesScreens = false; plain.assignment = DisplayAssignment(presenter: nil, audience: .preview)
            let d = plain.choose(at: 0)
            if let p = d.presenter, let a = d.audienceDisplay, p.identity != a.identity {
                savedPresenter = a.identity; savedAudience = p.identity
                savedMonitors[a.identity] = a.monitor; savedMonitors[p.identity] = p.monitor
            }
        }
        if savedAudience == nil, let d = audienceSelector?.match(in: displays) { savedAudience = d.identity; savedMonitors[d.identity] = d.monitor }
        if savedPresenter == nil, let d = presenterSelector?.match(in: displays) { savedPresenter = d.identity; savedMonitors[d.identity] = d.monitor }
    }

    /// A saved display back on its connector at its size but with another monitor (EDID) is
    /// another display: the choice made with the first (both halves) is forgotten for this run,
    /// so another projector plugged into the same port mid-talk gets no console. Only displays
    /// plugged in (`added`) are compared: an EDID read late for a display that stayed connected
    /// does not move the views mid-talk. When that choice had put the audience view on the
    /// built-in panel, the panel is no longer the room's display: the new projector is.
    private mutating func forgetSavedDisplaysWithAnotherMonitor(among added: [DisplayInfo]) {
        guard added.contains(where: { savedMonitors[$0.identity] != $0.monitor && ($0.identity == savedPresenter || $0.identity == savedAudience) }) else { return }
        if let a = savedAudience, assignment.roomDisplay?.identity == a, connected(a)?.isBuiltInPanel == true {
            assignment.audience = .preview
        }
        savedPresenter = nil; savedAudience = nil; savedMonitors = [:]
    }

    /// The primary display (`DisplayInfo.isPrimary`), else SDL's display 0; nil with none.
    private var primary: DisplayInfo? { displays.first { $0.isPrimary } ?? displays.first }

    private func connected(_ id: DisplayIdentity?) -> DisplayInfo? { id.flatMap { i in displays.first { $0.identity == i } } }

    private func waiting(at time: Double) -> DisplayIdentity? {
        guard let l = lostAudience, let t = lostAt, time < t + blipGrace, connected(l) == nil else { return nil }
        return l
    }

    /// The display the rules alone give the audience now, no saved choice or swap counted (`time`:
    /// seconds, as for `update`): the projector, whichever view the speaker swapped onto it. Nil
    /// when the rules give it no display of its own.
    public func audienceDisplayByRules(at time: Double) -> DisplayIdentity? {
        var plain = self   // as a launch with these displays and no choice would place them
        plain.savedPresenter = nil; plain.savedAudience = nil; plain.audienceSelector = nil; plain.presenterSelector = nil
        plain.switchesScreens = false; plain.lostAudience = nil; plain.roomHint = nil
        plain.assignment = DisplayAssignment(presenter: nil, audience: .preview)
        return plain.choose(at: time).audienceDisplay?.identity
    }

    private func choose(at time: Double) -> DisplayAssignment {
        guard let first = primary else { return DisplayAssignment(presenter: nil, audience: .preview) }
        if besideAnotherTalk { return DisplayAssignment(presenter: first, audience: .window) }
        var presenter = connected(savedPresenter) ?? builtInPanel ?? first
        if savedPresenter == nil || connected(savedPresenter) == nil, presenter.identity == savedAudience,
           let other = displays.first(where: { $0.identity != savedAudience }) {
            presenter = other
        }
        // Never the console on the display the room is seeing.
        if connected(savedPresenter) == nil, let room = assignment.roomDisplay?.identity ?? lostAudience ?? roomHint, presenter.identity == room {
            guard let other = displays.first(where: { $0.identity != room }) else {
                return DisplayAssignment(presenter: presenter, audience: .mirror(presenter))
            }
            presenter = other
        }
        // A display mirroring the presenter's (`DisplayInfo.mirrors`: overlapping most of it) shows
        // the presenter's pixels to the room: it is no display of its own for the audience, but the
        // talk must cover the console there. A sliver of overlap is an extended display.
        let others = displays.filter { $0.identity != presenter.identity && !$0.mirrors(presenter) }
        let mirrors = displays.filter { $0.mirrors(presenter) }
        func other(_ id: DisplayIdentity?) -> DisplayInfo? { id.flatMap { i in others.first { $0.identity == i } } }
        if let d = other(savedAudience) ?? other(lostAudience) ?? other(assignment.roomDisplay?.identity) {
            return DisplayAssignment(presenter: presenter, audience: .display(d))
        }
        if let d = arrivedSinceLoss.lazy.compactMap(other).first { return DisplayAssignment(presenter: presenter, audience: .display(d)) }
        if !others.isEmpty, waiting(at: time) != nil { return DisplayAssignment(presenter: presenter, audience: .preview) }
        if let d = others.first { return DisplayAssignment(presenter: presenter, audience: .display(d)) }
        if let m = mirrors.max(by: { $0.bounds.width * $0.bounds.height < $1.bounds.width * $1.bounds.height }) {
            return DisplayAssignment(presenter: presenter, audience: .mirror(m))
        }
        return DisplayAssignment(presenter: presenter, audience: windowed ? .window : .preview)
    }
}
