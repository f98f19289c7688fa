import Foundation
import PodiumKit
import PodiumMedia

/// Plays one clip (see `MediaPlugin`) through the shared `ClipPlayback`: it is active while the
/// scene is current. A clip that fails shows its error to the presenter only: the room keeps the
/// poster, or black.
final class MediaScene: Scene {
    let options: MediaOptions
    let playback: ClipPlayback
    var presenterView: View { playback.controls }
    var audienceView: View { playback.audienceVideo }
    /// The clip's file name (a deck `title` replaces it in the console).
    var title: String { options.file.lastPathComponent }

    var audienceVideo: VideoView { playback.audienceVideo }
    var controls: MediaControls { playback.controls }
    var player: MediaPlayer? { playback.player }
    var failure: String? { playback.failure }
    var wantsPlaying: Bool { playback.wantsPlaying }

    init(_ p: SceneParameters, _ context: SceneContext) throws {
        options = try MediaOptions(p)
        playback = ClipPlayback(options.clip, context: context)
    }

    func didBecomeCurrent() { playback.activate() }
    func willResignCurrent() { playback.deactivate() }

    func handle(_ action: ConsoleAction) -> Bool {
        guard action == .playPause else { return false }
        playback.togglePlaying()
        return true
    }

    /// Play or pause, as the presenter's button and the `playPause` key do.
    func togglePlaying() { playback.togglePlaying() }
    /// Seeks to `seconds` after `start` (the presenter's slider).
    func seek(toElapsed seconds: Double) { playback.seek(toElapsed: seconds) }
}
