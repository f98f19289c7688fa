import FoundationEssentials
import Glibc
import PodiumKit

extension Presentation {
    /// Logs, once per scene, that its drawing had commands dropped (`DrawListSanitiser`), naming
    /// the scene as the console numbers it, so a plugin author learns which scene to look at.
    func sceneDroppedDrawing(at index: Int, _ report: DrawListSanitiser.Report) {
        guard deck.scenes.indices.contains(index), drawingReported.insert(index).inserted else { return }
        log("scene \(index + 1) “\(title(at: index))” drew \(report.dropped) command\(report.dropped == 1 ? "" : "s") with non-finite geometry, not drawn"
            + (report.first.map { " (first: \($0))" } ?? ""))
    }
}

extension Presentation {
    /// Names, once per scene, a scene whose views took over `SceneCode.slowDraw` to draw: in the
    /// log and for 8 s on the presenter view, e.g. "scene 3 “Chart” took 1.5 s to draw", after
    /// any notice shown then (`showLesserNotice`: a restart's says why first). While it
    /// draws nothing else runs (keys, the room's blackout wait behind it); the plugin's author
    /// and the speaker learn which scene it is.
    func sceneDrewSlowly(at index: Int, seconds: Double) {
        guard deck.scenes.indices.contains(index), slowDrawingReported.insert(index).inserted else { return }
        let took = seconds < 1 ? "\(Int((seconds * 1000).rounded())) ms" : String(cFormat: "%.1f s", seconds)
        let name = "scene \(index + 1) “\(SafeText.excerpt(title(at: index), limit: 60))”"
        log("\(name) took \(took) to draw (its plugin's draw is slow: keys and the room's blackout wait for it)")
        // After this frame (this runs while a window's views are drawn): the notice asks for a redraw.
        // The speaker's notice names the place as the console does (`spokenName`): a PDF page
        // as its slide, with no page number beside it.
        let spoken = spokenName(of: index, title: title(at: index))
        let text = "\(spoken.prefix(1).uppercased() + spoken.dropFirst()) took \(took) to draw; keys wait while it draws."
        _ = timers.schedule(now: clock(), after: 0, repeats: false) { [weak self] in self?.showLesserNotice(text, seconds: 8) }
    }
}

extension Presentation {
    /// Names, once per scene, a scene whose plugin's `make` took over `SceneCode.slowMake`, in the
    /// log with the plugin and kind (for its author), e.g. "scene 3 “Map” (plugin org.podium.map,
    /// kind map) took 4.0 s to make". Nothing else ran meanwhile (trial 20 m7: a 4 s make froze
    /// keys, the clock and both windows, and three Page Downs pressed then all applied after it).
    /// The log only: a make is over when this is known (a slow draw repeats, and is told to the
    /// speaker too), and a big PDF's first page on a loaded machine is no news for the console.
    func sceneMadeSlowly(at index: Int, seconds: Double, plugin: String) {
        guard seconds > SceneCode.slowMake, deck.scenes.indices.contains(index), slowMakingReported.insert(index).inserted else { return }
        let took = String(cFormat: "%.1f s", seconds)
        // Named from the deck (`sceneName`): the scene is still being made here.
        log("\(sceneName(at: index)) (plugin \(plugin), kind \(deck.scenes[index].kind)) took \(took) to make (its plugin's make is slow: keys, the clock and both windows waited for it)")
    }
}
