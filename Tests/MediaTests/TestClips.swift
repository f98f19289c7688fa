import Foundation
import PodiumTestSupport
import XCTest

/// Clips made at test time with GStreamer's own tools (gstreamer1.0-tools), so the tests carry
/// no binary fixtures and use codecs Debian's plugins-base/-good decode.
enum TestClips {
    /// 160×90 WebM: `seconds` of solid red then as long of solid blue (VP8, 30 fps), with two
    /// seconds of a sine tone (Vorbis).
    /// `seconds` sets the length of each colour.
    static func redThenBlue(in dir: URL, seconds: Int = 1) throws -> URL {
        let out = dir.appendingPathComponent("redblue.webm")
        let caps = "video/x-raw,width=160,height=90,framerate=30/1"
        try launch("webmmux name=m ! filesink location=\(out.path) concat name=c ! videoconvert ! vp8enc deadline=1 ! m. "
                   + "videotestsrc pattern=red num-buffers=\(30 * seconds) ! \(caps) ! c. videotestsrc pattern=blue num-buffers=\(30 * seconds) ! \(caps) ! c. "
                   + "audiotestsrc num-buffers=\(86 * seconds) ! audio/x-raw,rate=44100 ! audioconvert ! vorbisenc ! m.")
        return out
    }

    /// A Matroska file whose one stream is H.265 (zero bytes): a codec with no decoder here.
    static func h265(in dir: URL) throws -> URL {
        let out = dir.appendingPathComponent("hevc.mkv")
        try launch("fakesrc num-buffers=30 sizetype=fixed sizemin=768 sizemax=768 filltype=zero datarate=24000 format=time ! "
                   + "video/x-h265,stream-format=hvc1,alignment=au,width=320,height=240,framerate=30/1 ! matroskamux ! filesink location=\(out.path)")
        return out
    }

    /// A 64×36 PNG (GStreamer's test pattern), for `poster`.
    static func poster(in dir: URL) throws -> URL {
        let out = dir.appendingPathComponent("still.png")
        try launch("videotestsrc num-buffers=1 ! video/x-raw,width=64,height=36 ! videoconvert ! pngenc ! filesink location=\(out.path)")
        return out
    }

    /// Five seconds of a sine tone in Ogg/Vorbis: a clip with no video.
    static func tone(in dir: URL) throws -> URL {
        let out = dir.appendingPathComponent("tone.ogg")
        try launch("audiotestsrc num-buffers=215 ! audio/x-raw,rate=44100 ! audioconvert ! vorbisenc ! oggmux ! filesink location=\(out.path)")
        return out
    }

    /// Whether GStreamer has `element` (e.g. a decoder that would make the H.265 case playable).
    static func hasElement(_ element: String) -> Bool {
        (try? runProcess(tool("gst-inspect-1.0"), ["--exists", element]).status) == 0
    }

    private static func launch(_ pipeline: String) throws {
        let args = ["-q"] + pipeline.split(separator: " ").map(String.init)
        let r = try runProcess(tool("gst-launch-1.0"), args)
        guard r.status == 0 else { throw XCTSkip("gst-launch-1.0 could not make a clip (\(r.status)): \(r.stderr.prefix(300))") }
    }

    private static func tool(_ name: String) -> String {
        ["/usr/bin/\(name)", "/usr/local/bin/\(name)"].first { FileManager.default.isExecutableFile(atPath: $0) } ?? "/usr/bin/\(name)"
    }
}
