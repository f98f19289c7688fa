import Foundation
import PodiumKit

final class BandListScene: Scene {
    let title = "Bands"
    private(set) var bands: [Band]
    let list = ListView()
    let detail: BandDetailView
    let split: SplitView
    let presenterView: View
    let audienceView: View
    let audience: BandAudienceView
    let context: SceneContext

    init(_ p: SceneParameters, context: SceneContext) throws {
        self.context = context
        let seed = try p.string("seed").map { $0.hasPrefix("/") ? URL(fileURLWithPath: $0) : context.deckDirectory.appendingPathComponent($0) }
            ?? context.assetsDirectory.appendingPathComponent("Bands/bands.json")
        bands = try BandSeed.load(seed)
        list.id = "bands.list"
        list.backgroundColor = Theme.standard.surface
        detail = BandDetailView()
        split = SplitView(primary: list, secondary: detail, primaryTitle: "Bands", id: "bands.split")
        presenterView = split
        audience = BandAudienceView(); audienceView = audience
        list.sections = BandSections.sections(bands)
        list.onSelect = { [weak self] _, row in if let id = Int64(row.id) { self?.select(id: id) } }
        if let name = try p.string("select"), let b = bands.first(where: { $0.name == name }) { select(id: b.id) }
        else { audience.showAll(bands) }
    }

    func select(id: Int64) {
        guard let b = bands.first(where: { $0.id == id }) else { return }
        if let ip = list.indexPath(ofRowID: String(id)), list.selection != ip { list.selection = ip; list.scrollToVisible(ip) }
        detail.show(b)
        audience.show(b)
        split.primaryDidChooseItem()
        context.setNeedsDisplay()
    }

    func receive(_ parameters: SceneParameters) {
        if let name = try? parameters.string("select"), let b = bands.first(where: { $0.name == name }) { select(id: b.id) }
    }
}

/// The presenter's detail pane for one band.
final class BandDetailView: View {
    let name = Label("Select a band", font: .bold(28))
    let status = Label("", font: .system(17))
    let rating = Label("", font: .system(22))
    let seen = Label("", font: .system(17))
    let notes = Label("", font: .system(16), lines: 0)
    let image = ImageView()
    override init() {
        super.init()
        backgroundColor = Theme.standard.background
        let stack = StackView(.vertical, spacing: 10, insets: EdgeInsets(all: 20))
        stack.add(name); stack.add(rating); stack.add(status); stack.add(seen)
        stack.add(image, length: 180)
        stack.add(notes, flexible: true)
        addSubview(stack.pinned(.fill()))
        image.isHidden = true
    }
    func show(_ b: Band) {
        name.text = b.name
        rating.text = "\(b.stars)  \(b.rating)/10"
        status.text = b.touringStatus.rawValue
        seen.text = b.seenLive ? "Seen live" : "Not seen live"
        notes.text = b.notes
        image.path = b.imagePath
        image.placeholder = String(b.name.prefix(1))
        image.isHidden = false
        setNeedsLayout()
    }
}

/// What the room sees: the selected band large, or all names when none is selected.
final class BandAudienceView: View {
    let name = Label("", font: .bold(72))
    let facts = Label("", font: .system(36), lines: 0)
    let notes = Label("", font: .system(28), color: Theme.standard.secondaryText, lines: 4)
    let image = ImageView()
    let all = Label("", font: .system(30), lines: 0)
    private var showingAll = true

    override init() {
        super.init()
        backgroundColor = Theme.standard.background
        addSubviews(image, name, facts, notes, all)
    }
    func show(_ b: Band) {
        showingAll = false
        name.text = b.name
        facts.text = "\(b.stars)   \(b.touringStatus.rawValue)   \(b.seenLive ? "✓ Seen live" : "Not seen live")"
        notes.text = b.notes
        image.path = b.imagePath
        image.placeholder = String(b.name.prefix(1))
        setNeedsLayout()
    }
    func showAll(_ bands: [Band]) {
        showingAll = true
        all.text = bands.map(\.name).sorted { $0.localizedStandardCompare($1) == .orderedAscending }.joined(separator: "  ·  ")
        setNeedsLayout()
    }
    override func layoutSubviews() {
        let u = min(bounds.width / 16, bounds.height / 9)
        [image, name, facts, notes].forEach { $0.isHidden = showingAll }
        all.isHidden = !showingAll
        all.font = .system(u * 0.5)
        all.frame = bounds.insetBy(dx: u, dy: u)
        let pad = u * 0.8
        let imgSide = min(bounds.height - 2 * pad, bounds.width * 0.35)
        image.frame = Rect(pad, (bounds.height - imgSide) / 2, imgSide, imgSide)
        let x = image.frame.maxX + pad, w = bounds.width - x - pad
        name.font = .bold(u * 1.1); facts.font = .system(u * 0.45); notes.font = .system(u * 0.38)
        let nh = name.sizeThatFits(Size(w, bounds.height)).height
        let fh = facts.sizeThatFits(Size(w, bounds.height)).height
        let th = notes.sizeThatFits(Size(w, bounds.height)).height
        var y = (bounds.height - nh - fh - th - u * 0.8) / 2
        name.frame = Rect(x, y, w, nh); y += nh + u * 0.4
        facts.frame = Rect(x, y, w, fh); y += fh + u * 0.4
        notes.frame = Rect(x, y, w, th)
    }
}
