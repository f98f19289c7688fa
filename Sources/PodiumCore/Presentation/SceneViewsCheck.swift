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
        var description: String {
            "plugin \(plugin), scene kind \(SafeText.quote(kind)): presenterView and audienceView are the same view "
                + "(a view is shown in one window only: give each its own view)"
        }
    }

    /// Throws `SameView` when `scene` returns one view object for both windows. Reads the views
    /// once each (plugin code: call inside `SceneCode.run`).
    @MainActor static func check(_ scene: Scene, plugin: String, kind: String) throws {
        if scene.presenterView === scene.audienceView { throw SameView(plugin: plugin, kind: kind) }
    }
}
