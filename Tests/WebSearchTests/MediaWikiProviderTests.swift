import XCTest
@testable import WebSearchScene

/// The online provider over real HTTP on loopback, against recorded MediaWiki responses.
final class MediaWikiProviderTests: XCTestCase {
    var wiki: LoopbackWiki!
    var provider: MediaWikiProvider!

    override func setUpWithError() throws {
        wiki = try LoopbackWiki()
        provider = try MediaWikiProvider(endpoint: wiki.endpoint, timeout: 1.5, contact: "tests@podium.invalid")
    }
    override func tearDown() { provider = nil; wiki.stop() }

    func search(_ q: String) -> Result<[SearchResult], SearchError> {
        let done = expectation(description: q)
        nonisolated(unsafe) var out: Result<[SearchResult], SearchError>!   // written before `done` is fulfilled
        _ = provider.search(q, limit: 10) { out = $0; done.fulfill() }
        wait(for: [done], timeout: 10)
        return out
    }

    func testSuccessSendsUserAgentAndParses() throws {
        let r = try search("Radiohead").get()
        XCTAssertEqual(r.map(\.title), ["Radiohead", "Radiohead discography", "Kid A"])
        XCTAssertEqual(r[0].source, "127.0.0.1")
        let req = try XCTUnwrap(wiki.requests().last)
        XCTAssertEqual(req["ua"] as? String, "Podium/1.0 (web-search scene; tests@podium.invalid) swift-corelibs-foundation")
        let q = try XCTUnwrap(req["query"] as? [String: String])
        XCTAssertEqual(q["list"], "search"); XCTAssertEqual(q["srsearch"], "Radiohead"); XCTAssertEqual(q["srlimit"], "10")
    }

    func testUnicodeQueryRoundTrips() throws {
        XCTAssertEqual(try search("Кино").get().first?.title, "Кино (группа)")
        XCTAssertEqual((wiki.requests().last?["query"] as? [String: String])?["srsearch"], "Кино")
    }

    func testEmpty() throws { XCTAssertEqual(try search("no such band").get(), []) }

    func testAPIError() {
        XCTAssertEqual(search("").failure, .api(host: "127.0.0.1", code: "nosrsearch", info: "The \"srsearch\" parameter must be set."))
    }

    func testRateLimited() {
        XCTAssertEqual(search("ratelimit").failure, .rateLimited(host: "127.0.0.1", retryAfter: 30))
        XCTAssertEqual(search("ratelimited-api").failure, .rateLimited(host: "127.0.0.1", retryAfter: nil))
    }

    func testHTTPError() { XCTAssertEqual(search("servererror").failure, .http(host: "127.0.0.1", status: 503)) }

    func testMalformed() {
        guard case .malformed? = search("malformed").failure else { return XCTFail("expected malformed") }
        guard case .malformed? = search("truncated").failure else { return XCTFail("expected malformed") }
    }

    func testSlowServerTimesOut() {
        XCTAssertEqual(search("slow").failure, .timedOut(host: "127.0.0.1", seconds: 1.5))
    }

    /// From the reliability case mediawiki-huge-response: a 1 GB answer is cut off at the cap,
    /// whether or not the server announces its length.
    func testHugeAnswerStopsAtTheSizeCap() throws {
        provider = try MediaWikiProvider(endpoint: wiki.endpoint, timeout: 20, maxBytes: 256 << 10)
        XCTAssertEqual(search("huge").failure, .tooLarge(host: "127.0.0.1", limit: 256 << 10))
        XCTAssertEqual(search("huge-unannounced").failure, .tooLarge(host: "127.0.0.1", limit: 256 << 10))
        XCTAssertEqual(SearchError.tooLarge(host: "127.0.0.1", limit: 8 << 20).description,
                       "The answer from 127.0.0.1 is larger than 8 MB; it was not read.")
        XCTAssertEqual(try search("Radiohead").get().count, 3, "a normal answer under the cap still works")
    }

    /// From the reliability case mediawiki-timeout-trickle: a byte a second keeps an idle timeout
    /// from firing; the deadline for the whole request ends it.
    func testTricklingServerHitsTheDeadline() {
        XCTAssertEqual(search("trickle").failure, .timedOut(host: "127.0.0.1", seconds: 1.5))
        XCTAssertEqual(SearchError.timedOut(host: "127.0.0.1", seconds: 3).description, "127.0.0.1 did not answer within 3 s.")
    }

    func testCancelledRequestNeverCompletes() {
        let never = expectation(description: "cancelled completion")
        never.isInverted = true
        let task = provider.search("slow", limit: 10) { _ in never.fulfill() }
        task.cancel()
        wait(for: [never], timeout: 2.5)
    }

    func testNothingListeningIsOffline() throws {
        let port = wiki.port
        wiki.stop()
        provider = try MediaWikiProvider(endpoint: "http://127.0.0.1:\(port)/w/api.php", timeout: 3)
        guard case .offline(host: "127.0.0.1", _)? = search("Radiohead").failure else { return XCTFail("expected offline") }
    }

    func testPageExtract() throws {
        let results = try search("Radiohead").get()
        let done = expectation(description: "page")
        nonisolated(unsafe) var doc: ReaderDocument?   // written before `done` is fulfilled
        _ = provider.document(for: results[0]) { doc = try? $0.get(); done.fulfill() }
        wait(for: [done], timeout: 10)
        XCTAssertEqual(doc?.url, "https://en.wikipedia.org/wiki/Radiohead")
        XCTAssertEqual(doc?.blocks.count, 6)
        let q = wiki.requests().last?["query"] as? [String: String]
        XCTAssertEqual(q?["prop"], "extracts|info"); XCTAssertEqual(q?["pageids"], "25749")
    }
}

extension Result {
    var failure: Failure? { if case let .failure(e) = self { e } else { nil } }
}
