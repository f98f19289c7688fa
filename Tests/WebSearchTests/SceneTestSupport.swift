import Foundation
import PodiumKit
import PodiumTestSupport
@testable import WebSearchScene

/// The stand-in host for web-search scenes: work posted with `runOnMain` waits until the test
/// calls `waitAndDrain()`.
@MainActor func webContext(dataDirectory: URL) -> FakeSceneContext {
    let c = FakeSceneContext(pluginID: "org.podium.web-search", dataDirectory: dataDirectory)
    c.queuesMainWork = true
    return c
}

/// A provider whose answers the test releases by hand, from a background thread as URLSession does.
final class ScriptedProvider: SearchProvider {
    let name: String
    var pending: [(query: String, completion: (Result<[SearchResult], SearchError>) -> Void)] = []
    var cancelled: [String] = []
    /// With `holdsPages`, page loads wait here (by result title) until `answerPage`; otherwise
    /// each page loads at once, on a background thread.
    var holdsPages = false
    var pendingPages: [(title: String, completion: (Result<ReaderDocument, SearchError>) -> Void)] = []
    init(name: String) { self.name = name }

    final class Task: SearchTask {
        let onCancel: () -> Void
        init(_ c: @escaping () -> Void) { onCancel = c }
        func cancel() { onCancel() }
    }

    func search(_ query: String, limit: Int, completion: @escaping @Sendable (Result<[SearchResult], SearchError>) -> Void) -> SearchTask {
        pending.append((query, completion))
        return Task { [weak self] in self?.cancelled.append(query) }
    }
    func document(for result: SearchResult, completion: @escaping @Sendable (Result<ReaderDocument, SearchError>) -> Void) -> SearchTask {
        if holdsPages { pendingPages.append((result.title, completion)); return Task {} }
        let box = Box(completion)
        Thread { box.body(.success(Self.page(result.title))) }.start()
        return Task {}
    }

    static func page(_ title: String) -> ReaderDocument {
        ReaderDocument(title: title, blocks: [.paragraph("From the wiki.")], url: "https://wiki.example/\(title)")
    }

    /// Answers every held load of the page titled `title` on a background thread (the page, or `error`).
    func answerPage(_ title: String, error: SearchError? = nil) {
        let answered = pendingPages.filter { $0.title == title }
        pendingPages.removeAll { $0.title == title }
        for p in answered {
            let box = Box(p.completion)
            Thread { box.body(error.map { .failure($0) } ?? .success(Self.page(title))) }.start()
        }
    }

    /// Answers the search for `query` on a background thread.
    func answer(_ query: String, _ r: Result<[SearchResult], SearchError>) {
        guard let i = pending.firstIndex(where: { $0.query == query }) else { return }
        let box = Box(pending.remove(at: i).completion)
        Thread { box.body(r) }.start()
    }

    static func result(_ title: String) -> SearchResult {
        SearchResult(id: "pageid:\(title.count)", title: title, snippet: HighlightedText(marked: "about \u{2}\(title)\u{3}"), source: "wiki.example", url: nil)
    }
}

final class Box<T>: @unchecked Sendable {
    let body: (T) -> Void
    init(_ b: @escaping (T) -> Void) { body = b }
}
