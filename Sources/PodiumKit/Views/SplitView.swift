/// Split view policy (UIKit's UISplitViewController, libadwaita's AdwNavigationSplitView):
/// collapse below 400 pt; expanded primary width = clamp(30% of width, 180, 360).
public struct SplitLayout: Equatable, Sendable {
    /// Width in points below which a split view collapses (400).
    public static let collapseBreakpoint = 400.0
    /// True when the bounds are narrower than ``SplitLayout/collapseBreakpoint``: the secondary
    /// fills the width and the primary is shown only in a popover.
    public var isCollapsed: Bool
    /// The primary's frame; nil when collapsed.
    public var primary: Rect?
    /// The secondary's frame: beside the primary (1-point separator between) or, collapsed, below
    /// the toolbar.
    public var secondary: Rect
    /// Lays out a split view of `bounds`; `toolbarHeight` is reserved on top of the secondary when
    /// collapsed (for the button that shows the primary in a popover).
    public init(bounds b: Rect, toolbarHeight: Double = 44) {
        isCollapsed = b.width < Self.collapseBreakpoint
        if isCollapsed {
            primary = nil
            secondary = Rect(b.minX, b.minY + toolbarHeight, b.width, max(0, b.height - toolbarHeight))
        } else {
            let w = clamp(b.width * 0.3, 180, 360)
            primary = Rect(b.minX, b.minY, w, b.height)
            secondary = Rect(b.minX + w + 1, b.minY, b.width - w - 1, b.height)
        }
    }
}

/// Master–detail: `primary` (usually a list) beside `secondary`. When collapsed the secondary fills
/// the view and a toolbar button titled after the primary shows it in a popover; picking an item
/// should call `primaryDidChooseItem()`, which dismisses that popover. Selection lives in the
/// primary view itself, so it survives collapse and expand.
open class SplitView: View {
    /// The master view (usually a list): a column on the leading side, or in a popover while
    /// collapsed.
    public let primary: View
    /// The detail view, beside the primary or filling the split view while collapsed.
    public let secondary: View
    /// Title of the collapsed-mode button that shows the primary.
    public let primaryTitle: String
    /// The collapsed-mode bar button, titled after the primary (id `<id>.show-primary`).
    public let showPrimaryButton: BarButtonItem
    /// The bar above the secondary while collapsed (id `<id>.bar`).
    public let collapsedBar: Toolbar
    private weak var primaryPopover: Popover?
    private let primaryHolder = View()
    /// The layout of the last `layoutSubviews`; nil before the first.
    public private(set) var layoutState: SplitLayout?

    /// A split view of `primary` and `secondary`; control ids derive from `id`
    /// (`<id>.show-primary`, `<id>.bar`).
    public init(primary: View, secondary: View, primaryTitle: String, id: String = "split") {
        self.primary = primary; self.secondary = secondary; self.primaryTitle = primaryTitle
        showPrimaryButton = BarButtonItem(primaryTitle, id: "\(id).show-primary")
        collapsedBar = Toolbar(items: [.button(showPrimaryButton), .flexibleSpace], id: "\(id).bar")
        super.init()
        self.id = id
        showPrimaryButton.action = { [weak self] b in self?.showPrimaryPopover(from: b) }
        addSubviews(primaryHolder, secondary, collapsedBar)
        primaryHolder.addSubview(primary.pinned(.fill()))
        backgroundColor = Theme.standard.separator
    }

    /// True when the last layout collapsed the split view (false before the first layout).
    public var isCollapsed: Bool { layoutState?.isCollapsed ?? false }
    /// The popover showing the primary while collapsed, if open.
    public var primaryPopoverShown: Popover? { primaryPopover?.superview == nil ? nil : primaryPopover }

    open override func layoutSubviews() {
        let l = SplitLayout(bounds: bounds, toolbarHeight: Toolbar.height)
        let wasCollapsed = layoutState?.isCollapsed
        layoutState = l
        secondary.frame = l.secondary
        collapsedBar.isHidden = !l.isCollapsed
        collapsedBar.frame = Rect(0, 0, bounds.width, Toolbar.height)
        if l.isCollapsed {
            if primary.superview === primaryHolder { primaryHolder.isHidden = true }
        } else {
            primaryPopover?.dismiss(byUser: false)
            if primary.superview !== primaryHolder { primaryHolder.addSubview(primary.pinned(.fill())) }
            primaryHolder.isHidden = false
            primaryHolder.frame = l.primary!
        }
        if wasCollapsed != nil && wasCollapsed != l.isCollapsed { primaryHolder.setNeedsLayout() }
    }

    /// Shows the primary in a popover from the toolbar button (collapsed mode only).
    public func showPrimaryPopover(from b: View) {
        guard isCollapsed, let root = host as? WindowRoot else { return }
        let content = View(background: theme.surface)
        content.addSubview(primary.pinned(.fill()))
        let p = Popover(content: content, preferredSize: Size(320, 480), from: b,
                        source: "\(id ?? "split").primary", permitted: [.up])
        p.onDismiss = { [weak self] _ in
            guard let self else { return }
            if self.primary.superview === content { self.primaryHolder.addSubview(self.primary.pinned(.fill())) }
        }
        if root.present(p) { primaryPopover = p }
    }

    /// Call when the user picked an item in the primary: dismisses the collapsed-mode popover.
    public func primaryDidChooseItem() { primaryPopover?.dismiss(byUser: false) }
}
