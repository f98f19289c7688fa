import FoundationEssentials
import Glibc
import PodiumKit

/// Slides with overlays (`Slides`): jumping a whole slide, the overview's one cell per slide and
/// the small next-slide preview. `next`/`previous` keep stepping one scene (overlay) at a time.
extension Presentation {
    /// The first overlay of the next slide; nothing on the last slide.
    public func nextSlide() {
        let s = slides.slide(of: currentIndex)
        if s + 1 < slides.count { goTo(slides.ranges[s + 1].lowerBound) }
    }

    /// The first overlay of the previous slide; nothing on the first slide.
    public func previousSlide() {
        let s = slides.slide(of: currentIndex)
        if s > 0 { goTo(slides.ranges[s - 1].lowerBound) }
    }

    /// The scene an overview cell shows and goes to: one cell per slide, its last overlay (the
    /// slide complete, as the room will have seen it).
    public func overviewScene(ofCell cell: Int) -> Int { slides.ranges[cell].upperBound - 1 }

    /// The overview cell of the current scene.
    var currentOverviewCell: Int { slides.slide(of: currentIndex) }

    func goToOverviewCell(_ cell: Int) {
        guard slides.ranges.indices.contains(cell) else { return }
        goTo(overviewScene(ofCell: cell))
    }

    /// While the next scene is an overlay of the current slide, the next slide's first overlay
    /// goes on the small next-slide stage; otherwise the small preview is hidden.
    func attachNextSlidePreview() {
        nextSlideStage.content.removeAllSubviews()
        // Behind a removed scene's picture (`ReloadRemovedScene.swift`) next goes to the console's
        // scene: the room is on no slide of this deck whose overlays it would finish.
        var s: Int?
        if let n = nextSceneIndex, removedScene == nil, slides.slide(of: n) == slides.slide(of: n - 1), slides.slide(of: n) + 1 < slides.count { s = slides.slide(of: n) }
        console.nextPreviews.setShowsNextSlide(s != nil)
        guard let s else { return }
        nextSlideStage.resize(to: audience.bounds.size)
        let first = slides.ranges[s + 1].lowerBound
        nextSlideStage.content.addSubview(previewHost(of: first))
        nextSlideStage.layoutIfNeeded()
    }
}

/// The talk's start with an end time (`--end-time`, pdfpc's `endTime`).
extension Presentation {
    /// Starts (or restarts) the elapsed timer; with an end time the plan's length becomes the
    /// time left until then, now.
    func startTalk() {
        if let end = deck.endTimeMinutes {
            talk = TalkClock(durationMinutes: Self.minutes(until: end, from: wallClock()), sceneSeconds: plannedSceneSeconds)
        }
        talk.start(at: clock())
    }

    /// Minutes from `date` (local time) until `minutesAfterMidnight`; an end more than 12 hours
    /// ago is tomorrow's, one less long ago is past (0: the countdown shows the overrun).
    static func minutes(until minutesAfterMidnight: Int, from date: Date) -> Double {
        let c = Calendar.current.dateComponents([.hour, .minute, .second], from: date)
        let now = Double((c.hour ?? 0) * 60 + (c.minute ?? 0)) + Double(c.second ?? 0) / 60
        var d = Double(minutesAfterMidnight) - now
        if d < -12 * 60 { d += 24 * 60 }
        return max(0, d)
    }
}
