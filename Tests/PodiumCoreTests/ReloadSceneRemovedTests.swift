import Foundation
import PodiumCore
import PodiumKit
import PodiumTestSupport
import XCTest

/// Trial 20 m6: the scene on screen deleted from a JSON deck mid-talk moved the room to the next
/// scene, said only as "Reloaded demo.json", and the log said the place was "found by label".
/// The place is now `notFound`, and the speaker is told which scene went and what the room shows.
@MainActor
final class ReloadSceneRemovedTests: XCTestCase {
    func deck(_ titles: [String]) -> Deck {
        Deck(title: "T", scenes: titles.map { DeckScene(kind: "a", title: $0) }, path: "/tmp/demo.json")
    }

    func testTheSceneOnScreenRemovedIsSaidToBeGoneAndWhereTheTalkIs() async {
        let r = PluginRegistry()
        r.register(PluginDescriptor(id: "test", name: "Test", version: "1", sceneKinds: [SceneKind(name: "a", summary: "") { _, _ in SpotScene() }]))
        let p = Presentation(deck: deck(["Welcome", "The Bands", "Record Stores", "Read More", "Every Language", "Thanks"]),
                             registry: r, metrics: FixedMetrics(), clock: { 100 })
        p.goTo(3)
        p.replaceDeck(deck(["Welcome", "The Bands", "Record Stores", "Every Language", "Thanks"]))
        XCTAssertEqual(p.title(at: p.currentIndex), "Every Language")
        XCTAssertEqual(p.reloadPlaceFound, .notFound, "not found by label: no scene has its title")
        let found = try! XCTUnwrap(p.reloadPlaceFound)
        XCTAssertFalse(found.logWords.contains("by label"), found.logWords)
        XCTAssertEqual(found.speakerWords(was: "Read More", now: p.title(at: p.currentIndex), file: "demo.json", hadContent: false),
                       "“Read More” is not in demo.json any more: the room now shows “Every Language”")
    }

    /// A scene kept (a scene before it removed) is found by label, and the speaker is not told
    /// of a place that was found; a scene removed is not found even where one scene is left.
    func testASceneKeptIsFoundByLabelAndOnlyARemovedOneIsNotFound() async {
        func a(_ t: [String]) -> [ReloadPosition.Anchor] { t.map { ReloadPosition.Anchor(kind: "a", title: $0) } }
        let place = ReloadPosition.place(from: 2, old: a(["Demo", "Maps", "Thanks"]), new: a(["Demo", "Thanks"]))
        XCTAssertEqual(place.index, 1)
        XCTAssertEqual(place.found, .label)
        XCTAssertNil(place.found.speakerWords(was: "Thanks", now: "Thanks", file: "demo.json", hadContent: false))
        XCTAssertEqual(ReloadPosition.place(from: 1, old: a(["Demo", "Maps"]), new: a(["Thanks"])).found, .notFound)
    }
}
