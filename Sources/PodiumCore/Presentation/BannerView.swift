import PodiumKit

/// A strip under the presenter's toolbar (one line; a question may wrap in a narrow window) for what only the speaker should read: a
/// question that waits for a key ("Quit the talk? q again to confirm · any other key cancels"), a reload
/// error, the offer to resume. It lives in the console, so the room never sees it.
public final class BannerView: View {
    public enum Kind: String, Sendable {
        /// Waits for Return or Esc (`Presentation.ask`).
        case question
        /// Something went wrong but the talk goes on (a deck that failed to reload).
        case error
        /// For information (a file reloaded).
        case info
    }
    let label = Label("", font: .bold(15), lines: 0)
    public private(set) var kind = Kind.info
    /// The message as given (the label shows it on one line).
    private var message: String?
    /// Told of a notice cut to its one line, once per distinct message, with its whole text (the
    /// log keeps what the banner cut: `Presentation`).
    var onCut: ((String) -> Void)?
    private var lastCut: String?
    /// A question's answers as buttons at the banner's right, for the mouse (the resume
    /// question: Resume, Start Fresh); hidden when the question has none.
    let yesButton = Button("", id: "console.banner.yes")
    let noButton = Button("", id: "console.banner.no")
    /// Told when a choice is clicked: true for yes.
    var onChoice: ((Bool) -> Void)?

    override init() {
        super.init()
        id = "console.banner"
        isHidden = true
        addSubviews(label, yesButton, noButton)
        yesButton.action = { [weak self] _ in self?.onChoice?(true) }
        noButton.action = { [weak self] _ in self?.onChoice?(false) }
        for b in [yesButton, noButton] { b.isHidden = true; b.font = .bold(14) }
    }

    /// Points the buttons take at the right, with their gaps; 0 without choices.
    private var choicesWidth: Double {
        guard !yesButton.isHidden else { return 0 }
        return [yesButton, noButton].reduce(8) { $0 + $1.sizeThatFits(Size(300, 34)).width + 8 }
    }

    public override func layoutSubviews() {
        let buttons = choicesWidth
        label.frame = Rect(14, 0, max(0, bounds.width - 28 - buttons), bounds.height)
        if let message, message != lastCut, isCut {
            lastCut = message
            onCut?(message)
        }
        var x = bounds.width - 14
        for b in [noButton, yesButton] where !b.isHidden {
            let w = b.sizeThatFits(Size(300, 34)).width
            x -= w
            b.frame = Rect(x, (bounds.height - 28) / 2, w, 28)
            x -= 8
        }
    }

    /// Height of a one-line banner in points: the line the console keeps for it above the scene
    /// area whether it shows or not (a taller question pushes the scene area down by the rest).
    public static let lineHeight = 34.0

    /// Height for `width` points: one line's 34 pt for a notice, cut with "…" (trial 20 m5: a
    /// two-line notice moved the scene's controls down 15 pt, a plugin's long `tellSpeaker` grew
    /// it to 17 lines); a question, what its wrapped text needs (a narrow presenter window must
    /// not cut the resume question's answers off).
    func height(forWidth width: Double) -> Double {
        guard !isHidden, kind == .question else { return Self.lineHeight }
        return max(Self.lineHeight, label.sizeThatFits(Size(width - 28 - choicesWidth, .infinity)).height + 14)
    }

    /// The message shown (whole, though a notice may show cut), nil when hidden.
    public var text: String? { isHidden ? nil : message }

    /// The visual lines the banner shows at its width (a notice: one, ending in "…" when cut).
    public var shownLines: [String] { isHidden ? [] : label.lines(width: label.frame.width) }

    /// A notice too long for its one line, shown cut with "…".
    public var isCut: Bool {
        guard !isHidden, kind != .question, let m = metrics else { return false }
        return m.layout(TextBlock(label.text, font: label.font, width: max(1, label.frame.width), maxLines: 0)).lines.count > 1
    }

    /// Shows `text` (nil hides the banner), with `choices` (the yes and the no button's titles)
    /// for a question the mouse may answer.
    public func show(_ text: String?, kind: Kind, choices: (yes: String, no: String)? = nil) {
        self.kind = kind
        isHidden = text == nil
        message = text
        // A notice is one line: its line breaks are spaces (a question keeps them, it wraps).
        label.text = kind == .question ? text ?? "" : (text ?? "").split(whereSeparator: \.isNewline).joined(separator: " ")
        label.numberOfLines = kind == .question ? 0 : 1
        accessibilityLabel = text
        yesButton.title = choices?.yes ?? ""; noButton.title = choices?.no ?? ""
        for b in [yesButton, noButton] { b.isHidden = choices == nil }
        setNeedsLayout()
        superview?.setNeedsLayout()   // its height follows the message (`height(forWidth:)`)
        let t = Theme.standard
        switch kind {
        case .question: backgroundColor = Color(0x0A, 0x5A, 0xC8); label.color = .white
        case .error: backgroundColor = Color(0x8C, 0x1C, 0x16); label.color = .white
        case .info: backgroundColor = t.raised; label.color = t.text
        }
        setNeedsDisplay()
    }

    /// Told when the banner is clicked (`Presentation.bannerClicked`: a passing message goes).
    var onClick: (() -> Void)?

    /// A click on the banner is the banner's. It covers no control (the console keeps its line
    /// above the scene area: a click aimed at a scene's Search or + Add reaches it with a notice
    /// showing), and a click on it never presses one (trial 12: with the banner over the scene's
    /// toolbar and clicks let through, a click on "Reloaded demo.json" ran a half-typed web search
    /// for the room; one on the quit question opened a new band). A passing message goes with
    /// the click; a question stays (its choice buttons answer it).
    public override func handle(_ event: InputEvent) -> Bool {
        guard case .mouseDown = event else { return super.handle(event) }
        onClick?()
        return true
    }

    /// In the control tree as an "alert" labelled with the message, valued with its kind.
    public override var role: String? { "alert" }
    public override var accessibilityValue: String? { kind.rawValue }
}
