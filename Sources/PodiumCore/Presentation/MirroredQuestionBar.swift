import PodiumKit

/// A question's text in a small bar at the foot of the audience view, shown only while the
/// console is hidden (mirrored displays: the audience view covers the presenter's display,
/// `Presentation.consoleHidden`). The console's banner is then on nobody's screen, so a question
/// the speaker's key raised ("Quit the talk? q again to confirm · any other key cancels") would otherwise be
/// answered unseen by the next Return. The room briefly reading the question the speaker asked
/// for is far better than a hidden one. Never takes a click: the slide under it stays clickable.
final class MirroredQuestionBar: View {
    /// The bar itself: an "alert" in the audience window's control tree.
    final class Bar: View {
        override var role: String? { "alert" }
        override var accessibilityValue: String? { "question" }
        override var isUserInteractionEnabled: Bool { false }
    }
    let bar = Bar()
    let label = Label("", font: .bold(20), color: .white, lines: 0)
    /// Points of the bar's bottom margin and the text's inner padding.
    static let margin = 24.0, padding = 12.0

    override init() {
        super.init()
        isHidden = true
        bar.id = "audience.question"
        bar.backgroundColor = Color(0x0A, 0x5A, 0xC8)   // the console banner's question blue
        bar.cornerRadius = 10
        label.alignment = .center
        bar.addSubview(label)
        addSubview(bar)
    }

    override var isUserInteractionEnabled: Bool { false }

    /// The question shown, nil when hidden.
    var text: String? { isHidden ? nil : label.text }

    /// Shows `text` (nil hides the bar); true when that changed what the room sees.
    @discardableResult
    func show(_ text: String?) -> Bool {
        guard self.text != text else { return false }
        isHidden = text == nil
        label.text = text ?? ""
        bar.accessibilityLabel = text
        setNeedsLayout(); setNeedsDisplay()
        return true
    }

    /// Centred at the foot, as wide as the text needs (at most the view's width less margins).
    override func layoutSubviews() {
        let m = Self.margin, pad = Self.padding
        let maxWidth = max(0, bounds.width - 2 * m)
        let fit = label.sizeThatFits(Size(max(0, maxWidth - 2 * pad), .infinity))
        let w = min(maxWidth, fit.width + 2 * pad), h = fit.height + 2 * pad
        bar.frame = Rect((bounds.width - w) / 2, max(0, bounds.height - m - h), w, h)
        label.frame = Rect(pad, pad, max(0, w - 2 * pad), fit.height)
    }
}
