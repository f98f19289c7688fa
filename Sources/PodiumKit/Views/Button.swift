/// A push button with a title. `action` runs on mouse-up inside, on Return/Space when focused,
/// and on `click` from the control socket.
open class Button: View {
    /// Look of a button: `plain` (tint text on a raised fill), `filled` (white text on tint),
    /// `destructive` (red text), `bar` (no fill until pressed, for toolbars).
    public enum Style: Sendable { case plain, filled, destructive, bar }
    /// The centred one-line title, cut with an ellipsis when it does not fit; also the control
    /// tree's label.
    public var title: String { didSet { setNeedsDisplay() } }
    /// How the button draws (``Button/Style``).
    public var style: Style
    /// Title font; the button's fitting width follows it (title width + 24 points, height 34).
    public var font: Font = .body
    /// A disabled button draws its title in secondary text colour, ignores input and cannot take
    /// focus.
    public var isEnabled = true { didSet { setNeedsDisplay() } }
    /// Runs with the button on mouse-up inside, Return or Space while focused, and `click` from the
    /// control socket; never while disabled. Main actor.
    public var action: ((Button) -> Void)?
    private var pressed = false

    /// A button titled `title` with an optional control-tree `id`, 8-point corner radius.
    public init(_ title: String, id: String? = nil, style: Style = .plain, action: ((Button) -> Void)? = nil) {
        self.title = title; self.style = style; self.action = action
        super.init()
        self.id = id
        cornerRadius = 8
    }

    open override var role: String? { "button" }
    open override var acceptsFocus: Bool { isEnabled }
    open override var accessibilityValue: String? { isEnabled ? nil : "disabled" }

    open override func sizeThatFits(_ available: Size) -> Size {
        let w = (metrics?.size(of: title, font: font).width ?? Double(title.count) * font.size * 0.6) + 24
        return Size(min(available.width, w), 34)
    }

    open override func draw(into list: inout DrawList) {
        let t = theme
        var fg = style == .destructive ? t.destructive : t.tint
        switch style {
        case .filled:
            list.fill(bounds, pressed ? t.tint.withAlpha(0.7) : t.tint, radius: cornerRadius); fg = .white
        case .plain, .destructive:
            list.fill(bounds, pressed ? t.separator : t.raised, radius: cornerRadius)
        case .bar:
            if pressed { list.fill(bounds, t.raised, radius: cornerRadius) }
        }
        if !isEnabled { fg = t.secondaryText }
        if let m = metrics {
            list.text(.line(title, font: font, width: bounds.width - 8, alignment: .center), fg, at: Point(4, (bounds.height - m.lineHeight(font)) / 2))
        }
        if isFocused { list.stroke(bounds.insetBy(dx: -2, dy: -2), t.tint, width: 2, radius: cornerRadius + 2) }
    }

    /// Runs the action as a user click would.
    public func activate() { if isEnabled { action?(self) } }

    open override func handle(_ event: InputEvent) -> Bool {
        guard isEnabled else { return false }
        switch event {
        case .mouseDown: pressed = true; setNeedsDisplay(); return true
        case let .mouseUp(p, _):
            let inside = bounds.contains(p)
            pressed = false; setNeedsDisplay()
            if inside { activate() }
            return true
        case let .key(k) where k.code.isReturn || k.code == .space:
            activate(); return true
        default: return false
        }
    }
}
