import XCTest
import PodiumKit
import PodiumTestSupport
@testable import WebSearchScene

/// With an online provider (answers later), the web search a reload made again says it is
/// restoring (`audienceIsRestoring`, the host then holds the room's picture) while the carried
/// search runs and the page the room read loads again, and no longer once the room has that
/// page, or once it cannot have it (a failure, the page gone, the speaker's own search).
@MainActor
final class WebSearchRestoringTests: XCTestCase {
    var dir: URL!
    override func setUp() async throws { dir = try Fixtures.temporaryDirectory() }
    override func tearDown() async throws { try? FileManager.default.removeItem(at: dir) }

    let bands = [ScriptedProvider.result("Blur"), ScriptedProvider.result("Oasis")]

    /// An online scene on `online` with its own stand-in host.
    func scene(_ online: ScriptedProvider) throws -> (WebSearchScene, FakeSceneContext) {
        let context = webContext(dataDirectory: dir)
        let s = WebSearchScene(config: try WebSearchConfig(SceneParameters(["provider": "online", "fallback": false])),
                               primary: online, fallback: nil, context: context)
        return (s, context)
    }

    /// The room reads Oasis's page, the second result of "bands" (not the one a search opens anyway).
    func roomReadingOasis(_ online: ScriptedProvider) throws -> WebSearchScene {
        let (s, context) = try scene(online)
        s.search("bands")
        online.answer("bands", .success(bands))
        context.waitAndDrain()
        s.open(1)
        online.answerPage("Oasis")
        context.waitAndDrain()
        s.setAudience(.reader)
        XCTAssertEqual(s.audience.reader.document?.title, "Oasis")
        XCTAssertFalse(s.audienceIsRestoring, "a scene no reload made has nothing to restore")
        return s
    }

    /// The scene a reload made from `old`, shown: its carried search is asked for.
    func remade(from old: WebSearchScene, _ online: ScriptedProvider) throws -> (WebSearchScene, FakeSceneContext) {
        let (s, context) = try scene(online)
        s.adoptCarriedState(old.carriedState(), changedParameters: ["limit"])
        s.didBecomeCurrent()
        XCTAssertEqual(online.pending.last?.query, "bands")
        return (s, context)
    }

    func testRestoringUntilTheRoomsPageIsBack() async throws {
        let online = ScriptedProvider(name: "wiki.example")
        online.holdsPages = true
        let (new, context) = try remade(from: try roomReadingOasis(online), online)
        XCTAssertTrue(new.audienceIsRestoring, "the carried search is in flight")
        XCTAssertNil(new.audience.reader.document, "its own room view shows the waiting list (the host holds the room)")
        online.answer("bands", .success(bands))
        context.waitAndDrain()
        XCTAssertEqual(new.results, bands)
        XCTAssertEqual(online.pendingPages.last?.title, "Oasis", "the room's page loads again")
        XCTAssertTrue(new.audienceIsRestoring, "the room's page is not back yet")
        XCTAssertEqual(new.carriedState()["page"]?["room"]?.bool, true, "a reload now still carries the room's page")
        online.answerPage("Blur")   // the first result, opened on the way: not what the room waits for
        context.waitAndDrain()
        XCTAssertTrue(new.audienceIsRestoring)
        online.answerPage("Oasis")
        context.waitAndDrain()
        XCTAssertEqual(new.audienceContent, .reader)
        XCTAssertEqual(new.audience.reader.document?.title, "Oasis")
        XCTAssertFalse(new.audienceIsRestoring, "restored")
    }

    /// The room saw only the results (the speaker previewed a page): restoring until they are back.
    func testAResultsListIsBackWithTheSearch() async throws {
        let online = ScriptedProvider(name: "wiki.example")
        online.holdsPages = true
        let (old, oldContext) = try scene(online)
        old.search("bands")
        online.answer("bands", .success(bands))
        oldContext.waitAndDrain()
        old.open(1)
        XCTAssertEqual(old.audienceContent, .results)
        let (new, context) = try remade(from: old, online)
        XCTAssertTrue(new.audienceIsRestoring)
        online.answer("bands", .success(bands))
        context.waitAndDrain()
        XCTAssertEqual(new.audience.results.results, bands, "the room's list is back")
        XCTAssertFalse(new.audienceIsRestoring, "the previewed page is the presenter's: nothing to wait for")
    }

    func testTheWaitEndsWhenThePageCannotComeBack() async throws {
        let online = ScriptedProvider(name: "wiki.example")
        online.holdsPages = true
        let old = try roomReadingOasis(online)

        let (failed, c1) = try remade(from: old, online)
        online.answer("bands", .failure(.offline(host: "wiki.example", reason: "no network")))
        c1.waitAndDrain()
        XCTAssertFalse(failed.audienceIsRestoring, "the search failed")

        let (gone, c2) = try remade(from: old, online)
        online.answer("bands", .success([bands[0]]))
        c2.waitAndDrain()
        XCTAssertFalse(gone.audienceIsRestoring, "the page is no longer found: the results are what the room gets")

        let (broken, c3) = try remade(from: old, online)
        online.answer("bands", .success(bands))
        c3.waitAndDrain()
        XCTAssertTrue(broken.audienceIsRestoring)
        online.answerPage("Oasis", error: .http(host: "wiki.example", status: 500))
        c3.waitAndDrain()
        XCTAssertFalse(broken.audienceIsRestoring, "the page failed to load")

        let (moved, _) = try remade(from: old, online)
        XCTAssertTrue(moved.audienceIsRestoring)
        moved.search("Queen")
        XCTAssertFalse(moved.audienceIsRestoring, "the speaker's own search is what the room sees next")
    }
}
