/// What the room is shown in place of the current scene's audience view: a scene that plays
/// media mutes under a blackout and pauses under a freeze (`SceneContext.observeAudience`).
public struct AudienceState: Equatable, Sendable {
    /// A blackout or whiteout covers the audience view.
    public var isCovered: Bool
    /// The room sees a still of the audience view taken when the freeze began.
    public var isFrozen: Bool
    /// A state; both false (the default) is ``AudienceState/live``.
    public init(isCovered: Bool = false, isFrozen: Bool = false) { self.isCovered = isCovered; self.isFrozen = isFrozen }
    /// Nothing covers or freezes the audience view.
    public static let live = AudienceState()
}
