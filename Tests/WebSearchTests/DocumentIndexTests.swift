import XCTest
@testable import WebSearchScene

final class DocumentIndexTests: XCTestCase {
    var dir: URL!
    var docs: URL!
    var index: DocumentIndex!

    override func setUpWithError() throws {
        dir = try Fixtures.temporaryDirectory()
        docs = dir.appendingPathComponent("docs")
        try FileManager.default.createDirectory(at: docs, withIntermediateDirectories: true)
        index = try DocumentIndex(folder: docs, databaseURL: dir.appendingPathComponent("data/index.sqlite"))
    }
    override func tearDownWithError() throws { index = nil; try? FileManager.default.removeItem(at: dir) }

    func write(_ name: String, _ text: String) throws { try Data(text.utf8).write(to: docs.appendingPathComponent(name)) }

    func testRankingPrefersTitleAndFrequentMatches() throws {
        try write("bristol.md", "# Bristol\nA city. Portishead and Massive Attack are from Bristol. Bristol sound systems.")
        try write("portishead.md", "# Portishead\nTrip-hop band from Bristol.")
        try write("queen.txt", "Queen\n\nA London band with no link to that city in the west.")
        try index.sync()
        XCTAssertEqual(try index.search("bristol").map(\.path), ["bristol.md", "portishead.md"])
        XCTAssertEqual(try index.search("portishead").map(\.path), ["portishead.md", "bristol.md"])
        let hits = try index.search("bristol")
        XCTAssertLessThan(hits[0].score, hits[1].score, "BM25 scores: lower is better")
    }

    func testSnippetsHighlightMatches() throws {
        try write("r.md", "# Radiohead\n" + String(repeating: "Filler words here. ", count: 30) + "They recorded OK Computer in a mansion. " + String(repeating: "More filler. ", count: 30))
        try index.sync()
        let hit = try XCTUnwrap(try index.search("computer mansion").first)
        XCTAssertEqual(hit.title, "Radiohead")
        XCTAssertEqual(hit.snippet.matches, ["Computer", "mansion"])
        XCTAssertTrue(hit.snippet.plain.hasPrefix("…") && hit.snippet.plain.hasSuffix("…"), hit.snippet.plain)
        XCTAssertLessThan(hit.snippet.plain.split(separator: " ").count, 20)
    }

    func testUnicodeCaseAndDiacriticsInAnyScript() throws {
        try write("sigur.md", "# Sigur Rós\nJónsi plays Ágætis byrjun in Reykjavík.")
        try write("kino.md", "# Кино\nЛенинградская рок-группа Виктора Цоя.")
        try write("aerzte.txt", "Die Ärzte\n\nBerlin punk.")
        try write("mayday.html", "<h1>五月天（Mayday）</h1><p>來自台北的樂團</p>")
        try index.sync()
        XCTAssertEqual(try index.search("sigur ros").first?.title, "Sigur Rós")
        XCTAssertEqual(try index.search("REYKJAVIK").first?.snippet.matches, ["Reykjavík"])
        XCTAssertEqual(try index.search("кино").first?.title, "Кино")
        XCTAssertEqual(try index.search("ВИКТОРА").first?.path, "kino.md")
        XCTAssertEqual(try index.search("arzte").first?.path, "aerzte.txt")
        XCTAssertEqual(try index.search("五月").first?.path, "mayday.html", "last word matches as a prefix")
        XCTAssertEqual(try index.search("mayday").first?.title, "五月天（Mayday）")
    }

    func testQueriesAreTextNotSyntax() throws {
        try write("a.md", "# And Or Not\nNEAR the \"quoted\" column:title thing")
        try index.sync()
        for q in ["AND", "\"quoted", "column:title", "near(", "* OR *", ")"] {
            XCTAssertNoThrow(try index.search(q), q)
        }
        XCTAssertEqual(try index.search("\"quoted\"").count, 1)
        XCTAssertEqual(try index.search("!!! ...").count, 0)
    }

    func testAnyWordWhenAllWordsFindNothing() throws {
        try write("a.md", "# Queen\nLondon")
        try write("b.md", "# Nirvana\nAberdeen")
        try index.sync()
        XCTAssertEqual(Set(try index.search("queen nirvana").map(\.path)), ["a.md", "b.md"])
    }

    /// A possessive "'s" and the stop words are no terms: a page sharing only those with the
    /// query is no hit, and they are not highlighted.
    func testPossessivesAndStopWordsAreNoTerms() throws {
        try write("portishead.md", "# Portishead\nBristol also gave us Tricky; the city's sound systems shaped all three.")
        try write("radiohead.md", "# Radiohead\nSynthesisers and Thom Yorke's voice cut into pieces of the song.")
        XCTAssertEqual(SearchQuery.words("Robert’s Yorke's 'n' s"), ["Robert", "Yorke", "n", "s"])
        try index.sync()
        XCTAssertEqual(try index.search("robert's coffee gelato factory").map(\.path), [])
        XCTAssertEqual(try index.search("The Extraordinarily Long Named Philharmonic Orchestra of the Northern Lights and Southern Seas").map(\.path), [])
        let hit = try XCTUnwrap(try index.search("the Yorke’s voice").first)
        XCTAssertEqual(hit.path, "radiohead.md")
        XCTAssertEqual(hit.snippet.matches, ["Yorke", "voice"], "neither \"the\" nor the lone \"s\" is highlighted")
    }

    /// A query of stop words only is still searched, as the phrase it is: "The The" finds the
    /// band, not every page with "the" in it.
    func testAQueryOfStopWordsOnlyIsAPhrase() throws {
        try write("the-the.md", "# The The\nMatt Johnson's band from London.")
        try write("town.md", "# Town\nThe band of the town.")
        try index.sync()
        XCTAssertEqual(try index.search("The The").map(\.path), ["the-the.md"])
        XCTAssertEqual(try index.search("the").count, 2, "a lone stop word is searched")
    }

    func testSyncIsIncremental() throws {
        try write("a.md", "# Alpha\none")
        try write("b.txt", "Beta\n\ntwo")
        try write("ignored.pdf", "not indexed")
        var r = try index.sync()
        XCTAssertEqual(r, DocumentIndex.SyncReport(added: 2))
        r = try index.sync()
        XCTAssertEqual(r, DocumentIndex.SyncReport(unchanged: 2))
        XCTAssertFalse(r.changed)

        try write("a.md", "# Alpha\none and a new word: zeppelin")     // size changes
        try FileManager.default.removeItem(at: docs.appendingPathComponent("b.txt"))
        try FileManager.default.createDirectory(at: docs.appendingPathComponent("sub"), withIntermediateDirectories: true)
        try write("sub/c.html", "<title>Gamma</title><p>three</p>")
        r = try index.sync()
        XCTAssertEqual(r, DocumentIndex.SyncReport(added: 1, updated: 1, removed: 1, unchanged: 0))
        XCTAssertEqual(try index.search("zeppelin").map(\.path), ["a.md"])
        XCTAssertEqual(try index.search("two").count, 0)
        XCTAssertEqual(try index.search("three").first?.path, "sub/c.html")
        XCTAssertEqual(try index.count(), 2)

        // Same size, new modification time: re-read too.
        try write("a.md", "# Alpha\none and a new word: airships")
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: 60)], ofItemAtPath: docs.appendingPathComponent("a.md").path)
        XCTAssertEqual(try index.sync().updated, 1)
        XCTAssertEqual(try index.search("airships").count, 1)
        XCTAssertEqual(try index.search("zeppelin").count, 0)
    }

    func testIndexSurvivesReopeningAndReportsUnreadableFiles() throws {
        try write("a.md", "# Alpha\none")
        try Data([0xFF, 0xFE, 0xC3]).write(to: docs.appendingPathComponent("bad.txt"))
        let r = try index.sync()
        XCTAssertEqual(r.added, 1)
        XCTAssertEqual(r.failures, ["\(docs.appendingPathComponent("bad.txt").path): not UTF-8 text"])
        index = nil
        let again = try DocumentIndex(folder: docs, databaseURL: dir.appendingPathComponent("data/index.sqlite"))
        XCTAssertEqual(try again.search("alpha").count, 1, "index is persistent")
        XCTAssertEqual(try again.sync().unchanged, 1)
    }

    func testMissingFolderIsAClearError() throws {
        let gone = try DocumentIndex(folder: dir.appendingPathComponent("nope"), databaseURL: dir.appendingPathComponent("x.sqlite"))
        XCTAssertThrowsError(try gone.sync()) { XCTAssertEqual($0 as? SearchError, .index("\(self.dir.appendingPathComponent("nope").path): documents folder not found")) }
    }

    func testDatabaseNameIsPerFolder() {
        let data = URL(fileURLWithPath: "/data")
        let a = DocumentIndex.databaseURL(for: URL(fileURLWithPath: "/x/a"), in: data)
        XCTAssertNotEqual(a, DocumentIndex.databaseURL(for: URL(fileURLWithPath: "/x/b"), in: data))
        XCTAssertEqual(a, DocumentIndex.databaseURL(for: URL(fileURLWithPath: "/x/./a"), in: data))
        XCTAssertEqual(a.deletingLastPathComponent().path, "/data")
    }

    func testOfflineProviderOverTheShippedBandPages() throws {
        let assets = Fixtures.packageRoot.appendingPathComponent("Assets/WebSearch")
        let p = OfflineProvider(index: try DocumentIndex(folder: assets, databaseURL: dir.appendingPathComponent("bands.sqlite")))
        nonisolated(unsafe) var results: [SearchResult] = []   // the offline provider answers before search returns
        _ = p.search("Sigur Ros", limit: 5) { results = (try? $0.get()) ?? [] }
        XCTAssertEqual(results.first?.title, "Sigur Rós")
        XCTAssertEqual(results.first?.url, "https://en.wikipedia.org/wiki/Sigur_R%C3%B3s")
        nonisolated(unsafe) var doc: ReaderDocument?
        _ = p.document(for: results[0]) { doc = try? $0.get() }
        XCTAssertEqual(doc?.blocks.first, .heading(level: 1, text: "Sigur Rós"))
        _ = p.search("bristol", limit: 5) { results = (try? $0.get()) ?? [] }
        XCTAssertEqual(Set(results.map(\.id)), ["portishead.html", "massive-attack.md"])
    }
}
