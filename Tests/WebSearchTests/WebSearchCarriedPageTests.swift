import XCTest
import PodiumKit
import PodiumTestSupport
@testable import WebSearchScene

/// A reload that remakes the web search (its parameters edited) while the room reads a result's
/// page gives the room that page back, at the part it was reading, not the results list; a page
/// the speaker only previewed comes back on the presenter, the room keeping the results. A deck
/// whose new search no longer finds the page (or a changed `query`) shows the results.
@MainActor
final class WebSearchCarriedPageTests: XCTestCase {
    var dir: URL!
    override func setUp() async throws { dir = try Fixtures.temporaryDirectory() }
    override func tearDown() async throws { try? FileManager.default.removeItem(at: dir) }

    /// The offline scene on the shipped band pages (presenter 1280×420) and its audience view in
    /// a 1280×720 window, laid out now or, for a scene a reload made, only when `layout` is called.
    func scene(_ params: [String: JSONValue] = [:]) throws -> (WebSearchScene, layout: () -> Void) {
        let context = webContext(dataDirectory: dir)
        let s = try WebSearchPlugin.makeScene(WebSearchConfig(SceneParameters(params)), context: context)
        context.root.content.addSubview(s.presenterView.pinned(.fill()))
        let audience = WindowRoot(metrics: FixedMetrics())
        audience.content.addSubview(s.audienceView.pinned(.fill()))
        return (s, {
            context.root.resize(to: Size(1280, 420)); audience.resize(to: Size(1280, 720))
            _ = context.root.renderFrame(); _ = audience.renderFrame()
        })
    }

    /// Searched "band", showed Radiohead's page to the room and moved the room on until the
    /// presenter's copy scrolled to show the room's part.
    func roomReadingRadiohead() throws -> WebSearchScene {
        let (s, layout) = try scene()
        layout()
        s.search("band")
        let i = try XCTUnwrap(s.results.firstIndex { $0.title.contains("Radiohead") })
        XCTAssertNotEqual(i, 0, "not the result a search opens anyway (else this proves less)")
        s.open(i)
        s.setAudience(.reader)
        layout()
        XCTAssertGreaterThan(s.audience.reader.pageCount, 1)
        while s.presenter.reader.scrollOffset == 0, s.audience.reader.page + 1 < s.audience.reader.pageCount { s.moveRoomPage(by: 1) }
        XCTAssertGreaterThan(s.audience.reader.page, 0)
        XCTAssertGreaterThan(s.presenter.reader.scrollOffset, 0)
        return s
    }

    func testTheRoomGetsItsPageBackAtThePartItWasReading() async throws {
        let old = try roomReadingRadiohead()
        let page = try XCTUnwrap(old.roomDocument)
        let (new, layout) = try scene(["limit": 9])
        new.adoptCarriedState(old.carriedState(), changedParameters: ["limit"])
        new.didBecomeCurrent()
        layout()   // laid out once shown, as the host does
        XCTAssertEqual(new.query, "band")
        XCTAssertEqual(new.audienceContent, .reader, "the room reads the page, not the results list")
        XCTAssertEqual(new.roomDocument, page)
        XCTAssertEqual(new.audience.reader.document, page)
        XCTAssertFalse(new.audience.reader.isHidden)
        XCTAssertEqual(new.document, page, "the presenter reads it too")
        XCTAssertEqual(new.audience.reader.page, old.audience.reader.page, "at the part the room was reading")
        XCTAssertEqual(new.presenter.reader.scrollOffset, old.presenter.reader.scrollOffset, "the presenter's copy shows that part too")
        XCTAssertEqual(new.presenter.reader.marked, new.audience.reader.visibleRange, "and marks it as the room's")
    }

    func testAPreviewedPageComesBackOnThePresenterOnly() async throws {
        let (old, layout) = try scene()
        layout()
        old.search("band")
        let i = try XCTUnwrap(old.results.firstIndex { $0.title.contains("Radiohead") })
        old.open(i)
        XCTAssertEqual(old.audienceContent, .results)
        let (new, _) = try scene()
        new.adoptCarriedState(old.carriedState(), changedParameters: [])
        new.didBecomeCurrent()
        XCTAssertEqual(new.selected?.title, old.results[i].title, "the speaker reads the page again")
        XCTAssertEqual(new.document?.title, old.results[i].title)
        XCTAssertEqual(new.audienceContent, .results, "the room keeps the results it saw")
    }

    func testAChangedQueryOrAPageNoLongerFoundShowsTheResults() async throws {
        let old = try roomReadingRadiohead()
        let (byQuery, _) = try scene(["query": "bristol"])
        byQuery.adoptCarriedState(old.carriedState(), changedParameters: ["query"])
        byQuery.didBecomeCurrent()
        XCTAssertEqual(byQuery.query, "bristol")
        XCTAssertEqual(byQuery.audienceContent, .results, "the deck's new search")
        // The same query, but the deck's new limit cuts the page from the results.
        let (cut, _) = try scene(["limit": 1])
        cut.adoptCarriedState(old.carriedState(), changedParameters: ["limit"])
        cut.didBecomeCurrent()
        XCTAssertEqual(cut.results.count, 1)
        XCTAssertFalse(cut.results[0].title.contains("Radiohead"))
        XCTAssertEqual(cut.audienceContent, .results)
        XCTAssertNil(cut.roomDocument)
    }
}
