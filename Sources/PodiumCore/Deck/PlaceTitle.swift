import FoundationEssentials

/// A scene's name as the console shows it beside its own number (the toolbar, "Next:", the
/// resume question, a restart's notice): the console counts slides (`6 / 7`, what digits then
/// Return go to, as pdfpc counts its visible slides), so a title that is only a page number is a
/// second number for the same place. With a page hidden by talk.pdfpc, "6 / 7 Page 7" and
/// "scene 6 “Page 7”" named one slide two ways (trial 18 m7).
///
/// The scene says what of its title is a name: its deck opener with `OpenedDeck.Scene.placeName`,
/// a made scene with `ScenePlaceNaming` (the PDF plugin: `Page 7` names nothing, `Methods (p. 8)`
/// is `Methods`); a scene that says nothing is named by its title. The overview, the control
/// socket's `state` and the log keep the whole title.
public enum PlaceTitle {
    /// `placeName` when the scene gives one, else `title`, without surrounding spaces; nil when
    /// nothing is left. E.g. (`Page 7`, "") → nil, (`Methods (p. 8)`, `Methods`) → `Methods`,
    /// (`Results`, nil) → `Results`.
    public static func name(_ title: String?, placeName: String? = nil) -> String? {
        guard let name = placeName ?? title else { return nil }
        let t = name.trimmingSpaces()
        return t.isEmpty ? nil : t
    }
}
