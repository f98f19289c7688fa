/// A scene whose title carries its place (a PDF page's stand-in `Page 7`; a title such as `Methods (p. 8)`), which
/// gives the name the console shows beside its own number for the place (`slide 6/7 “Methods”`):
/// the console counts slides as digits then Return go to them, so a page number beside that is a
/// second number for one place (trial 18 m7). The overview, the control socket's `state` and the
/// log keep the whole `title`.
/// Optional, like `SceneStepping`: a scene that does not adopt it is named by its title. A deck
/// opener's scenes give the same before they are made with `OpenedDeck.Scene.placeName`.
/// (API 3.x, added.)
///
/// ```swift
/// var placeName: String { outlineTitle ?? "" }   // "": the page only had a number
/// ```
@MainActor
public protocol ScenePlaceNaming: Scene {
    /// The scene's name beside the console's number for its place: its title without the page
    /// number it carries (`Methods (p. 8)` → `Methods`), or "" when the title names nothing else
    /// (`Page 7`: the console shows the number alone). Read when the console names the place (at
    /// each scene change and `SceneContext.setNeedsDisplay`): keep it cheap.
    var placeName: String { get }
}
