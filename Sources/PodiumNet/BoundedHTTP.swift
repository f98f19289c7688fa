import CBoundedHTTP
import Foundation

/// A small HTTP GET client for plugins that talk to servers they do not control (MediaWiki,
/// tile servers, geocoders), on libcurl (Debian's libcurl, the library FoundationNetworking
/// wraps). Limits that hold whatever the server does:
///
/// - **Size**: the body is streamed and counted; an announced `Content-Length` above `maxBytes`
///   is refused before the body, and a longer stream is cut where it crosses the cap, so a huge
///   answer never sits in memory. (URLSession cannot do this on Linux: after `cancel()` it keeps
///   reading and buffering the body, measured at 650 MB for a 1 GB answer cut at 8 MB.)
/// - **Time**: `timeout` seconds is a deadline for the whole request, from `get` to the last
///   byte. A server trickling one byte a second fails with `.timedOut` at the deadline.
/// - **Schemes**: http and https only, redirects too (at most 5).
///
/// `done` is called exactly once, on a background thread, except after `cancel()` (never).
public final class BoundedHTTP: @unchecked Sendable {
    /// A complete answer (any status; callers decide what a non-200 means).
    public struct Response: Sendable {
        public var status: Int
        public var body: Data
        /// The `Retry-After` header, if the server sent one.
        public var retryAfter: String?
    }

    public enum Failure: Error, Equatable, CustomStringConvertible, Sendable {
        /// No connection (DNS failure, refused, unreachable): `offline` true; other transport
        /// errors false. The text is libcurl's.
        case transport(String, offline: Bool)
        /// The whole request took longer than `seconds`.
        case timedOut(seconds: Double)
        /// The body is larger than `limit` bytes; the download was stopped.
        case tooLarge(limit: Int)

        public var description: String {
            switch self {
            case let .transport(m, _): m
            case let .timedOut(s): "no complete answer within \(BoundedHTTP.seconds(s))"
            case let .tooLarge(l): "the answer is larger than \(BoundedHTTP.size(l))"
            }
        }
    }

    /// A request in flight; `cancel()` stops it (within about a second) and its `done` is never called.
    public final class Request: @unchecked Sendable {
        /// An atomic flag in C, read by libcurl's callbacks on the transfer's thread.
        fileprivate let token: OpaquePointer?
        fileprivate init() { token = podium_http_cancel_new() }
        deinit { podium_http_cancel_free(token) }
        public func cancel() { podium_http_cancel_set(token) }
    }

    public let timeout: Double
    public let maxBytes: Int
    private let headers: [String]
    /// Requests run as blocking libcurl transfers, a few at a time (map views ask for many tiles).
    private let queue: OperationQueue = {
        let q = OperationQueue()
        q.maxConcurrentOperationCount = 4
        q.qualityOfService = .utility
        return q
    }()

    /// - Parameters:
    ///   - timeout: seconds for the whole request (connect, headers and body).
    ///   - maxBytes: the largest body accepted, in bytes.
    ///   - headers: sent with every request (User-Agent, Accept).
    public init(timeout: Double, maxBytes: Int, headers: [String: String]) {
        self.timeout = timeout
        self.maxBytes = maxBytes
        self.headers = headers.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" }
    }

    /// GETs `url` with `headers` added (replacing the client's of the same name); `done` gets
    /// the answer or why there is none.
    @discardableResult
    public func get(_ url: URL, headers extra: [String: String] = [:], _ done: @escaping @Sendable (Result<Response, Failure>) -> Void) -> Request {
        let request = Request()
        let names = Set(extra.keys.map { $0.lowercased() })
        let lines = headers.filter { !names.contains(String($0.prefix { $0 != ":" }).lowercased()) }
            + extra.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" }
        let timeout = timeout, maxBytes = maxBytes
        queue.addOperation {
            var r = podium_http_result()
            let cLines = lines.map { strdup($0) }
            defer { cLines.forEach { free($0) } }
            cLines.map { UnsafePointer($0) }.withUnsafeBufferPointer { buf in
                podium_http_get(url.absoluteString, buf.baseAddress, buf.count, Int(max(1, timeout * 1000)), maxBytes, request.token, &r)
            }
            defer { podium_http_result_free(&r) }
            let message = withUnsafeBytes(of: r.message) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            switch r.outcome {
            case PODIUM_HTTP_OK:
                let body = r.body.map { Data(bytes: $0, count: r.body_len) } ?? Data()
                done(.success(Response(status: r.status, body: body, retryAfter: r.retry_after.map { String(cString: $0) })))
            case PODIUM_HTTP_CANCELLED: break   // the caller no longer wants it
            case PODIUM_HTTP_TOO_LARGE: done(.failure(.tooLarge(limit: maxBytes)))
            case PODIUM_HTTP_TIMED_OUT: done(.failure(.timedOut(seconds: timeout)))
            case PODIUM_HTTP_OFFLINE: done(.failure(.transport(message, offline: true)))
            default: done(.failure(.transport(message, offline: false)))
            }
        }
        return request
    }

    static func size(_ bytes: Int) -> String {
        bytes >= 1 << 20 && bytes % (1 << 20) == 0 ? "\(bytes >> 20) MB" : bytes >= 1024 ? "\(bytes / 1024) KB" : "\(bytes) bytes"
    }
    static func seconds(_ s: Double) -> String { s == s.rounded() ? "\(Int(s)) s" : String(format: "%.1f s", s) }
}
