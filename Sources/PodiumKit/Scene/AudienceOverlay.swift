/// A scene whose audience view shows things the speaker adds over its content while it is shown
/// (the PDF scene's pen strokes, spotlight and zoom), which follower screens (`podium follow`)
/// mirror. Optional, like `ScenePositionKeeping`: the host never names a plugin; it publishes
/// what the presenter's scene returns and hands it to the same deck entry's scene on each
/// follower. A scene that does not adopt it is shown on followers as it opens. (API 3.0, added.)
@MainActor
public protocol AudienceOverlayMirroring: Scene {
    /// Changes whenever `audienceOverlay` would return something else (a counter or a hash; read
    /// once per turn of the run loop, so it must be cheap). Equal values mean nothing to publish.
    var audienceOverlayRevision: Int { get }
    /// What the room sees over the scene's content now, as a JSON value of the scene's own
    /// shape (the PDF scene: page, strokes in page points, spotlight, zoom), serialised in at
    /// most `maxBytes` UTF-8 bytes: a scene over it simplifies or leaves out the oldest parts and
    /// logs that it did. `.null`: nothing over the content.
    func audienceOverlay(maxBytes: Int) -> JSONValue
    /// Shows `overlay` (what `audienceOverlay` returned on the presenter; `.null`: nothing) in
    /// place of this scene's own. Called on followers only, while the scene is current. Throws a
    /// `JSONPathError` naming the field for a value it cannot read (the follower logs it and
    /// keeps what it showed).
    func applyAudienceOverlay(_ overlay: JSONValue) throws
}
