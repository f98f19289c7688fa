import PodiumKit

/// A question on the presenter screen that waits for the speaker (see `Presentation.ask`).
struct PendingQuestion {
    var text: String
    /// Pressing a key bound to this action again also says yes ("q again"), unless `confirmKey`.
    var confirmAction: ConsoleAction?
    /// A key of its own that says yes (the swap's `y`); its action's key again then says no: a
    /// pdfpc user's `s` (pdfpc 4.3+ starts the timer with it) pressed twice swapped the console,
    /// notes included, onto the room's display (trial 33 F2).
    var confirmKey: Key? = nil
    /// Said when the action's key again said no (with `confirmKey`).
    var onRepeat: (() -> Void)? = nil
    /// Whether any other key says no and then does what it does; otherwise other keys are ignored
    /// until the speaker answers.
    var otherKeysCancel: Bool
    var onConfirm: () -> Void
    var onCancel: () -> Void
    var expiry: TimerToken?
    /// Why nothing may move or change the talk until the speaker answers (the resume question:
    /// the talk's place is not known yet); nil for questions that hold nothing back.
    var holding: String?
    /// Words the question again for the deck as it is after a reload (the resume question names
    /// a scene of the deck); nil for questions a reload does not change.
    var reword: (() -> String)?
    /// When it was asked (`Presentation.clock`, seconds): its key again sooner than
    /// `confirmRepeatSeconds` is typing or a bouncing key, not an answer.
    var askedAt = 0.0
    /// Whether Return says yes; not when Return is also a key of the talk (the clicker's next),
    /// which would otherwise confirm a stray `q` the moment the speaker advances.
    var returnConfirms = true
    /// The resume question's answers for a clicker or phone (trial 13): a key of the talk's
    /// navigation (`navigationActions`: next, previous, the slide steps, F5, Shift+F5) says yes
    /// and does nothing else, and Esc only asks again with this text: Esc once more says no.
    /// Nil: Esc says no at once.
    var escapeAgain: String?
    /// When Esc first asked again (`clock()`): Esc sooner than `confirmRepeatSeconds` after it
    /// bounced and is not the second answer (a held Esc's repeats never are, `Key.isRepeat`).
    var escapedAt: Double?
    /// The titles of the banner's yes and no buttons, which answer as Return and Esc do (the
    /// resume question: a speaker with a mouse in hand); nil: no buttons.
    var choices: (yes: String, no: String)?
}

/// Questions and notices for the speaker only, in the console's banner: nothing here reaches
/// the audience view, except an open question while the console is hidden (mirrored displays,
/// `consoleHidden`): it shows at the foot of the audience view, the only screen the speaker sees.
extension Presentation {
    /// Asks the speaker on the presenter screen: Return (or a key of `confirmAction` again) runs
    /// `onConfirm`, Esc or the `timeout` (seconds; nil waits) runs `onCancel`. With
    /// `otherKeysCancel`, any other key cancels and then acts as usual (the clicker keeps
    /// working); without, other keys wait for the answer. A new question replaces an open one
    /// (which is cancelled). With `holding` (the reason, e.g. "waiting for the speaker to answer
    /// the resume question"), nothing moves or changes the talk until it is answered
    /// (`talkHold`): navigation, audience modes, the pointer and input to the scenes.
    /// With `returnConfirms` false, Return is an other key (it cancels, then acts). With
    /// `escapeAgain` (a text), the talk's navigation keys say yes and Esc asks again with that
    /// text before it says no (`PendingQuestion.escapeAgain`).
    public func ask(_ text: String, confirmAction: ConsoleAction? = nil, timeout: Double? = 3, otherKeysCancel: Bool = true,
                    holding: String? = nil, returnConfirms: Bool = true, escapeAgain: String? = nil,
                    choices: (yes: String, no: String)? = nil, onConfirm: @escaping () -> Void, onCancel: @escaping () -> Void = {}) {
        answerQuestion(false)
        let expiry = timeout.map { timers.schedule(now: clock(), after: $0, repeats: false) { [weak self] in self?.answerQuestion(false) } }
        pendingQuestion = PendingQuestion(text: text, confirmAction: confirmAction, otherKeysCancel: otherKeysCancel,
                                          onConfirm: onConfirm, onCancel: onCancel, expiry: expiry, holding: holding,
                                          askedAt: clock(), returnConfirms: returnConfirms, escapeAgain: escapeAgain, choices: choices)
        updateBanner()
    }

    /// The least time (seconds) between a question's key and the same key again for that to
    /// confirm it: typing a word with "ss" in it (~100–150 ms a key) or a bouncing key must not
    /// swap the displays; a deliberate second press takes longer. (The pace of typing: ~40–60
    /// words a minute is 120–200 ms a character.) A held key's repeats (`Key.isRepeat`) never
    /// answer, whenever they come.
    static let confirmRepeatSeconds = 0.25

    /// Words the open question again: after the deck was replaced (`replaceDeck`), so it never
    /// names a scene the deck no longer has, and on each tick of the console's clock, as the
    /// resume question's elapsed time runs on while it is asked (trial 25 m7). The banner is
    /// drawn again only when the words changed.
    func rewordQuestion() {
        // After a first Esc the question names no scene: it stays as asked.
        guard let reword = pendingQuestion?.reword, pendingQuestion?.escapedAt == nil else { return }
        let text = reword()
        guard text != pendingQuestion?.text else { return }
        pendingQuestion?.text = text
        updateBanner()
    }

    /// The open question's text, nil when none is open.
    public var question: String? { pendingQuestion?.text }
    /// Why the talk may not be moved or changed now (an open question that holds it), else nil.
    /// The control socket and the phone remote refuse such requests with this reason.
    public var talkHold: String? { pendingQuestion?.holding }

    /// Answers the open question (no-op when none is open).
    public func answerQuestion(_ yes: Bool) {
        guard let q = pendingQuestion else { return }
        pendingQuestion = nil
        q.expiry?.cancel()
        updateBanner()
        if yes { q.onConfirm() } else { q.onCancel() }
        presenter.requestRedraw()
    }

    /// Keys while a question is open: true when the key answered it (or was held back).
    func keyAnswersQuestion(_ k: Key, action: ConsoleAction?, typing: Bool = false) -> Bool {
        guard let q = pendingQuestion else { return false }
        // A clicker's keys answer a question that waits for a clicker's answer: yes, and no more.
        if q.escapeAgain != nil, let a = action, Self.navigationActions.contains(a) { answerQuestion(true); return true }
        // A key typed into a focused field is the field's, never an answer (`TypingGuard`).
        if typing, TypingGuard.types(k), q.holding == nil { return false }
        // A held key's repeat is never an answer, however long after the question (trial 19 F1:
        // X repeats from 660 ms, past `confirmRepeatSeconds`): held back, the question stays.
        if k.isRepeat { return true }
        let again = action != nil && action == q.confirmAction
        // Its key again too soon: typed or bounced, held back; the question stays open. So is its
        // answer key: no one reads a question in a quarter second (trial 36: "system" swapped
        // the displays, the y typed 150 ms after the s).
        let answer = q.confirmKey.map { k.code == $0.code && k.isPlain } ?? false
        if again || answer, clock() - q.askedAt < Self.confirmRepeatSeconds { return true }
        if let yes = q.confirmKey {
            if k.code == yes.code && k.isPlain { answerQuestion(true); return true }
            if again { answerQuestion(false); q.onRepeat?(); return true }
        }
        if q.returnConfirms && k.code.isReturn && k.isPlain || again { answerQuestion(true); return true }
        if k.code == .escape { sayNo(); return true }
        // Quit at once (Ctrl+Q) always gets out, unanswered: the question stays unanswered.
        if action == .quitNow { return false }
        guard q.otherKeysCancel else { return true }
        answerQuestion(false)
        return false
    }

    /// Esc, or the banner's no button: says no to the open question, or with `escapeAgain` first
    /// asks again; a bounce or a held key (a double click) is not the second answer.
    func sayNo() {
        guard let q = pendingQuestion else { return }
        guard let again = q.escapeAgain else { answerQuestion(false); return }
        if let at = q.escapedAt { if clock() - at >= Self.confirmRepeatSeconds { answerQuestion(false) } }
        else { pendingQuestion?.text = again; pendingQuestion?.escapedAt = clock(); updateBanner() }
    }

    /// A click on the banner's yes or no button: as Return or Esc.
    func choiceClicked(_ yes: Bool) { if yes { answerQuestion(true) } else { sayNo() } }

    /// The pointer while the talk is held (the resume question, trial 13 F4): a press on the
    /// banner, and its move and release, reach the presenter view (its Resume and Start Fresh
    /// buttons answer as the keys do); anything else waits for the answer, as before. Returns
    /// whether `input` was delivered.
    @discardableResult
    public func heldPointerInput(_ input: InputEvent) -> Bool {
        switch input {
        case let .mouseDown(p, _, _):
            presenter.layoutIfNeeded()
            pressOnBanner = presenter.hitTest(p)?.isDescendant(of: console.banner) == true
            guard pressOnBanner else { return false }
        case .mouseMoved: guard pressOnBanner else { return false }
        case .mouseUp: guard pressOnBanner else { return false }; pressOnBanner = false
        default: return false
        }
        presenter.dispatch(input)
        return true
    }

    /// Whether key `k` may act while the talk is held (`talkHold`): it answers the question
    /// (Return, Esc) or quits at once (Ctrl+Q); everything else waits for the answer.
    public func keyPassesHold(_ k: Key) -> Bool {
        let action = keyMap.action(for: k)
        return k.code.isReturn && k.isPlain || k.code == .escape || action == .quitNow
            || pendingQuestion?.escapeAgain != nil && action.map(Self.navigationActions.contains) == true
    }

    /// The keys a clicker has (next, previous, its slideshow button's F5/Shift+F5), which say
    /// yes to a question with `escapeAgain` (the resume question) rather than act.
    static let navigationActions: Set<ConsoleAction> = [.next, .previous, .nextSlide, .previousSlide, .startFromBeginning, .startFromCurrent]

    /// The phone remote's next or previous while the talk is held: says yes to a question that a
    /// clicker's key answers (the resume question), as that key would. Returns whether it did.
    public func navigationAnswersQuestion() -> Bool {
        guard pendingQuestion?.escapeAgain != nil else { return false }
        answerQuestion(true)
        return true
    }

    /// A lasting message for the speaker (a reload error, nil to clear it); an open question
    /// shows over it. When a notice goes (nil), a lesser one that waited for it shows
    /// (`showLesserNotice`); else, during a look-up, the look-up's hint comes back (trial 15 m2:
    /// a reload's "Reloaded …" took it for good), unless the hint itself is what goes.
    public func showNotice(_ text: String?, kind: BannerView.Kind = .error) {
        if text == nil, !waitingNotices.isEmpty {
            let next = waitingNotices.removeFirst()
            showPassingNotice(next.text, seconds: next.seconds)
            return
        }
        noticeExpiry?.cancel(); noticeExpiry = nil
        noticeUntilAMove = false
        notice = text.map { ($0, kind) } ?? lookUpHint(replacing: notice?.text)
        updateBanner()
    }

    /// A passing notice of less weight than what the speaker reads now (a slow draw's): while
    /// another notice shows (a restart's "Podium was killed…", a reload's error) it waits until
    /// that one goes, then shows for its `seconds`, rather than cut it short (trial 15 m4). Over
    /// nothing, or over the look-up's hint (which comes back after it), it shows at once.
    func showLesserNotice(_ text: String, seconds: Double) {
        let overHint = lookUp != nil && notice?.text == lookUpNotice
        if notice != nil, !overHint { waitingNotices.append((text, seconds)); return }
        showPassingNotice(text, seconds: seconds)
    }

    /// A warning about the deck as it was opened (a PDF's page labels not used to group
    /// overlays, pages that look like slide + notes): shown like `showNotice` with kind `.error`
    /// until the talk first moves (`closePromptsForAMove`) or a click, so a speaker with only a
    /// clicker does not keep it all talk (trial 13 F9); the log keeps it.
    public func showWarningUntilAMove(_ text: String) {
        showNotice(text, kind: .error)
        noticeUntilAMove = true
    }

    /// A warning until the first move (`showWarningUntilAMove`) beside one already shown until
    /// then (the deck's launch warning): both, this one first.
    public func addWarningUntilAMove(_ text: String) {
        if noticeUntilAMove, let shown = notice?.text { showWarningUntilAMove("\(text) \(shown)") } else { showWarningUntilAMove(text) }
    }

    /// Why the talk restarted ("Podium was killed on slide 3 and was restarted there."): a
    /// passing notice for `seconds`; over a warning about the deck shown until a move
    /// (`showWarningUntilAMove`: a broken PDF the restart replaced by its last good copy) one
    /// warning names both, the restart first, until the first move: the speaker needs both facts,
    /// and either alone replaced the other.
    public func showRestartNotice(_ text: String, seconds: Double = 8) {
        if noticeUntilAMove, let warning = notice?.text { showWarningUntilAMove("\(text) \(warning)"); return }
        showPassingNotice(text, seconds: seconds)
    }

    /// A passing message for the speaker ("Reloaded talk.pdf"): shown like `showNotice` with
    /// kind `.info`, and cleared after `seconds` unless another notice replaced it meanwhile.
    public func showPassingNotice(_ text: String, seconds: Double) {
        showNotice(text, kind: .info)
        noticeExpiry = timers.schedule(now: clock(), after: seconds, repeats: false) { [weak self] in
            self?.noticeExpiry = nil
            self?.showNotice(nil)
        }
    }

    /// A click on the banner (`BannerView.onClick`): the typing hint and a notice go (a notice
    /// comes back only if something shows it again); a question or the go-to-slide prompt stays,
    /// answered by keys as before.
    func bannerClicked() {
        guard pendingQuestion == nil, pageJumpBanner == nil else { return }
        if typingHintShown { typingHintTimer?.cancel(); typingHintShown = false; updateBanner() }
        else if notice != nil { showNotice(nil) }
    }

    func updateBanner() {
        if let q = pendingQuestion { console.banner.show(q.text, kind: .question, choices: q.choices) }
        else if let j = pageJumpBanner { console.banner.show(j.text, kind: j.kind) }
        else if typingHintShown {
            console.banner.show(typingGuard.heldAfterReload ? Self.reloadTypingHint : typingGuard.heldAfterBurst ? Self.burstTypingHint : Self.typingHint, kind: .info)
        }
        else { console.banner.show(notice?.text, kind: notice?.kind ?? .info) }
        // What waits for Return (a question, the go-to-slide prompt) must be seen where Return is pressed.
        let waiting = pendingQuestion?.text ?? pageJumpBanner.flatMap { $0.kind == .question ? $0.text : nil }
        if mirroredQuestion.show(consoleHidden ? waiting : nil) { audience.requestRedraw() }
        presenter.requestRedraw()
    }

    /// An action asked for by a key: one that would derail a running talk (restart from the
    /// beginning, swap the displays, quit) asks on the presenter screen first; before the talk
    /// starts it acts at once, except a swap, which would put the console (notes included) on
    /// the room's display and is remembered for the next launch. The control socket calls
    /// `perform` and is never asked.
    @discardableResult
    public func request(_ action: ConsoleAction) -> Bool {
        // Asked again while its question is open (the close button twice): the answer is yes.
        if let q = pendingQuestion, q.confirmAction == action { answerQuestion(true); return true }
        guard action.asksWhileRunning, talk.isStarted || action == .swapDisplays else { return perform(action) }
        if action == .swapDisplays && onSwapDisplays == nil { return false }
        if action == .swapDisplays && !canSwapDisplays() {
            log("swap: the audience view has no display of its own; nothing to swap")
            showPassingNotice("Nothing to swap: the audience view has no display of its own.", seconds: 4)
            return false
        }
        let key = keyMap.keys(for: action).first
        let what: String
        switch action {
        case .startFromBeginning: what = "Restart from the first scene (timer back to 0:00)?"
        case .swapDisplays: what = "Swap the presenter and audience displays?"
        default: what = "Quit the talk?"
        }
        // Return confirms only when it is not a key of the talk (by default it is next).
        let returnConfirms = keyMap.action(for: Key("Return")) == nil
        if action == .swapDisplays {
            // The console and its notes would go to the room: a key of its own says yes (trial 33 F2).
            let text = returnConfirms ? "\(what) y or Return swaps · Esc cancels" : "\(what) y swaps · any other key cancels"
            ask(text, confirmAction: action, returnConfirms: returnConfirms) { [weak self] in self?.perform(action) }
            pendingQuestion?.confirmKey = Key("y")
            pendingQuestion?.onRepeat = { [weak self] in
                guard let self else { return }
                let start = self.talk.isStarted ? "" : " The talk timer starts with the first advance (in pdfpc, s starts it)."
                self.showPassingNotice("Not swapped: \(key.map { "\($0)" } ?? "s") twice does not swap the displays, y does.\(start)", seconds: 6)
            }
            return true
        }
        let text = returnConfirms ? "\(what) \(key.map { "\($0) again or " } ?? "")Return · Esc cancels"
                                  : "\(what) \(key.map { "\($0) again" } ?? "Again") to confirm · any other key cancels"
        ask(text, confirmAction: action, returnConfirms: returnConfirms) { [weak self] in self?.perform(action) }
        return true
    }
}
