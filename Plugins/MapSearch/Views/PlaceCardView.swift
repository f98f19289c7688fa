import Foundation
import PodiumKit

/// Popover content for one place: name, kind, address, opening hours, website, phone, and the
/// actions Center and Search the Web.
final class PlaceCardView: View {
    static let preferredSize = Size(340, 250)
    let place: Place
    let center: Button
    let web: Button

    init(place: Place, distance: String?, onCenter: @escaping () -> Void, onWeb: @escaping () -> Void) {
        self.place = place
        center = Button("Center", id: "map.card.center", style: .plain) { _ in onCenter() }
        web = Button("Search the Web", id: "map.card.web", style: .filled) { _ in onWeb() }
        super.init()
        id = "map.card"
        let stack = StackView(.vertical, spacing: 6, insets: EdgeInsets(all: 16))
        stack.add(Label(place.name, font: .bold(20)).identified("map.card.name"))
        stack.add(Label([place.categoryName, distance].compactMap { $0 }.joined(separator: " · "), font: .system(14), color: Theme.standard.secondaryText))
        for (icon, value) in [("⌂", place.address), ("◷", place.openingHours), ("↗", place.website), ("✆", place.phone)] {
            guard let v = value else { continue }
            stack.add(Label("\(icon)  \(v)", font: .system(14)))
        }
        stack.addFlexibleSpace()
        let actions = StackView(.horizontal, spacing: 10)
        actions.add(center, flexible: true)
        actions.add(web, flexible: true)
        stack.add(actions, length: 34)
        addSubview(stack.pinned(.fill()))
    }
}

/// Popover content listing the map styles; the current one is ticked.
final class StylePickerView: View {
    static let preferredSize = Size(240, 3 * 40 + 2 * 6 + 24)
    /// Called after a pick so the owner can close the popover.
    var onDone: (() -> Void)?
    init(current: MapStyle.Name, onPick: @escaping (MapStyle.Name) -> Void) {
        super.init()
        id = "map.styles"
        let stack = StackView(.vertical, spacing: 6, insets: EdgeInsets(all: 12))
        for n in MapStyle.Name.allCases {
            let b = Button((n == current ? "✓ " : "") + n.title, id: "map.style.\(n.rawValue)", style: n == current ? .filled : .plain) { [weak self] _ in onPick(n); self?.onDone?() }
            stack.add(b, length: 40)
        }
        addSubview(stack.pinned(.fill()))
    }
}
