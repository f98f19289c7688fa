/// Picks a number in `minimumValue...maximumValue`, snapped to `step` (0 = continuous): drag the
/// knob or click the track; Left/Down and Right/Up move one step, Page Up/Down ten, Home/End to
/// the ends. `onChange` is told of every change the user makes.
open class Slider: View {
    /// The value at the leading end of the track; changing it re-snaps ``Slider/value``.
    public var minimumValue: Double { didSet { value = snapped(value) } }
    /// The value at the trailing end of the track; changing it re-snaps ``Slider/value``.
    public var maximumValue: Double { didSet { value = snapped(value) } }
    /// Snap interval from `minimumValue`; 0 means continuous.
    public var step: Double { didSet { value = snapped(value) } }
    /// The current value. Set directly it is taken as is (use ``Slider/snapped(_:)`` to clamp and
    /// snap it first) and ``Slider/onChange`` is not called.
    public var value: Double { didSet { if value != oldValue { setNeedsDisplay() } } }
    /// Called with the new value after each change the user (or the control socket) makes.
    public var onChange: ((Double) -> Void)?
    /// Knob diameter in points.
    public static let knobSize = 22.0

    /// A slider over `range` snapped to `step` (0: continuous; negative counts as 0), starting at
    /// `value` clamped and snapped.
    public init(value: Double = 0, in range: ClosedRange<Double> = 0...1, step: Double = 0, id: String? = nil) {
        minimumValue = range.lowerBound; maximumValue = range.upperBound; self.step = max(0, step)
        self.value = 0
        super.init()
        self.id = id
        self.value = snapped(value)
    }

    open override var role: String? { "slider" }
    open override var acceptsFocus: Bool { true }
    open override var isUserInteractionEnabled: Bool { true }
    open override var accessibilityValue: String? { value.short }
    open override func sizeThatFits(_ available: Size) -> Size { Size(available.width, 34) }

    /// `v` clamped into the range and rounded to the nearest step.
    public func snapped(_ v: Double) -> Double {
        let c = clamp(v, minimumValue, max(minimumValue, maximumValue))
        guard step > 0 else { return c }
        let n = ((c - minimumValue) / step).rounded()
        return min(max(minimumValue, maximumValue), minimumValue + n * step)
    }

    /// The track the knob's centre travels along, in view coordinates.
    public var track: (from: Double, to: Double) { (Self.knobSize / 2, max(Self.knobSize / 2, bounds.width - Self.knobSize / 2)) }
    /// The knob's centre x for the current value.
    public var knobX: Double {
        let span = maximumValue - minimumValue, (a, b) = track
        return span > 0 ? a + (value - minimumValue) / span * (b - a) : a
    }
    /// The value at x (view coordinates), snapped.
    public func value(atX x: Double) -> Double {
        let (a, b) = track
        return snapped(minimumValue + (b > a ? (x - a) / (b - a) : 0) * (maximumValue - minimumValue))
    }

    /// Sets the value as the user would, telling `onChange` when it changed.
    public func userSet(_ v: Double) {
        let s = snapped(v)
        guard s != value else { return }
        value = s
        onChange?(s)
    }

    open override func draw(into list: inout DrawList) {
        let t = theme, mid = bounds.height / 2, (a, b) = track, k = knobX
        list.fill(Rect(a, mid - 2, b - a, 4), t.separator, radius: 2)
        list.fill(Rect(a, mid - 2, k - a, 4), t.tint, radius: 2)
        let r = Self.knobSize / 2
        list.fill(Rect(k - r, mid - r, Self.knobSize, Self.knobSize), .white, radius: r)
        if isFocused { list.stroke(Rect(k - r - 3, mid - r - 3, Self.knobSize + 6, Self.knobSize + 6), t.tint, width: 2, radius: r + 3) }
    }

    private var dragging = false
    open override func handle(_ event: InputEvent) -> Bool {
        let unit = step > 0 ? step : (maximumValue - minimumValue) / 100
        switch event {
        case let .mouseDown(p, _, _):
            becomeFocused(); dragging = true; userSet(value(atX: p.x)); return true
        case let .mouseMoved(p, buttons):
            guard dragging, buttons != 0 else { return false }
            userSet(value(atX: p.x)); return true
        case let .mouseUp(p, _):
            if dragging { userSet(value(atX: p.x)) }
            dragging = false; return true
        case let .key(k) where !k.control && !k.alt:
            let before = value
            switch k.code {
            case .left, .down: userSet(value - unit)
            case .right, .up: userSet(value + unit)
            case .pageDown: userSet(value - unit * 10)
            case .pageUp: userSet(value + unit * 10)
            case .home: userSet(minimumValue)
            case .end: userSet(maximumValue)
            default: return false
            }
            // An arrow at the end of the track changes nothing: it is the talk's (a clicker's
            // press is never lost to a focused slider, see `WindowRoot`).
            return !k.code.isArrow || value != before
        default: return false
        }
    }
}
