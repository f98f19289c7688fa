/// A scene with a place of its own inside it (a PDF page range's current page), which a reload
/// of the deck and a resume after a crash bring back. Optional: a scene that does not adopt it
/// starts from its beginning when made again.
public protocol ScenePositionKeeping: Scene {
    /// Parameters that, handed to `receive` of the same deck entry made again, return the scene to
    /// this place (the PDF scene: `["file": …, "page": 4]`, 1-based).
    var position: [String: JSONValue] { get }
}
