import PodiumKit

/// A strip under the presenter's toolbar (one line, more when a narrow window wraps it) for what only the speaker should read: a
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

    override init() {
        super.init()
        id = "console.banner"
        isHidden = true
        label.pins = Pins(leading: 14, trailing: 14, top: 0, bottom: 0)
        addSubview(label)
    }

    /// Height of a one-line banner in points: the line the console keeps for it above the scene
    /// area whether it shows or not (taller ones push the scene area down by the rest).
    public static let lineHeight = 34.0

    /// Height for `width` points: one line's 34 pt, or what the wrapped message needs (a narrow
    /// presenter window must not cut the resume question off).
    func height(forWidth width: Double) -> Double {
        guard !isHidden else { return Self.lineHeight }
        return max(Self.lineHeight, label.sizeThatFits(Size(width - 28, .infinity)).height + 14)
    }

    /// The message shown, nil when hidden.
    public var text: String? { isHidden ? nil : label.text }

    /// Shows `text` (nil hides the banner).
    public func show(_ text: String?, kind: Kind) {
        self.kind = kind
        isHidden = text == nil
        label.text = text ?? ""
        accessibilityLabel = text
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
    /// the click; a question stays.
    public override func handle(_ event: InputEvent) -> Bool {
        guard case .mouseDown = event else { return super.handle(event) }
        onClick?()
        return true
    }

    /// In the control tree as an "alert" labelled with the message, valued with its kind.
    public override var role: String? { "alert" }
    public override var accessibilityValue: String? { kind.rawValue }
}
