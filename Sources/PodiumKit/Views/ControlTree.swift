/// One interactive control as the control socket and tests see it. `frame` is in window points.
public struct ControlNode: Equatable, Sendable {
    /// Stable id for tests and the control socket: the view's ``View/id``, or one made from its
    /// place in the tree (`0.1.button`).
    public var id: String
    /// What kind of control (``View/role``): `button`, `list`, `row`, `text-field`, `segment`, …
    public var role: String
    /// Human label: ``View/accessibilityLabel``, else a button's title, a label's text or a text
    /// input's placeholder.
    public var label: String
    /// The control's rectangle in window points.
    public var frame: Rect
    /// Current state (``View/accessibilityValue``): a value, `selected`, `on`, `disabled`…; nil
    /// when it has none.
    public var value: String?
    /// A node as ``View/controlChildren()`` reports controls drawn without subviews (list rows,
    /// segments).
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

