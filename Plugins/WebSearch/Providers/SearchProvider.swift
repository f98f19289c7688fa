import Foundation
import PodiumKit
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Where search results come from. The deck picks one (`"provider": "offline"` or `"online"`);
/// the scene talks to it only through this interface.
///
/// Completion handlers run exactly once per call unless the task was cancelled first, and may run
/// on any thread (network providers call back from their transfer threads; the offline provider
/// calls back before `search` returns). The scene hops to the main thread itself.
public protocol SearchProvider: AnyObject {
    /// Shown to the presenter next to each result ("Wikipedia", "Band pages").
    var name: String { get }
    /// Starts a search for `query`, at most `limit` results, best first.
    func search(_ query: String, limit: Int, completion: @escaping @Sendable (Result<[SearchResult], SearchError>) -> Void) -> SearchTask
    /// Fetches the clean text of one result for the reader view.
    func document(for result: SearchResult, completion: @escaping @Sendable (Result<ReaderDocument, SearchError>) -> Void) -> SearchTask
}

/// A request in flight; `cancel()` stops it (a new query replaces an old one).
public protocol SearchTask: AnyObject {
    func cancel()
}

/// A task that already finished (synchronous providers).
public final class FinishedTask: SearchTask {
    public init() {}
    public func cancel() {}
}

/// One hit.
public struct SearchResult: Equatable, Sendable {
    /// Stable within its provider: a relative file path, or `pageid:N` on a wiki.
    public var id: String
    public var title: String
    /// Text around the match, matches highlighted.
    public var snippet: HighlightedText
    /// Where it came from, shown on the result card to the presenter and the room: the page's
    /// web address or the wiki's host name, never a local file name.
    public var source: String
    /// The page's http(s) address if known (Open in Browser, Copy Link); nil for local files
    /// that name none.
    public var url: String?

    public init(id: String, title: String, snippet: HighlightedText, source: String, url: String?) {
        self.id = id; self.title = title; self.snippet = snippet; self.source = source; self.url = url
    }
}

/// Why a search failed, worded for the presenter (the scene shows `description` as is).
public enum SearchError: Error, Equatable, CustomStringConvertible {
    /// No network path to the host (no connection, DNS failure, connection refused).
    case offline(host: String, reason: String)
    /// The whole request (connect to last byte) took longer than `seconds`.
    case timedOut(host: String, seconds: Double)
    /// The answer was larger than `limit` bytes; the download was stopped.
    case tooLarge(host: String, limit: Int)
    /// A non-success HTTP status other than 429.
    case http(host: String, status: Int)
    /// HTTP 429, or the API's `ratelimited`/`maxlag` error. `retryAfter` in seconds when given.
    case rateLimited(host: String, retryAfter: Int?)
    /// The body was not the JSON the API documents; `detail` says what was wrong.
    case malformed(host: String, detail: String)
    /// The API answered with an `error` object.
    case api(host: String, code: String, info: String)
    /// The local index could not be read or written.
    case index(String)
    /// The request was cancelled (a newer query replaced it); never shown.
    case cancelled

    public var description: String {
        switch self {
        case let .offline(h, r): "Cannot reach \(h) — you seem to be offline (\(r))."
        case let .timedOut(h, s): "\(h) did not answer within \(Int(s.rounded())) s."
        case let .tooLarge(h, l): "The answer from \(h) is larger than \(l >= 1 << 20 ? "\(l >> 20) MB" : "\(l / 1024) KB"); it was not read."
        case let .http(h, st): "\(h) answered HTTP \(st) (\(HTTPURLResponse.localizedString(forStatusCode: st)))."
        case let .rateLimited(h, ra): "\(h) is rate limiting requests" + (ra.map { "; try again in \($0) s." } ?? "; try again shortly.")
        case let .malformed(h, d): "\(h) sent a response that is not valid search JSON: \(d)."
        case let .api(h, c, i): "\(h) reported an error: \(SafeText.excerpt(i)) (\(SafeText.excerpt(c, limit: 40)))."
        case let .index(m): "The offline index failed: \(m)"
        case .cancelled: "Cancelled."
        }
    }
}
