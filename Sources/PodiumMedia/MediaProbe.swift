import CGStreamer
import FoundationEssentials
import Glibc

/// What GStreamer's discoverer finds in a clip: whether it can be played here and, when not,
/// why (the missing decoder or demuxer by name, or the discoverer's error).
public struct MediaProbe: Equatable {
    public var videoStreams = 0, audioStreams = 0
    /// Pixels of the first video stream; zero when there is none.
    public var width = 0, height = 0
    /// Seconds; 0 when unknown.
    public var duration = 0.0
    /// Why the clip cannot be played; nil when it can.
    public var problem: String?

    /// Runs the discoverer on `file` (blocking, at most `timeout` seconds).
    public static func run(_ file: URL, timeout: Double = 10) -> MediaProbe {
        if let e = GStreamer.initError { return MediaProbe(problem: "GStreamer is not usable: \(e)") }
        let r = podium_media_discover(GStreamer.uri(file), Int64(timeout * 1e9))
        var p = MediaProbe(videoStreams: Int(r.video_streams), audioStreams: Int(r.audio_streams),
                           width: Int(r.width), height: Int(r.height),
                           duration: r.duration_ns > 0 ? Double(r.duration_ns) / 1e9 : 0)
        let error = GStreamer.take(r.error), decoders = GStreamer.take(r.missing_decoders), others = GStreamer.take(r.missing)
        let missing = decoders ?? others
        switch Int(r.result) {
        case PODIUM_PROBE_OK:
            if p.videoStreams + p.audioStreams == 0 { p.problem = "no audio or video stream in it" }
        case PODIUM_PROBE_MISSING_PLUGINS:
            p.problem = "GStreamer cannot play it: missing plugin: \(missing ?? error ?? "unknown")"
                + " (install gstreamer1.0-plugins-good, -bad or -libav)"
        case PODIUM_PROBE_TIMEOUT: p.problem = "GStreamer took over \(Int(timeout)) s to read it"
        case PODIUM_PROBE_URI_INVALID: p.problem = "not a file GStreamer can open"
        default: p.problem = "GStreamer cannot play it: \(error ?? "unknown error")"
        }
        return p
    }
}
