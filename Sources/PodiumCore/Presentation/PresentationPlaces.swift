import PodiumKit

/// How the console names the talk's places, one way everywhere: the slide's number as the
/// position counts it and digits then Return go to it, and the scene's name without a page
/// number beside it (`PlaceTitle`, `ScenePlaceNaming`); the next preview's caption says when the clicker's next stays
/// in the current scene (`SceneStepping`).
extension Presentation {
    /// Scene `index` (0-based) as the console's position label counts it, for what the speaker
    /// is told about the talk's place (the resume question, a restart's notice, "Next:"): in a
    /// talk of slides (a PDF's pages: scenes with slide keys) the slide as digits then Return go
    /// to it (`slide 2/5 (2/3)`, `slide 6/7`: a page talk.pdfpc hides is not counted), not the
    /// page (trial 16 m7, trial 18 m7); else `scene 3`.
    public func placeName(of index: Int) -> String {
        countsSlides ? slides.slideText(of: index) : "scene \(index + 1)"
    }

    /// Scene `index` as a notice to the speaker names it: its place and its console name, e.g.
    /// `scene 3 “Chart”`, `slide 6/7 “Results”`, `slide 6/7` for a page titled only by its
    /// number (not "scene 6 “Page 7”"). `title`: the name to use (default: the deck's title,
    /// else the scene's kind; never makes the scene).
    public func spokenName(of index: Int, title: String? = nil) -> String {
        guard deck.scenes.indices.contains(index) else { return "scene \(index + 1)" }
        let shown = title ?? deck.scenes[index].title ?? deck.scenes[index].kind
        let name = PlaceTitle.name(shown, placeName: givenPlaceName(at: index, for: shown))
        return placeName(of: index) + (name.map { " “\(SafeText.excerpt($0, limit: 60))”" } ?? "")
    }

    /// Whether the deck's scenes are slides of a document (some scene has a slide key: a PDF
    /// opened as the talk, unless `--no-grouping`), which the speaker names as slides.
    var countsSlides: Bool { slides.isGrouped || deck.scenes.contains { $0.slide != nil } }

    /// The console's name for scene `index` beside its number (`PlaceTitle`): "" for a page
    /// titled only by its number.
    public func consoleTitle(at index: Int) -> String { consoleName(at: index) ?? "" }

    /// Scene `index`'s title as the console names its place (`PlaceTitle`); nil for a page
    /// titled only by its number.
    func consoleName(at index: Int) -> String? {
        let shown = title(at: index)
        return PlaceTitle.name(shown, placeName: givenPlaceName(at: index, for: shown))
    }

    /// The name scene `index` gives its place when titled `title`: its deck opener's for the
    /// deck's title (`DeckScene.placeName`), the made scene's own for its title
    /// (`ScenePlaceNaming`); nil: none given (the title is the name). Never makes the scene.
    func givenPlaceName(at index: Int, for title: String) -> String? {
        if deck.scenes[index].title == title { return deck.scenes[index].placeName }
        guard let made = scenes[index], let naming = made as? ScenePlaceNaming, made.title == title else { return nil }
        return SceneCode.run(in: index) { naming.placeName }
    }

    /// The caption over the console's next preview: `Next: Results`, or the next scene's place
    /// when its title is only a page number (`Next: slide 7/7`); `Next scene:` while the current
    /// scene still has a step of its own for the clicker's next (`SceneStepping`: a PDF page
    /// range's next page, which its own NEXT preview shows); nil at the deck's end.
    func nextCaption() -> String? {
        guard let n = nextSceneIndex else { return nil }
        let name = consoleName(at: n) ?? placeName(of: n)
        return (currentHasNextStep ? "Next scene: " : "Next: ") + name
    }

    /// Whether the current scene takes the clicker's next itself (`SceneStepping.hasNextStep`);
    /// false for a scene not made yet, during a look-up or behind a removed scene's picture, whose
    /// next goes to the deck.
    var currentHasNextStep: Bool {
        guard lookUp == nil, removedScene == nil, hasMadeScene(at: currentIndex), let s = scenes[currentIndex] as? SceneStepping else { return false }
        return SceneCode.run(in: currentIndex) { s.hasNextStep }
    }

    /// The console's title and next caption again for the current scene, which changed its own
    /// (`SceneContext.setNeedsDisplay`); the labels are only touched when their text changed.
    func refreshConsoleNames() {
        let title = consoleTitle(at: currentIndex)
        if console.titleLabel.text != title { console.titleLabel.text = title }
        let caption = nextCaption()
        if console.nextLabel.text != (caption ?? "End of deck") { console.setNextCaption(caption) }
    }
}
