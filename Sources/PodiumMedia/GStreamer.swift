import CGStreamer
import FoundationEssentials
import Glibc

/// GStreamer, initialised once per process on first use.
public enum GStreamer {
    /// nil when GStreamer is ready, else why not (no plugins, a broken registry).
    public static let initError: String? = {
        var message: UnsafeMutablePointer<CChar>?
        if podium_gst_init(&message) != 0 { return nil }
        defer { free(message) }
        return message.map { String(cString: $0) } ?? "GStreamer could not be initialised"
    }()

    /// `file:` URI of an absolute path (percent-encoded, as GStreamer expects).
    static func uri(_ file: URL) -> String { file.standardizedFileURL.absoluteString }

    /// Takes a malloc'd C string (may be nil) and frees it.
    static func take(_ p: UnsafeMutablePointer<CChar>?) -> String? {
        guard let p else { return nil }
        defer { free(p) }
        return String(cString: p)
    }
}
