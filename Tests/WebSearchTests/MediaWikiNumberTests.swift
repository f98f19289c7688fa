import Foundation
import XCTest
@testable import WebSearchScene

/// A MediaWiki answer with a page id no Int can hold is a malformed answer, not a trap.
final class MediaWikiNumberTests: XCTestCase {
    let api = try! MediaWikiAPI(endpoint: "https://en.wikipedia.org/w/api.php")

    func search(_ pageid: String) -> Result<[SearchResult], SearchError> {
        let body = Data(#"{"query":{"search":[{"ns":0,"title":"Portishead","pageid":\#(pageid),"snippet":"x"}]}}"#.utf8)
        do { return .success(try api.parseSearch(status: 200, body: body)) } catch { return .failure(error) }
    }

    func testOutOfRangePageIDsAreMalformedAnswers() {
        for bad in ["1e300", "-1e300", "1e19", "2.5", "-4"] {
            guard case let .failure(.malformed(host, detail)) = search(bad) else { XCTFail("\(bad): \(search(bad))"); continue }
            XCTAssertEqual(host, "en.wikipedia.org")
            XCTAssertTrue(detail.hasPrefix("query.search[0].pageid: expected an integer 0–"), detail)
        }
        XCTAssertEqual(try search("25749").get().first?.id, "pageid:25749")
    }

    func testHugePageIDInAPageAnswerFallsBackToNoLink() throws {
        let body = Data(#"{"query":{"pages":[{"pageid":1e300,"title":"T","extract":"<p>Hi</p>"}]}}"#.utf8)
        let doc = try api.parsePage(status: 200, body: body)
        XCTAssertNil(doc.url, "no link rather than a trap")
    }
}
