/// A scene with steps of its own that the clicker's `next` goes through before the deck moves on
/// (a PDF page range's pages, `Scene.handle(.next)` returning true), which says whether one is
/// left. The console then captions its preview of the deck's next scene "Next scene:", not
/// "Next:", while `next` still stays in this scene (trial 17 m6: "Next: End" beside the range's
/// own NEXT preview of its next page read as two answers to one question).
/// Optional, like `ScenePositionKeeping`: a scene that does not adopt it is taken to have no step
/// of its own left, and the caption reads "Next:". (API 3.x, added.)
///
/// ```swift
/// var hasNextStep: Bool { page < lastPage }
/// ```
@MainActor
public protocol SceneStepping: Scene {
    /// True when the clicker's `next` (`ConsoleAction.next`) would now stay in this scene (its
    /// `handle(.next)` would return true) rather than go to the deck's next scene. Read while the
    /// scene is current: when it becomes current and after each `SceneContext.setNeedsDisplay`,
    /// so call that when it changes (a page turned). Keep it cheap.
    var hasNextStep: Bool { get }
}
