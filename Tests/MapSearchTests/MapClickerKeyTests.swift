import PodiumKit
import PodiumTestSupport
import XCTest
@testable import MapSearchScene

/// Trial 16 m6: a clicker's Right after a click on the map is the map's only when the map moves
/// with it. Over a pin's card, or with the map at the edge of its offline data, it is the talk's;
/// a held arrow that pans the map to its edge stops there. Keys go through the presenter's
/// `WindowRoot` as the platform sends them; the talk is the window's `onUnhandledKey`.
@MainActor
final class MapClickerKeyTests: XCTestCase {
    var now = 1000.0
    /// Keys that reached the talk.
    var talk: [String] = []

    func makeScene(_ name: String, _ params: [String: JSONValue]) throws -> (FakeSceneContext, MapSearchScene) {
        let ctx = mapContext(name)
        let s = try makeMapScene(params, context: ctx)
        ctx.root.clock = { self.now }
        ctx.root.isTalkKey = { $0.code.isArrow || $0.code == .pageDown }
        ctx.root.onUnhandledKey = { self.talk.append($0.name); return true }
        return (ctx, s)
    }

    func press(_ ctx: FakeSceneContext, _ key: String) { ctx.root.dispatch(.key(Key(key))) }

    func clickMap(_ ctx: FakeSceneContext, _ s: MapSearchScene) {
        let c = s.presenter.map.convertToWindow(s.presenter.map.bounds.center)
        ctx.root.dispatch(.mouseDown(c, button: 1, clicks: 1)); ctx.root.dispatch(.mouseUp(c, button: 1))
    }

    func testARightOverAPinsCardIsTheTalks() async throws {
        let (ctx, s) = try makeScene("card", ["query": "record stores", "latitude": 60.1697, "longitude": 24.9445, "zoom": 16.5])
        XCTAssertTrue(ctx.root.click(controlID: "map.pin.node/5865570485"))
        XCTAssertEqual(ctx.root.popovers.first?.source, "map.place", "the card is open")
        XCTAssertTrue(s.presenter.map.isFocused)
        let centre = s.model.center
        now += 1
        press(ctx, "Right")
        XCTAssertEqual(talk, ["Right"], "the clicker's next reached the talk")
        XCTAssertEqual(s.model.center, centre, "the map under the card did not move")
        // Without the card, the same click and Right pan the map, as the README says.
        XCTAssertTrue(ctx.root.overlay.dismissTop(byUser: true))
        clickMap(ctx, s)
        now += 1
        press(ctx, "Right")
        XCTAssertEqual(talk, ["Right"], "the map took this one")
        XCTAssertNotEqual(s.model.center, centre, "and panned")
    }

    /// A result row clicked in the list opens its card on the map; the list keeps its arrows
    /// (the card points into the map, not the list): Down shows the next result and its card.
    func testDownInTheResultsListShowsTheNextResultsCard() async throws {
        let (ctx, s) = try makeScene("rows", ["query": "record stores", "latitude": 60.1697, "longitude": 24.9445, "zoom": 16.5])
        XCTAssertTrue(ctx.root.click(controlID: "map.results.row.node/2587284466"))
        XCTAssertEqual(s.model.selected?.name, "Kuvatehdas")
        XCTAssertEqual(ctx.root.popovers.count, 1)
        now += 1
        press(ctx, "Down")
        XCTAssertEqual(talk, [], "the list took Down")
        XCTAssertEqual(s.model.selected?.name, "Tritone Records")
        XCTAssertEqual(ctx.root.popovers.first?.source, "map.place", "with its card")
    }

    func testAtTheMapsEdgeARightIsTheTalks() async throws {
        // No zoom: the whole offline map fits the room's view, so a few arrows reach its edge.
        let (ctx, s) = try makeScene("edge", [:])
        clickMap(ctx, s)
        var panned = 0
        for _ in 0..<40 where talk.isEmpty {
            let before = s.model.center
            now += 2   // presses apart, as a speaker's: not a held key
            press(ctx, "Right")
            if talk.isEmpty {
                XCTAssertNotEqual(s.model.center, before, "an arrow the map took moved it")
                panned += 1
            } else {
                XCTAssertEqual(s.model.center, before, "the arrow that went to the talk moved nothing")
            }
        }
        XCTAssertEqual(talk, ["Right"], "at the edge Right is the talk's")
        XCTAssertGreaterThan(panned, 0, "the map panned before it reached its edge")
        now += 2
        press(ctx, "Left")
        XCTAssertEqual(talk, ["Right"], "Left pans back: the map's")
    }

    func testAHeldArrowStopsAtTheMapsEdge() async throws {
        let (ctx, s) = try makeScene("held", [:])
        clickMap(ctx, s)
        now += 0.5
        press(ctx, "Right")
        XCTAssertTrue(talk.isEmpty, "the first arrow panned")
        now += 0.66   // X's delay before the first repeat, then its repeats every 40 ms
        for _ in 0..<200 { press(ctx, "Right"); now += 0.04 }
        XCTAssertTrue(talk.isEmpty, "repeats of a held arrow never ran on into the talk: \(talk.count) did")
        let edge = s.model.center
        now += 1.5   // let go; the next press is the clicker's
        press(ctx, "Right")
        XCTAssertEqual(talk, ["Right"])
        XCTAssertEqual(s.model.center, edge)
    }
}
