@testable import BandListScene
import Foundation
import PodiumKit
import PodiumTestSupport
import XCTest

/// Trial 12 F9 for the band list: a reload that remakes the scene keeps the speaker's selection
/// unless the deck changed `select` or `store` (`SceneStateCarrying`); unsaved edits come back
/// from the draft beside the store.
@MainActor
final class BandListCarriedStateTests: XCTestCase {
    var dir: URL!
    var root: WindowRoot!
    var context: FakeSceneContext!

    override func setUp() async throws {
        dir = FileManager.default.temporaryDirectory.appendingPathComponent("bandcarry-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        root = WindowRoot(metrics: FixedMetrics())
        context = FakeSceneContext(pluginID: BandListPlugin.id, dataDirectory: dir.appendingPathComponent("data"), deckDirectory: dir, root: root)
        context.presentsPopovers = false
    }
    override func tearDown() async throws { try? FileManager.default.removeItem(at: dir) }

    func make(_ p: [String: JSONValue]) throws -> BandListScene {
        let s = try BandListScene(SceneParameters(p), context: context)
        root.content.removeAllSubviews()
        root.content.addSubview(s.presenterView.pinned(.fill()))
        root.resize(to: Size(900, 760))
        return s
    }
    func node(_ id: String) -> ControlNode? { root.controlTree().first { $0.id == id } }

    func testTheSelectionIsKeptUnlessTheDeckChangedSelect() async throws {
        let old = try make(["select": "Radiohead", "locale": "en_US"])
        let queen = try XCTUnwrap(old.model.band(named: "Queen"))
        XCTAssertTrue(root.click(controlID: "bands.list.row.\(queen.id)"))
        let state = old.carriedState()

        let kept = try make(["select": "Radiohead", "locale": "en_GB"])
        kept.adoptCarriedState(state, changedParameters: ["locale"])
        XCTAssertEqual(kept.audience.shown?.name, "Queen")
        XCTAssertEqual(node("bands.name")?.value, "Queen")

        let deckSays = try make(["select": "Portishead", "locale": "en_US"])
        deckSays.adoptCarriedState(state, changedParameters: ["select"])
        XCTAssertEqual(deckSays.audience.shown?.name, "Portishead", "the deck's new select")
    }

    /// Edits of a band the speaker picked (not the deck's `select`) are parked when the scene
    /// is made again (trial 19 m5's rule) and come back with the selection handed over.
    func testEditsOfAPickedBandComeBackWithItsSelection() async throws {
        let old = try make(["select": "Radiohead", "locale": "en_US"])
        let queen = try XCTUnwrap(old.model.band(named: "Queen"))
        XCTAssertTrue(root.click(controlID: "bands.list.row.\(queen.id)"))
        XCTAssertTrue(root.click(controlID: "bands.name"))
        root.dispatch(.text(" II"))
        let state = old.carriedState()
        let new = try make(["select": "Radiohead", "locale": "en_GB"])
        new.adoptCarriedState(state, changedParameters: ["locale"])
        XCTAssertEqual(node("bands.name")?.value, "Queen II", "the draft beside the store")
        XCTAssertEqual(new.audience.shown?.name, "Queen", "the speaker's selection; the room still sees the stored band")
        XCTAssertTrue(new.isDirty)

        // The deck's band edited too before the reload: the room stays on the speaker's band.
        XCTAssertTrue(root.click(controlID: "bands.list.row.\(try XCTUnwrap(new.model.band(named: "Radiohead")).id)"))
        XCTAssertTrue(root.click(controlID: "bands.name"))
        root.dispatch(.text(" X"))
        XCTAssertTrue(root.click(controlID: "bands.list.row.\(queen.id)"))
        let both = new.carriedState()
        let third = try make(["select": "Radiohead", "locale": "en_US"])
        third.adoptCarriedState(both, changedParameters: ["locale"])
        XCTAssertEqual(third.audience.shown?.name, "Queen", "the speaker's band, not the deck's with its edits")
        XCTAssertEqual(node("bands.name")?.value, "Queen II")
    }

    func testUnsavedEditsComeBackAndWin() async throws {
        let old = try make(["select": "Radiohead", "locale": "en_US"])
        XCTAssertTrue(root.click(controlID: "bands.name"))
        root.dispatch(.text(" AAA"))
        let state = old.carriedState()
        let new = try make(["select": "Radiohead", "locale": "en_GB"])
        new.adoptCarriedState(state, changedParameters: ["locale"])
        XCTAssertEqual(node("bands.name")?.value, "Radiohead AAA", "the draft beside the store")
        XCTAssertEqual(new.audience.shown?.name, "Radiohead", "the room still sees the stored band")
    }

    /// Review31: a room that saw every name (a delete) keeps seeing them when the scene is made
    /// again, unless the deck now selects a band; a new band being typed stays in the form.
    func testARoomThatSawEveryNameKeepsThemUnlessTheDeckSelectsAnew() async throws {
        let old = try make(["select": "Radiohead", "locale": "en_US"])
        XCTAssertTrue(root.click(controlID: "bands.delete"))
        XCTAssertTrue(root.click(controlID: "sheet.bands.delete.action.0"))
        XCTAssertNil(old.audience.shown)
        let state = old.carriedState()
        XCTAssertEqual(state, ["selected": .null])

        let same = try make(["select": "Queen", "locale": "en_GB"])
        XCTAssertEqual(same.audience.shown?.name, "Queen", "made: the deck's select")
        same.adoptCarriedState(state, changedParameters: ["locale"])
        XCTAssertNil(same.audience.shown, "the room still sees every name")

        let deckSays = try make(["select": "Portishead", "locale": "en_US"])
        deckSays.adoptCarriedState(state, changedParameters: ["select"])
        XCTAssertEqual(deckSays.audience.shown?.name, "Portishead", "the deck's new select wins")

        // A new band typed in the form of a scene made on the deck's band: the room's band goes,
        // the form keeps the typing.
        let typing = try make(["select": "Queen", "locale": "en_US"])
        XCTAssertTrue(root.click(controlID: "bands.add"))
        XCTAssertTrue(root.click(controlID: "bands.name"))
        root.dispatch(.text("Blur"))
        XCTAssertTrue(typing.isNewBand)
        typing.receive(SceneParameters(["select": .null], path: "resume"))
        XCTAssertTrue(typing.isNewBand, "the new band stays in the form")
        XCTAssertEqual(node("bands.name")?.value, "Blur")
        XCTAssertNil(typing.audience.shown, "the room sees every name")
    }
}
