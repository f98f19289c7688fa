import XCTest
import PodiumKit
import PodiumTestSupport
@testable import WebSearchScene

/// Trial 12 F9 for the web search: a reload that remakes the scene (its parameters edited) keeps
/// the last query, searched again when the scene shows, and the text in the field, unless the
/// deck changed `query` (`SceneStateCarrying`).
@MainActor
final class WebSearchCarriedStateTests: XCTestCase {
    var dir: URL!
    override func setUp() async throws { dir = try Fixtures.temporaryDirectory() }
    override func tearDown() async throws { try? FileManager.default.removeItem(at: dir) }

    func scene(_ params: [String: JSONValue] = [:]) throws -> (WebSearchScene, FakeSceneContext) {
        let context = webContext(dataDirectory: dir)
        let s = try WebSearchPlugin.makeScene(WebSearchConfig(SceneParameters(params)), context: context)
        context.root.content.addSubview(s.presenterView.pinned(.fill()))
        context.root.layoutIfNeeded()
        return (s, context)
    }
    /// Searched "bristol", then typed a draft (no Return).
    func worked() throws -> WebSearchScene {
        let (s, c) = try scene()
        XCTAssertTrue(c.root.click(controlID: "websearch.field"))
        c.root.dispatch(.text("bristol"))
        c.root.dispatch(.key(Key("Return")))
        XCTAssertEqual(s.query, "bristol")
        XCTAssertTrue(c.root.click(controlID: "websearch.field"))
        c.root.dispatch(.text(" trip"))
        XCTAssertEqual(s.presenter.field.text, "bristol trip")
        return s
    }

    func testTheQueryIsSearchedAgainAndTheDraftKept() async throws {
        let old = try worked()
        let (new, _) = try scene(["limit": 5])
        new.adoptCarriedState(old.carriedState(), changedParameters: ["limit"])
        XCTAssertEqual(new.presenter.field.text, "bristol trip", "the draft shows at once")
        new.didBecomeCurrent()
        XCTAssertEqual(new.query, "bristol", "the last search, again")
        XCTAssertEqual(Set(new.results.map(\.title)), ["Portishead", "Massive Attack"])
        XCTAssertEqual(new.presenter.field.text, "bristol trip", "the draft survives the search")
    }

    func testAChangedQueryIsTheDecksSearch() async throws {
        let old = try worked()
        let (new, _) = try scene(["query": "manchester"])
        new.adoptCarriedState(old.carriedState(), changedParameters: ["query"])
        new.didBecomeCurrent()
        XCTAssertEqual(new.query, "manchester")
        XCTAssertEqual(new.presenter.field.text, "manchester")
    }

    func testNothingSearchedNothingTyped() async throws {
        let (old, _) = try scene()
        let (new, _) = try scene()
        new.adoptCarriedState(old.carriedState(), changedParameters: [])
        new.didBecomeCurrent()
        XCTAssertEqual(new.query, "")
        XCTAssertEqual(new.presenter.field.text, "")
    }
}
