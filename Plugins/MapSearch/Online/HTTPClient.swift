import Foundation
import PodiumNet

/// Fetches URLs with Podium's User-Agent (OSM's tile and Nominatim policies require an
/// identifying one), a size cap and a deadline for the whole request (`BoundedHTTP`);
/// completions run on a background queue.
final class HTTPClient: @unchecked Sendable {
    static let userAgent = "Podium/1.0 (presentation software; map-search scene)"
    private let http: BoundedHTTP

    /// `timeout` in seconds for the whole request; `maxBytes` the largest body read.
    init(timeout: Double = 10, maxBytes: Int = 8 << 20) {
        http = BoundedHTTP(timeout: timeout, maxBytes: maxBytes, headers: ["User-Agent": Self.userAgent])
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

    /// GETs `url`; `done` gets the body of a 200 answer or why there is none (including "the
    /// answer is larger than 2 MB" and "no complete answer within 10 s").
    func get(_ url: URL, _ done: @escaping @Sendable (Result<Data, Failure>) -> Void) {
        http.get(url) { r in
            switch r {
            case let .failure(f): done(.failure(.transport(f.description)))
            case let .success(a): done(a.status == 200 ? .success(a.body) : .failure(.status(a.status)))
            }
        }
    }
}

/// Results from background threads, run on the main thread when the inbox is drained. `wake`
/// (set by the scene to `SceneContext.runOnMain { drain }`) is called on every post, so results
/// arrive at once and nothing polls; tests drain by hand.
final class MainInbox: @unchecked Sendable {
    private let lock = NSLock()
    private var items: [@Sendable @MainActor () -> Void] = []
    private var outstanding = 0
    /// Called from the posting thread after each `post`.
    var wake: (@Sendable () -> Void)?

    /// Counts one more piece of work whose result will be `post`ed.
    func begin() { lock.lock(); outstanding += 1; lock.unlock() }
    func post(_ body: @escaping @Sendable @MainActor () -> Void) {
        lock.lock(); items.append(body); outstanding -= 1; lock.unlock()
        wake?()
    }
    /// Work begun but not yet drained.
    var pending: Int { lock.lock(); defer { lock.unlock() }; return outstanding + items.count }

    /// Runs everything posted so far, in order; returns how many ran.
    @discardableResult
    @MainActor func drain() -> Int {
        lock.lock(); let run = items; items.removeAll(); lock.unlock()
        run.forEach { $0() }
        return run.count
    }
}
