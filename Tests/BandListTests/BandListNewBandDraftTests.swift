@testable import BandListScene
import Foundation
import PodiumKit
import PodiumTestSupport
import XCTest

/// Trial 10 F3: a new band with typing no longer holds the list. Moving away from it (another
/// band, + Add) parks it as an "unsaved" row at the top of the list, for the speaker only; picking
/// the row brings it back to the form. Only Save stores it, and only then does the room see it.
extension BandListSceneTests {
    func testANewBandsTypingIsParkedWhenAnotherBandIsPickedAndComesBack() async throws {
        let before = try storedNames()
        click("bands.add")
        root.dispatch(.text("Blur"))
        let portishead = try XCTUnwrap(scene.model.band(named: "Portishead"))
        click("bands.list.row.\(portishead.id)")
        XCTAssertEqual(node("bands.name")?.value, "Portishead", "the click just works")
        XCTAssertEqual(node("bands.message")?.label, "Your new band “Blur” is kept, not saved: pick it at the top of the list to go on with it.")
        XCTAssertEqual(scene.list.sections.first?.title, "+")
        XCTAssertEqual(scene.list.sections.first?.rows, [ListRow(id: "-1", title: "Blur", subtitle: "new, unsaved")])
        XCTAssertEqual(scene.audience.shown?.name, "Portishead", "the room sees stored bands only")
        // Edits to Portishead are parked as before; a second new band is parked below the first.
        click("bands.name"); root.dispatch(.key(Key("End"))); root.dispatch(.text(" PPP"))
        click("bands.add")
        XCTAssertEqual(node("bands.name")?.value, "", "+ Add gives an empty new band")
        XCTAssertTrue(root.focusedView === scene.detail.name)
        root.dispatch(.text("Pulp"))
        click("bands.list.row.-1")
        XCTAssertEqual(node("bands.name")?.value, "Blur")
        XCTAssertTrue(scene.isNewBand)
        XCTAssertNil(node("bands.list")?.value, "the new band in the form has no row selected")
        XCTAssertEqual(scene.list.sections.first?.rows.map(\.title), ["Pulp"], "the one in the form is not listed")
        XCTAssertEqual(try storedNames(), before, "nothing was stored")
        XCTAssertEqual(scene.audience.shown?.name, "Portishead")
        click("bands.save")
        XCTAssertEqual(try storedNames().count, before.count + 1)
        XCTAssertTrue(try storedNames().contains("Blur"))
        XCTAssertEqual(scene.audience.shown?.name, "Blur", "shown to the room once saved")
        XCTAssertEqual(scene.list.sections.first?.rows.map(\.title), ["Pulp"], "the other new band stays listed, unsaved")
        click("bands.list.row.\(portishead.id)")
        XCTAssertEqual(node("bands.name")?.value, "Portishead PPP", "Portishead's parked edits are back")
        click("bands.list.row.-2")
        XCTAssertEqual(node("bands.name")?.value, "Pulp")
        XCTAssertFalse(try storedNames().contains("Pulp"))
    }

    /// Parked new bands are in the draft file with the form's edits: a quit loses none of them.
    func testParkedNewBandsSurviveAQuit() async throws {
        let before = try storedNames()
        click("bands.add"); root.dispatch(.text("Blur"))
        let queen = try XCTUnwrap(scene.model.band(named: "Queen"))
        click("bands.list.row.\(queen.id)")
        click("bands.add"); root.dispatch(.text("Pulp"))
        scene = nil   // the talk quits without a save
        scene = try makeScene(["select": "Radiohead", "locale": "en_US"])
        XCTAssertEqual(node("bands.name")?.value, "Pulp", "the form's new band is back in the form")
        XCTAssertTrue(scene.isNewBand)
        XCTAssertEqual(node("bands.list.row.-1")?.label, "Blur", "the parked one is listed")
        XCTAssertEqual(try storedNames(), before)
        click("bands.list.row.-1")
        XCTAssertEqual(node("bands.name")?.value, "Blur")
        XCTAssertEqual(node("bands.list.row.-2")?.label, "Pulp", "the one left is parked in its turn")
        click("bands.actions")
        click("sheet.bands.actions.action.3")   // Discard New Band
        XCTAssertNil(node("bands.list.row.-1"))
        XCTAssertEqual(scene.keptEdits.readAll().map(\.name), ["Pulp"], "Pulp is still kept")
        XCTAssertEqual(try storedNames(), before)
    }

    /// The trial's "+ Add once did nothing": letters typed with the list focused, then a row,
    /// End and typing in its name, then + Add. + Add gives an empty new band with the focus.
    func testAddAfterTypingIntoTheListAndABandsNameGivesAnEmptyNewBand() async throws {
        let radiohead = try XCTUnwrap(scene.model.band(named: "Radiohead"))
        click("bands.list.row.\(radiohead.id)")
        for k in ["d", "x", "p"] { root.dispatch(.key(Key(k))); root.dispatch(.text(k)) }
        click("bands.name"); root.dispatch(.key(Key("End"))); root.dispatch(.text(" XYZ"))
        let portishead = try XCTUnwrap(scene.model.band(named: "Portishead"))
        click("bands.list.row.\(portishead.id)")
        click("bands.name"); root.dispatch(.key(Key("End"))); root.dispatch(.text(" PPP"))
        XCTAssertEqual(node("bands.name")?.value, "Portishead PPP")
        click("bands.add")
        XCTAssertTrue(scene.isNewBand)
        XCTAssertEqual(node("bands.name")?.value, "")
        root.dispatch(.text("NewBand"))
        XCTAssertEqual(node("bands.name")?.value, "NewBand")
        XCTAssertEqual(scene.parked[portishead.id]?.name, "Portishead PPP")
    }
}
