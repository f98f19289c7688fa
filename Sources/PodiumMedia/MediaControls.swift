import FoundationEssentials
import Glibc
import PodiumKit

/// The presenter's side of a clip: the frame the room sees, and under it play/pause, a seek
/// slider between the elapsed and remaining time, volume and loop. Ids: `media.playPause`,
/// `media.seek`, `media.elapsed`, `media.remaining`, `media.volume`, `media.loop`, `media.status`.
public final class MediaControls: View {
    public let video: VideoView
    public let playPause = Button("Play", id: "media.playPause", style: .filled)
    public let seek = Slider(value: 0, in: 0...1, id: "media.seek")
    public let elapsed = Label("0:00", font: .system(14)).identified("media.elapsed")
    public let remaining = Label("-0:00", font: .system(14)).identified("media.remaining")
    public let volume = Slider(value: 1, in: 0...1, id: "media.volume")
    public let loop: Switch
    /// The file name, or the error when the clip cannot be played.
    public let status = Label("", font: .system(13), color: Theme.standard.secondaryText, lines: 2).identified("media.status")
    private let controls = StackView(.vertical, spacing: 8, insets: EdgeInsets(top: 8, left: 12, bottom: 8, right: 12))

    public init(video: VideoView, loop isLooping: Bool) {
        self.video = video
        loop = Switch(isOn: isLooping, label: "Loop", id: "media.loop")
        super.init()
        backgroundColor = Theme.standard.surface
        elapsed.alignment = .trailing
        let transport = StackView(.horizontal, spacing: 10)
        transport.add(playPause, length: 84)
        transport.add(elapsed, length: 64)
        transport.add(seek, flexible: true)
        transport.add(remaining, length: 64)
        let settings = StackView(.horizontal, spacing: 10)
        settings.add(Label("Volume", font: .system(14)), length: 60)
        settings.add(volume, length: 180)
        settings.addFlexibleSpace()
        settings.add(Label("Loop", font: .system(14)), length: 40)
        settings.add(loop, length: 60)
        controls.add(transport, length: 34)
        controls.add(settings, length: 34)
        controls.add(status, length: 36)
        addSubviews(video, controls)
    }

    /// False: the controls only, filling the view (a PDF movie plays on its page instead).
    public var showsVideo = true { didSet { video.isHidden = !showsVideo; setNeedsLayout() } }

    public override func layoutSubviews() {
        let h = showsVideo ? min(bounds.height, 140.0) : bounds.height
        controls.frame = Rect(0, bounds.height - h, bounds.width, h)
        video.frame = Rect(8, 8, max(0, bounds.width - 16), max(0, bounds.height - h - 8))
    }

    /// Shows `position` of `duration` seconds (duration nil: unknown yet).
    public func show(position: Double, duration: Double?, playing: Bool) {
        playPause.title = playing ? "Pause" : "Play"
        elapsed.text = Self.clock(position)
        if let d = duration, d > 0 {
            if seek.maximumValue != d { seek.maximumValue = d }
            seek.value = min(d, max(0, position))
            remaining.text = "-" + Self.clock(max(0, d - position))
        } else {
            remaining.text = "-:--"
        }
    }

    /// `m:ss`, or `h:mm:ss` from an hour.
    public static func clock(_ seconds: Double) -> String {
        let s = Int(max(0, seconds).rounded(.down))
        return s >= 3600 ? String(cFormat: "%d:%02d:%02d", s / 3600, s / 60 % 60, s % 60) : String(cFormat: "%d:%02d", s / 60, s % 60)
    }
}
