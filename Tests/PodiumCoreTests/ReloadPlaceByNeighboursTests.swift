import Foundation
import PodiumCore
import PodiumKit
import PodiumTestSupport
import XCTest

/// Trial 19 F3: a recompile that edits the current slide and also adds or removes a slide before
/// it kept the room on the page with the old label (Beamer's labels shift by one): the edited
/// page is now placed by the unchanged pages around it (the mapping talk.pdfpc's notes follow,
/// `PageMapping`), and a JSON deck's retitled scene by the scenes around it.
@MainActor
final class ReloadPlaceByNeighboursTests: XCTestCase {
    /// The trial's Beamer talk as a reload sees it (talk.pdfpc hides the backup: not a scene):
    /// label, text with the footline's frame number.
    let trial: [(String, String)] = [("1", "Title Slide Welcome to the talk 1"),
                                     ("2", "Overlays First point 2"),
                                     ("2", "Overlays First point Second point 2"),
                                     ("2", "Overlays First point Second point Third point 2"),
                                     ("4", "Results Results are great: 42 4"),
                                     ("5", "End Thanks! Questions? 5")]
    let agenda = ("2", "Agenda Agenda for today 2")

    /// A PDF page's anchor: its label, the text and the text without digits, its words.
    func pages(_ p: [(String, String)]) -> [ReloadPosition.Anchor] {
        p.map { label, text in
            ReloadPosition.Anchor(kind: "pdf", title: label, content: { [text, String(text.filter { !$0.isNumber })] },
                                  words: { PageMapping.words(text) })
        }
    }
    /// `p` with every label and footline number from page `from` on one more (or less).
    func shifted(_ p: [(String, String)], by n: Int) -> [(String, String)] {
        p.map { label, text in
            let l = Int(label)! + n
            return ("\(l)", String(text.dropLast()) + "\(Int(String(text.last!))! + n)")
        }
    }
    func edited(_ p: (String, String), _ from: String, _ to: String) -> (String, String) { (p.0, p.1.replacingOccurrences(of: from, with: to)) }

    /// a) On Overlays 2/3, Agenda inserted before it and "Second point" edited: Overlays 2/3 of
    /// the new version (it went to Agenda, the page with the old label).
    func testAnOverlayEditedWithAFrameInsertedBeforeItStaysOnThatOverlay() async {
        let new = [trial[0], agenda] + shifted(Array(trial[1...3]), by: 1).map { edited($0, "Second point", "Second point (edited)") }
            + shifted(Array(trial[4...]), by: 1)
        let place = ReloadPosition.place(from: 2, old: pages(trial), new: pages(new))
        XCTAssertEqual(place.index, 3, "Overlays 2/3, not Agenda")
        XCTAssertEqual(place.found, .neighbours)
    }

    /// b) On Results of the Agenda version, Agenda removed and Results reworded: Results (it
    /// went forward to End).
    func testResultsRewordedWithAFrameRemovedBeforeItStaysOnResults() async {
        let withAgenda = [trial[0], agenda] + shifted(Array(trial[1...]), by: 1)
        let new = Array(trial[0...3]) + [edited(trial[4], "42", "42, confirmed by a second run"), trial[5]]
        let place = ReloadPosition.place(from: 5, old: pages(withAgenda), new: pages(new))
        XCTAssertEqual(place.index, 4, "Results, not End")
        XCTAssertEqual(place.found, .neighbours)
    }

    /// c) On Results, Agenda inserted and Results reworded: Results (it went back to Overlays).
    func testResultsRewordedWithAFrameInsertedBeforeItStaysOnResults() async {
        let new = [trial[0], agenda] + shifted(Array(trial[1...3]), by: 1)
            + [edited(shifted([trial[4]], by: 1)[0], "42", "42, confirmed by a second run"), shifted([trial[5]], by: 1)[0]]
        let place = ReloadPosition.place(from: 4, old: pages(trial), new: pages(new))
        XCTAssertEqual(place.index, 5, "Results, not Overlays")
        XCTAssertEqual(place.found, .neighbours)
    }

    /// Results reworded and a new frame put right before it: two new pages between Overlays and
    /// End for one old one, so the neighbours leave two places: the one sharing its words.
    func testAnEditedPageWithANewPageBesideItIsPlacedByItsWords() async {
        let new = Array(trial[0...3]) + [("4", "Extra Slide More to say 4"), ("5", "Results Results are great: 42, confirmed 5"), ("6", "End Thanks! Questions? 6")]
        let place = ReloadPosition.place(from: 4, old: pages(trial), new: pages(new))
        XCTAssertEqual(place.index, 5, "Results, not Extra")
        XCTAssertEqual(place.found, .guess)
        // Nothing in common with any page there: not a guess, the label rule.
        let other = Array(trial[0...3]) + [("4", "Extra Slide 4"), ("5", "Findings Excellent 5"), ("6", "End Thanks! Questions? 6")]
        XCTAssertEqual(ReloadPosition.place(from: 4, old: pages(trial), new: pages(other)).found, .label)
        // An unchanged page is still found by its content.
        XCTAssertEqual(ReloadPosition.place(from: 5, old: pages(trial), new: pages(new)).index, 6)
        XCTAssertEqual(ReloadPosition.place(from: 5, old: pages(trial), new: pages(new)).found, .content)
    }

    /// The JSON deck: on scene 3 "Record Stores", its title changed to "Record Shops" and a
    /// scene "Interlude" inserted before it: Record Shops (it stayed at index 3, Interlude).
    func testAJSONSceneRetitledWithASceneInsertedBeforeItIsFoundByItsNeighbours() async {
        func a(_ t: [String]) -> [ReloadPosition.Anchor] { t.map { ReloadPosition.Anchor(kind: "title", title: $0) } }
        let old = a(["Welcome", "Bands", "Record Stores", "Maps", "Thanks"])
        let place = ReloadPosition.place(from: 2, old: old, new: a(["Welcome", "Bands", "Interlude", "Record Shops", "Maps", "Thanks"]))
        XCTAssertEqual(place.index, 3, "Record Shops, not Interlude")
        XCTAssertEqual(place.found, .guess)
        // Retitled alone: the one place its neighbours leave.
        XCTAssertEqual(ReloadPosition.place(from: 2, old: old, new: a(["Welcome", "Bands", "Vinyl", "Maps", "Thanks"])).index, 2)
        XCTAssertEqual(ReloadPosition.place(from: 2, old: old, new: a(["Welcome", "Bands", "Vinyl", "Maps", "Thanks"])).found, .neighbours)
        // Unchanged, a scene inserted before it: aligned by its title.
        XCTAssertEqual(ReloadPosition.place(from: 2, old: old, new: a(["Welcome", "Bands", "Interlude", "Record Stores", "Maps"])).index, 3)
    }

    /// Through the presentation: the JSON case moves the talk to Record Shops and says how.
    func testAReloadOfTheJSONDeckSaysHowThePlaceWasFound() async {
        let r = PluginRegistry()
        r.register(PluginDescriptor(id: "test", name: "Test", version: "1", sceneKinds: [SceneKind(name: "a", summary: "") { _, _ in SpotScene() }]))
        func deck(_ titles: [String]) -> Deck { Deck(title: "T", scenes: titles.map { DeckScene(kind: "a", title: $0) }, path: "/tmp/t.json") }
        let p = Presentation(deck: deck(["Welcome", "Bands", "Record Stores", "Maps"]), registry: r, metrics: FixedMetrics(), clock: { 100 })
        p.goTo(2)
        p.replaceDeck(deck(["Welcome", "Bands", "Interlude", "Record Shops", "Maps"]))
        XCTAssertEqual(p.title(at: p.currentIndex), "Record Shops")
        XCTAssertEqual(p.reloadPlaceFound, .guess)
    }
}
