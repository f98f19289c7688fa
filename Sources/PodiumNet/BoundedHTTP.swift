import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking   // URLSession on Linux (libcurl)
#endif

/// A small HTTP GET client for plugins that talk to servers they do not control (MediaWiki,
/// tile servers, geocoders). Two limits hold whatever the server does:
///
/// - **Size**: the body is streamed and counted; more than `maxBytes` (or a `Content-Length`
///   above it) stops the download and fails with `.tooLarge`, so a huge answer never sits in
///   memory.
/// - **Time**: `timeout` seconds is a deadline for the whole request, from `get` to the last
///   byte. A server trickling one byte a second fails with `.timedOut` at the deadline
///   (URLSession's own timeouts reset on every byte).
///
/// `done` is called exactly once, on a background thread, except after `cancel()` (never).
public final class BoundedHTTP: @unchecked Sendable {
    /// A complete answer (any status; callers decide what a non-200 means).
    public struct Response: Sendable {
        public var status: Int
        /// Header fields as sent, looked up case-insensitively with `header(_:)`.
        public var headers: [String: String]
        public var body: Data
        public func header(_ name: String) -> String? {
            headers.first { $0.key.caseInsensitiveCompare(name) == .orderedSame }?.value
        }
    }

    public enum Failure: Error, Equatable, CustomStringConvertible, Sendable {
        /// The connection failed (no route, DNS, refused, reset): the transport's text, and its URLError code if any.
        case transport(String, code: Int?)
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

    /// A request in flight; `cancel()` stops it and its `done` is never called.
    public final class Request: @unchecked Sendable {
        fileprivate let task: URLSessionDataTask
        fileprivate weak var owner: BoundedHTTP?
        fileprivate init(_ t: URLSessionDataTask, _ o: BoundedHTTP) { task = t; owner = o }
        public func cancel() { owner?.finish(task.taskIdentifier, nil); task.cancel() }
    }

    public let timeout: Double
    public let maxBytes: Int
    private var session: URLSession!
    private let lock = NSLock()
    private var inFlight: [Int: InFlight] = [:]

    private struct InFlight {
        var done: @Sendable (Result<Response, Failure>) -> Void
        var status = 0
        var headers: [String: String] = [:]
        var body = Data()
    }

    /// - Parameters:
    ///   - timeout: seconds for the whole request (connect, headers and body).
    ///   - maxBytes: the largest body accepted, in bytes.
    ///   - headers: sent with every request (User-Agent, Accept).
    public init(timeout: Double, maxBytes: Int, headers: [String: String]) {
        self.timeout = timeout
        self.maxBytes = maxBytes
        let c = URLSessionConfiguration.ephemeral
        c.timeoutIntervalForRequest = timeout
        c.timeoutIntervalForResource = timeout
        c.httpAdditionalHeaders = headers
        c.requestCachePolicy = .reloadIgnoringLocalCacheData
        let queue = OperationQueue()
        queue.maxConcurrentOperationCount = 1
        session = URLSession(configuration: c, delegate: Delegate(self), delegateQueue: queue)
    }

    deinit { session.invalidateAndCancel() }

    /// GETs `url` with `headers` added; `done` gets the answer or why there is none.
    @discardableResult
    public func get(_ url: URL, headers: [String: String] = [:], _ done: @escaping @Sendable (Result<Response, Failure>) -> Void) -> Request {
        var req = URLRequest(url: url, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: timeout)
        for (k, v) in headers { req.setValue(v, forHTTPHeaderField: k) }
        let task = session.dataTask(with: req)
        let id = task.taskIdentifier
        lock.lock(); inFlight[id] = InFlight(done: done); lock.unlock()
        // The deadline: whatever the server does, the request ends here.
        DispatchQueue.global().asyncAfter(deadline: .now() + timeout) { [weak self, weak task] in
            guard let self, self.finish(id, .failure(.timedOut(seconds: self.timeout))) else { return }
            task?.cancel()
        }
        task.resume()
        return Request(task, self)
    }

    /// Ends request `id` once: removes it and calls its `done` with `result` (nil: silently).
    /// Returns false when it had already ended.
    @discardableResult
    fileprivate func finish(_ id: Int, _ result: Result<Response, Failure>?) -> Bool {
        lock.lock(); let f = inFlight.removeValue(forKey: id); lock.unlock()
        guard let f else { return false }
        if let result { f.done(result) }
        return true
    }

    fileprivate func received(_ task: URLSessionDataTask, response: URLResponse) -> Bool {
        let http = response as? HTTPURLResponse
        let length = response.expectedContentLength
        lock.lock()
        inFlight[task.taskIdentifier]?.status = http?.statusCode ?? 0
        var h: [String: String] = [:]
        for (k, v) in http?.allHeaderFields ?? [:] { if let k = k as? String, let v = v as? String { h[k] = v } }
        inFlight[task.taskIdentifier]?.headers = h
        lock.unlock()
        if length > Int64(maxBytes) {
            finish(task.taskIdentifier, .failure(.tooLarge(limit: maxBytes)))
            task.cancel()   // at once: the body must not start arriving
            return false
        }
        return true
    }

    fileprivate func received(_ task: URLSessionDataTask, data: Data) {
        let id = task.taskIdentifier
        lock.lock()
        guard inFlight[id] != nil else { lock.unlock(); task.cancel(); return }
        let over = inFlight[id]!.body.count + data.count > maxBytes
        if !over { inFlight[id]!.body.append(data) }
        lock.unlock()
        if over { finish(id, .failure(.tooLarge(limit: maxBytes))); task.cancel() }
    }

    fileprivate func completed(_ task: URLSessionTask, error: Error?) {
        let id = task.taskIdentifier
        if let error {
            let u = error as? URLError
            if u?.code == .cancelled { finish(id, nil); return }   // cancelled here: already reported
            if u?.code == .timedOut { finish(id, .failure(.timedOut(seconds: timeout))); return }
            finish(id, .failure(.transport(error.localizedDescription, code: u?.code.rawValue)))
            return
        }
        lock.lock(); let f = inFlight[id]; lock.unlock()
        guard let f else { return }
        finish(id, .success(Response(status: f.status, headers: f.headers, body: f.body)))
    }

    static func size(_ bytes: Int) -> String {
        bytes >= 1 << 20 && bytes % (1 << 20) == 0 ? "\(bytes >> 20) MB" : bytes >= 1024 ? "\(bytes / 1024) KB" : "\(bytes) bytes"
    }
    static func seconds(_ s: Double) -> String { s == s.rounded() ? "\(Int(s)) s" : String(format: "%.1f s", s) }

    /// URLSession keeps its delegate strongly; this one holds the client weakly so the client can go away.
    private final class Delegate: NSObject, URLSessionDataDelegate, @unchecked Sendable {
        weak var owner: BoundedHTTP?
        init(_ o: BoundedHTTP) { owner = o }
        func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
                        completionHandler: @escaping (URLSession.ResponseDisposition) -> Void) {
            completionHandler(owner?.received(dataTask, response: response) == true ? .allow : .cancel)
        }
        func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
            owner?.received(dataTask, data: data)
        }
        func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: Error?) {
            owner?.completed(task, error: error)
        }
    }
}
