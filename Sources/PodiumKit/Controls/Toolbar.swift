/// A button that lives in a toolbar or navigation bar: borderless, tinted title. Popovers are
/// presented *from* it (`WindowRoot.present(_:from:)`) so they follow it when the bar re-lays out.
open class BarButtonItem: Button {
    /// A bar-style button titled `title`, at least 44 points wide and 34 high.
    public init(_ title: String, id: String? = nil, action: ((Button) -> Void)? = nil) {
        super.init(title, id: id, style: .bar, action: action)
    }
    open override func sizeThatFits(_ available: Size) -> Size {
        let w = (metrics?.size(of: title, font: font).width ?? Double(title.count) * font.size * 0.6) + 20
        return Size(min(available.width, max(44, w)), 34)
    }
}

/// One entry of a toolbar: a bar button, any other view (a segmented control, a field), or space.
public enum BarItem {
    /// A bar button at its fitting width.
    case button(BarButtonItem)
    /// A view with a fixed width in points, or its fitting width when nil.
    case view(View, width: Double?)
    /// Empty space of a fixed width in points (UIBarButtonItem.fixedSpace).
    case fixedSpace(Double)
    /// Space that grows to fill what is left; several share it equally.
    case flexibleSpace
}

/// A horizontal bar of items, 44 pt high (UIKit's bar height), laid out leading to trailing with
/// fixed and flexible spaces: `[.button(edit), .flexibleSpace, .button(share)]` puts one item at
/// each end at every window width.
open class Toolbar: View {
    /// The bar's height in points (44, UIKit's).
    public static let height = 44.0
    /// The items, leading to trailing; setting it rebuilds the bar.
    public var items: [BarItem] { didSet { rebuild() } }
    let row = StackView(.horizontal, spacing: 6, insets: EdgeInsets(top: 5, left: 8, bottom: 5, right: 8))

    /// A bar holding `items`, on the theme's surface colour with a separator line along its bottom.
    public init(items: [BarItem] = [], id: String? = nil) {
        self.items = items
        super.init()
        self.id = id
        backgroundColor = Theme.standard.surface
        row.alignment = .center
        addSubview(row.pinned(.fill()))
        rebuild()
    }

    open override var role: String? { "toolbar" }
    open override func sizeThatFits(_ available: Size) -> Size { Size(available.width, Self.height) }

    func rebuild() {
        row.removeAllSubviews()
        for item in items {
            switch item {
            case let .button(b): row.add(b)
            case let .view(v, w): row.add(v, length: w)
            case let .fixedSpace(w): row.add(View(), length: w)
            case .flexibleSpace: row.addFlexibleSpace()
            }
        }
    }

    /// The bar button items, in order.
    public var buttons: [BarButtonItem] { items.compactMap { if case let .button(b) = $0 { b } else { nil } } }

    open override func drawOverlay(into list: inout DrawList) {
        list.line(Point(0, bounds.height - 0.5), Point(bounds.width, bounds.height - 0.5), theme.separator)
    }
}

/// A toolbar with a centred title between leading and trailing items (UINavigationBar). The title
/// stays centred on the bar when it fits between the items, else it sits between them truncated.
open class NavigationBar: Toolbar {
    /// The headline-font label showing ``NavigationBar/title``; style it here.
    public let titleLabel = Label("", font: .headline)
    /// The centred title text.
    public var title: String {
        get { titleLabel.text }
        set { titleLabel.text = newValue; setNeedsLayout() }
    }
    /// Items at the leading end, before the title.
    public var leadingItems: [BarItem] { didSet { syncItems() } }
    /// Items at the trailing end, after the title.
    public var trailingItems: [BarItem] { didSet { syncItems() } }

    /// A bar titled `title` with leading and trailing items.
    public init(title: String, leading: [BarItem] = [], trailing: [BarItem] = [], id: String? = nil) {
        leadingItems = leading; trailingItems = trailing
        super.init(items: leading + [.flexibleSpace] + trailing, id: id)
        titleLabel.text = title
        titleLabel.alignment = .center
        addSubview(titleLabel)
    }
    private func syncItems() { items = leadingItems + [.flexibleSpace] + trailingItems }

    open override var role: String? { "navigation-bar" }
    open override var accessibilityLabel: String? { get { title } set { _ = newValue } }

    open override func layoutSubviews() {
        super.layoutSubviews()
        row.layoutIfNeeded()
        // Room between the last leading and the first trailing item.
        let nLead = leadingItems.count
        let vis = row.subviews
        let left = nLead > 0 ? vis[nLead - 1].frame.maxX + 8 : 8
        let right = vis.count > nLead + 1 ? vis[nLead + 1].frame.minX - 8 : bounds.width - 8
        let want = titleLabel.sizeThatFits(Size(bounds.width, bounds.height)).width
        var x = (bounds.width - want) / 2
        if x < left || x + want > right { x = left }
        titleLabel.frame = Rect(x, 0, max(0, min(want, right - x)), bounds.height)
    }
}
