/// A titled list of actions. Shown in a popover pointing at its source in a regular-width window
/// (no Cancel: a click outside cancels) and as a bottom sheet with Cancel in a compact one; the
/// caller does not choose.
public struct ActionSheet {
    public enum Style: Sendable { case normal, `default`, destructive }
    public struct Action {
        public var title: String
        public var style: Style
        public var handler: () -> Void
        public init(_ title: String, style: Style = .normal, handler: @escaping () -> Void) {
            self.title = title; self.style = style; self.handler = handler
        }
    }
    public var title: String?
    public var actions: [Action]
    /// Called when the sheet closes without an action (click outside, Esc, Cancel).
    public var onCancel: (() -> Void)?
    public init(title: String? = nil, actions: [Action], onCancel: (() -> Void)? = nil) {
        self.title = title; self.actions = actions; self.onCancel = onCancel
    }

    /// Windows narrower than this (points) are compact (libadwaita's breakpoint).
    public static let compactBreakpoint = 400.0

    /// The sheet's view: title and one button per action. `idPrefix` makes control ids stable.
    public func makeView(idPrefix: String, showsCancel: Bool, done: @escaping (_ cancelled: Bool) -> Void) -> StackView {
        let stack = StackView(.vertical, spacing: 6, insets: EdgeInsets(all: 10))
        if let t = title {
            let l = Label(t, font: .caption, lines: 0); l.alignment = .center
            stack.add(l)
        }
        for (i, a) in actions.enumerated() {
            let b = Button(a.title, id: "\(idPrefix).action.\(i)", style: a.style == .destructive ? .destructive : a.style == .default ? .filled : .plain) { _ in
                done(false); a.handler()
            }
            if a.style == .default { b.font = .headline }
            stack.add(b, length: 40)
        }
        if showsCancel { stack.add(Button("Cancel", id: "\(idPrefix).cancel", style: .plain) { _ in done(true) }, length: 40) }
        return stack
    }

    /// Preferred size of the sheet's content at `width` points.
    public func preferredSize(width: Double, showsCancel: Bool) -> Size {
        let rows = Double(actions.count + (showsCancel ? 1 : 0))
        return Size(width, 20 + (title == nil ? 0 : 26) + rows * 46)
    }
}

/// An action sheet in a compact window: pinned to the bottom edge, full width, with Cancel.
public final class BottomSheet: View, Dismissible, OverlayLayout {
    public let source: String
    let height: Double
    public var onDismiss: ((_ byUser: Bool) -> Void)?
    init(content: View, height: Double, source: String) {
        self.height = height; self.source = source
        super.init()
        id = "sheet.\(source)"
        backgroundColor = Theme.standard.raised
        cornerRadius = 13
        content.pins = .fill()
        addSubview(content)
    }
    public func layout(in b: Rect) { frame = Rect(b.minX + 8, b.maxY - height - 8, b.width - 16, height) }
    public func dismiss(byUser: Bool) { guard superview != nil else { return }; removeFromSuperview(); onDismiss?(byUser) }
}

extension WindowRoot {
    /// Shows `sheet` from `anchor` (window points): a popover without Cancel when the window is
    /// regular width, a bottom sheet with Cancel when compact. Ignored while one from the same
    /// `source` is shown. `parent` makes it a child of an open popover.
    public func presentActionSheet(_ sheet: ActionSheet, from anchor: Rect, source: String, parent: Popover? = nil) {
        guard !overlay.subviews.contains(where: { ($0 as? Popover)?.source == source || ($0 as? BottomSheet)?.source == source }) else { return }
        let compact = bounds.width < ActionSheet.compactBreakpoint
        var close: (Bool) -> Void = { _ in }
        let view = sheet.makeView(idPrefix: "sheet.\(source)", showsCancel: compact) { cancelled in close(cancelled) }
        if compact {
            let size = sheet.preferredSize(width: bounds.width, showsCancel: true)
            let b = BottomSheet(content: view, height: size.height, source: source)
            b.onDismiss = { byUser in if byUser { sheet.onCancel?() } }
            close = { [weak b] cancelled in b?.dismiss(byUser: false); if cancelled { sheet.onCancel?() } }
            if parent == nil { popovers.forEach { $0.dismiss(byUser: false) } }
            overlay.addSubview(b)
            overlay.setNeedsLayout()
        } else {
            let p = Popover(content: view, preferredSize: sheet.preferredSize(width: 260, showsCancel: false),
                            anchor: anchor, source: source)
            p.parentPopover = parent
            p.onDismiss = { byUser in if byUser { sheet.onCancel?() } }
            close = { [weak p] _ in p?.dismiss(byUser: false) }
            present(p)
        }
        layoutIfNeeded()
    }
}
