import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking   // URLSession on Linux (libcurl)
#endif

/// Fetches URLs with Podium's User-Agent (OSM's tile and Nominatim policies require an
/// identifying one) and a timeout; completions run on a background queue.
final class HTTPClient: @unchecked Sendable {
    static let userAgent = "Podium/1.0 (presentation software; map-search scene)"
    private let session: URLSession

    /// `timeout` in seconds for the whole request.
    init(timeout: Double = 10) {
        let c = URLSessionConfiguration.ephemeral
        c.timeoutIntervalForRequest = timeout
        c.timeoutIntervalForResource = timeout
        c.httpAdditionalHeaders = ["User-Agent": Self.userAgent]
        c.requestCachePolicy = .reloadIgnoringLocalCacheData
        session = URLSession(configuration: c)
    }

    enum Failure: Error, CustomStringConvertible, Equatable {
        case transport(String), status(Int)
        var description: String {
            switch self {
            case let .transport(m): m
            case let .status(s): "HTTP \(s)"
            }
        }
    }

    /// GETs `url`; `done` gets the body of a 200 answer or why there is none.
    func get(_ url: URL, _ done: @escaping @Sendable (Result<Data, Failure>) -> Void) {
        var req = URLRequest(url: url)
        req.setValue(Self.userAgent, forHTTPHeaderField: "User-Agent")
        session.dataTask(with: req) { data, response, error in
            if let error { done(.failure(.transport(error.localizedDescription))); return }
            let status = (response as? HTTPURLResponse)?.statusCode ?? 0
            guard status == 200, let data else { done(.failure(.status(status))); return }
            done(.success(data))
        }.resume()
    }
}

/// Results from background threads, run on the main thread when the inbox is drained. `wake`
/// (set by the scene to `SceneContext.runOnMain { drain }`) is called on every post, so results
/// arrive at once and nothing polls; tests drain by hand.
final class MainInbox: @unchecked Sendable {
    private let lock = NSLock()
    private var items: [() -> Void] = []
    private var outstanding = 0
    /// Called from the posting thread after each `post`.
    var wake: (() -> Void)?

    /// Counts one more piece of work whose result will be `post`ed.
    func begin() { lock.lock(); outstanding += 1; lock.unlock() }
    func post(_ body: @escaping () -> Void) {
        lock.lock(); items.append(body); outstanding -= 1; lock.unlock()
        wake?()
    }
    /// Work begun but not yet drained.
    var pending: Int { lock.lock(); defer { lock.unlock() }; return outstanding + items.count }

    /// Runs everything posted so far, in order; returns how many ran.
    @discardableResult
    func drain() -> Int {
        lock.lock(); let run = items; items.removeAll(); lock.unlock()
        run.forEach { $0() }
        return run.count
    }
}
