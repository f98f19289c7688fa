import PodiumKit

/// The gallery scene: one page of the kit for the presenter, and for the room a large echo of the
/// last thing the presenter did with it.
final class GalleryScene: Scene {
    let title: String
    let presenterView: View
    let audienceView: View
    private let echo = Label("Try the controls", font: .bold(48), lines: 0)

    init(_ o: GalleryOptions, context: SceneContext) throws {
        title = "Gallery: \(o.page)"
        let report: (String) -> Void = { [echo] s in echo.text = s; context.setNeedsDisplay() }
        let page: GalleryPage = switch o.page {
        case "popovers": PopoversPage(report: report)
        case "split": SplitPage(width: o.width, report: report)
        default: ControlsPage(report: report)
        }
        page.pendingOpen = o.open
        presenterView = page
        let room = View(background: Theme.standard.background)
        let heading = Label("Interface kit — \(o.page)", font: .system(28), color: Theme.standard.secondaryText)
        heading.alignment = .center; echo.alignment = .center
        room.addSubview(heading.pinned(Pins(leading: 40, trailing: 40, top: 40, height: 40)))
        room.addSubview(echo.pinned(Pins(leading: 40, trailing: 40, top: 120, bottom: 40)))
        audienceView = room
    }
}

/// A gallery page. `pendingOpen` names a case to open once the page is first laid out in a
/// window (popovers need a window and real geometry to place themselves).
class GalleryPage: View {
    var pendingOpen: String?
    /// True while opening the deck's `open` case (not a click).
    private(set) var openingFromDeck = false
    let report: (String) -> Void
    init(report: @escaping (String) -> Void) {
        self.report = report
        super.init()
        backgroundColor = Theme.standard.background
    }
    override func layoutSubviews() {
        super.layoutSubviews()
        if let o = pendingOpen, bounds.width > 0, bounds.height > 0, host is WindowRoot {
            pendingOpen = nil
            openingFromDeck = true
            open(o)
            openingFromDeck = false
        }
    }
    /// Opens the named case (a popover or sheet).
    func open(_ name: String) {}
    var root: WindowRoot? { host as? WindowRoot }

    /// A popover body: a title and a line of explanation.
    static func card(_ title: String, _ detail: String) -> View {
        let v = View(background: Theme.standard.raised)
        let stack = StackView(.vertical, spacing: 6, insets: EdgeInsets(all: 14))
        stack.add(Label(title, font: .headline))
        stack.add(Label(detail, font: .system(14), color: Theme.standard.secondaryText, lines: 0), flexible: true)
        v.addSubview(stack.pinned(.fill()))
        return v
    }

    /// A demo action sheet that reports what was chosen.
    func demoSheet() -> ActionSheet {
        ActionSheet(title: "Radiohead", actions: [
            .init("Play next", style: .default) { [weak self] in self?.report("Play next") },
            .init("Share…") { [weak self] in self?.report("Share") },
            .init("Remove from list", style: .destructive) { [weak self] in self?.report("Removed") },
        ], onCancel: { [weak self] in self?.report("Action sheet cancelled") })
    }
}
