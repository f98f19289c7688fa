/// A mouse button or wheel step that a key map can bind to an action, as written in key-map
/// files: `"next": ["Page Down", "MouseLeft", "WheelDown"]`. The host binds them only where a
/// click means "the talk" (the audience window, the presenter's audience preview); clicks on
/// controls, popovers and a scene's own views are the views' as before.
public enum PointerButton: String, CaseIterable, Sendable {
    /// Mouse buttons, named as in key-map files.
    case mouseLeft = "MouseLeft", mouseMiddle = "MouseMiddle", mouseRight = "MouseRight"
    /// One step of the wheel up or down (see ``PointerButton/init(wheelDY:)``).
    case wheelUp = "WheelUp", wheelDown = "WheelDown"

    /// SDL's button numbers: 1 left, 2 middle, 3 right; nil for others (back/forward).
    public init?(button: Int) {
        switch button { case 1: self = .mouseLeft; case 2: self = .mouseMiddle; case 3: self = .mouseRight; default: return nil }
    }
    /// A wheel step: positive `dy` (SDL: away from the user) is up; nil when there is none.
    public init?(wheelDY dy: Double) {
        if dy > 0 { self = .wheelUp } else if dy < 0 { self = .wheelDown } else { return nil }
    }
}

/// Where a bound click or wheel step landed.
public enum PointerSurface: String, Sendable {
    /// The audience window (on the room's display).
    case audienceWindow
    /// The live preview of the audience view in the presenter view.
    case audiencePreview
}

/// A scene that takes pointer input before the key map turns it into an action (a drawing tool
/// while it is active, which draws where the speaker clicks instead of advancing). The host asks
/// the current scene, when it conforms, for every click and wheel step on the audience window
/// and the presenter's audience preview; presses on the scene's own views (its presenter view)
/// reach those views through ordinary hit-testing and never become actions.
@MainActor
public protocol ScenePointerClaiming: AnyObject {
    /// `event` as delivered (window points of its surface); `audiencePoint`: the same place in
    /// audience-view points. Return true to take it (the bound action is then not performed).
    func claimPointer(_ event: InputEvent, atAudiencePoint audiencePoint: Point, on surface: PointerSurface) -> Bool
}
