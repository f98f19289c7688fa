import Foundation
import PodiumKit

/// Plays one clip (see `MediaPlugin`). The clip plays only while the scene is current, the
/// speaker has not paused it and the audience view is not frozen; it is muted under a blackout
/// or whiteout (the host's cover hides the picture). A clip that fails shows its error to the
/// presenter only: the room keeps the poster, or black.
final class MediaScene: Scene {
    let options: MediaOptions
    let context: SceneContext
    let audienceVideo: VideoView
    let controls: MediaControls
    var presenterView: View { controls }
    var audienceView: View { audienceVideo }
    /// The clip's file name (a deck `title` replaces it in the console).
    var title: String { options.file.lastPathComponent }

    private(set) var player: MediaPlayer?
    /// Why the clip cannot be played, once known.
    private(set) var failure: String?
    /// The speaker's choice (play/pause, autoplay); what actually plays also depends on
    /// `isCurrent` and the audience state.
    private(set) var wantsPlaying: Bool
    private(set) var isCurrent = false
    private(set) var audience = AudienceState.live
    /// The clip reached `end` (or its end) without looping: play starts again at `start`.
    private var atEnd = false
    private var ticker: TimerToken?
    /// The ticker's period: short while playing or prerolling, long while paused on screen.
    private var tickerPeriod = 0

    init(_ p: SceneParameters, _ context: SceneContext) throws {
        options = try MediaOptions(p)
        self.context = context
        wantsPlaying = options.autoplay
        audienceVideo = VideoView(poster: options.poster?.path)
        controls = MediaControls(video: VideoView(poster: options.poster?.path), loop: options.loop)
        controls.volume.value = options.volume
        controls.status.text = options.fileName
        do {
            let player = try MediaPlayer(file: options.file, runOnMain: { context.runOnMain($0) })
            player.volume = options.volume
            player.isMuted = true   // until current
            player.onFrame = { [weak self] b in self?.show(b) }
            if options.start > 0 || options.end != nil { player.seek(to: options.start, end: options.end) }
            self.player = player
        } catch { fail("\(error)") }
        wireControls()
        context.observeAudience { [weak self] s in self?.audience = s; self?.apply() }
        startTicking()   // for the preroll: the first frame shows before the scene is current
    }

    deinit { ticker?.cancel() }

    // MARK: Lifecycle

    func didBecomeCurrent() {
        isCurrent = true
        becameCurrent = ProcessInfo.processInfo.systemUptime; firstFrameDelay = nil
        startTicking()
        apply()
    }

    func willResignCurrent() {
        logPlayback()
        isCurrent = false
        if options.onLeave == .stop { restartAtStart() }
        apply()
    }

    func handle(_ action: ConsoleAction) -> Bool {
        guard action == .playPause else { return false }
        togglePlaying()
        return true
    }

    // MARK: Playback

    /// Play or pause, as the presenter's button and the `playPause` key do.
    func togglePlaying() {
        guard player != nil, failure == nil else { return }
        wantsPlaying.toggle()
        if wantsPlaying && atEnd { restartAtStart() }
        apply()
    }

    /// Seeks to `seconds` after `start` (the presenter's slider).
    func seek(toElapsed seconds: Double) {
        guard let player else { return }
        atEnd = false
        player.seek(to: options.start + max(0, seconds), end: options.end)
        refreshControls()
    }

    /// Plays when current, wanted and not frozen; muted unless current and uncovered.
    private func apply() {
        guard let player, failure == nil else { return }
        let play = isCurrent && wantsPlaying && !audience.isFrozen
        player.isMuted = !isCurrent || audience.isCovered
        if play != player.isPlaying { play ? player.play() : player.pause() }
        if isCurrent { startTicking() }
        refreshControls()
    }

    private func restartAtStart() {
        atEnd = false
        player?.seek(to: options.start, end: options.end)
    }

    /// When the scene last became current, and how long its first new frame took after that.
    private var becameCurrent: Double?
    private var firstFrameDelay: Double?

    /// One log line per showing: frames shown and skipped, the delay to the first new frame.
    private func logPlayback() {
        guard let player else { return }
        let c = player.takeFrameCounts()
        guard c.shown + c.skipped > 0 else { return }
        let first = firstFrameDelay.map { String(format: "; first frame %.0f ms after it became current", $0 * 1000) } ?? ""
        context.log("\(options.fileName): \(c.shown) frames shown, \(c.skipped) skipped\(first)")
    }

    private func show(_ frame: Bitmap) {
        guard failure == nil else { return }
        if isCurrent, firstFrameDelay == nil, let t = becameCurrent { firstFrameDelay = ProcessInfo.processInfo.systemUptime - t }
        audienceVideo.frameBitmap = frame
        controls.video.frameBitmap = frame
    }

    private func fail(_ message: String) {
        guard failure == nil else { return }
        failure = message
        wantsPlaying = false
        player?.pause()
        audienceVideo.showsFrame = false; controls.video.showsFrame = false
        controls.status.color = Theme.standard.destructive
        controls.playPause.isEnabled = false
        explain(message)
        // GStreamer's runtime error is often generic ("Internal data stream error"): the
        // discoverer, off the main thread, names the missing decoder or unreadable format.
        let file = options.file, hop = SceneHop(self)
        DispatchQueue.global(qos: .utility).async {
            let problem = MediaProbe.run(file, timeout: 5).problem
            hop.context.runOnMain { if let problem { hop.scene?.explain(problem) } }
        }
    }

    private func explain(_ reason: String) {
        controls.status.text = "Cannot play \(options.fileName): \(reason)"
        context.log("\(options.path).file: \(SafeText.escape(options.file.path)): \(reason)")
    }

    // MARK: Bus and controls

    /// Reads the bus every 50 ms while playing (and until the first frame), every 250 ms while
    /// paused on screen, never while another scene is current: an idle deck costs nothing.
    private func startTicking() {
        let period = player.map { $0.isPlaying || !$0.isPrerolled } ?? true ? 50 : 250
        guard ticker == nil || period != tickerPeriod else { return }
        ticker?.cancel()
        tickerPeriod = period
        ticker = context.schedule(afterMilliseconds: period, repeats: true) { [weak self] in self?.tick() }
    }

    private func tick() {
        guard let player else { ticker?.cancel(); ticker = nil; return }
        for e in player.poll() {
            switch e {
            case .prerolled: break
            case .ended:
                if controls.loop.isOn { restartAtStart() }
                else { atEnd = true; wantsPlaying = false; apply(); logPlayback() }
            case .failed(let m): fail(SafeText.escape(String(m.prefix(200))))
            }
        }
        refreshControls()
        if !isCurrent && player.isPrerolled { ticker?.cancel(); ticker = nil } else if isCurrent { startTicking() }
    }

    /// Segment end (seconds into the clip): `end`, else the clip's duration.
    private var segmentEnd: Double? { options.end.map { e in player?.duration.map { min(e, $0) } ?? e } ?? player?.duration }

    private func refreshControls() {
        guard let player else { return }
        let pos = atEnd ? (segmentEnd ?? options.start) : (player.position ?? options.start)
        controls.show(position: pos - options.start, duration: segmentEnd.map { $0 - options.start },
                      playing: player.isPlaying)
    }

    private func wireControls() {
        controls.playPause.action = { [weak self] _ in self?.togglePlaying() }
        controls.seek.onChange = { [weak self] v in self?.seek(toElapsed: v) }
        controls.volume.onChange = { [weak self] v in self?.player?.volume = v }
    }
}

/// Carries a weak scene and its context to a worker thread and back; the scene is only touched
/// on the main thread, through `runOnMain`.
private final class SceneHop: @unchecked Sendable {
    weak var scene: MediaScene?
    let context: SceneContext
    init(_ s: MediaScene) { scene = s; context = s.context }
}
