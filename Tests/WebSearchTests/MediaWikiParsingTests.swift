import XCTest
@testable import WebSearchScene

final class MediaWikiParsingTests: XCTestCase {
    let api = try! MediaWikiAPI(endpoint: "https://en.wikipedia.org/w/api.php")

    func testSearchURLCarriesTheDocumentedParametersAndEncodesPlus() {
        let u = api.searchURL("AC/DC + Кино & co", limit: 7)
        let c = URLComponents(url: u, resolvingAgainstBaseURL: false)!
        let q = Dictionary(uniqueKeysWithValues: c.queryItems!.map { ($0.name, $0.value ?? "") })
        XCTAssertEqual(q["action"], "query"); XCTAssertEqual(q["list"], "search"); XCTAssertEqual(q["format"], "json")
        XCTAssertEqual(q["srsearch"], "AC/DC + Кино & co"); XCTAssertEqual(q["srlimit"], "7")
        XCTAssertTrue(c.percentEncodedQuery!.contains("%2B"), "a literal + would reach PHP as a space")
        XCTAssertFalse(c.percentEncodedQuery!.contains("&co"), "& inside the query is encoded")
        XCTAssertEqual(u.host, "en.wikipedia.org"); XCTAssertEqual(u.path, "/w/api.php")
    }

    func testPageURLAndFallbackLink() {
        let q = URLComponents(url: api.pageURL(pageID: 25749), resolvingAgainstBaseURL: false)!.queryItems!
        XCTAssertTrue(q.contains(URLQueryItem(name: "prop", value: "extracts|info")))
        XCTAssertTrue(q.contains(URLQueryItem(name: "pageids", value: "25749")))
        XCTAssertEqual(api.fallbackPageLink(pageID: 5), "https://en.wikipedia.org/w/index.php?curid=5")
    }

    func testEndpointMustBeHTTP() {
        XCTAssertThrowsError(try MediaWikiAPI(endpoint: "file:///etc/passwd"))
        XCTAssertThrowsError(try MediaWikiAPI(endpoint: "en.wikipedia.org/w/api.php"))
        XCTAssertNoThrow(try MediaWikiAPI(endpoint: "http://127.0.0.1:8080/w/api.php"))
    }

    func testSuccess() throws {
        let r = try api.parseSearch(status: 200, body: Fixtures.data("search-radiohead.json"))
        XCTAssertEqual(r.map(\.title), ["Radiohead", "Radiohead discography", "Kid A"])
        XCTAssertEqual(r[0].id, "pageid:25749")
        XCTAssertEqual(r[0].snippet.matches, ["Radiohead"])
        XCTAssertTrue(r[1].snippet.plain.contains("\"Creep\" & more"))
        XCTAssertEqual(r[0].source, "en.wikipedia.org")
        XCTAssertEqual(r[0].url, "https://en.wikipedia.org/w/index.php?curid=25749")
        XCTAssertEqual(try api.parseSearch(status: 200, body: Fixtures.data("search-unicode.json")).first?.snippet.matches, ["Кино"])
    }

    func testEmpty() throws {
        XCTAssertEqual(try api.parseSearch(status: 200, body: Fixtures.data("search-empty.json")), [])
    }

    func testErrors() throws {
        func error(_ status: Int, _ body: Data, retryAfter: String? = nil) -> SearchError? {
            do { _ = try api.parseSearch(status: status, retryAfter: retryAfter, body: body); return nil } catch { return error }
        }
        XCTAssertEqual(error(200, try Fixtures.data("search-error.json")),
                       .api(host: "en.wikipedia.org", code: "nosrsearch", info: "The \"srsearch\" parameter must be set."))
        XCTAssertEqual(error(200, try Fixtures.data("search-ratelimited.json")), .rateLimited(host: "en.wikipedia.org", retryAfter: nil))
        XCTAssertEqual(error(429, Data(), retryAfter: "30"), .rateLimited(host: "en.wikipedia.org", retryAfter: 30))
        XCTAssertEqual(error(500, Data("oops".utf8)), .http(host: "en.wikipedia.org", status: 500))
        XCTAssertEqual(error(200, try Fixtures.data("malformed.txt")),
                       .malformed(host: "en.wikipedia.org", detail: "not JSON (starts \"<!DOCTYPE html><html><he\")"))
        XCTAssertEqual(error(200, Data()), .malformed(host: "en.wikipedia.org", detail: "empty body"))
        XCTAssertEqual(error(200, Data("[1,2]".utf8)), .malformed(host: "en.wikipedia.org", detail: "top level is not an object"))
        XCTAssertEqual(error(200, Data("{\"batchcomplete\":true}".utf8)), .malformed(host: "en.wikipedia.org", detail: "no \"query\" object"))
        XCTAssertEqual(error(200, Data("{\"query\":{\"search\":[{\"ns\":0}]}}".utf8)),
                       .malformed(host: "en.wikipedia.org", detail: "query.search[0] lacks a title or pageid"))
    }

    func testMessagesAreReadable() {
        XCTAssertEqual(SearchError.rateLimited(host: "h", retryAfter: 30).description, "h is rate limiting requests; try again in 30 s.")
        XCTAssertEqual(SearchError.http(host: "h", status: 503).description.prefix(19), "h answered HTTP 503")
        XCTAssertTrue(SearchError.offline(host: "h", reason: "x").description.contains("offline"))
    }

    func testPageExtractBecomesCleanReaderText() throws {
        let d = try api.parsePage(status: 200, body: Fixtures.data("page-radiohead.json"))
        XCTAssertEqual(d.title, "Radiohead")
        XCTAssertEqual(d.url, "https://en.wikipedia.org/wiki/Radiohead")
        XCTAssertEqual(d.blocks, [
            .paragraph("Radiohead are an English rock band formed in Abingdon, Oxfordshire, in 1985."),
            .heading(level: 2, text: "History"),
            .heading(level: 3, text: "1985–1991: Formation"),
            .paragraph("The members met at Abingdon School & formed On a Friday."),
            .listItem("Pablo Honey (1993)", number: nil), .listItem("The Bends (1995)", number: nil),
        ])
        XCTAssertThrowsError(try api.parsePage(status: 200, body: Fixtures.data("page-missing.json"))) {
            XCTAssertEqual(($0 as? SearchError).map { if case .api(_, "missing", _) = $0 { true } else { false } }, true)
        }
    }
}
