import PodiumKit

/// One label that shows a message, or hides when there is none (the cover and the indicator).
class FollowerMessageView: View {
    let label: Label

    init(label: Label) {
        self.label = label
        super.init()
        label.alignment = .center
        addSubview(label)
    }

    /// The message shown; nil when hidden.
    var text: String? { isHidden ? nil : label.text }
    func show(_ text: String?) {
        isHidden = text == nil
        label.text = text ?? ""
        accessibilityLabel = text
        setNeedsDisplay()
    }
}

/// What a follower screen shows instead of slides: waiting for the presenter, or a deck that is
/// not the presenter's. Opaque, so nothing of the deck shows through.
final class FollowerCoverView: FollowerMessageView {
    init() {
        super.init(label: Label("", font: .bold(28), color: Color(0xE6, 0xE6, 0xE6), lines: 0))
        id = "follow.cover"
        backgroundColor = Color(0x12, 0x12, 0x14)
        label.pins = Pins(leading: 64, trailing: 64, top: 64, bottom: 64)
    }
    override var role: String? { "alert" }
}

/// A small, dim note in a corner of the room's screen ("broker offline · reconnecting"): the
/// last frame stays, and whoever looks after the screen can tell it is not live.
final class FollowerIndicatorView: FollowerMessageView {
    init() {
        super.init(label: Label("", font: .system(12), color: Color(0xC8, 0xC8, 0xC8)))
        id = "follow.indicator"
        backgroundColor = Color(0, 0, 0, 140)
        cornerRadius = 6
        label.pins = Pins(leading: 8, trailing: 8, top: 2, bottom: 2)
        isHidden = true
    }
    override var role: String? { "status" }
}

/// `text` cut to `limit` characters with "…" (titles in messages on the room's screen).
func short(_ text: String, _ limit: Int = 60) -> String { text.count <= limit ? text : String(text.prefix(limit - 1)) + "…" }
