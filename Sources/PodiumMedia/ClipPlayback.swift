import Dispatch
import FoundationEssentials
import Glibc
import PodiumKit

/// How one clip is to be played: the `media` scene's parameters, or a PDF movie's.
public struct ClipSettings {
    /// The clip, absolute.
    public var file: URL
    /// As the deck or the PDF wrote it, for messages.
    public var fileName: String
    /// Plays when it becomes active; false waits for play/pause.
    public var autoplay: Bool
    public var loop: Bool
    /// Seconds into the clip where it starts (and restarts when looping).
    public var start: Double
    /// Seconds into the clip where it stops; nil: at its end.
    public var end: Double?
    /// 0…1, linear.
    public var volume: Double
    /// Image file shown before the first frame and for audio.
    public var poster: URL?
    /// Leaving (becoming inactive) goes back to `start` instead of pausing.
    public var stopsOnLeave: Bool
    /// Whether coming back plays again when it was playing on leaving (the `media` scene), or
    /// waits for play/pause unless `autoplay` (a PDF movie: the speaker starts it again).
    public var resumesOnReturn: Bool
    /// Where the clip was named, for the log (`scenes[2].parameters.file`, `talk.pdf page 3`).
    public var origin: String

    public init(file: URL, fileName: String, autoplay: Bool = true, loop: Bool = false, start: Double = 0, end: Double? = nil,
                volume: Double = 1, poster: URL? = nil, stopsOnLeave: Bool = false, resumesOnReturn: Bool = true, origin: String) {
        self.file = file; self.fileName = fileName; self.autoplay = autoplay; self.loop = loop; self.start = start
        self.end = end; self.volume = volume; self.poster = poster; self.stopsOnLeave = stopsOnLeave
        self.resumesOnReturn = resumesOnReturn; self.origin = origin
    }
}

/// One clip played for a scene: the player, what the room sees (`audienceVideo`) and the
/// presenter's controls, kept in step. The clip plays only while it is active (its scene or page
/// is current), the speaker has not paused it and the audience view is not frozen; it is muted
/// under a blackout or whiteout (the host's cover hides the picture). A clip that fails shows its
/// error to the presenter only (`controls.status`): the room keeps the poster, or black, and the
/// talk goes on. Main thread only. Shared by the `media` scene and movies in PDF pages.
@MainActor
public final class ClipPlayback {
    public let settings: ClipSettings
    public let context: SceneContext
    public let audienceVideo: VideoView
    public let controls: MediaControls
    /// Further views showing the frames (a PDF page's movie on the presenter's page).
    public private(set) var mirrors: [VideoView] = []

    public private(set) var player: MediaPlayer?
    /// Why the clip cannot be played, once known.
    public private(set) var failure: String?
    /// The speaker's choice (play/pause, autoplay); what actually plays also depends on
    /// `isActive` and the audience state.
    public private(set) var wantsPlaying: Bool
    public private(set) var isActive = false
    /// Whether it has played since it was made (a PDF page shows its own poster until then).
    public private(set) var hasStarted = false
    /// Where a clip cut short ended (seconds into the clip): its frames stopped more than
    /// `cutShortMargin` before the end its header gives (trial 20 m10: half of a 10 s clip, a
    /// copy that did not finish, stopped at 0:05 and the controls read 0:10 / -0:00, as if it
    /// had played to the end). Nil otherwise.
    public private(set) var cutShortAt: Double?
    /// More than this many seconds short of its end is cut short: a whole clip's last frame
    /// starts at most a frame before it, and the stream's position at its end reaches it.
    static let cutShortMargin = 0.5
    /// Called after play/pause, a failure or the end changed what should be shown.
    public var onChange: (() -> Void)?
    private var audience = AudienceState.live
    /// The clip reached `end` (or its end) without looping: play starts again at `start`.
    private var atEnd = false
    private var ticker: TimerToken?
    /// The ticker's period: short while playing or prerolling, long while paused on screen.
    private var tickerPeriod = 0

    /// Opens the clip paused (GStreamer prerolls its first frame in the background). A file
    /// that is missing or unreadable fails at once (`failure`), as does a GStreamer that cannot
    /// be used; nothing is thrown: the talk goes on.
    public init(_ settings: ClipSettings, context: SceneContext) {
        self.settings = settings
        self.context = context
        wantsPlaying = settings.autoplay
        audienceVideo = VideoView(poster: settings.poster?.path)
        controls = MediaControls(video: VideoView(poster: settings.poster?.path), loop: settings.loop)
        controls.volume.value = settings.volume
        controls.status.text = settings.fileName
        do {
            try InputFile.check(settings.file.path, maxBytes: .max)
            let player = try MediaPlayer(file: settings.file, runOnMain: { context.runOnMain($0) })
            player.volume = settings.volume
            player.isMuted = true   // until active
            player.onFrame = { [weak self] b in self?.show(b) }
            if settings.start > 0 || settings.end != nil { player.seek(to: settings.start, end: settings.end) }
            self.player = player
        } catch let e as InputFileError { fail(e.problem) }
        catch { fail("\(error)") }
        wireControls()
        context.observeAudience { [weak self] s in self?.audience = s; self?.apply() }
        if player != nil { startTicking() }   // for the preroll: the first frame shows before it is active
    }

    isolated deinit { ticker?.cancel() }

    /// Shows the frames in `view` too.
    public func mirror(into view: VideoView) { mirrors.append(view); view.frameBitmap = audienceVideo.frameBitmap; view.showsFrame = failure == nil }

    // MARK: Lifecycle

    /// Its scene (or page) is shown to the room.
    public func activate() {
        guard !isActive else { return }
        isActive = true
        becameActive = ProcessInfo.processInfo.systemUptime; firstFrameDelay = nil
        if !settings.resumesOnReturn { wantsPlaying = settings.autoplay && failure == nil }
        startTicking()
        apply()
    }

    /// Its scene (or page) is no longer shown: pauses, or goes back to `start` (`stopsOnLeave`).
    public func deactivate() {
        guard isActive else { return }
        logPlayback()
        isActive = false
        if settings.stopsOnLeave { restartAtStart() }
        apply()
    }

    // MARK: Playback

    /// Play or pause, as the presenter's button and the `playPause` key do.
    public func togglePlaying() {
        guard player != nil, failure == nil else { return }
        wantsPlaying.toggle()
        if wantsPlaying && atEnd { restartAtStart() }
        apply()
    }

    /// Seeks to `seconds` after `start` (the presenter's slider).
    public func seek(toElapsed seconds: Double) {
        guard let player else { return }
        atEnd = false
        player.seek(to: settings.start + max(0, seconds), end: settings.end)
        refreshControls()
    }

    /// Plays when active, wanted and not frozen; muted unless active and uncovered.
    private func apply() {
        guard let player, failure == nil else { return }
        let play = isActive && wantsPlaying && !audience.isFrozen
        player.isMuted = !isActive || audience.isCovered
        if play != player.isPlaying { play ? player.play() : player.pause() }
        if play { hasStarted = true }
        if isActive { startTicking() }
        refreshControls()
        onChange?()
    }

    private func restartAtStart() {
        atEnd = false
        player?.seek(to: settings.start, end: settings.end)
    }

    /// When it last became active, and how long its first new frame took after that.
    private var becameActive: Double?
    private var firstFrameDelay: Double?

    /// One log line per showing: frames shown and skipped, the delay to the first new frame.
    private func logPlayback() {
        guard let player else { return }
        let c = player.takeFrameCounts()
        guard c.shown + c.skipped > 0 else { return }
        let first = firstFrameDelay.map { String(cFormat: "; first frame %.0f ms after it became current", $0 * 1000) } ?? ""
        context.log("\(settings.fileName): \(c.shown) frames shown, \(c.skipped) skipped\(first)")
    }

    private func show(_ frame: Bitmap) {
        guard failure == nil else { return }
        if isActive, player?.isPlaying == true, firstFrameDelay == nil, let t = becameActive { firstFrameDelay = ProcessInfo.processInfo.systemUptime - t }
        for v in [audienceVideo, controls.video] + mirrors { v.frameBitmap = frame }
    }

    private func fail(_ message: String) {
        guard failure == nil else { return }
        failure = message
        wantsPlaying = false
        player?.pause()
        for v in [audienceVideo, controls.video] + mirrors { v.showsFrame = false }
        controls.status.color = Theme.standard.destructive
        controls.playPause.isEnabled = false
        explain(message)
        guard player != nil else { return }
        // GStreamer's runtime error is often generic ("Internal data stream error"): the
        // discoverer, off the main thread, names the missing decoder or unreadable format.
        let file = settings.file, context = context
        DispatchQueue.global(qos: .utility).async { [weak self] in
            let problem = MediaProbe.run(file, timeout: 5).problem
            context.runOnMain { if let problem { self?.explain(problem) } }
        }
    }

    private func explain(_ reason: String) {
        controls.status.text = "Cannot play \(settings.fileName): \(reason)"
        context.log("\(settings.origin): \(SafeText.escape(settings.file.path)): \(reason)")
        onChange?()
    }

    /// At the clip's end: says so when its frames ended well before the end its header gives
    /// (`cutShortAt`), on the presenter's controls and once in the log, naming the file and
    /// where it stopped. The room keeps the last frame it shows, as at any end; the controls
    /// show where the clip ended, not the end it claimed.
    private func noteCutShort(_ player: MediaPlayer) {
        guard cutShortAt == nil, let expected = segmentEnd else { return }
        let reached = max(player.lastFrameTime ?? 0, player.position ?? 0)
        guard expected - reached > Self.cutShortMargin else { return }
        cutShortAt = reached
        let at = MediaControls.clock(reached - settings.start), of = MediaControls.clock(expected - settings.start)
        controls.status.text = "\(settings.fileName) ended at \(at) of its \(of): the file is cut short (the room keeps its last frame)"
        controls.status.color = Theme.standard.destructive
        let seconds = { String(cFormat: "%.1f s", $0) }
        context.log("\(settings.origin): \(SafeText.escape(settings.file.path)): ended at \(seconds(reached)) of its \(seconds(expected)): "
                    + "the file is cut short (no frames after that; a copy that did not finish?); the room keeps its last frame")
        onChange?()
    }

    // MARK: Bus and controls

    /// Reads the bus every 50 ms while playing (and until the first frame), every 250 ms while
    /// paused on screen, never while inactive: an idle deck costs nothing.
    private func startTicking() {
        guard player != nil else { return }
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
                noteCutShort(player)
                if controls.loop.isOn { restartAtStart() }
                else { atEnd = true; wantsPlaying = false; apply(); logPlayback() }
            case .failed(let m): fail(SafeText.escape(String(m.prefix(200))))
            }
        }
        refreshControls()
        if !isActive && player.isPrerolled { ticker?.cancel(); ticker = nil } else if isActive { startTicking() }
    }

    /// Segment end (seconds into the clip): `end`, else the clip's duration.
    private var segmentEnd: Double? { settings.end.map { e in player?.duration.map { min(e, $0) } ?? e } ?? player?.duration }

    private func refreshControls() {
        guard let player else { return }
        let pos = atEnd ? (cutShortAt ?? segmentEnd ?? settings.start) : (player.position ?? settings.start)
        controls.show(position: pos - settings.start, duration: segmentEnd.map { $0 - settings.start },
                      playing: player.isPlaying)
    }

    private func wireControls() {
        controls.playPause.action = { [weak self] _ in self?.togglePlaying() }
        controls.seek.onChange = { [weak self] v in self?.seek(toElapsed: v) }
        controls.volume.onChange = { [weak self] v in self?.player?.volume = v }
    }
}
