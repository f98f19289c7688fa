import PodiumKit

/// A made scene's views, checked before the host puts them in its windows: a view has one
/// superview, so one returned as both `presenterView` and `audienceView` went to the room only
/// and left the console's scene area blank, with nothing said (trial 20 #8, an easy first-plugin
/// mistake). Refused as a `make` that throws: the speaker's error card and the log say so.
enum SceneViewsCheck {
    /// The problem with a made scene's views, e.g. plugin `org.example.nasty`, kind `same`:
    /// `plugin org.example.nasty, scene kind "same": presenterView and audienceView are the same
    /// view (…)`.
    struct SameView: Error, CustomStringConvertible {
        let plugin: String, kind: String
        /// The two views named, e.g. "presenterView and audienceView".
        var views = "presenterView and audienceView"
        /// How they overlap: "are the same view", or one "contains" the other.
        var relation = "are the same view"
        var description: String {
            "plugin \(plugin), scene kind \(SafeText.quote(kind)): \(views) \(relation) "
                + "(a view is shown in one window only: give each its own view)"
        }
    }

    /// A current scene's audience view that left the room after it was made (its plugin moved it,
    /// e.g. into its presenter view in `didBecomeCurrent`): the room was a blank background
    /// (trial 32 F1).
    struct LeftRoom: Error, CustomStringConvertible {
        let plugin: String, kind: String
        var description: String {
            "plugin \(plugin), scene kind \(SafeText.quote(kind)): audienceView was moved out of the audience window "
                + "(a view is shown in one window only: give the presenter view its own view)"
        }
    }

    /// Throws `SameView` when `scene` returns one view object for both windows, or a
    /// `presenterNotesView` that is, holds or is held by either (trial 32 F1: the notes panel's
    /// layout shrank the room's view into a corner). Reads the views once each (plugin code: call
    /// inside `SceneCode.run`).
    @MainActor static func check(_ scene: Scene, plugin: String, kind: String) throws {
        let presenter = scene.presenterView, audience = scene.audienceView
        if presenter === audience { throw SameView(plugin: plugin, kind: kind) }
        guard let notes = scene.presenterNotesView else { return }
        for (name, view) in [("audienceView", audience), ("presenterView", presenter)] {
            if let relation = overlap(notes, view) {
                throw SameView(plugin: plugin, kind: kind, views: "presenterNotesView and \(name)", relation: relation)
            }
        }
    }

    /// How `a` overlaps `b`, if it does: the same view, or one inside the other.
    @MainActor static func overlap(_ a: View, _ b: View) -> String? {
        if a === b { return "are the same view" }
        if a.isDescendant(of: b) { return "are nested (the first is inside the second)" }
        if b.isDescendant(of: a) { return "are nested (the second is inside the first)" }
        return nil
    }
}
