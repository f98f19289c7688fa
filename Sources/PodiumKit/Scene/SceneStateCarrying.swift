/// A scene whose speaker-made state goes over to its replacement when a reload of the deck makes
/// it again (its deck entry's parameters, title or file changed): text typed in a field, a search
/// with its results, where a map looks, a selection. Optional, like `ScenePositionKeeping`: a
/// scene that does not adopt it starts afresh from its new parameters. (API 3.x, added.)
///
/// The host calls `carriedState()` once on the old scene during the reload (after its
/// `willResignCurrent` when it was current), and `adoptCarriedState(_:changedParameters:)` once on
/// the scene made for the same deck entry in the new version (the same kind, at the old scene's
/// new place), right after `SceneKind.make` and before it is first shown (`didBecomeCurrent`),
/// which for a scene off screen is when the talk or the next preview first needs it. A scene
/// that was handed state is not also handed its `ScenePositionKeeping.position` by that reload.
///
/// ```swift
/// func carriedState() -> JSONValue { ["text": .string(field.text)] }
/// func adoptCarriedState(_ state: JSONValue, changedParameters: Set<String>) {
///     // A changed `query` is the deck's new word on what the field shows.
///     if !changedParameters.contains("query"), let t = state["text"]?.string { field.text = t }
/// }
/// ```
@MainActor
public protocol SceneStateCarrying: Scene {
    /// What the speaker made of this scene that its parameters do not say, as JSON of the
    /// scene's own shape (the map search: `{"text": "record stores", "query": …, "zoom": 14.5}`);
    /// `.null` when there is nothing to hand over. The current scene's is also kept in the talk's
    /// place (the crash watcher's memory and the journal file, within 4 KB with the rest of the
    /// place), and so is each scene's as the talk leaves it (after its `willResignCurrent`), so a
    /// resume after a crash hands it to the scene made again the same way, with no parameter
    /// counted as changed; it may then be called on every frame that draws: keep it cheap, and
    /// small.
    func carriedState() -> JSONValue

    /// Takes over `state` (what `carriedState()` returned on the scene this one replaces).
    /// `changedParameters` names the top-level parameters whose values differ between the old
    /// deck entry and this one (added, removed or changed; empty when only the title or a file
    /// changed): what those parameters set is the deck's to say, so state they contradict is
    /// dropped (the map search keeps its typed query unless `query` or `band` changed). Read
    /// leniently and never fail: what cannot be read (a field missing or of another type) is left
    /// as the new parameters made it.
    func adoptCarriedState(_ state: JSONValue, changedParameters: Set<String>)

    /// True while this scene, handed state by a reload, is still bringing back what the room saw
    /// (a search or a page load in flight to show the carried page again). Meanwhile the room
    /// keeps the last frame it saw before the reload, as under a freeze; the presenter view shows
    /// this scene at once. The host reads it on the main thread, only while this scene is current
    /// after the reload that made it: right after its `didBecomeCurrent`, then every 0.05 s
    /// between frames. The room sees the scene on the first frame after it reads false, and at
    /// the latest 5 s after the reload (the host's bound): then the room sees whatever the scene
    /// shows, the log names the scene and the presenter's banner says the room waited. A move to
    /// another scene ends the wait at once. Return false as soon as nothing more will come (a
    /// failure too); a scene that shows the room nothing it did not see keeps the default,
    /// `false`. (API 3.x, added with a default: plugins built before it are unaffected.)
    var audienceIsRestoring: Bool { get }
}

extension SceneStateCarrying {
    /// Nothing to wait for: the room sees the remade scene at once.
    public var audienceIsRestoring: Bool { false }
}
