import Foundation
import PodiumKit
import PodiumMedia

/// The `media` scene: a video or audio clip played through GStreamer, letterboxed on the audience
/// view, with play/pause, seek, volume and loop on the presenter view.
///
/// Parameters: `file` (string, required; relative to the deck), `autoplay` (default true: plays
/// when the scene becomes current), `loop` (default false), `start` and `end` (seconds into the
/// clip, 0…36000, `end` after `start`), `volume` (0…1, default 1), `poster` (an image shown
/// before the first frame and for an audio-only clip), `onLeave` (`pause`, default, or `stop`:
/// back to `start`).
public enum MediaPlugin {
    public static func descriptor() -> PluginDescriptor {
        var d = PluginDescriptor(id: "org.podium.media", name: "Media", version: "1.0.0", sceneKinds: [
            // A missing or unreadable clip is not a deck error at launch: the talk starts and the
            // scene's `make` fails with an error card for the speaker, as a missing PDF or an
            // unplayable clip does (trial 11 F9). `podium check` and a reload still refuse it.
            SceneKind(name: "media", summary: "A video or audio clip, played through GStreamer", validate: { p in
                _ = try MediaOptions(p, requireFiles: false)
            }, make: { p, context in try MediaScene(p, context) }).parameterNames(["file", "autoplay", "loop", "start", "end", "volume", "poster", "onLeave"]),
        ])
        // GStreamer's probe for `podium check` only; before a reload (which must not wait on
        // GStreamer) a missing or unreadable file is still a problem: the old deck stays.
        d.sceneKinds[0].checkFiles = { p, r in
            if r.probe { return SceneFileCheck(problem: fileProblem(p, deckDirectory: r.deckDirectory)) }
            return r.complete ? SceneFileCheck(problem: missingFile(p, deckDirectory: r.deckDirectory)) : .fine
        }
        return d
    }

    /// Why the clip of a `media` scene cannot be played here, for `podium check`: a missing or
    /// unreadable file, or what GStreamer's discoverer reports (the missing decoder or demuxer by
    /// name, a file it cannot read), or a `start` past the clip's end. Nil when it plays. Relative paths resolve against
    /// `deckDirectory`. Blocks for up to `timeout` seconds per file.
    public static func fileProblem(_ p: SceneParameters, deckDirectory: URL, timeout: Double = 10) -> String? {
        do {
            let o = try MediaOptions(based(p, deckDirectory))
            let probe = MediaProbe.run(o.file, timeout: timeout)
            if let problem = probe.problem { return "\(p.path).file: \(SafeText.escape(o.file.path)): \(problem)" }
            if probe.duration > 0, o.start >= probe.duration {
                return "\(p.path).start: \(o.start) s is past the end of \(o.fileName) (\(String(format: "%.1f", probe.duration)) s long)"
            }
            return nil
        } catch { return "\(error)" }
    }

    /// A missing or unreadable `file` or `poster` (no GStreamer), nil when both are there.
    static func missingFile(_ p: SceneParameters, deckDirectory: URL) -> String? {
        do { _ = try MediaOptions(based(p, deckDirectory)); return nil } catch { return "\(error)" }
    }

    private static func based(_ p: SceneParameters, _ deckDirectory: URL) -> SceneParameters {
        p.baseDirectory == nil ? SceneParameters(p.values, path: p.path, baseDirectory: deckDirectory) : p
    }
}
