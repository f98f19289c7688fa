import PodiumKit

/// Keys typed just after typing in a text field are not talk keys: the well-known "disable
/// touchpad while typing" guard (syndaemon; libinput's disable-while-typing, DWT), turned onto
/// the keyboard. A speaker who Tabs out of a field, or whose Return committed it, and types on
/// ("Seattle band") would otherwise pause the timer with `t`, advance with Space and `n` and
/// black out the room with `b`.
///
/// For `holdSeconds` after the last key typed into a text field, a printable key (letters,
/// digits, punctuation, Space) or Return with no Ctrl/Alt/Super that no view consumes is held
/// back: it neither drives the talk nor answers a question, and the presenter view says why.
/// A held key extends the hold, as each key press restarts libinput's DWT timer: a sentence
/// typed on past its field is lost whole, never its tail. Clicker keys (Page Up/Down, arrows,
/// F5, Esc, Home/End) are never held. It holds whatever the console's state: while the console
/// is hidden (mirrored, the lid) every other key is the talk's, but typing going on through a
/// blip is still typing (trial 20 F3: " Ros band" typed on moved the room three scenes and
/// blacked it out).
///
/// Pure state with times from the caller's clock (seconds), so it is tested without a platform.
public struct TypingGuard: Sendable {
    /// How long after the last typed key printable keys stay held, in seconds. libinput holds
    /// the touchpad 200 ms after one key and 500 ms while typing
    /// (`DEFAULT_KEYBOARD_ACTIVITY_TIMEOUT_1`/`_2`, evdev-mt-touchpad.c); syndaemon's default
    /// idle time is 2 s. Looking from a field to the talk and back is slower than the next
    /// keystroke, so 1 s: a held key costs only a presenter hint, a passed one derails the room.
    public static let holdSeconds = 1.0

    /// How long after a Return that committed a field (and so gave up its keys: a search run, a
    /// name saved) keys are held, in seconds, Backspace and Delete too: a speaker who sees a typo
    /// in what they just searched for fixes it or types again, and looking at the result takes
    /// longer than `holdSeconds` (trial 28 F2: a Backspace 0.3 s after "Tritone Recrods" + Return
    /// moved the room back a scene, three went back to the first; retyping after 1.5 s moved it
    /// on two). Clicker keys still act at once; a clicker's Backspace "back" right after the
    /// speaker committed a field is held once, with the hint.
    public static let commitHoldSeconds = 2.0

    /// How long after a reload took away the field the speaker typed in (`holdAfterReload`)
    /// printable keys are held, in seconds: the speaker typing on has not looked up yet, and the
    /// reload (an editor's save, a sync tool) came at no moment of their choosing.
    public static let reloadHoldSeconds = 2.0

    /// When the last key went into a text field (or was held), nil before any typing.
    public private(set) var lastTypedAt: Double?
    /// Until when keys are held because a reload took the text focus away (nil: not so).
    public private(set) var reloadHoldUntil: Double?
    /// Whether the last held key was held because of a reload (the hint then says so).
    public private(set) var heldAfterReload = false
    /// Until when keys are held because the speaker committed a field with Return (nil: not
    /// so; `commitHoldSeconds`).
    public private(set) var commitHoldUntil: Double?
    /// Until when keys are held because the console hid while the speaker was typing (nil: not
    /// so; `holdAfterHiding`).
    public private(set) var hideHoldUntil: Double?
    /// Whether the last held key was held because typing went to the talk (`noteTalkKey`).
    public private(set) var heldAfterBurst = false
    /// Whether the last key `noteTalkKey` counted began a run.
    public private(set) var runStarts = false
    /// The printable keys that reached the talk lately, each within `burstGap` of the one before:
    /// when, which, and whether it is a key only typing presses so fast (`noteTalkKey`).
    private var talkRun: [(at: Double, key: String, typed: Bool)] = []
    /// Key presses so far (`pressed()`): a run is of keys pressed one after the other, each
    /// reaching the talk (an Esc closing the overview, a key a field or prompt took, breaks it).
    private var presses = 0, lastTalkPress = -1

    /// Typing on the talk with no text field to take it (trial 33 m7: a pdfpc user's `n` for a
    /// note, then "check numbers", moved the room three slides, blacked it out and asked to swap
    /// the displays): this many printable keys in a row, each within `burstGap` seconds of the one
    /// before, not all one key, two of them keys a speaker does not press in such a run (not
    /// next, previous or a cover: `c`, `h`, `u`…), are typing. A speaker's quick keys are one key
    /// again (Space Space Space, a video's seek), next and previous (n n p), the covers (b b), and
    /// one command then next (c Space Space: clear the drawing, on twice); typists leave ~0.1–0.3 s
    /// between keys. Slower typing (0.4 s a key) is not told from deliberate keys (trial 36).
    public static let burstLength = 3
    public static let burstGap = 0.35
    /// The actions a speaker may press several times within `burstGap`.
    static let quickActions: Set<ConsoleAction> = [.next, .previous, .nextSlide, .previousSlide, .blackout, .whiteout, .freeze]

    public init() {}

    /// A key was pressed (any key, before anything takes it).
    public mutating func pressed() { presses += 1 }

    /// True for keys that type text: a character (letters, digits, punctuation), Space, Return,
    /// or the keypad's digits, operators and Enter, with at most Shift held. Editing keys (Backspace, Delete) count as typing when
    /// they go into a field (`noteKey`) but are held only right after a Return committed a field
    /// (`commitHoldSeconds`): Backspace is also a clicker's "back".
    public static func types(_ k: Key) -> Bool {
        guard !k.control, !k.alt, !k.gui else { return false }
        switch k.code {
        case .character, .space, .returnKey, .keypadEnter: return true
        case let .other(name): return name.count == 8 && name.hasPrefix("Keypad ")   // SDL's "Keypad 7", "Keypad +"
        default: return false
        }
    }

    /// Records key `k` at `now` if it went into a text field (`intoTextField`): a typing or
    /// editing key.
    public mutating func noteKey(_ k: Key, intoTextField: Bool, at now: Double) {
        guard intoTextField else { return }
        reloadHoldUntil = nil; hideHoldUntil = nil   // a field has the keys again (the speaker clicked it)
        heldAfterBurst = false; talkRun = []
        if Self.types(k) || Self.edits(k) { lastTypedAt = now }
        commitHoldUntil = k.isPlain && (k.code == .returnKey || k.code == .keypadEnter) ? now + Self.commitHoldSeconds : nil
    }

    /// Backspace or Delete with no modifier: typing when they go into a field, held only just
    /// after a field was committed (`commitHoldSeconds`).
    static func edits(_ k: Key) -> Bool { k.isPlain && (k.code == .backspace || k.code == .delete) }

    /// Whether `k`, arriving at `now` with no text field to take it, is held back. A held key
    /// extends the hold. `covers`: `k` is a cover key (blackout, whiteout, freeze).
    public mutating func holds(_ k: Key, covers: Bool = false, at now: Double) -> Bool {
        if let u = commitHoldUntil, now < u, Self.types(k) || Self.edits(k) {
            // Each held key extends the hold, as typing does.
            lastTypedAt = now; commitHoldUntil = max(u, now + Self.holdSeconds); heldAfterReload = false; heldAfterBurst = false
            return true
        }
        if let u = commitHoldUntil, now >= u { commitHoldUntil = nil }
        guard Self.types(k) else { return false }
        if let u = reloadHoldUntil, now < u {
            // Each held key extends the hold as typing does, so a sentence is never cut in two.
            lastTypedAt = now; reloadHoldUntil = max(u, now + Self.holdSeconds); heldAfterReload = true; heldAfterBurst = false
            return true
        }
        reloadHoldUntil = nil
        if let u = hideHoldUntil, now < u {
            lastTypedAt = now; hideHoldUntil = max(u, now + Self.holdSeconds); heldAfterReload = false; heldAfterBurst = false
            return true
        }
        hideHoldUntil = nil
        guard let t = lastTypedAt, now - t < Self.holdSeconds, now >= t else { return false }
        // After a burst on the talk, a cover key after a pause longer than typing's is the
        // speaker's, not the typing's: it acts, and the hold ends (review32 #4: hammering b to
        // cover the room after typing went astray never covered it, each press extending the hold).
        if heldAfterBurst, covers, now - t >= Self.burstGap { lastTypedAt = nil; heldAfterBurst = false; return false }
        lastTypedAt = now; heldAfterReload = false   // typing on: held as the typing before it was
        return true
    }

    /// Records printable key `k` that reached the talk at `now`, no text field having taken it
    /// (`action`: its key-map action, nil when unbound). Returns true when it makes a burst of
    /// typing (`burstLength`): `k` and every printable key after it are held until a pause of
    /// `holdSeconds`, as keys typed on past a field are.
    /// `answers`: `k` is the open question's own key or its answer (s again, y): a speaker's too.
    public mutating func noteTalkKey(_ k: Key, action: ConsoleAction?, answers: Bool = false, at now: Double) -> Bool {
        runStarts = false
        // A held key's repeats are that one key (review32 #5: a held seek key and one more made a run).
        if k.isRepeat { lastTalkPress = presses; return false }
        // Keys a hold takes already (typing on past a field, a burst's own) are no new run.
        if holding(at: now) { talkRun = []; lastTalkPress = presses; return false }
        defer { lastTalkPress = presses }
        guard Self.types(k) else { talkRun = []; return false }
        if let last = talkRun.last, !(now >= last.at && now - last.at < Self.burstGap) || lastTalkPress != presses - 1 { talkRun = [] }
        talkRun.append((now, k.name, !answers && (action.map { !Self.quickActions.contains($0) } ?? true)))
        runStarts = talkRun.count == 1
        talkRun = talkRun.suffix(Self.burstLength)
        guard talkRun.count >= Self.burstLength, talkRun.filter(\.typed).count >= 2, Set(talkRun.map(\.key)).count > 1 else { return false }
        talkRun = []
        lastTypedAt = now; heldAfterBurst = true; heldAfterReload = false
        return true
    }

    /// Whether a hold is on at `now` (a printable key would be held).
    func holding(at now: Double) -> Bool {
        [commitHoldUntil, reloadHoldUntil, hideHoldUntil].contains { $0.map { now < $0 } ?? false }
            || lastTypedAt.map { now >= $0 && now - $0 < Self.holdSeconds } ?? false
    }

    /// A reload at `now` remade the scene whose text field had the keys, and no field with its
    /// id is there to take them back: printable keys and Space are held for `reloadHoldSeconds`
    /// (extended by each held key) instead of driving the talk.
    public mutating func holdAfterReload(at now: Double) {
        reloadHoldUntil = now + Self.reloadHoldSeconds
    }

    /// The console hid at `now` (a projector blip, displays mirrored, the lid). If a key was typed
    /// within `seconds` before, the speaker is typing on without having looked up: printable keys
    /// and Space are held until `seconds` after the hiding (extended by each held key), also when
    /// rearranging the displays took longer than `holdSeconds` between two keys (trial 20 F3).
    /// Returns whether such a hold started.
    @discardableResult
    public mutating func holdAfterHiding(at now: Double, seconds: Double) -> Bool {
        guard let t = lastTypedAt, now - t < seconds, now >= t else { return false }
        hideHoldUntil = now + seconds
        return true
    }
}

/// The guard on the presenter: keys are noted in `Presentation.press`, held in the question
/// check and in `handleKey`.
extension Presentation {
    /// The presenter's hint for a held key; it never reaches the audience view.
    public static let typingHint = "Keys held while typing — click a field to type, or wait a moment"
    /// The hint for a key held because a reload took the field away (`TypingGuard.holdAfterReload`).
    public static let reloadTypingHint = "The scene was reloaded; click the field to type"
    /// The hint for keys held as typing that went to the talk (`TypingGuard.noteTalkKey`).
    public static let burstTypingHint = "Typing went to the talk, not to a field: keys held until you pause a moment"
    /// How long the hint shows after the last held key, in seconds.
    static let typingHintSeconds = 2.5

    /// Shows `typingHint` in the presenter's banner for `typingHintSeconds`.
    func showTypingHint() {
        typingHintTimer?.cancel()
        typingHintShown = true
        typingHintTimer = timers.schedule(now: clock(), after: Self.typingHintSeconds, repeats: false) { [weak self] in
            self?.typingHintShown = false; self?.updateBanner()
        }
        updateBanner()
    }

    /// A pause in typing longer than this (seconds) before a key that covers the room (`.`, `b`,
    /// `w`, `f`) goes into the focused field suggests a clicker's blank button, not a letter.
    public static let pausedTypingSeconds = 3.0

    /// What the presenter view says when such a key went into a text field (`key` as typed: a
    /// letter in lower case unless Shift was held; trial 28 m6 read "“B”" for a typed b).
    public static func coverTypedHint(_ key: Key) -> String {
        let typed = key.isPlain && key.name.count == 1 ? key.name.lowercased() : "\(key)"
        return "“\(typed)” went into the text field, which keeps its keys until Return or Esc: the room was not covered. Esc, then the key again, covers it."
    }

    /// The speaker typed into a field, paused, then pressed a key that covers the room: it goes
    /// into the field (a field keeps its keys, README), and the console says so, since a
    /// clicker's blank button doing nothing visible looks like a talk that did not listen
    /// (trial 17 m2). Not for the first key into a field the speaker has not typed in since it
    /// took the keys (clicked, then "band": trial 28 m6): that is typing starting. Returns whether
    /// it said so; call before the key is noted as typed.
    @discardableResult
    func coverTypedIntoField(_ k: Key, action: ConsoleAction) -> Bool {
        guard [.blackout, .whiteout, .freeze].contains(action), TypingGuard.types(k) else { return false }
        guard let field = presenter.focusedView, field === lastTypedField else { return false }
        if let t = typingGuard.lastTypedAt, clock() - t < Self.pausedTypingSeconds { return false }
        showPassingNotice(Self.coverTypedHint(k), seconds: 6)
        return true
    }

    /// True when `k`, a key that reached the talk, makes a burst of typing
    /// (`TypingGuard.noteTalkKey`): it is held, and so is the typing after it; the hint shows.
    /// A script's keys (the control socket's `key`, `scriptedKey`) come as fast as it sends them:
    /// never typing.
    /// A question the typing opened (s: swap) or met is cancelled: its answer would be typed; a
    /// cover or freeze its first keys made is undone.
    func typingStartsOnTheTalk(_ k: Key, action: ConsoleAction?) -> Bool {
        // The open question's key or answer, past the time it takes to read it (sooner, typed).
        let answers = pendingQuestion.map { q in
            ((action != nil && action == q.confirmAction) || q.confirmKey.map { $0.code == k.code } == true)
                && clock() - q.askedAt >= Self.confirmRepeatSeconds
        } ?? false
        guard !scriptedKey else { return false }
        let burst = typingGuard.noteTalkKey(k, action: action, answers: answers, at: clock())
        if typingGuard.runStarts { roomBeforeTyping = (audienceMode, isFrozen) }
        guard burst else { return false }
        if let q = pendingQuestion, q.otherKeysCancel, q.holding == nil { answerQuestion(false) }
        // What the run's first keys did to the room's cover goes back (trial 36: "about" left the
        // room black, its b having acted before the run was seen to be typing).
        if let before = roomBeforeTyping, before.mode != audienceMode || before.frozen != isFrozen {
            log("typing went to the talk: the room's \(audienceMode) / frozen \(isFrozen) from its first keys goes back to \(before.mode) / frozen \(before.frozen)")
            audienceMode = before.mode
            setFrozen(before.frozen)
        }
        if consoleHidden { keysHeldWhileHidden += 1 } else { showTypingHint() }
        return true
    }

    /// True when `k` (no text field having taken it) is held back by the typing guard; then the
    /// hint shows.
    /// While the console is hidden the hint would be on nobody's screen: the key is counted and
    /// said when the console is back (`HiddenConsole.swift`).
    func typingHolds(_ k: Key) -> Bool {
        let covers = keyMap.action(for: k).map { [.blackout, .whiteout, .freeze].contains($0) } ?? false
        guard typingGuard.holds(k, covers: covers, at: clock()) else { return false }
        if consoleHidden { keysHeldWhileHidden += 1 } else { showTypingHint() }
        return true
    }
}
