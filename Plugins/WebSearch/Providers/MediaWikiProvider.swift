import Foundation
import PodiumKit
import PodiumNet

/// Searches a MediaWiki site over HTTP with `BoundedHTTP` (libcurl).
///
/// Every request carries a descriptive User-Agent (Wikimedia's policy asks for one with contact
/// details: meta.wikimedia.org/wiki/User-Agent_policy), has `timeout` seconds to finish in all,
/// reads at most `maxBytes` of answer, and can be cancelled. Failures are mapped to `SearchError` cases worded for the presenter.
public final class MediaWikiProvider: SearchProvider {
    public let api: MediaWikiAPI
    public let name: String
    /// Seconds a request may take in all (connect to last byte) before it fails with `.timedOut`.
    public let timeout: Double
    /// The largest answer accepted, in bytes; a larger one fails with `.tooLarge`.
    public let maxBytes: Int
    public let userAgent: String
    private let http: BoundedHTTP

    /// - Parameters:
    ///   - endpoint: the site's `api.php` URL (throws `MediaWikiAPI.EndpointError` if not http/https).
    ///   - timeout: seconds per request, a deadline for the whole request (default 8).
    ///   - maxBytes: the largest answer read (default 8 MB; search answers are a few KB).
    ///   - contact: who to reach about the traffic, put into the User-Agent.
    public init(endpoint: String, timeout: Double = 8, maxBytes: Int = 8 << 20, contact: String = "a Podium presenter", name: String? = nil) throws {
        api = try MediaWikiAPI(endpoint: endpoint)
        self.timeout = timeout
        self.maxBytes = maxBytes
        self.name = name ?? api.host
        userAgent = "Podium/1.0 (web-search scene; \(contact)) swift-corelibs-foundation"
        http = BoundedHTTP(timeout: timeout, maxBytes: maxBytes, headers: ["User-Agent": userAgent, "Accept": "application/json"])
    }

    public func search(_ query: String, limit: Int, completion: @escaping @Sendable (Result<[SearchResult], SearchError>) -> Void) -> SearchTask {
        fetch(api.searchURL(query, limit: limit)) { [api] r in
            completion(r.flatMap { s, ra, body in Result { () throws(SearchError) in try api.parseSearch(status: s, retryAfter: ra, body: body) } })
        }
    }

    public func document(for result: SearchResult, completion: @escaping @Sendable (Result<ReaderDocument, SearchError>) -> Void) -> SearchTask {
        guard result.id.hasPrefix("pageid:"), let id = Int(result.id.dropFirst(7)) else {
            completion(.failure(.malformed(host: api.host, detail: "result id \(SafeText.quote(result.id)) is not a page id")))
            return FinishedTask()
        }
        return fetch(api.pageURL(pageID: id)) { [api] r in
            completion(r.flatMap { s, ra, body in Result { () throws(SearchError) in try api.parsePage(status: s, retryAfter: ra, body: body) } })
        }
    }

    /// GETs `url`; the handler gets (status, Retry-After, body) or a transport error. Cancelled
    /// requests never call the handler.
    private func fetch(_ url: URL, _ handler: @escaping (Result<(Int, String?, Data), SearchError>) -> Void) -> SearchTask {
        let host = api.host
        let box = HandlerBox(handler)
        let request = http.get(url, headers: ["User-Agent": userAgent]) { r in
            switch r {
            case let .success(a): box.call(.success((a.status, a.retryAfter, a.body)))
            case let .failure(f): box.call(.failure(Self.transportError(f, host: host)))
            }
        }
        return NetworkTask(request)
    }

    /// Maps the client's failures to what the presenter needs to know.
    static func transportError(_ f: BoundedHTTP.Failure, host: String) -> SearchError {
        switch f {
        case let .timedOut(s): return .timedOut(host: host, seconds: s)
        case let .tooLarge(limit): return .tooLarge(host: host, limit: limit)
        case let .transport(m, offline): return .offline(host: host, reason: offline ? m : "transfer failed: \(m)")
        }
    }
}

/// Lets a non-Sendable completion cross to the client's queue; it is called once.
private final class HandlerBox<T>: @unchecked Sendable {
    let body: (T) -> Void
    init(_ b: @escaping (T) -> Void) { body = b }
    func call(_ v: T) { body(v) }
}

private final class NetworkTask: SearchTask {
    let request: BoundedHTTP.Request
    init(_ r: BoundedHTTP.Request) { request = r }
    func cancel() { request.cancel() }
}
