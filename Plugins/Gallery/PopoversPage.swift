import PodiumKit

/// Buttons pinned at each corner, each edge and the centre; each opens a popover from itself, so
/// every placement case (flip, slide, clamp) can be seen. Plus content larger than the window, an
/// action sheet and a popover whose button opens a child action sheet. Ids: `gallery.at.<case>`.
final class PopoversPage: GalleryPage {
    struct Position { var name: String; var pins: Pins }
    nonisolated static let positions: [Position] = {
        let w = 120.0, h = 34.0, m = 16.0
        return [
            Position(name: "top-left", pins: Pins(leading: m, top: m, width: w, height: h)),
            Position(name: "top", pins: Pins(top: m, width: w, height: h, centerX: true)),
            Position(name: "top-right", pins: Pins(trailing: m, top: m, width: w, height: h)),
            Position(name: "left", pins: Pins(leading: m, width: w, height: h, centerY: true)),
            Position(name: "centre", pins: Pins(width: w, height: h, centerX: true, centerY: true)),
            Position(name: "right", pins: Pins(trailing: m, width: w, height: h, centerY: true)),
            Position(name: "bottom-left", pins: Pins(leading: m, bottom: m, width: w, height: h)),
            Position(name: "bottom", pins: Pins(bottom: m, width: w, height: h, centerX: true)),
            Position(name: "bottom-right", pins: Pins(trailing: m, bottom: m, width: w, height: h)),
        ]
    }()
    private var buttons: [String: Button] = [:]
    private let extras = StackView(.horizontal, spacing: 10)

    override init(report: @escaping (String) -> Void) {
        super.init(report: report)
        for p in Self.positions {
            let b = Button(p.name, id: "gallery.at.\(p.name)", style: .filled) { [weak self] _ in self?.open(p.name) }
            buttons[p.name] = b
            addSubview(b.pinned(p.pins))
        }
        for name in ["large", "action-sheet", "nested"] {
            let b = Button(name, id: "gallery.at.\(name)") { [weak self] _ in self?.open(name) }
            buttons[name] = b
            extras.add(b, length: 120)
        }
        addSubview(extras.pinned(Pins(top: 0, width: 380, height: 34, centerX: true)))
    }

    override func layoutSubviews() {
        // The extra buttons sit a third of the way down, clear of the centre button.
        if let e = extras.pins, e.top != bounds.height / 3 { extras.pins = Pins(top: (bounds.height / 3).rounded(), width: 380, height: 34, centerX: true) }
        super.layoutSubviews()
    }

    override func open(_ name: String) {
        guard let root, let b = buttons[name] else { return }
        switch name {
        case "large":
            // 3000 pt wide and 80 rows tall: placed on the roomiest side, shrunk, scrolled by the wheel.
            let rows = StackView(.vertical, spacing: 4, insets: EdgeInsets(all: 14))
            rows.backgroundColor = Theme.standard.raised
            rows.add(Label("Larger than the window: asked for 3000 pt wide and 80 rows; shrunk to fit, the wheel scrolls it.", font: .headline), length: 28)
            for i in 1...80 { rows.add(Label("Row \(i)", font: .body, color: Theme.standard.secondaryText), length: 30) }
            root.presentPopover(rows, preferredSize: Size(3000, 28 + 80 * 34 + 28), from: b)
        case "action-sheet":
            root.presentActionSheet(demoSheet(), from: b)
        case "nested":
            let body = GalleryPage.card("A popover with a child", "Its button opens an action sheet as a child popover; a click outside closes both.")
            let more = Button("More…", id: "gallery.nested.more", style: .filled)
            body.addSubview(more.pinned(Pins(trailing: 14, bottom: 14, width: 100, height: 34)))
            root.presentPopover(body, preferredSize: Size(300, 160), from: b)
            // Anchored at a button inside the popover, the sheet becomes its child by itself.
            more.action = { [weak self] m in
                guard let self, let root = self.root else { return }
                root.presentActionSheet(self.demoSheet(), from: m)
            }
            if openingFromDeck { more.activate() }   // the deck asks to see the child too
        default:
            let p = root.presentPopover(Self.card("From \(name)", "Placed by the solver: preferred below, flipped, slid along the edge; the arrow points at the button."),
                                        preferredSize: Size(260, 120), from: b)
            p?.onDismiss = { [weak self] byUser in if byUser { self?.report("Popover dismissed by the user") } }
        }
    }
}
