import Foundation
@testable import PodiumCore
import PodiumKit
import PodiumTestSupport
import XCTest

/// A scene with three steps of its own that the clicker's next goes through (as a PDF page
/// range's pages), saying whether one is left (`SceneStepping`).
final class SteppingScene: SceneStepping {
    let title = "Range"
    let presenterView = View()
    let audienceView = View()
    let context: SceneContext
    var step = 0
    init(_ context: SceneContext) { self.context = context }
    var hasNextStep: Bool { step < 2 }
    func handle(_ action: ConsoleAction) -> Bool {
        guard action == .next, hasNextStep else { return false }
        step += 1
        context.setNeedsDisplay()
        return true
    }
}

/// A scene that names its place (`ScenePlaceNaming`), as the PDF scene does for a page range:
/// its title carries a page number, its name does not.
final class NamingScene: ScenePlaceNaming {
    var title: String { "Step \(step + 1) of Build" }
    var placeName: String { step == 0 ? "" : "Build" }
    let presenterView = View()
    let audienceView = View()
    let context: SceneContext
    var step = 0
    init(_ context: SceneContext) { self.context = context }
}

/// How the console names one place: the slide number it counts (what digits then Return go to)
/// and the slide's name, never a page number beside it (trial 18 m7); and its caption over the
/// next scene's preview while the current scene still has steps of its own (trial 17 m6).
@MainActor
final class ConsolePlaceNamesTests: XCTestCase {
    func registry() -> PluginRegistry {
        let r = PluginRegistry()
        r.register(PluginDescriptor(id: "t", name: "T", version: "1", sceneKinds: [
            SceneKind(name: "pdf", summary: "") { _, _ in RecordingScene("P") },
            SceneKind(name: "range", summary: "") { _, ctx in SteppingScene(ctx) },
            SceneKind(name: "naming", summary: "") { _, ctx in NamingScene(ctx) },
        ]))
        return r
    }

    /// A PDF talk of 8 pages whose talk.pdfpc hides page 6, as `podium present talk.pdf` makes
    /// it: seven scenes keyed and titled by the pages' labels (`Page 7` where the outline has
    /// nothing, named "" beside the console's number), `titles` replacing some (title, name).
    func pdfTalk(titles: [Int: (String, String)] = [:]) -> Presentation {
        let labels = ["1", "2", "3", "4", "5", "7", "8"]
        let scenes = labels.enumerated().map { i, l in
            var s = DeckScene(kind: "pdf", title: titles[i]?.0 ?? "Page \(l)", slide: l)
            s.placeName = titles[i]?.1 ?? ""
            return s
        }
        let p = Presentation(deck: Deck(title: "T", scenes: scenes, path: "/talks/talk.pdf"), registry: registry(), metrics: FixedMetrics(), clock: { 0 })
        p.presenter.resize(to: Size(1280, 800))
        return p
    }

    func texts(_ p: Presentation) -> [String] {
        p.presenter.drawList().commands.compactMap { if case let .text(b, _, _) = $0 { b.text } else { nil } }
    }

    /// The scene says what of its title is a name (the PDF plugin: `PageTitles.placeName`); the
    /// console knows no plugin's titles.
    func testTheSceneNamesItsPlace() async {
        XCTAssertNil(PlaceTitle.name("Page 7", placeName: ""))
        XCTAssertEqual(PlaceTitle.name("Methods (p. 8)", placeName: "Methods"), "Methods")
        XCTAssertEqual(PlaceTitle.name("Results"), "Results")
        XCTAssertEqual(PlaceTitle.name("Page 7"), "Page 7", "an author's title, no name given: the title")
        XCTAssertNil(PlaceTitle.name(nil))
        XCTAssertNil(PlaceTitle.name(" "))
        XCTAssertNil(PlaceTitle.name("Page 12", placeName: " "))

        // A JSON deck's scene titled "Page 7" by its author keeps that name (only a deck opener or
        // the scene itself says a title is a page number).
        let json = Presentation(deck: Deck(title: "T", scenes: [DeckScene(kind: "pdf", title: "Page 7"), DeckScene(kind: "naming")], path: "/t.json"),
                                registry: registry(), metrics: FixedMetrics(), clock: { 0 })
        json.presenter.resize(to: Size(1280, 800))
        XCTAssertEqual(json.console.titleLabel.text, "Page 7")
        XCTAssertEqual(json.spokenName(of: 0), "scene 1 “Page 7”")
        // Untitled in the deck, a made scene names itself (`ScenePlaceNaming`), following its steps.
        XCTAssertEqual(json.console.nextLabel.text, "Next: scene 2", "its first step is named by its number alone")
        json.goTo(1)
        XCTAssertEqual(json.console.titleLabel.text, "")
        XCTAssertEqual(json.spokenName(of: 1, title: json.title(at: 1)), "scene 2")
        (json.scene(at: 1) as? NamingScene)?.step = 1
        json.refreshConsoleNames()
        XCTAssertEqual(json.console.titleLabel.text, "Build")
        XCTAssertEqual(json.spokenName(of: 1, title: json.title(at: 1)), "scene 2 “Build”")
        XCTAssertEqual(json.title(at: 1), "Step 2 of Build", "the title itself is kept")
    }

    /// Trial 18 m7: at page 7 (the sixth slide, page 6 hidden) the toolbar read "6 / 7 Page 7"
    /// and the resume question "scene 6 “Page 7”", while digits then Return go to 6.
    func testAHiddenPageLeavesOneNumberForTheSlideInTheToolbarNextResumeAndJump() async {
        let p = pdfTalk()
        XCTAssertTrue(p.jump(toSlide: 6))
        XCTAssertEqual(p.currentIndex, 5, "6 then Return: the page labelled 7")
        XCTAssertEqual(p.console.positionLabel.text, "6 / 7")
        XCTAssertEqual(p.console.titleLabel.text, "", "no page number beside the slide's")
        XCTAssertEqual(p.console.nextLabel.text, "Next: slide 7/7")
        XCTAssertFalse(texts(p).contains { $0.contains("Page 7") || $0.contains("Page 8") }, "\(texts(p))")
        p.openPageJump(digits: "6")
        XCTAssertEqual(p.console.banner.text, "Go to slide: 6▏ (1–7) · Return jumps · Esc cancels")
        p.cancelPageJump()

        let rec = p.journalRecord(now: 0)
        XCTAssertEqual(rec.sceneTitle, "Page 7", "the journal keeps the whole title (it finds the scene again)")
        XCTAssertEqual(p.resumeQuestion(for: rec, now: 0), "Resume the interrupted talk at slide 6/7, 0:00 elapsed? \(TalkJournal.Record.answers)")
        XCTAssertEqual(p.placeName(of: 5), "slide 6/7")
        // A notice to the speaker (a slow draw, a crash restart) names it so too.
        XCTAssertEqual(p.spokenName(of: 5), "slide 6/7")
        XCTAssertEqual(pdfTalk(titles: [5: ("Results", "Results")]).spokenName(of: 5), "slide 6/7 “Results”")
        let json = Presentation(deck: Deck(title: "T", scenes: [DeckScene(kind: "pdf", title: "Chart"), DeckScene(kind: "pdf")], path: "/t.json"),
                                registry: registry(), metrics: FixedMetrics(), clock: { 0 })
        XCTAssertEqual(json.spokenName(of: 0), "scene 1 “Chart”", "a deck of scenes names scenes")
        XCTAssertEqual(json.spokenName(of: 1), "scene 2 “pdf”", "untitled: its kind")
    }

    /// With the PDF's outline the slide keeps its name, beside its number only.
    func testAnOutlineTitleNamesTheSlideWithoutItsPageNumber() async {
        let p = pdfTalk(titles: [5: ("Results", "Results"), 6: ("Results (p. 8)", "Results")])
        p.goTo(5)
        XCTAssertEqual(p.console.positionLabel.text, "6 / 7")
        XCTAssertEqual(p.console.titleLabel.text, "Results")
        XCTAssertEqual(p.console.nextLabel.text, "Next: Results")
        XCTAssertEqual(p.resumeQuestion(for: p.journalRecord(now: 0), now: 0), "Resume the interrupted talk at slide 6/7 “Results”, 0:00 elapsed? \(TalkJournal.Record.answers)")
        // Shrunk below the place: no scene number beside the slide's either.
        let rec = TalkJournal.Record(deck: "/talks/talk.pdf", scene: 9, sceneTitle: "Page 12", sceneKind: "pdf", page: 12, started: false, elapsed: 0, paused: false, savedAt: 0)
        XCTAssertEqual(p.resumeQuestion(for: rec, now: 0),
                       "Resume the interrupted talk at slide 7/7 “Results” (the deck's last: the talk was further on, before the deck got shorter)? \(TalkJournal.Record.answers)")
    }

    /// Trial 17 m6: in a scene with steps left, the preview of the deck's next scene is not what
    /// next shows: captioned "Next scene:" until the last step, then "Next:".
    func testTheNextScenesPreviewIsCaptionedNextSceneWhileTheSceneHasStepsLeft() async {
        let deck = Deck(title: "T", scenes: [DeckScene(kind: "range", title: "Range"), DeckScene(kind: "pdf", title: "End")], path: "/talks/t.json")
        let p = Presentation(deck: deck, registry: registry(), metrics: FixedMetrics(), clock: { 0 })
        p.presenter.resize(to: Size(1280, 800))
        XCTAssertEqual(p.console.nextLabel.text, "Next scene: End")
        p.press(Key("Page Down"))
        XCTAssertEqual(p.currentIndex, 0)
        XCTAssertEqual(p.console.nextLabel.text, "Next scene: End", "one step left")
        p.press(Key("Page Down"))
        XCTAssertEqual(p.currentIndex, 0)
        XCTAssertEqual(p.console.nextLabel.text, "Next: End", "the last step: next goes to End")
        XCTAssertTrue(texts(p).contains("Next: End"))
        p.press(Key("Page Down"))
        XCTAssertEqual(p.currentIndex, 1)
        XCTAssertEqual(p.console.nextLabel.text, "End of deck")
        p.press(Key("Page Up"))
        XCTAssertEqual(p.currentIndex, 0)
        XCTAssertEqual(p.console.nextLabel.text, "Next: End", "back on its last step")
    }
}
