import CGStreamer
import FoundationEssentials
import Glibc
import PodiumKit

/// One clip in a GStreamer playbin: video frames arrive as RGBA `Bitmap`s on the main thread,
/// audio goes to the default sink (or nowhere, see `nullAudio`). Every method is main-thread
/// only; `poll()` (from a timer) reads the bus and reports the end, errors and preroll.
public final class MediaPlayer {
    public enum Event: Equatable { case prerolled, ended, failed(String) }

    private let pipeline: OpaquePointer
    private let frames: FrameMailbox
    /// The latest frame, on the main thread (frames that arrive faster than the main thread
    /// takes them are skipped, never queued).
    public var onFrame: (@MainActor (Bitmap) -> Void)? { get { frames.onFrame } set { frames.onFrame = newValue } }
    public private(set) var isPlaying = false
    public private(set) var isPrerolled = false
    /// Seek waiting for the preroll (a seek before it is refused by GStreamer): seconds, end.
    private var pendingSeek: (Double, Double?)?

    /// Audio goes to a fakesink with `PODIUM_AUDIO=null` (tests, machines with no sound device).
    public static var nullAudio: Bool { ProcessInfo.processInfo.environment["PODIUM_AUDIO"] == "null" }

    /// Opens `file` paused (GStreamer prerolls the first frame in the background). Throws
    /// `MediaError` when GStreamer is not usable or playbin/appsink are missing.
    public init(file: URL, runOnMain: @escaping @Sendable (@escaping @Sendable @MainActor () -> Void) -> Void) throws {
        if let e = GStreamer.initError { throw MediaError(file: file.path, problem: "GStreamer is not usable: \(e)") }
        frames = FrameMailbox(runOnMain: runOnMain)
        let ctx = Unmanaged.passUnretained(frames).toOpaque()
        guard let p = podium_media_playbin(GStreamer.uri(file), Self.nullAudio ? 1 : 0, { ctx, data, w, h, stride, pts in
            guard let ctx, let data else { return }
            Unmanaged<FrameMailbox>.fromOpaque(ctx).takeUnretainedValue().receive(data, width: Int(w), height: Int(h), stride: Int(stride), pts: pts)
        }, ctx) else {
            throw MediaError(file: file.path, problem: "GStreamer's playbin or appsink is missing (install gstreamer1.0-plugins-base)")
        }
        pipeline = p
        podium_gst_ref_sink(p)
        podium_gst_set_state(p, Int32(PODIUM_GST_PAUSED))
    }

    deinit {
        // Stops the streaming threads (which call into `frames`) before anything is freed.
        podium_gst_set_state(pipeline, Int32(PODIUM_GST_NULL))
        podium_gst_unref(pipeline)
    }

    /// Plays; with a seek waiting for the preroll (a `start`), only once it is done, so the room
    /// never sees or hears the clip before `start`.
    public func play() {
        isPlaying = true
        if pendingSeek == nil { podium_gst_set_state(pipeline, Int32(PODIUM_GST_PLAYING)) }
    }
    public func pause() { isPlaying = false; podium_gst_set_state(pipeline, Int32(PODIUM_GST_PAUSED)) }

    /// Seeks to `seconds`, playing on until `end` (seconds; nil: the clip's end). Before the
    /// preroll the seek waits for it.
    public func seek(to seconds: Double, end: Double? = nil) {
        guard isPrerolled else { pendingSeek = (seconds, end); frames.reset(blocked: true); return }
        _ = podium_media_seek(pipeline, Int64(max(0, seconds) * 1e9), end.map { Int64($0 * 1e9) } ?? -1)
        // The flushing seek has returned: a frame still waiting is from before it.
        frames.reset(blocked: false)
    }

    /// Seconds into the clip; nil before the preroll.
    public var position: Double? { let v = podium_media_position(pipeline); return v >= 0 ? Double(v) / 1e9 : nil }
    /// Seconds; nil while unknown.
    public var duration: Double? { let v = podium_media_duration(pipeline); return v > 0 ? Double(v) / 1e9 : nil }
    /// 0…1, linear.
    public var volume = 1.0 { didSet { podium_media_set_volume(pipeline, volume) } }
    public var isMuted = false { didSet { podium_media_set_mute(pipeline, isMuted ? 1 : 0) } }
    /// The latest frame's time (seconds into the clip), as decoded.
    public var lastFrameTime: Double? { frames.lastPTS }
    /// Frames decoded and shown since the last call, and those skipped because a newer one came
    /// before the main thread took them (for the log and `scripts/bench-media.sh`).
    public func takeFrameCounts() -> (shown: Int, skipped: Int) { frames.takeCounts() }

    /// Bus messages since the last call, oldest first.
    public func poll() -> [Event] {
        var out: [Event] = []
        while true {
            var message: UnsafeMutablePointer<CChar>?
            switch podium_media_poll(pipeline, &message) {
            case Int32(PODIUM_MEDIA_EOS): out.append(.ended)
            case Int32(PODIUM_MEDIA_ERROR): out.append(.failed(GStreamer.take(message) ?? "playback error"))
            case Int32(PODIUM_MEDIA_PREROLLED):
                if !isPrerolled {
                    isPrerolled = true
                    if let (s, e) = pendingSeek {
                        pendingSeek = nil; seek(to: s, end: e)
                        if isPlaying { play() }
                    }
                    out.append(.prerolled)
                }
            default: return out
            }
        }
    }
}

/// Hands frames from GStreamer's streaming thread to the main thread: keeps only the newest,
/// and posts at most one hop at a time.
private final class FrameMailbox: @unchecked Sendable {
    private let lock = ThreadLock()
    private var latest: (pixels: [UInt8], width: Int, height: Int, pts: Int64)?
    private var posted = false
    private var pts: Int64 = -1
    let runOnMain: @Sendable (@escaping @Sendable @MainActor () -> Void) -> Void
    /// Main thread only.
    public var onFrame: (@MainActor (Bitmap) -> Void)?
    init(runOnMain: @escaping @Sendable (@escaping @Sendable @MainActor () -> Void) -> Void) { self.runOnMain = runOnMain }

    /// Drops the waiting frame; while `blocked`, frames are dropped as they come (the frames
    /// before a seek waiting for the preroll).
    func reset(blocked: Bool) { lock.lock(); latest = nil; isBlocked = blocked; lock.unlock() }
    private var isBlocked = false
    private var shown = 0, skipped = 0
    func takeCounts() -> (shown: Int, skipped: Int) {
        lock.lock(); defer { shown = 0; skipped = 0; lock.unlock() }
        return (shown, skipped)
    }

    var lastPTS: Double? { lock.lock(); defer { lock.unlock() }; return pts >= 0 ? Double(pts) / 1e9 : nil }

    /// Streaming thread: copies the frame (GStreamer reuses the buffer).
    func receive(_ data: UnsafePointer<UInt8>, width: Int, height: Int, stride: Int, pts: Int64) {
        let row = width * 4
        let pixels = [UInt8](unsafeUninitializedCapacity: row * height) { dst, count in
            if stride == row { memcpy(dst.baseAddress!, data, row * height) }
            else { for y in 0..<height { memcpy(dst.baseAddress! + y * row, data + y * stride, row) } }
            count = row * height
        }
        lock.lock()
        guard !isBlocked else { lock.unlock(); return }
        if latest != nil { skipped += 1 }
        latest = (pixels, width, height, pts)
        let post = !posted
        posted = true
        lock.unlock()
        if post { runOnMain { [weak self] in self?.deliver() } }
    }

    @MainActor private func deliver() {
        lock.lock()
        let f = latest; latest = nil; posted = false
        if let f { pts = f.pts; shown += 1 }
        lock.unlock()
        guard let f, let b = Bitmap(width: f.width, height: f.height, format: .rgba, isOpaque: true, pixels: f.pixels) else { return }
        onFrame?(b)
    }
}

/// A clip that cannot be played: names the file and the problem.
public struct MediaError: Error, CustomStringConvertible {
    public var file: String
    public var problem: String
    public var description: String { "\(SafeText.escape(file)): \(problem)" }
}
