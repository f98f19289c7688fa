import Foundation
import PodiumKit
import PodiumTestSupport
@testable import WebSearchScene
import XCTest

/// What the room sees of a web search: a page in whole lines, a page at a time, moved from the
/// presenter; result cards that name the page's address, never a local file.
extension WebSearchSceneTests {
    /// The offline scene on the shipped band pages, presenter 1280×420, and its audience view
    /// in a 1280×720 window.
    func sceneWithAudience() throws -> (WebSearchScene, WindowRoot) {
        let scene = try offlineScene()
        context.root.resize(to: Size(1280, 420))
        let audienceRoot = WindowRoot(metrics: FixedMetrics())
        audienceRoot.content.addSubview(scene.audienceView.pinned(.fill()))
        audienceRoot.resize(to: Size(1280, 720))
        return (scene, audienceRoot)
    }

    /// The text blocks drawn inside `view` in `audienceRoot`, with their window rectangles.
    func texts(in view: View, _ audienceRoot: WindowRoot) -> [(text: String, rect: Rect)] {
        let frame = view.convertToWindow(view.bounds), m = FixedMetrics()
        return audienceRoot.renderFrame().commands.compactMap {
            guard case let .text(b, _, origin) = $0, frame.contains(origin) else { return nil }
            return (b.text, Rect(origin: origin, size: m.layout(b).size))
        }
    }

    func words(_ s: [String]) -> [String] { s.flatMap { $0.split(whereSeparator: \.isWhitespace).map(String.init) } }

    /// Every word of the page as the reader lays it out: title, address, blocks (markers too).
    func documentWords(_ d: ReaderDocument) -> [String] {
        var parts = [d.title] + (d.url.map { [$0.removingPercentEncoding ?? $0] } ?? [])
        var blocks = d.blocks
        if case let .heading(_, t)? = blocks.first, t == d.title { blocks.removeFirst() }
        for b in blocks {
            switch b {
            case let .heading(_, t), let .paragraph(t): parts.append(t)
            case let .listItem(t, n): parts += [n.map { "\($0)." } ?? "•", t]
            }
        }
        return words(parts)
    }

    /// Shown to the room, a page longer than the audience view is split into pages of whole
    /// lines: no line reaches past the reader's bottom edge, and the pages in turn show every
    /// word once, in order. ▲/▼ on the presenter move the room's page; the presenter's copy
    /// marks the room's part and says which page it is.
    func testTheRoomSeesWholeLinesAPageAtATimeMovedFromThePresenter() async throws {
        let (scene, audienceRoot) = try sceneWithAudience()
        scene.search("Radiohead")
        XCTAssertTrue(context.root.click(controlID: "websearch.actions"))
        XCTAssertTrue(context.root.click(controlID: "sheet.websearch.actions.action.0"))   // Show to Audience
        let reader = scene.audience.reader, doc = try XCTUnwrap(scene.document)
        _ = audienceRoot.renderFrame(); _ = context.root.renderFrame()
        let pages = reader.pageCount
        XCTAssertGreaterThan(pages, 1, "the test page is longer than the audience view")
        let bottom = reader.convertToWindow(reader.bounds).maxY
        var seen: [String] = []
        for p in 0..<pages {
            XCTAssertEqual(reader.page, p)
            let drawn = texts(in: reader, audienceRoot)
            XCTAssertFalse(drawn.isEmpty)
            for t in drawn { XCTAssertLessThanOrEqual(t.rect.maxY, bottom + 0.001, "page \(p): “\(t.text)” is cut by the bottom edge") }
            seen += words(drawn.map(\.text))
            XCTAssertEqual(scene.presenter.audienceLabel.text, "Audience: part \(p + 1) of \(pages)")
            XCTAssertEqual(scene.presenter.reader.marked, reader.visibleRange, "the presenter's copy marks the room's part")
            XCTAssertEqual(scene.presenter.roomOnButton.isEnabled, p + 1 < pages)
            XCTAssertTrue(context.root.click(controlID: "websearch.room-on") || p + 1 == pages)
        }
        XCTAssertEqual(seen, documentWords(doc), "every word once, in order, over the pages")
        XCTAssertEqual(reader.page, pages - 1, "▼ stops at the last page")
        XCTAssertTrue(context.root.click(controlID: "websearch.room-back"))
        XCTAssertEqual(reader.page, pages - 2)
        // The presenter's own scrolling takes the room to the page with the presenter's top line.
        context.root.focus(scene.presenter.reader)
        context.root.dispatch(.key(Key("Home")))
        XCTAssertEqual(reader.page, 0)
        context.root.dispatch(.key(Key("End")))
        XCTAssertEqual(reader.page, pages - 1)
        // The results shown instead: nothing marked, nothing to page.
        XCTAssertTrue(context.root.click(controlID: "websearch.audience-results"))
        XCTAssertNil(scene.presenter.reader.marked)
        XCTAssertFalse(scene.presenter.roomOnButton.isEnabled)
        XCTAssertEqual(scene.presenter.audienceLabel.text, "Audience: the results")
    }

    /// The room's corner says which part of the page it sees in the very frame that first shows
    /// the page, not a frame later (trial 21 m9: the count was read before the audience view was
    /// laid out for the new query's caption, so the first frame said another count).
    func testTheRoomsCornerIsRightInTheFirstFrameThatShowsThePage() async throws {
        let (scene, audienceRoot) = try sceneWithAudience()
        _ = audienceRoot.renderFrame()
        scene.search("Radiohead")
        _ = audienceRoot.renderFrame()
        XCTAssertTrue(context.root.click(controlID: "websearch.actions"))
        XCTAssertTrue(context.root.click(controlID: "sheet.websearch.actions.action.0"))   // Show to Audience
        let first = audienceRoot.renderFrame()
        let pages = scene.audience.reader.pageCount
        XCTAssertGreaterThan(pages, 1, "the test page is longer than the audience view")
        let corner = first.commands.compactMap { c -> String? in
            guard case let .text(b, _, _) = c, b.text.hasPrefix("part ") else { return nil }
            return b.text
        }
        XCTAssertEqual(corner, ["part 1 of \(pages)"], "the first frame with the page")
        XCTAssertEqual(scene.presenter.audienceLabel.text, "Audience: part 1 of \(pages)")
        XCTAssertFalse(audienceRoot.needsDisplay, "no second frame to put it right")
        // Another display, 4:3: the page in fewer parts, said in the first frame at that size.
        audienceRoot.resize(to: Size(1280, 1024))
        let resized = audienceRoot.renderFrame()
        let now = scene.audience.reader.pageCount
        XCTAssertLessThan(now, pages, "a taller view holds more of the page")
        let said = resized.commands.compactMap { c -> String? in
            guard case let .text(b, _, _) = c, b.text.hasPrefix("part ") else { return nil }
            return b.text
        }
        XCTAssertEqual(said, ["part 1 of \(now)"], "the first frame at the new size")
        XCTAssertFalse(audienceRoot.needsDisplay, "no second frame to put it right")
    }

    /// Result cards, on the audience too, say where the page lives on the web (or the
    /// provider's name when it has no address), never the file it was read from.
    func testResultCardsNameThePagesAddressNotItsFile() async throws {
        let (scene, audienceRoot) = try sceneWithAudience()
        scene.search("band")
        XCTAssertGreaterThan(scene.results.count, 2)
        let files = try FileManager.default.contentsOfDirectory(atPath: Fixtures.packageRoot.appendingPathComponent("Assets/WebSearch").path)
        for r in scene.results {
            XCTAssertFalse(files.contains { r.source.contains($0) || r.source.contains(($0 as NSString).deletingPathExtension) }, "\(r.title): card says \(r.source)")
        }
        scene.search("Sigur")
        XCTAssertEqual(scene.results.first?.source, "en.wikipedia.org/wiki/Sigur_Rós")
        let drawn = texts(in: scene.audience.results, audienceRoot).map(\.text)
        XCTAssertTrue(drawn.contains("en.wikipedia.org/wiki/Sigur_Rós"), "\(drawn)")
        XCTAssertFalse(drawn.contains { $0.contains("sigur-ros") }, "\(drawn)")
        scene.search("Ärzte")
        XCTAssertEqual(scene.results.first?.source, "Band pages", "no address: the provider's name")
    }

    /// The audience view resized (another display): the room stays at the text it was showing.
    func testANewAudienceSizeKeepsTheRoomAtTheSameText() async throws {
        let (scene, audienceRoot) = try sceneWithAudience()
        scene.search("Radiohead")
        scene.setAudience(.reader)
        _ = audienceRoot.renderFrame()
        XCTAssertTrue(context.root.click(controlID: "websearch.room-on"))
        XCTAssertTrue(context.root.click(controlID: "websearch.room-on"))
        let reader = scene.audience.reader
        let start = try XCTUnwrap(reader.visibleRange?.lowerBound)
        audienceRoot.resize(to: Size(1024, 768))
        _ = audienceRoot.renderFrame()
        let now = try XCTUnwrap(reader.visibleRange)
        XCTAssertTrue(now.contains(start), "\(start) not in \(now)")
        XCTAssertGreaterThan(reader.page, 0)
        XCTAssertEqual(scene.presenter.reader.marked, now, "the presenter's mark follows")
    }

    /// The room's results list shows whole cards only: nothing reaches past its bottom edge.
    func testTheRoomsResultsShowWholeCardsOnly() async throws {
        let (scene, audienceRoot) = try sceneWithAudience()
        scene.search("band")
        let results = scene.audience.results, bottom = results.convertToWindow(results.bounds).maxY
        XCTAssertGreaterThan(Double(scene.results.count) * results.rowHeight, results.bounds.height, "more cards than fit")
        let drawn = texts(in: results, audienceRoot)
        XCTAssertTrue(drawn.contains { $0.text == scene.results[0].title })
        for t in drawn { XCTAssertLessThanOrEqual(t.rect.maxY, bottom + 0.001, "“\(t.text.prefix(30))” is cut by the bottom edge") }
    }

    func testCardSourceReadsLikeAnAddress() async throws {
        XCTAssertEqual(OfflineProvider.cardSource(url: "https://www.example.org/a%20b", provider: "P"), "example.org/a b")
        XCTAssertEqual(OfflineProvider.cardSource(url: "http://en.wikipedia.org/wiki/Blur", provider: "P"), "en.wikipedia.org/wiki/Blur")
        XCTAssertEqual(OfflineProvider.cardSource(url: nil, provider: "Band pages"), "Band pages")
        XCTAssertEqual(OfflineProvider.cardSource(url: "  ", provider: "Band pages"), "Band pages")
    }
}

extension WebSearchSceneTests {
    /// The titles of the result cards drawn in the room's list, and whether each lies whole
    /// within the list.
    func roomCards(_ scene: WebSearchScene, _ audienceRoot: WindowRoot) -> [(title: String, whole: Bool)] {
        let list = scene.audience.results, frame = list.convertToWindow(list.bounds)
        let titles = Set(scene.results.map(\.title))
        return texts(in: list, audienceRoot).filter { titles.contains($0.text) }.map {
            ($0.text, $0.rect.minY >= frame.minY - 0.001 && $0.rect.maxY <= frame.maxY + 0.001)
        }
    }

    /// Showing the results, the room's corner says which cards it sees of how many ("1–2 of
    /// 7"), the presenter's bar says the same, and ▲/▼ move the room's list a screenful of whole
    /// cards at a time, each off at its end; every card is seen once, in order. A new audience
    /// size keeps the room at its first card, and the bar follows.
    func testTheRoomsResultsSayWhereTheyAreAndMoveAScreenfulAtATime() async throws {
        let (scene, audienceRoot) = try sceneWithAudience()
        scene.search("band")
        _ = audienceRoot.renderFrame(); _ = context.root.renderFrame()
        let list = scene.audience.results, count = scene.results.count, n = list.rowsPerScreen
        XCTAssertGreaterThan(count, n, "more cards than fit the room")
        XCTAssertFalse(scene.presenter.roomBackButton.isEnabled)
        var seen: [String] = []
        var first = 0
        while true {
            let last = min(count, first + n)
            let corner = last - first == 1 ? "\(first + 1) of \(count)" : "\(first + 1)–\(last) of \(count)"
            XCTAssertEqual(scene.audience.position.text, corner)
            XCTAssertTrue(texts(in: scene.audience, audienceRoot).contains { $0.text == corner }, "the room's corner shows \(corner)")
            XCTAssertEqual(scene.presenter.audienceLabel.text, "Audience: \(corner)")
            let cards = roomCards(scene, audienceRoot)
            XCTAssertEqual(cards.map(\.title), scene.results[first..<last].map(\.title))
            XCTAssertTrue(cards.allSatisfy(\.whole), "\(cards)")
            seen += cards.map(\.title)
            XCTAssertEqual(scene.presenter.roomBackButton.isEnabled, first > 0)
            XCTAssertEqual(scene.presenter.roomOnButton.isEnabled, last < count)
            guard last < count else { break }
            XCTAssertTrue(context.root.click(controlID: "websearch.room-on"))
            _ = audienceRoot.renderFrame()
            first = last
        }
        XCTAssertEqual(seen, scene.results.map(\.title), "every card once, in order")
        scene.moveRoomPage(by: 1)
        XCTAssertEqual(list.firstRow, first, "▼ stops at the end")
        XCTAssertTrue(context.root.click(controlID: "websearch.room-back"))
        XCTAssertEqual(list.firstRow, max(0, first - n))
        // Another display: the room stays at its first card, laid out for the new size.
        let kept = list.firstRow
        audienceRoot.resize(to: Size(1024, 1280))
        _ = audienceRoot.renderFrame()
        XCTAssertGreaterThan(list.rowsPerScreen, n, "a taller view holds more cards")
        XCTAssertEqual(list.firstRow, kept)
        XCTAssertEqual(roomCards(scene, audienceRoot).map(\.title), scene.results[list.shownRows].map(\.title))
        XCTAssertEqual(scene.presenter.audienceLabel.text, "Audience: " + (scene.audience.position.text.isEmpty ? "the results" : scene.audience.position.text))
        // A page shown to the room: ▲/▼ move its pages again, and the corner says which.
        scene.open(try XCTUnwrap(scene.results.firstIndex { $0.title.contains("Radiohead") }))
        scene.setAudience(.reader)
        _ = audienceRoot.renderFrame()
        XCTAssertGreaterThan(scene.audience.reader.pageCount, 1)
        XCTAssertTrue(context.root.click(controlID: "websearch.room-on"))
        XCTAssertEqual(scene.audience.reader.page, 1)
        XCTAssertEqual(scene.audience.position.text, "part 2 of \(scene.audience.reader.pageCount)")
        XCTAssertEqual(list.firstRow, kept, "the results stay where they were")
        // A new search starts the room's list at its first card.
        scene.search("band")
        XCTAssertEqual(list.firstRow, 0)
    }
}
