import PodiumCore
import PodiumKit
import PodiumTestSupport
import XCTest

/// Trial 16 M1: whatever ends a look-up (`f`, Esc, next), the scene that becomes live to the room
/// is in the room's window and draws there at once, never an empty frame.
extension PresentationTests {
    /// The looked-up scene's own colour, unlike the other test scenes'.
    private static let lookedUp = Color(200, 100, 50)

    private func fills(_ r: WindowRoot) -> [Color] { r.drawList().commands.compactMap { if case let .fill(_, c, _) = $0 { c } else { nil } } }

    /// The band list's Find Local Record Stores: the map is the scene right after the band list,
    /// so during the look-up next goes to the scene on the console, and its next preview showed
    /// that scene's audience view, taking it out of the room's window (a view has one superview).
    func testALookUpOnTheNextSceneIsDrawnForTheRoomOnceItEnds() async {
        for end in ["f", "Escape", "Page Down"] {
            made = []
            let p = makePresentation(kinds: ["a", "opener", "b", "a"])
            p.presenter.resize(to: Size(1200, 800))
            p.goTo(1)
            openerContext?.openScene(kind: "b", parameters: [:])
            XCTAssertEqual(p.currentIndex, 2); XCTAssertTrue(p.isFrozen)
            guard let b = made.first(where: { $0.title == "B" }) else { return XCTFail("B was not made") }
            XCTAssertTrue(b.audienceView.isDescendant(of: p.audience.content), "under the freeze the room's window keeps the look-up's view")
            XCTAssertTrue(fills(p.nextStage).contains(b.audienceView.backgroundColor), "the next preview shows where next goes: the look-up")
            b.audienceView.backgroundColor = Self.lookedUp
            XCTAssertFalse(fills(p.audience).contains(Self.lookedUp), "the room still sees the band list")
            p.press(Key(end))
            XCTAssertFalse(p.isFrozen, end)
            XCTAssertEqual(p.currentIndex, 2, end)
            XCTAssertTrue(b.audienceView.isDescendant(of: p.audience.content), "\(end): the room's window holds the scene it shows")
            XCTAssertTrue(fills(p.audience).contains(Self.lookedUp), "\(end): the room sees the look-up, not an empty frame: \(fills(p.audience))")
            XCTAssertTrue(fills(p.presenter).contains(Self.lookedUp), "\(end): and so does the console's audience preview")
        }
    }

    /// Trial 34 m10: after `f` showed a look-up, Page Up went to the scene before it in the
    /// talk (the map), not back to the band list as the hint had said a moment before; nothing
    /// said so. Now the console does; a move that ends the look-up says nothing more.
    func testShowingALookUpSaysWherePreviousGoesNow() async {
        made = []
        let p = makePresentation(kinds: ["a", "opener", "a", "b"])
        p.goTo(1)
        openerContext?.openScene(kind: "b", parameters: [:])
        XCTAssertEqual(p.currentIndex, 3); XCTAssertTrue(p.isFrozen)
        p.press(Key("f"))
        XCTAssertFalse(p.isFrozen)
        XCTAssertEqual(p.notice?.text, "The room sees \(p.title(at: 3)) now: Page Up goes to \(p.title(at: 2)), the scene before it in the talk.")
        p.press(Key("Page Up"))
        XCTAssertEqual(p.currentIndex, 2, "as said")

        // Blacked out, the room does not see it: not said so.
        p.goTo(1)
        p.press(Key("b"))
        openerContext?.openScene(kind: "b", parameters: [:])
        p.press(Key("f"))
        XCTAssertEqual(p.audienceMode, .black)
        XCTAssertEqual(p.notice?.text, "\(p.title(at: 3)) is the talk's place now: Page Up goes to \(p.title(at: 2)), the scene before it in the talk.")
        p.press(Key("b"))

        p.goTo(1)
        openerContext?.openScene(kind: "b", parameters: [:])
        p.press(Key("Page Down"))
        XCTAssertFalse(p.notice?.text.hasPrefix("The room sees") == true, "a move says nothing more: \(p.notice?.text ?? "")")
    }

    /// Search the Web from the band list, then next: the talk goes on to the scene after the
    /// band list (the map), which the next preview showed during the look-up.
    func testNextFromALookUpShowsTheRoomTheSceneAfterTheOrigin() async {
        let p = makePresentation(kinds: ["a", "opener", "card", "b"])
        p.goTo(1)
        openerContext?.openScene(kind: "b", parameters: [:])
        XCTAssertEqual(p.currentIndex, 3); XCTAssertTrue(p.isFrozen)
        guard let card = made.first(where: { $0.title == "Card" }) else { return XCTFail("the next preview did not make scene 3") }
        card.audienceView.backgroundColor = Self.lookedUp
        p.press(Key("Page Down"))
        XCTAssertEqual(p.currentIndex, 2); XCTAssertFalse(p.isFrozen)
        XCTAssertTrue(card.audienceView.isDescendant(of: p.audience.content), "the room's window holds the scene it shows")
        XCTAssertTrue(fills(p.audience).contains(Self.lookedUp), "the room sees it: \(fills(p.audience))")
    }

    /// Trial 16 m10: a reload during a look-up that keeps the scene on the console keeps "Next:"
    /// naming where next goes (the scene after the room's), not the scene after the console's.
    func testAReloadDuringALookUpKeepsTheNextPreviewOnTheSceneNextGoesTo() async {
        let p = makePresentation(kinds: ["a", "opener", "b", "a", "card"])
        p.presenter.resize(to: Size(1200, 800))
        p.goTo(1)
        openerContext?.openScene(kind: "card", parameters: [:])
        XCTAssertEqual(p.currentIndex, 4)
        func nextText() -> String? {
            p.presenter.drawList().commands.compactMap { if case let .text(b, _, _) = $0 { b.text } else { nil } }
                .first { $0.hasPrefix("Next: ") || $0 == "End of deck" }
        }
        XCTAssertEqual(nextText(), "Next: B")
        XCTAssertEqual(p.nextSceneIndex, 2, "what the remote and stage display name as next too (trial 21 m11)")
        p.replaceDeck(p.deck)   // an unrelated save: the scene on the console is kept
        XCTAssertEqual(p.currentIndex, 4); XCTAssertTrue(p.isFrozen, "still a look-up")
        XCTAssertEqual(nextText(), "Next: B", "next still goes on from the room's scene")
        p.next()
        XCTAssertEqual(p.currentIndex, 2)
    }

    /// Trial 32 F2: a scene that opens a look-up as it becomes current (a segue to the title)
    /// keeps the room on itself however the talk came to it: by next, by previous from its own
    /// look-up (the banner's "Page Up goes back"), and by a go-to. The move ended the look-up
    /// the scene had just begun, and the room saw the title, live.
    func testALookUpOpenedAsASceneBecomesCurrentHoldsTheRoomAfterAnyMove() async {
        let p = makePresentation(kinds: ["a", "b", "segue", "b"])
        let segue = Color(1, 2, 3)
        func roomSeesTheSegue(_ how: String) {
            XCTAssertEqual(p.currentIndex, 0, "\(how): the console looks the title up")
            XCTAssertTrue(p.isFrozen, "\(how): the room is held")
            XCTAssertTrue(fills(p.audience).contains(segue), "\(how): the room sees the segue: \(fills(p.audience))")
            XCTAssertNotNil(p.notice?.text.range(of: "the room still sees"), "\(how): the banner says so")
        }
        p.goTo(1)
        p.next()
        roomSeesTheSegue("next")
        p.press(Key("Page Up"))
        roomSeesTheSegue("Page Up from its look-up")
        p.press(Key("f"))
        XCTAssertFalse(p.isFrozen); XCTAssertEqual(p.currentIndex, 0)
        XCTAssertTrue(p.goTo(2))
        roomSeesTheSegue("a go-to")
        p.press(Key("Page Down"))
        XCTAssertEqual(p.currentIndex, 3, "next goes on from the segue"); XCTAssertFalse(p.isFrozen)
    }

    /// Review31: from another look-up, next goes on to a segue that opens its own: the room holds
    /// on the segue (it kept the first look-up's picture), and next goes on past it (it went back
    /// to the segue, for ever).
    func testASegueReachedFromAnotherLookUpHoldsTheRoomOnItself() async {
        let p = makePresentation(kinds: ["a", "opener", "segue", "b"])
        p.goTo(1)
        openerContext?.openScene(kind: "b", parameters: [:])
        XCTAssertEqual(p.currentIndex, 3); XCTAssertTrue(p.isFrozen)
        p.press(Key("Page Down"))   // on from the opener, the scene the room sees: the segue
        XCTAssertEqual(p.currentIndex, 0, "the segue looks the title up")
        XCTAssertTrue(p.isFrozen)
        XCTAssertTrue(fills(p.audience).contains(Color(1, 2, 3)), "the room sees the segue: \(fills(p.audience))")
        XCTAssertNotNil(p.notice?.text.range(of: "the room still sees"))
        p.press(Key("Page Down"))
        XCTAssertEqual(p.currentIndex, 3, "next goes on past the segue")
        XCTAssertFalse(p.isFrozen)
    }
}
