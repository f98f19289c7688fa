import Foundation
import PodiumKit
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Searches a MediaWiki site over HTTP with URLSession (libcurl underneath on Linux).
///
/// Every request carries a descriptive User-Agent (Wikimedia's policy asks for one with contact
/// details: meta.wikimedia.org/wiki/User-Agent_policy), has `timeout` seconds to finish, and can
/// be cancelled. Failures are mapped to `SearchError` cases worded for the presenter.
public final class MediaWikiProvider: SearchProvider {
    public let api: MediaWikiAPI
    public let name: String
    /// Seconds a request may take before it fails with `.timedOut`.
    public let timeout: Double
    public let userAgent: String
    private let session: URLSession

    /// - Parameters:
    ///   - endpoint: the site's `api.php` URL (throws `MediaWikiAPI.EndpointError` if not http/https).
    ///   - timeout: seconds per request (default 8).
    ///   - contact: who to reach about the traffic, put into the User-Agent.
    public init(endpoint: String, timeout: Double = 8, contact: String = "a Podium presenter", name: String? = nil) throws {
        api = try MediaWikiAPI(endpoint: endpoint)
        self.timeout = timeout
        self.name = name ?? api.host
        userAgent = "Podium/1.0 (web-search scene; \(contact)) swift-corelibs-foundation"
        let config = URLSessionConfiguration.ephemeral
        config.timeoutIntervalForRequest = timeout
        config.timeoutIntervalForResource = timeout
        config.httpAdditionalHeaders = ["User-Agent": userAgent, "Accept": "application/json"]
        config.requestCachePolicy = .reloadIgnoringLocalCacheData
        session = URLSession(configuration: config)
    }

    deinit { session.invalidateAndCancel() }

    public func search(_ query: String, limit: Int, completion: @escaping (Result<[SearchResult], SearchError>) -> Void) -> SearchTask {
        fetch(api.searchURL(query, limit: limit)) { [api] r in
            completion(r.flatMap { s, ra, body in Result { () throws(SearchError) in try api.parseSearch(status: s, retryAfter: ra, body: body) } })
        }
    }

    public func document(for result: SearchResult, completion: @escaping (Result<ReaderDocument, SearchError>) -> Void) -> SearchTask {
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
        var request = URLRequest(url: url, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: timeout)
        request.setValue(userAgent, forHTTPHeaderField: "User-Agent")
        let host = api.host, timeout = timeout
        let box = HandlerBox(handler)
        let task = session.dataTask(with: request) { data, response, error in
            if let error {
                let e = Self.transportError(error, host: host, timeout: timeout)
                if e != .cancelled { box.call(.failure(e)) }
                return
            }
            guard let http = response as? HTTPURLResponse else { box.call(.failure(.malformed(host: host, detail: "not an HTTP response"))); return }
            box.call(.success((http.statusCode, http.value(forHTTPHeaderField: "Retry-After"), data ?? Data())))
        }
        task.resume()
        return NetworkTask(task)
    }

    /// Maps URLSession's errors to what the presenter needs to know.
    static func transportError(_ error: Error, host: String, timeout: Double) -> SearchError {
        guard let u = error as? URLError else { return .offline(host: host, reason: error.localizedDescription) }
        switch u.code {
        case .cancelled: return .cancelled
        case .timedOut: return .timedOut(host: host, seconds: timeout)
        case .notConnectedToInternet, .networkConnectionLost, .cannotFindHost, .cannotConnectToHost, .dnsLookupFailed,
             .internationalRoamingOff, .dataNotAllowed:
            return .offline(host: host, reason: u.localizedDescription)
        default: return .offline(host: host, reason: "\(u.code.rawValue): \(u.localizedDescription)")
        }
    }
}

/// Lets a non-Sendable completion cross to URLSession's delegate queue; it is called once.
private final class HandlerBox<T>: @unchecked Sendable {
    let body: (T) -> Void
    init(_ b: @escaping (T) -> Void) { body = b }
    func call(_ v: T) { body(v) }
}

private final class NetworkTask: SearchTask {
    let task: URLSessionDataTask
    init(_ t: URLSessionDataTask) { task = t }
    func cancel() { task.cancel() }
}
