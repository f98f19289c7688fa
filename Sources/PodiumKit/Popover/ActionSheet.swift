/// A titled list of actions. Shown in a popover pointing at its source in a regular-width window
/// (no Cancel: a click outside cancels) and as a bottom sheet with Cancel in a compact one; the
/// caller does not choose.
///
///     root.presentActionSheet(ActionSheet(title: "Band", actions: [
///         .init("Share") { … }, .init("Delete", style: .destructive) { … }]), from: button)
public struct ActionSheet {
    /// How an action's button looks: `normal` plain, `default` filled with a bold title (the likely
    /// choice), `destructive` red.
    public enum Style: Sendable { case normal, `default`, destructive }
    /// One choice in the sheet: a button that closes the sheet, then runs `handler`.
    public struct Action {
        /// The button's text.
        public var title: String
        /// How the button looks (``ActionSheet/Style``).
        public var style: Style
        /// Runs on the main actor after the sheet has closed; `onCancel` is not called then.
        public var handler: @MainActor () -> Void
        /// An action titled `title`, by default in the `normal` style.
        public init(_ title: String, style: Style = .normal, handler: @escaping @MainActor () -> Void) {
            self.title = title; self.style = style; self.handler = handler
        }
    }
    /// A small centred caption above the actions; nil: none.
    public var title: String?
    /// The actions, top to bottom; Cancel (compact windows only) comes after them.
    public var actions: [Action]
    /// Called when the sheet closes without an action (click outside, Esc, Cancel).
    public var onCancel: (@MainActor () -> Void)?
    /// A sheet with `actions`, an optional caption, and what to do when it closes without one.
    public init(title: String? = nil, actions: [Action], onCancel: (@MainActor () -> Void)? = nil) {
        self.title = title; self.actions = actions; self.onCancel = onCancel
    }

    /// Windows narrower than this (points) are compact (libadwaita's breakpoint).
    public static let compactBreakpoint = 400.0
    /// Width of the sheet when shown in a popover, in points.
    public static let popoverWidth = 260.0

    /// The sheet's view: title and one button per action. `idPrefix` makes control ids stable:
    /// `<prefix>.action.<i>` and `<prefix>.cancel`.
    @MainActor public func makeView(idPrefix: String, showsCancel: Bool, done: @escaping (_ cancelled: Bool) -> Void) -> StackView {
        let stack = StackView(.vertical, spacing: 6, insets: EdgeInsets(all: 10))
        if let t = title {
            let l = Label(t, font: .caption, color: Theme.standard.secondaryText, lines: 0); l.alignment = .center
            stack.add(l, length: 20)
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

    /// Preferred size of the sheet's content at `width` points: 10 pt insets, a 20 pt title,
    /// 40 pt rows 6 pt apart (matches `makeView`).
    public func preferredSize(width: Double, showsCancel: Bool) -> Size {
        let rows = actions.count + (showsCancel ? 1 : 0) + (title == nil ? 0 : 1)
        let content = Double(actions.count + (showsCancel ? 1 : 0)) * 40 + (title == nil ? 0 : 20)
        return Size(width, 20 + content + Double(max(0, rows - 1)) * 6)
    }
}

/// An action sheet in a compact window: pinned to the bottom edge, full width, with Cancel. It
/// slides up as it fades in.
public final class BottomSheet: PresentedView {
    let height: Double
    init(content: View, height: Double, source: String) {
        self.height = height
        super.init(source: source)
        id = "sheet.\(source)"
        backgroundColor = Theme.standard.raised
        cornerRadius = 13
        content.pins = .fill()
        addSubview(content)
    }
    /// Pins the sheet to the bottom of `b` with 8-point margins, full width, at most its content
    /// height.
    public override func layout(in b: Rect) {
        frame = Rect(b.minX + 8, max(b.minY + 8, b.maxY - height - 8), b.width - 16, min(height, b.height - 16))
    }
    public override var transitionPivot: Point { Point(frame.midX, frame.maxY + frame.height) }
    public override var role: String? { "sheet" }
    public override var transitionStartScale: Double { 0.96 }
}

extension WindowRoot {
    /// Whether an action sheet here shows as a bottom sheet (compact width) or in a popover.
    public var isCompact: Bool { bounds.width < ActionSheet.compactBreakpoint }

    /// Shows `sheet` from `anchor` (window points): a popover without Cancel when the window is
    /// regular width, a bottom sheet with Cancel when compact. Ignored (returns nil) while one
    /// from the same `source` is shown. `parent` makes it a child of an open popover.
    @discardableResult
    public func presentActionSheet(_ sheet: ActionSheet, from anchor: Rect, source: String, parent: Popover? = nil) -> PresentedView? {
        presentActionSheet(sheet, at: .window(anchor), source: source, parent: parent)
    }

    /// Shows `sheet` pointing at `view` (a bar button item…); the source is the view's id. From a
    /// button inside a popover, the sheet is that popover's child and points at the button.
    @discardableResult
    public func presentActionSheet(_ sheet: ActionSheet, from view: View, source: String? = nil, parent: Popover? = nil) -> PresentedView? {
        presentActionSheet(sheet, at: .view(view), source: source ?? view.id ?? "anchor", parent: parent)
    }

    /// Shows `sheet` pointing at `anchor` (a view, a rectangle in a view, a window rectangle).
    /// Anchored inside a shown popover, it becomes that popover's child (also as a bottom sheet)
    /// unless `parent` says otherwise.
    @discardableResult
    public func presentActionSheet(_ sheet: ActionSheet, at anchor: PopoverAnchor, source: String, parent: Popover? = nil) -> PresentedView? {
        presentActionSheet(sheet, source: source, parent: parent ?? anchor.enclosingOverlay) { content, size in
            Popover(content: content, preferredSize: size, at: anchor, source: source)
        }
    }

    private func presentActionSheet(_ sheet: ActionSheet, source: String, parent: PresentedView?,
                                    popover: (View, Size) -> Popover) -> PresentedView? {
        guard !overlay.presented.contains(where: { $0.source == source }) else { return nil }
        let compact = isCompact
        var close: (Bool) -> Void = { _ in }
        let view = sheet.makeView(idPrefix: "sheet.\(source)", showsCancel: compact) { cancelled in close(cancelled) }
        let shown: PresentedView = compact
            ? BottomSheet(content: view, height: sheet.preferredSize(width: bounds.width, showsCancel: true).height, source: source)
            : popover(view, sheet.preferredSize(width: ActionSheet.popoverWidth, showsCancel: false))
        shown.parentPopover = parent
        shown.onDismiss = { byUser in if byUser { sheet.onCancel?() } }
        close = { [weak shown] cancelled in shown?.dismiss(byUser: cancelled) }
        return present(shown) ? shown : nil
    }
}
