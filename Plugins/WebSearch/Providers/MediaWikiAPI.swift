import Foundation
import PodiumKit

/// Requests and responses of the MediaWiki Action API (mediawiki.org/wiki/API:Search and
/// API:Extracts), kept free of networking so they can be tested on recorded responses.
/// Any MediaWiki site works: `endpoint` is its `api.php` URL.
public struct MediaWikiAPI: Sendable {
    public let endpoint: URL
    /// The endpoint's host, used in messages ("en.wikipedia.org").
    public var host: String { endpoint.host ?? endpoint.absoluteString }

    /// Throws `SceneParameterError`-style text when `endpoint` is not an absolute http(s) URL.
    public init(endpoint: String) throws {
        guard let u = URL(string: endpoint), let s = u.scheme?.lowercased(), s == "http" || s == "https", u.host != nil else {
            throw MediaWikiAPI.EndpointError(description: "expected an http(s) URL of a MediaWiki api.php, found \(SafeText.quote(endpoint))")
        }
        self.endpoint = u
    }
    public struct EndpointError: Error, CustomStringConvertible { public var description: String }

    /// `action=query&list=search`: titles and highlighted snippets, best first.
    public func searchURL(_ query: String, limit: Int) -> URL {
        url(["action": "query", "list": "search", "srsearch": query, "srlimit": String(limit),
             "srprop": "snippet", "format": "json", "formatversion": "2", "utf8": "1"])
    }

    /// `prop=extracts|info`: the page's HTML extract (TextExtracts) and its canonical URL.
    public func pageURL(pageID: Int) -> URL {
        url(["action": "query", "prop": "extracts|info", "inprop": "url", "pageids": String(pageID),
             "redirects": "1", "format": "json", "formatversion": "2", "utf8": "1"])
    }

    /// A link that works on every MediaWiki before we know the pretty one: `index.php?curid=N`.
    public func fallbackPageLink(pageID: Int) -> String {
        endpoint.deletingLastPathComponent().appendingPathComponent("index.php").absoluteString + "?curid=\(pageID)"
    }

    private func url(_ items: [String: String]) -> URL {
        var c = URLComponents(url: endpoint, resolvingAgainstBaseURL: false)!
        c.queryItems = (c.queryItems ?? []) + items.sorted { $0.key < $1.key }.map { URLQueryItem(name: $0.key, value: $0.value) }
        // URLComponents leaves "+" alone, which PHP reads as a space: encode it.
        c.percentEncodedQuery = c.percentEncodedQuery?.replacingOccurrences(of: "+", with: "%2B")
        return c.url!
    }

    // MARK: Responses

    /// Checks the HTTP status (429 → rate limited with `Retry-After` seconds; other non-2xx →
    /// `.http`) and parses the JSON body, mapping an API `error` object to `.api` (or
    /// `.rateLimited` for `ratelimited`/`maxlag`).
    public func checkedJSON(status: Int, retryAfter: String?, body: Data) throws(SearchError) -> JSONObject {
        if status == 429 || status == 503 && retryAfter != nil {
            throw .rateLimited(host: host, retryAfter: retryAfter.flatMap { Int($0.trimmingCharacters(in: .whitespaces)) })
        }
        guard (200..<300).contains(status) else { throw .http(host: host, status: status) }
        let any: Any
        do { any = try JSONSerialization.jsonObject(with: body) } catch {
            throw .malformed(host: host, detail: body.isEmpty ? "empty body" : "not JSON (starts \(SafeText.quote(String(decoding: body.prefix(24), as: UTF8.self))))")
        }
        guard let root = any as? [String: Any] else { throw .malformed(host: host, detail: "top level is not an object") }
        if let e = root["error"] as? [String: Any] {
            let code = e["code"] as? String ?? "unknown", info = e["info"] as? String ?? "no details"
            if code == "ratelimited" || code == "maxlag" { throw .rateLimited(host: host, retryAfter: nil) }
            throw .api(host: host, code: code, info: info)
        }
        return JSONObject(root)
    }

    /// Results of a `list=search` response.
    public func parseSearch(status: Int, retryAfter: String? = nil, body: Data) throws(SearchError) -> [SearchResult] {
        let root = try checkedJSON(status: status, retryAfter: retryAfter, body: body)
        guard let query = root.values["query"] as? [String: Any] else {
            // A search with no hits still has `query.search: []`; no `query` at all is wrong.
            throw .malformed(host: host, detail: "no \"query\" object")
        }
        guard let items = query["search"] as? [Any] else { throw .malformed(host: host, detail: "no \"query.search\" array") }
        return try items.enumerated().map { (i, item) throws(SearchError) in
            guard let o = item as? [String: Any], let title = o["title"] as? String, o["pageid"] != nil else {
                throw .malformed(host: host, detail: "query.search[\(i)] lacks a title or pageid")
            }
            guard let id = intValue(o["pageid"]), id >= 0 else {
                throw .malformed(host: host, detail: "query.search[\(i)].pageid: expected an integer 0–\(Int.max), found \(SafeText.quote("\(o["pageid"]!)", limit: 40))")
            }
            return SearchResult(id: "pageid:\(id)", title: title, snippet: HighlightedText(mediaWikiSnippet: o["snippet"] as? String ?? ""),
                                source: host, url: fallbackPageLink(pageID: id))
        }
    }

    /// The reader document of a `prop=extracts|info` response: the extract's HTML cleaned into
    /// blocks, the page URL from `fullurl`.
    public func parsePage(status: Int, retryAfter: String? = nil, body: Data) throws(SearchError) -> ReaderDocument {
        let root = try checkedJSON(status: status, retryAfter: retryAfter, body: body)
        guard let pages = (root.values["query"] as? [String: Any])?["pages"] as? [Any], let page = pages.first as? [String: Any] else {
            throw .malformed(host: host, detail: "no \"query.pages\" array")
        }
        let title = page["title"] as? String ?? "Untitled"
        if page["missing"] != nil { throw .api(host: host, code: "missing", info: "the page \(SafeText.quote(title)) no longer exists") }
        guard let extract = page["extract"] as? String else { throw .malformed(host: host, detail: "page has no \"extract\" (is TextExtracts installed?)") }
        var doc = HTMLText.document(extract, fallbackTitle: title)
        doc.title = title
        doc.url = page["fullurl"] as? String ?? intValue(page["pageid"]).map { fallbackPageLink(pageID: $0) }
        return doc
    }
}

/// An integer from JSONSerialization output (Int, Double or NSNumber depending on platform).
/// Nil for anything that is not a whole number Int can hold (1e300 from a server must not trap).
func intValue(_ v: Any?) -> Int? {
    if let i = v as? Int { return i }
    if let d = v as? Double { return Int(exactly: d) }
    return nil
}

/// A parsed JSON object passed between the checking and the parsing steps.
public struct JSONObject: @unchecked Sendable {
    public let values: [String: Any]
    init(_ v: [String: Any]) { values = v }
}
