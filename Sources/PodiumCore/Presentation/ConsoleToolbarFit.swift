import PodiumKit

/// A narrow presenter window's toolbar (480 pt wide, trial 21 m1: the time left and the elapsed
/// time were cut off its right edge): what matters least gives way first, so the position, what
/// the room sees, the time left and the elapsed time always show. The title takes what is left.
extension ConsoleView {
    static let previousTitle = "‹ Previous", nextTitle = "Next ›"

    /// What of the scene's title the toolbar keeps before the wall clock and the scene's timer
    /// (points): a 640-pt window showed both and cut the title to ".." (trial 21 m8).
    static let titleKept = 120.0

    /// Shows the toolbar's items that fit `width` points with the title (up to `titleKept` of
    /// it), giving way in this order: the wall clock, the scene's timer, the words of the
    /// Previous and Next buttons (their arrows stay), LIVE's word (its green dot stays; BLACK,
    /// WHITE, FROZEN and HELD are always said), the buttons (the keys still move the talk), the
    /// slide number, then a freeze's word beside a cover's: the time left and the elapsed time go
    /// last (trial 34 m1: at 345 pt the elapsed time was cut).
    func fitToolbar(width: Double) {
        timers.clockLabel.isHidden = false
        timers.sceneLabel.isHidden = false
        setButtonTitles(Self.previousTitle, Self.nextTitle)
        setStatus(statusText)
        for v in [previousButton, nextButton, positionLabel] where v.isHidden { v.isHidden = false }
        let steps: [() -> Void] = [
            { self.timers.clockLabel.isHidden = true },
            { self.timers.sceneLabel.isHidden = true },
            { self.setButtonTitles("‹", "›") },
            { if self.statusText == Self.liveStatus { self.setStatus("●") } },
            { self.previousButton.isHidden = true; self.nextButton.isHidden = true },
            // The slide number too (the scene and its notes say where the talk is; trial 35 F7:
            // with real fonts the elapsed time was still cut at 300 pt).
            { self.positionLabel.isHidden = true },
            // A freeze under a cover last: the room sees the cover ("■ WHITE"); the preview's
            // badge still says the freeze beneath (trial 36: at 260 pt "■ WHITE + FROZEN" cut
            // the time left to "left 20:0").
            { if let cover = self.statusText.components(separatedBy: " + ").first, cover != self.statusText { self.setStatus(cover) } },
        ]
        for step in steps {
            if toolbarNeeds() + min(Self.titleKept, titleLabel.sizeThatFits(Size(100_000, 48)).width) <= width { break }
            step()
        }
        toolbar.setNeedsLayout(); timers.setNeedsLayout()
    }

    private func setStatus(_ text: String) {
        if statusLabel.text != text { statusLabel.text = text }
    }

    private func setButtonTitles(_ previous: String, _ next: String) {
        if previousButton.title != previous { previousButton.title = previous }
        if nextButton.title != next { nextButton.title = next }
    }

    /// Points the toolbar needs without its title (the title is cut to what is left).
    private func toolbarNeeds() -> Double {
        let all = toolbar.sizeThatFits(Size(100_000, 48)).width
        return all - titleLabel.sizeThatFits(Size(100_000, 48)).width
    }
}
