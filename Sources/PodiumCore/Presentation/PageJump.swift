import PodiumKit

/// The presenter's "go to slide" prompt: what is typed, or why a number was refused. It shows in
/// the console's banner, so the room never sees the number.
enum PageJump {
    case typing(String)
    case refused(String, TimerToken?)
}

/// Jump to a slide by number, as pdfpc: digits then Return (`g` opens the prompt empty). The
/// number is the slide as the position indicator counts it (`3 / 10`, or `slide 2/8` with a PDF's
/// overlays, where the jump goes to the slide's first overlay; a pdfpc-hidden page is not counted).
///
/// Key order: an open question answers first; while the prompt is open it takes digits, Backspace,
/// Return (jump) and Esc (cancel), and any other key closes it and acts as usual. A digit opens
/// it only when nothing else wanted the key: a focused text entry, a key-map binding (digits a key
/// map binds stay that action) and the scene (`handleUnhandledKey`) come first.
extension Presentation {
    /// At most this many digits (no talk has a million slides).
    static let pageJumpMaxDigits = 6

    /// The digits typed while the prompt is open ("" right after `g`), nil when it is closed.
    public var pageJumpDigits: String? { if case let .typing(d)? = pageJump { d } else { nil } }

    /// Opens the prompt with `digits` typed so far.
    public func openPageJump(digits: String = "") {
        if case let .refused(_, t)? = pageJump { t?.cancel() }
        pageJump = .typing(String(digits.prefix(Self.pageJumpMaxDigits)))
        updateBanner()
    }

    /// Closes the prompt (or its refusal) without moving.
    public func cancelPageJump() {
        guard let j = pageJump else { return }
        if case let .refused(_, t) = j { t?.cancel() }
        pageJump = nil
        updateBanner()
    }

    /// Goes to slide `number` (1-based, as the position indicator counts). A number out of range
    /// changes nothing for the room: the presenter's banner says why for 3 s. Returns true when it
    /// moved (or was already there).
    @discardableResult
    public func jump(toSlide number: Int) -> Bool {
        pageJump = nil
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
        case nil: nil
        }
    }

    /// Keys while the prompt is open (see the type's comment); true when the key was used.
    func pageJumpTakesKey(_ k: Key) -> Bool {
        if case .refused? = pageJump { cancelPageJump() }
        guard case let .typing(d)? = pageJump else { return false }
        // Focus moved into a text entry (a click): the typing is the entry's.
        if presenter.focusedView?.isTextEntry == true { cancelPageJump(); return false }
        if let digit = Self.digit(of: k) {
            pageJump = .typing(d.count < Self.pageJumpMaxDigits ? d + digit : d)
            updateBanner()
            return true
        }
        switch k.code {
        case .backspace: if d.isEmpty { cancelPageJump() } else { pageJump = .typing(String(d.dropLast())); updateBanner() }
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
