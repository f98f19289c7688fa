import XCTest
import PodiumKit
import PodiumTestSupport
@testable import WebSearchScene

@MainActor
final class WebSearchSceneTests: XCTestCase {
    var dir: URL!
    var context: FakeSceneContext!

    override func setUp() async throws {
        dir = try Fixtures.temporaryDirectory()
        context = webContext(dataDirectory: dir)
    }
    override func tearDown() async throws { try? FileManager.default.removeItem(at: dir) }

    func offlineScene(_ params: [String: JSONValue] = [:]) throws -> WebSearchScene {
        let scene = try WebSearchPlugin.makeScene(WebSearchConfig(SceneParameters(params)), context: context)
        context.root.content.addSubview(scene.presenterView.pinned(.fill()))
        context.root.layoutIfNeeded()
        return scene
    }

    func offlineProvider() throws -> OfflineProvider {
        let folder = Fixtures.packageRoot.appendingPathComponent("Assets/WebSearch")
        return OfflineProvider(index: try DocumentIndex(folder: folder, databaseURL: dir.appendingPathComponent("fb.sqlite")))
    }

    func testTypingAndReturnSearchesTheBandPagesAndOpensTheBestResult() async throws {
        let scene = try offlineScene()
        XCTAssertTrue(context.root.click(controlID: "websearch.field"))
        context.root.dispatch(.text("bristol"))
        context.root.dispatch(.key(Key("b")))   // the key event of a typed letter is swallowed, not a blackout
        context.root.dispatch(.key(Key("Return")))
        XCTAssertEqual(scene.query, "bristol")
        XCTAssertEqual(Set(scene.results.map(\.title)), ["Portishead", "Massive Attack"])
        XCTAssertEqual(scene.status, "2 results from Band pages.")
        XCTAssertEqual(scene.document?.title, scene.results[0].title, "the best result opens in the reader")
        let rows = context.root.controlTree().filter { $0.role == "row" }.map(\.label)
        XCTAssertEqual(rows, scene.results.map(\.title))
    }

    func testKeyboardNavigationMovesThroughResults() async throws {
        let scene = try offlineScene()
        scene.search("band")
        XCTAssertGreaterThan(scene.results.count, 2)
        context.root.focus(scene.presenter.results)
        context.root.dispatch(.key(Key("Down")))
        XCTAssertEqual(scene.selected, scene.results[1])
        XCTAssertEqual(scene.document?.title, scene.results[1].title)
        context.root.dispatch(.key(Key("End")))
        XCTAssertEqual(scene.selected, scene.results.last)
        context.root.dispatch(.key(Key("Return")))
        XCTAssertEqual(scene.audienceContent, .reader)
        XCTAssertFalse(scene.audience.reader.isHidden)
        XCTAssertEqual(scene.audience.reader.document?.title, scene.results.last?.title)
    }

    func testReceiveRunsTheBandsNameAndHistoryIsKept() async throws {
        let scene = try offlineScene()
        scene.receive(SceneParameters(["query": "Кино"]))
        XCTAssertEqual(scene.results.first?.title, "Кино")
        scene.search("Radiohead")
        XCTAssertEqual(scene.history.queries, ["Radiohead", "Кино"])
        context.root.focus(scene.presenter.field)
        context.root.dispatch(.key(Key("Up")))
        XCTAssertEqual(scene.presenter.field.text, "Radiohead")
        context.root.dispatch(.key(Key("Up")))
        XCTAssertEqual(scene.presenter.field.text, "Кино")
        context.root.dispatch(.key(Key("Return")))
        XCTAssertEqual(scene.history.queries, ["Кино", "Radiohead"])
        // Saved in the data directory and read back by the next scene.
        let again = try offlineScene()
        XCTAssertEqual(again.history.queries, ["Кино", "Radiohead"])
        XCTAssertTrue(context.root.click(controlID: "websearch.history"))
        XCTAssertTrue(context.root.click(controlID: "websearch.history.list.row.1"))
        XCTAssertEqual(again.query, "Radiohead")
    }

    func testActionSheetCopiesLinkOpensBrowserAndShowsToAudience() async throws {
        let scene = try offlineScene()
        let record = dir.appendingPathComponent("opened")
        let script = dir.appendingPathComponent("fake-xdg-open")
        try Data("#!/bin/sh\nprintf '%s' \"$1\" > '\(record.path)'\n".utf8).write(to: script)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: script.path)
        scene.opener = BrowserOpener(executable: script.path)
        scene.search("Radiohead")
        XCTAssertEqual(scene.audienceContent, .results)

        XCTAssertTrue(context.root.click(controlID: "websearch.actions"))
        XCTAssertEqual(context.root.popovers.first?.source, "websearch.actions")
        XCTAssertTrue(context.root.click(controlID: "sheet.websearch.actions.action.2"))  // Copy Link
        XCTAssertEqual(context.clipboard.last, "https://en.wikipedia.org/wiki/Radiohead")

        XCTAssertTrue(context.root.click(controlID: "websearch.actions"))
        XCTAssertTrue(context.root.click(controlID: "sheet.websearch.actions.action.1"))  // Open in Browser
        let deadline = Date(timeIntervalSinceNow: 5)
        // The shell creates the file before printf fills it: wait for the content, not the file.
        while ((try? String(contentsOf: record, encoding: .utf8)) ?? "").isEmpty, Date() < deadline { usleep(20_000) }
        XCTAssertEqual(try String(contentsOf: record, encoding: .utf8), "https://en.wikipedia.org/wiki/Radiohead")

        XCTAssertTrue(context.root.click(controlID: "websearch.actions"))
        XCTAssertTrue(context.root.click(controlID: "sheet.websearch.actions.action.0"))  // Show to Audience
        XCTAssertEqual(scene.audienceContent, .reader)
        XCTAssertEqual(scene.audience.reader.document?.title, "Radiohead")
        XCTAssertTrue(context.root.click(controlID: "websearch.audience-results"))
        XCTAssertTrue(scene.audience.reader.isHidden)
    }

    func testTheAudienceCopyFollowsThePresentersScrolling() async throws {
        let scene = try offlineScene()
        let audienceRoot = WindowRoot(metrics: FixedMetrics())
        audienceRoot.content.addSubview(scene.audienceView.pinned(.fill()))
        audienceRoot.resize(to: Size(1280, 720))
        context.root.resize(to: Size(1280, 420))
        scene.search("Radiohead")
        scene.setAudience(.reader)
        audienceRoot.layoutIfNeeded()
        _ = context.root.renderFrame(); _ = audienceRoot.renderFrame()
        context.root.focus(scene.presenter.reader)
        context.root.dispatch(.key(Key("End")))
        XCTAssertGreaterThan(scene.presenter.reader.scrollOffset, 0)
        XCTAssertEqual(scene.audience.reader.page, scene.audience.reader.pageCount - 1, "the room's copy went to its last page")
        context.root.dispatch(.key(Key("Home")))
        XCTAssertEqual(scene.audience.reader.page, 0)
    }

    /// Once the room shows a page, a single click on another result only previews it on the
    /// presenter: the room keeps its page until Show to Audience or a double-click.
    func testASingleClickPreviewsAndTheRoomKeepsItsPage() async throws {
        let scene = try offlineScene()
        scene.search("band")
        XCTAssertGreaterThan(scene.results.count, 2)
        scene.setAudience(.reader)
        let shown = try XCTUnwrap(scene.audience.reader.document)
        XCTAssertEqual(shown.title, scene.results[0].title)
        func row(_ i: Int) -> Point { try! XCTUnwrap(context.root.controlTree().first { $0.id == "websearch.results.row.\(i)" }).frame.center }
        context.root.dispatch(.mouseDown(row(2), button: 1, clicks: 1)); context.root.dispatch(.mouseUp(row(2), button: 1))
        XCTAssertEqual(scene.document?.title, scene.results[2].title, "the presenter previews the clicked result")
        XCTAssertEqual(scene.audience.reader.document, shown, "the room keeps its page")
        XCTAssertFalse(scene.audience.reader.isHidden, "and never falls back to the results")
        XCTAssertNil(scene.presenter.reader.marked, "the preview marks no room part")
        XCTAssertEqual(scene.presenter.audienceLabel.text, "Audience: other page")
        // Scrolling the preview does not move the room.
        let page = scene.audience.reader.page
        scene.roomFollowsPresenter()
        XCTAssertEqual(scene.audience.reader.page, page)
        // Show to Audience puts the preview on the room.
        XCTAssertTrue(context.root.click(controlID: "websearch.actions"))
        XCTAssertTrue(context.root.click(controlID: "sheet.websearch.actions.action.0"))
        XCTAssertEqual(scene.audience.reader.document?.title, scene.results[2].title)
        // A double-click shows the clicked result at once.
        context.root.dispatch(.mouseDown(row(1), button: 1, clicks: 1)); context.root.dispatch(.mouseUp(row(1), button: 1))
        XCTAssertEqual(scene.audience.reader.document?.title, scene.results[2].title, "a single click did not")
        context.root.dispatch(.mouseDown(row(1), button: 1, clicks: 2)); context.root.dispatch(.mouseUp(row(1), button: 1))
        XCTAssertEqual(scene.audience.reader.document?.title, scene.results[1].title, "a double-click did")
    }

    /// With a provider that loads pages later (online), Show to Audience keeps the room's page
    /// until the new one has loaded, never the results list in between.
    func testTheRoomKeepsItsPageWhileTheChosenOneLoads() async throws {
        let slow = ScriptedProvider(name: "Slow wiki")
        let scene = WebSearchScene(config: try WebSearchConfig(SceneParameters(["provider": "online"])), primary: slow, fallback: nil, context: context)
        context.root.content.addSubview(scene.presenterView.pinned(.fill()))
        scene.search("bands")
        slow.answer("bands", .success([ScriptedProvider.result("Blur"), ScriptedProvider.result("Oasis")]))
        context.waitAndDrain()   // the results
        context.waitAndDrain()   // the first page
        XCTAssertEqual(scene.document?.title, "Blur")
        scene.setAudience(.reader)
        XCTAssertEqual(scene.audience.reader.document?.title, "Blur")
        scene.presenter.results.select(1)   // a single click: the page loads in the background
        XCTAssertNil(scene.document, "still loading")
        scene.setAudience(.reader)   // Show to Audience before it loaded
        XCTAssertEqual(scene.audience.reader.document?.title, "Blur", "the room keeps its page while the next loads")
        XCTAssertFalse(scene.audience.reader.isHidden)
        context.waitAndDrain()
        XCTAssertEqual(scene.audience.reader.document?.title, "Oasis", "then shows the chosen page")
    }

    /// "Opened … in the browser." appeared when xdg-open failed and nothing opened (trial 8):
    /// the status says the browser was asked, and a failing opener is reported with its reason.
    func testAFailingBrowserOpenerIsReported() async throws {
        let scene = try offlineScene()
        let script = dir.appendingPathComponent("failing-xdg-open")
        try Data("#!/bin/sh\necho 'Running as root without --no-sandbox is not supported' >&2\nexit 4\n".utf8).write(to: script)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: script.path)
        scene.opener = BrowserOpener(executable: script.path)
        scene.search("Radiohead")
        let link = try XCTUnwrap(scene.selectedLink)
        scene.openInBrowser()
        XCTAssertEqual(scene.status, "Asked the browser to open \(link).")
        context.waitAndDrain()
        XCTAssertEqual(scene.status, "Could not open \(link) in a browser: the browser did not start (failing-xdg-open exited with status 4).")
    }

    func testPagesWithoutAWebAddressAreNotOpened() async throws {
        let scene = try offlineScene()
        scene.search("Ärzte")
        XCTAssertEqual(scene.document?.title, "Die Ärzte")
        scene.openInBrowser()
        XCTAssertEqual(scene.status, "Cannot open in a browser: this page has no web address")
        scene.copyLink()
        XCTAssertEqual(context.clipboard, [])
    }

    func testOnlineFailureSaysSoAndOffersOfflineResults() async throws {
        let online = ScriptedProvider(name: "wiki.example")
        let scene = WebSearchScene(config: try WebSearchConfig(SceneParameters(["provider": "online"])), primary: online,
                                   fallback: try offlineProvider(), context: context)
        scene.search("Portishead")
        XCTAssertEqual(scene.status, "Searching wiki.example for “Portishead”…")
        online.answer("Portishead", .failure(.offline(host: "wiki.example", reason: "The Internet connection appears to be offline.")))
        context.waitAndDrain()
        XCTAssertTrue(scene.status.hasPrefix("Cannot reach wiki.example — you seem to be offline"), scene.status)
        XCTAssertTrue(scene.status.hasSuffix("Showing 1 offline result from Band pages."), scene.status)
        XCTAssertEqual(scene.results.map(\.title), ["Portishead"])
        XCTAssertEqual(scene.document?.title, "Portishead", "offline results open from the offline provider")
    }

    func testANewQueryCancelsTheOldOneAndLateAnswersAreIgnored() async throws {
        let online = ScriptedProvider(name: "wiki.example")
        let scene = WebSearchScene(config: try WebSearchConfig(SceneParameters(["provider": "online"])), primary: online,
                                   fallback: nil, context: context)
        scene.search("Queen")
        scene.search("Nirvana")
        XCTAssertEqual(online.cancelled, ["Queen"])
        online.answer("Queen", .success([ScriptedProvider.result("Queen")]))
        context.waitAndDrain()
        XCTAssertEqual(scene.results, [], "the answer to the replaced query is dropped")
        online.answer("Nirvana", .success([ScriptedProvider.result("Nirvana"), ScriptedProvider.result("Nevermind")]))
        context.waitAndDrain()
        XCTAssertEqual(scene.results.map(\.title), ["Nirvana", "Nevermind"])
        XCTAssertEqual(scene.status, "2 results from wiki.example.")
        context.waitAndDrain()   // the page of the first result, loaded off the main thread
        XCTAssertEqual(scene.document?.url, "https://wiki.example/Nirvana")
    }

    func testTheDecksQueryRunsOnFirstShowAndAHandedOverNameReplacesIt() async throws {
        let online = ScriptedProvider(name: "wiki.example")
        let scene = WebSearchScene(config: try WebSearchConfig(SceneParameters(["provider": "online", "query": "Sigur Rós"])),
                                   primary: online, fallback: nil, context: context)
        // What Presentation.open does: make the scene current, then hand over the band's name.
        scene.didBecomeCurrent()
        scene.receive(SceneParameters(["query": "Кино"], path: "openScene(web-search)"))
        XCTAssertEqual(online.cancelled, ["Sigur Rós"])
        XCTAssertEqual(online.pending.map(\.query), ["Sigur Rós", "Кино"])
        scene.willResignCurrent(); scene.didBecomeCurrent()
        XCTAssertEqual(online.pending.count, 2, "the deck's query runs only once")
        XCTAssertEqual(scene.query, "Кино")
    }

    func testSlashFocusesTheSearchField() async throws {
        let scene = try offlineScene()
        XCTAssertTrue(scene.handleUnhandledKey(Key("/")))
        XCTAssertTrue(scene.presenter.field.isFocused)
        XCTAssertFalse(scene.handleUnhandledKey(Key("Right")), "other keys still drive the talk")
    }

    func testErrorsWithoutFallbackAreShownPlainly() async throws {
        let online = ScriptedProvider(name: "wiki.example")
        let scene = WebSearchScene(config: try WebSearchConfig(SceneParameters(["provider": "online", "fallback": false])),
                                   primary: online, fallback: nil, context: context)
        scene.search("x")
        online.answer("x", .failure(.rateLimited(host: "wiki.example", retryAfter: 30)))
        context.waitAndDrain()
        XCTAssertEqual(scene.status, "wiki.example is rate limiting requests; try again in 30 s.")
    }

    func testParametersAreValidatedWithTheirPath() async {
        func error(_ v: [String: JSONValue]) -> String? {
            do { _ = try WebSearchConfig(SceneParameters(v, path: "scenes[3].parameters")); return nil } catch { return "\(error)" }
        }
        XCTAssertEqual(error(["provider": "google"]), "scenes[3].parameters.provider: expected one of \"offline\", \"online\", found \"google\"")
        XCTAssertEqual(error(["api": "ftp://x/api.php"]), "scenes[3].parameters.api: expected an http(s) URL of a MediaWiki api.php, found \"ftp://x/api.php\"")
        XCTAssertEqual(error(["timeout": 0]), "scenes[3].parameters.timeout: expected seconds between 1 and 60, found 0.0")
        XCTAssertEqual(error(["limit": 2.5]), "scenes[3].parameters.limit: expected an integer between 1 and 50, found 2.5")
        XCTAssertEqual(error(["query": 5]), "scenes[3].parameters.query: expected string, found number 5")
        XCTAssertNil(error(["provider": "online", "api": "http://127.0.0.1:9/w/api.php", "timeout": 3, "limit": 5]))
    }

    func testMissingDocumentsFolderFailsTheSceneWithTheFolderNamed() async {
        XCTAssertThrowsError(try offlineScene(["documents": "/nonexistent/pages"])) {
            XCTAssertEqual("\($0)", "The offline index failed: /nonexistent/pages: documents folder not found")
        }
    }

    /// Trial 16 m3: `check` passed a `documents` folder that is not there, and the talk's error
    /// card named neither the field nor the deck's value. Both now name the field and the folder.
    func testAMissingDocumentsFolderIsNamedByItsFieldInCheckAndOnTheCard() async throws {
        let kind = WebSearchPlugin.descriptor().sceneKinds[0]
        let card = SceneParameters(["documents": "/nonexistent/pages"], path: "scenes[2].parameters")
        XCTAssertThrowsError(try kind.make(card, context)) {
            XCTAssertEqual("\($0)", "scenes[2].parameters.documents: documents folder not found: /nonexistent/pages")
        }
        let check = try XCTUnwrap(kind.checkFiles)
        let request = SceneFileCheckRequest(deckDirectory: dir, complete: false, probe: true)
        XCTAssertEqual(check(SceneParameters(["documents": "nodir"], path: "scenes[0].parameters"), request).problem,
                       "scenes[0].parameters.documents: documents folder not found: \(dir.appendingPathComponent("nodir").path)")
        let file = dir.appendingPathComponent("page.md")
        try Data("# A page".utf8).write(to: file)
        XCTAssertEqual(check(SceneParameters(["documents": "page.md"], path: "scenes[0].parameters"), request).problem,
                       "scenes[0].parameters.documents: not a folder: \(file.path)")
        XCTAssertEqual(check(SceneParameters(["documents": "."], path: "scenes[0].parameters"), request), .fine, "a folder is fine")
        XCTAssertEqual(check(SceneParameters(["provider": "online", "fallback": false, "documents": "nodir"]), request), .fine,
                       "online with no fallback never reads it")
    }
}
