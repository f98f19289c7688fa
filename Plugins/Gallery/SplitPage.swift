import PodiumKit

/// A split view over a 10,000-row list in 26 lettered sections (section index on the trailing
/// edge). With a `width` under 400 pt it is collapsed: the list opens in a popover from the bar.
/// Ids: `gallery.split`, `gallery.list`, `gallery.split.show-primary`.
final class SplitPage: GalleryPage {
    let list = ListView()
    let detail = Label("Choose a row", font: .bold(28), lines: 0)
    let split: SplitView
    let width: Double?

    init(width: Double?, report: @escaping (String) -> Void) {
        self.width = width
        let pane = View(background: Theme.standard.background)
        split = SplitView(primary: list, secondary: pane, primaryTitle: "Rows", id: "gallery.split")
        super.init(report: report)
        list.id = "gallery.list"
        list.backgroundColor = Theme.standard.surface
        list.sections = Self.sections(count: 10_000)
        detail.alignment = .center
        pane.addSubview(detail.pinned(Pins(leading: 20, trailing: 20, top: 20, bottom: 20)))
        list.onSelect = { [weak self] _, row in
            guard let self else { return }
            detail.text = row.title
            split.primaryDidChooseItem()
            self.report(row.title)
        }
        split.borderColor = Theme.standard.separator
        addSubview(split)
    }

    /// `count` rows named after letters, spread over 26 sections.
    static func sections(count: Int) -> [ListSection] {
        let letters = (UInt8(ascii: "A")...UInt8(ascii: "Z")).map { String(UnicodeScalar($0)) }
        let per = count / letters.count, extra = count % letters.count
        var n = 0
        return letters.enumerated().map { i, l in
            let rows = (0..<(per + (i < extra ? 1 : 0))).map { j -> ListRow in
                defer { n += 1 }
                return ListRow(id: "\(n)", title: "\(l) row \(j + 1)", subtitle: j % 3 == 0 ? "Row \(n + 1) of \(count)" : nil,
                               accessory: j % 5 == 0 ? "★" : nil)
            }
            return ListSection(title: l, rows: rows)
        }
    }

    override func layoutSubviews() {
        let w = min(width ?? bounds.width, bounds.width)
        split.frame = Rect(((bounds.width - w) / 2).rounded(), 0, w, bounds.height)
        super.layoutSubviews()
    }

    override func open(_ name: String) {
        split.layoutIfNeeded()
        if split.isCollapsed { split.showPrimaryPopover(from: split.showPrimaryButton) }
    }
}
