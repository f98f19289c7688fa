import Foundation
import PodiumKit

/// What the room sees: the selected band large (image on the left; name, rating, touring status
/// and seen-live on the right, sized from the view's height so they read from the back row), or
/// the names in list order when none is selected.
final class BandAudienceView: View {
    let name = Label("", font: .bold(72), lines: 2)
    let facts = Label("", font: .system(36), lines: 0)
    let notes = Label("", font: .system(28), color: Theme.standard.secondaryText, lines: 3)
    let image = ImageView()
    let all = Label("", font: .system(30), lines: 0)
    private(set) var shown: Band?
    /// At most this many names in the no-selection view; a 10,000-band list says how many more.
    static let maxNames = 60

    override init() {
        super.init()
        backgroundColor = Theme.standard.background
        addSubviews(image, name, facts, notes, all)
    }

    func show(_ b: Band) {
        shown = b
        name.text = b.name
        facts.text = "\(b.stars)  \(b.rating)/10\n\(b.touringStatus.rawValue)\n\(b.seenLive ? "✓ Seen live" : "Not seen live yet")"
        notes.text = b.notes
        image.path = b.imagePath
        image.placeholder = String(b.name.trimmingCharacters(in: .whitespaces).prefix(1))
        setNeedsLayout()
    }

    /// Shows the names in the order given (the list's collated order).
    func showAll(_ bands: [Band]) {
        shown = nil
        // A name's own spaces are no-break spaces (U+00A0, UAX #14 class GL), so the paragraph
        // wraps between names, never inside one ("The / Beatles", trial 25 m1); a name wider
        // than a line still breaks (the text engine wraps by word, else by character).
        var text = bands.prefix(Self.maxNames).map { $0.name.replacingOccurrences(of: " ", with: "\u{00A0}") }.joined(separator: "  ·  ")
        if bands.count > Self.maxNames { text += "  …and \(bands.count - Self.maxNames) more" }
        all.text = bands.isEmpty ? "No bands yet" : text
        setNeedsLayout()
    }

    override func layoutSubviews() {
        let showingAll = shown == nil
        let u = min(bounds.width / 16, bounds.height / 9)
        [image, name, facts, notes].forEach { $0.isHidden = showingAll }
        all.isHidden = !showingAll
        all.font = .system(u * 0.5)
        all.frame = bounds.insetBy(dx: u, dy: u)
        let pad = u * 0.8
        let imgSide = min(bounds.height - 2 * pad, bounds.width * 0.35)
        image.frame = Rect(pad, (bounds.height - imgSide) / 2, imgSide, imgSide)
        let x = image.frame.maxX + pad, w = max(0, bounds.width - x - pad)
        name.font = Self.nameFont(name, unit: u, width: w); facts.font = .system(u * 0.5); notes.font = .system(u * 0.36)
        let nh = name.sizeThatFits(Size(w, bounds.height)).height
        let fh = facts.sizeThatFits(Size(w, bounds.height)).height
        let th = notes.text.isEmpty ? 0 : notes.sizeThatFits(Size(w, bounds.height)).height
        var y = max(pad, (bounds.height - nh - fh - th - u * 0.8) / 2)
        name.frame = Rect(x, y, w, nh); y += nh + u * 0.4
        facts.frame = Rect(x, y, w, fh); y += fh + u * 0.4
        notes.frame = Rect(x, y, w, th)
    }

    /// The name's font: the largest of 1.1 units down to 0.66 (UIKit's `minimumScaleFactor`
    /// of 0.6) at which it fits its two lines whole; only a name too long even then ends in "…".
    private static func nameFont(_ label: Label, unit u: Double, width w: Double) -> Font {
        let lines = label.numberOfLines
        defer { label.numberOfLines = lines }
        label.numberOfLines = 0
        for step in stride(from: 1.1, through: 0.66, by: -0.055) {
            label.font = .bold(u * step)
            if label.lines(width: w).count <= lines { break }
        }
        return label.font
    }

    /// The text the room sees, as `static-text` nodes (`bands.audience.name`, `.facts`, `.notes`
    /// when there are notes, `.all`) so the control socket's `state` can show what the audience view says.
    override func controlChildren() -> [ControlNode] {
        let labels: [(String, Label)] = shown == nil ? [("all", all)]
            : [("name", name), ("facts", facts)] + (notes.text.isEmpty ? [] : [("notes", notes)])
        return labels.map { id, l in
            ControlNode(id: "bands.audience.\(id)", role: "static-text", label: l.text, frame: l.convertToWindow(l.bounds))
        }
    }
}
