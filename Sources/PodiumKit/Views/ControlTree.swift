/// One interactive control as the control socket and tests see it. `frame` is in window points.
public struct ControlNode: Equatable, Sendable {
    public var id: String
    public var role: String
    public var label: String
    public var frame: Rect
    public var value: String?
    public init(id: String, role: String, label: String, frame: Rect, value: String? = nil) {
        self.id = id; self.role = role; self.label = label; self.frame = frame; self.value = value
    }
}

extension View {
    /// Every visible interactive control in this subtree, in drawing order. Controls without an
    /// explicit `id` get one from their path (`role` and index among siblings) so ids are stable
    /// across runs for the same tree.
    public func controlTree(path: String = "") -> [ControlNode] {
        guard !isHidden else { return [] }
        var out: [ControlNode] = []
        if let r = role {
            out.append(ControlNode(id: id ?? "\(path)\(r)", role: r, label: accessibilityLabel ?? defaultLabel,
                                   frame: convertToWindow(bounds), value: accessibilityValue))
        }
        out += controlChildren()
        for (i, s) in subviews.enumerated() { out += s.controlTree(path: "\(path)\(i).") }
        return out
    }

    var defaultLabel: String {
        switch self {
        case let b as Button: b.title
        case let l as Label: l.text
        case let t as TextInputView where !t.placeholder.isEmpty: t.placeholder
        default: id ?? ""
        }
    }
}

