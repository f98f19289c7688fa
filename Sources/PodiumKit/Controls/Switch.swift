/// An on/off toggle (iOS's UISwitch): a click, Space or Return flips it; `onChange` is told.
/// It draws only its 51×31 pt track: `label` names it in the control tree (for tests, the control
/// socket and screen readers), so put a `Label` beside it for the speaker to read.
open class Switch: View {
    /// Whether the switch is on. Setting it does not call ``Switch/onChange``; ``Switch/toggle()``
    /// does.
    public var isOn: Bool { didSet { if isOn != oldValue { setNeedsDisplay() } } }
    /// Called with the new state after the user (or the control socket) flips the switch.
    public var onChange: ((Bool) -> Void)?
    /// Track size in points (UIKit's switch is 51×31).
    public static let size = Size(51, 31)

    /// A switch, off by default; `label` names it in the control tree (it draws no text).
    public init(isOn: Bool = false, label: String? = nil, id: String? = nil) {
        self.isOn = isOn
        super.init()
        self.id = id; accessibilityLabel = label
    }

    open override var role: String? { "switch" }
    open override var acceptsFocus: Bool { true }
    open override var isUserInteractionEnabled: Bool { true }
    open override var accessibilityValue: String? { isOn ? "on" : "off" }
    open override func sizeThatFits(_ available: Size) -> Size { Self.size }

    /// Flips the switch as a user would and tells `onChange`.
    public func toggle() { isOn.toggle(); onChange?(isOn) }

    /// The track, centred vertically at the leading edge of the bounds.
    public var trackRect: Rect { Rect(0, (bounds.height - Self.size.height) / 2, Self.size.width, Self.size.height) }

    open override func draw(into list: inout DrawList) {
        let t = theme, r = trackRect, h = r.height
        list.fill(r, isOn ? t.positive : t.separator, radius: h / 2)
        let knob = Rect(isOn ? r.maxX - h + 2 : r.minX + 2, r.minY + 2, h - 4, h - 4)
        list.fill(knob, .white, radius: (h - 4) / 2)
        if isFocused { list.stroke(r.insetBy(dx: -3, dy: -3), t.tint, width: 2, radius: h / 2 + 3) }
    }

    open override func handle(_ event: InputEvent) -> Bool {
        switch event {
        case .mouseDown: becomeFocused(); return true
        case let .mouseUp(p, _): if bounds.contains(p) { toggle() }; return true
        case let .key(k) where k.code == .space || k.code.isReturn: toggle(); return true
        default: return false
        }
    }
}
