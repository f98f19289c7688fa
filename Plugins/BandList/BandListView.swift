import PodiumKit

/// The band list: a `ListView` that brings the selected row into view once it has a size.
/// The scene selects a band while it is being made, before any layout, when
/// `scrollToVisible` has no height to work with; this defers that scroll to the first layout
/// (and to each later resize, such as the split view collapsing or expanding).
final class BandListView: ListView {
    private var revealPending = false
    private var laidOutHeight = 0.0

    /// Scrolls to the selection now if the list has a size, else at its next layout.
    func revealSelection() {
        guard let s = selection else { return }
        if bounds.height > 0 { scrollToVisible(s) } else { revealPending = true }
    }

    override func layoutSubviews() {
        super.layoutSubviews()
        guard bounds.height > 0, revealPending || bounds.height != laidOutHeight else { return }
        laidOutHeight = bounds.height
        revealPending = false
        if let s = selection { scrollToVisible(s) }
    }
}
