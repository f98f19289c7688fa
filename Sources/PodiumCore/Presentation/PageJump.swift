import PodiumKit

/// The presenter's "go to slide" prompt: what is typed, or why a number was refused. It shows in
/// the console's banner, so the room never sees the number.
enum PageJump {
    case typing(String)
    case refused(String, TimerToken?)
    /// Closed for want of a key (`Presentation.pageJumpIdleSeconds`): says so for a moment.
    case timedOut(TimerToken?)

    /// The timer that takes a refusal or a time-out line away; nil while typing.
    var shownFor: TimerToken? {
        switch self {
        case .typing: nil
        case let .refused(_, t), let .timedOut(t): t
        }
    }
}

/// Jump to a slide by number, as pdfpc: digits then Return (`g` opens the prompt empty). The
/// number is the slide as the position indicator counts it (`3 / 10`, or `slide 2/8` with a PDF's
/// overlays, where the jump goes to the slide's first overlay; a pdfpc-hidden page is not counted).
///
/// Key order: an open question answers first; while the prompt is open it takes digits, Backspace,
/// Return (jump) and Esc (cancel), and any other key closes it and acts as usual. A digit opens
/// it only when nothing else wanted the key: a focused text entry, a key-map binding (digits a key
/// map binds stay that action) and the scene (`handleUnhandledKey`) come first.
///
/// A prompt left untouched for `pageJumpIdleSeconds` closes without moving, and the presenter is
/// told so (trial 12: a number typed and forgotten kept the prompt open, and the clicker's next,
/// Return, minutes later jumped the room to that slide instead of the next one).
extension Presentation {
    /// At most this many digits (no talk has a million slides).
    static let pageJumpMaxDigits = 6
    /// How long an open prompt waits for its next key, in seconds. A slide number is typed in
    /// one go (a second or two, reading the slide sorter or notes); 10 s without a key is a
    /// prompt forgotten, which would turn the clicker's next (Return) into a jump.
    public static let pageJumpIdleSeconds = 10.0
    /// The presenter's line when an untouched prompt closed, shown for 4 s in its place (over a
    /// lasting notice, which comes back after).
    public static var pageJumpTimedOut: String { "Go to slide closed: no key for \(Int(pageJumpIdleSeconds)) s; the talk stayed where it is" }

    /// The digits typed while the prompt is open ("" right after `g`), nil when it is closed.
    public var pageJumpDigits: String? { if case let .typing(d)? = pageJump { d } else { nil } }

    /// Opens the prompt with `digits` typed so far.
    public func openPageJump(digits: String = "") {
        pageJump?.shownFor?.cancel()
        pageJump = .typing(String(digits.prefix(Self.pageJumpMaxDigits)))
        armPageJumpExpiry()
        updateBanner()
    }

    /// Closes the prompt (or its refusal) without moving.
    public func cancelPageJump() {
        pageJumpExpiry?.cancel(); pageJumpExpiry = nil
        guard let j = pageJump else { return }
        j.shownFor?.cancel()
        pageJump = nil
        updateBanner()
    }

    /// (Re)starts the wait for the prompt's next key: each key it takes starts it again.
    private func armPageJumpExpiry() {
        pageJumpExpiry?.cancel()
        pageJumpExpiry = timers.schedule(now: clock(), after: Self.pageJumpIdleSeconds, repeats: false) { [weak self] in
            guard let self, case let .typing(d)? = self.pageJump else { return }
            self.pageJumpExpiry = nil
            let t = self.timers.schedule(now: self.clock(), after: 4, repeats: false) { [weak self] in
                if case .timedOut? = self?.pageJump { self?.pageJump = nil; self?.updateBanner() }
            }
            self.pageJump = .timedOut(t)
            self.log("go to slide: the prompt (\(d.isEmpty ? "empty" : d)) had no key for \(Int(Self.pageJumpIdleSeconds)) s; closed without moving")
            self.updateBanner()
        }
    }

    /// Goes to slide `number` (1-based, as the position indicator counts). A number out of range
    /// changes nothing for the room: the presenter's banner says why for 3 s. Returns true when it
    /// moved (or was already there).
    @discardableResult
    public func jump(toSlide number: Int) -> Bool {
        pageJump = nil
        pageJumpExpiry?.cancel(); pageJumpExpiry = nil
        guard (1...max(1, slides.count)).contains(number), slides.count > 0 else {
            let why = "No slide \(number): this talk has slides 1–\(slides.count)"
            let t = timers.schedule(now: clock(), after: 3, repeats: false) { [weak self] in
                if case .refused? = self?.pageJump { self?.pageJump = nil; self?.updateBanner() }
            }
            pageJump = .refused(why, t)
            log("go to slide: \(why)")
            updateBanner()
            return false
        }
        updateBanner()
        goTo(slides.ranges[number - 1].lowerBound)
        refreshTimers()
        presenter.requestRedraw()
        return true
    }

    /// The banner line for the prompt or its refusal.
    var pageJumpBanner: (text: String, kind: BannerView.Kind)? {
        switch pageJump {
        case let .typing(d)?: ("Go to slide: \(d)▏ (1–\(slides.count)) · Return jumps · Esc cancels", .question)
        case let .refused(why, _)?: (why, .error)
        case .timedOut?: (Self.pageJumpTimedOut, .info)
        case nil: nil
        }
    }

    /// Keys while the prompt is open (see the type's comment); true when the key was used.
    func pageJumpTakesKey(_ k: Key) -> Bool {
        if pageJump != nil, pageJumpDigits == nil { cancelPageJump() }   // a refusal or time-out line goes at any key
        guard case let .typing(d)? = pageJump else { return false }
        // Focus moved into a text entry (a click): the typing is the entry's.
        if presenter.focusedView?.isTextEntry == true { cancelPageJump(); return false }
        if let digit = Self.digit(of: k) {
            pageJump = .typing(d.count < Self.pageJumpMaxDigits ? d + digit : d)
            armPageJumpExpiry()
            updateBanner()
            return true
        }
        switch k.code {
        case .backspace: if d.isEmpty { cancelPageJump() } else { pageJump = .typing(String(d.dropLast())); armPageJumpExpiry(); updateBanner() }
        case .escape: cancelPageJump()
        case _ where k.code.isReturn && k.isPlain:
            if let n = Int(d) { jump(toSlide: n) } else { cancelPageJump() }
        default:
            cancelPageJump()
            return false
        }
        return true
    }

    /// A digit no one else used opens the prompt with it.
    func startPageJump(with k: Key) -> Bool {
        guard let digit = Self.digit(of: k) else { return false }
        openPageJump(digits: digit)
        return true
    }

    /// "0"…"9" for the digit keys and the keypad's, without Ctrl/Alt/Super (Shift is allowed:
    /// some layouts need it for digits); nil for any other key.
    static func digit(of k: Key) -> String? {
        guard !k.control, !k.alt, !k.gui else { return nil }
        let n = k.name.hasPrefix("Keypad ") ? String(k.name.dropFirst(7)) : k.name
        guard n.count == 1, let c = n.first, c.isASCII, c.isNumber else { return nil }
        return n
    }
}
