import Foundation
import PodiumKit

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
    /// Shows every name, in the order given (the list's collated order).
    func showAll(_ bands: [Band]) {
        showingAll = true
        all.text = bands.map(\.name).joined(separator: "  ·  ")
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
