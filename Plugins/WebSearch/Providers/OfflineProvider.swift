import Foundation

/// Searches the local documents folder through its `DocumentIndex`. Each search first syncs the
/// index (a stat of every file; only changed files are re-read), so edits to the band pages show
/// up without restarting. Answers synchronously: the completion runs before `search` returns.
public final class OfflineProvider: SearchProvider {
    public let name: String
    public let index: DocumentIndex
    /// Called with the files that could not be indexed (each message names its file).
    public var onFailures: ([String]) -> Void = { _ in }

    public init(index: DocumentIndex, name: String = "Band pages") {
        self.index = index; self.name = name
    }

    public func search(_ query: String, limit: Int, completion: @escaping @Sendable (Result<[SearchResult], SearchError>) -> Void) -> SearchTask {
        completion(Result { try results(for: query, limit: limit) }.mapError { $0 as? SearchError ?? .index("\($0)") })
        return FinishedTask()
    }

    /// `search`'s answer, returned: the index synced, then at most `limit` results, best first.
    /// Throws what the index throws (a folder that cannot be read).
    public func results(for query: String, limit: Int) throws -> [SearchResult] {
        let report = try index.sync()
        if !report.failures.isEmpty { onFailures(report.failures) }
        return try index.search(query, limit: limit).map { h in
            SearchResult(id: h.path, title: h.title, snippet: h.snippet, source: Self.cardSource(url: h.url, provider: name), url: h.url)
        }
    }

    /// What a result card says the page came from: its web address as people read it
    /// (`en.wikipedia.org/wiki/Sigur_Rós`), else the provider's name. The file name is the
    /// speaker's own business and never reaches the room.
    static func cardSource(url: String?, provider: String) -> String {
        guard var s = url?.trimmingCharacters(in: .whitespaces), !s.isEmpty else { return provider }
        for p in ["https://", "http://"] where s.lowercased().hasPrefix(p) { s.removeFirst(p.count) }
        if s.lowercased().hasPrefix("www.") { s.removeFirst(4) }
        return s.removingPercentEncoding ?? s
    }

    public func document(for result: SearchResult, completion: @escaping @Sendable (Result<ReaderDocument, SearchError>) -> Void) -> SearchTask {
        completion(Result {
            var d = try ReaderDocument.load(index.folder.appendingPathComponent(result.id))
            if d.url == nil { d.url = result.url }
            return d
        }.mapError { $0 as? SearchError ?? .index("\($0)") })
        return FinishedTask()
    }
}
