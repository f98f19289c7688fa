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
