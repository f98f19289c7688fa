import Foundation
import PodiumKit
import PodiumMedia

/// A `media` scene's parameters, checked (see `MediaPlugin`).
struct MediaOptions {
    /// What leaving the scene does to the clip.
    enum LeaveBehaviour: String { case pause, stop }

    /// The clip, absolute (relative paths resolve against the deck's folder).
    var file: URL
    /// As written in the deck, for messages.
    var fileName: String
    var autoplay: Bool
    var loop: Bool
    /// Seconds into the clip where it starts (and restarts when looping).
    var start: Double
    /// Seconds into the clip where it stops; nil: at its end.
    var end: Double?
    /// 0…1 (GStreamer's linear volume; above 1 would amplify and clip).
    var volume: Double
    var poster: URL?
    var onLeave: LeaveBehaviour
    /// JSON path of the parameters, for errors found later.
    var path: String

    /// Throws `SceneParameterError` naming the field: a missing or unreadable `file`/`poster`
    /// (only with `requireFiles`: the deck's validation at launch leaves that to the scene's
    /// `make`, whose error card the speaker skips, and to `podium check`), a number out of range,
    /// `end` not after `start`, an unknown `onLeave`.
    init(_ p: SceneParameters, requireFiles: Bool = true) throws {
        fileName = try p.requiredString("file")
        guard let f = try Self.clip(p, "file", require: requireFiles) else { throw SceneParameterError(path: "\(p.path).file", message: "missing required string") }
        file = f
        path = p.path
        autoplay = try p.bool("autoplay") ?? true
        loop = try p.bool("loop") ?? false
        // Ten hours bounds every clip a talk plays and keeps nanoseconds far from overflow.
        start = try p.number("start", in: 0...36_000) ?? 0
        end = try p.number("end", in: 0...36_000)
        if let e = end, e <= start {
            throw SceneParameterError(path: "\(p.path).end", message: "end (\(e) s) must be after start (\(start) s)")
        }
        volume = try p.number("volume", in: 0...1) ?? 1
        poster = try Self.clip(p, "poster", require: requireFiles)
        let l = try p.string("onLeave") ?? "pause"
        guard let leave = LeaveBehaviour(rawValue: l) else {
            throw SceneParameterError(path: "\(p.path).onLeave", message: "expected pause or stop, found \(SafeText.quote(l))")
        }
        onLeave = leave
    }

    /// The readable regular file named at `key` (relative to the deck), of any size: GStreamer
    /// streams it, so `SceneParameters.existingFile`'s 256 MB cap for files read whole does not
    /// apply. Throws `SceneParameterError` naming the field and path (missing, a directory, a FIFO…);
    /// without `require` only the path is made.
    static func clip(_ p: SceneParameters, _ key: String, require: Bool = true) throws -> URL? {
        guard let s = try p.string(key) else { return nil }
        let url = (s.hasPrefix("/") || p.baseDirectory == nil ? URL(fileURLWithPath: s) : p.baseDirectory!.appendingPathComponent(s)).standardizedFileURL
        guard require else { return url }
        do { try InputFile.check(url.path, maxBytes: .max) }
        catch let e as InputFileError { throw SceneParameterError(path: "\(p.path).\(key)", message: "\(e.problem): \(SafeText.escape(url.path))") }
        return url
    }

    /// What the shared playback needs.
    var clip: ClipSettings {
        ClipSettings(file: file, fileName: fileName, autoplay: autoplay, loop: loop, start: start, end: end, volume: volume,
                     poster: poster, stopsOnLeave: onLeave == .stop, resumesOnReturn: true, origin: "\(path).file")
    }
}
