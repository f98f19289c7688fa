import Foundation
import PodiumKit
import PodiumTestSupport
@testable import WebSearchScene

/// A SceneContext for driving the scene without a host: popovers go into a real `WindowRoot`
/// (fixed-width text), work posted with `runOnMain` waits until the test calls `drain()`.
final class TestContext: SceneContext {
    let pluginID = "org.podium.web-search"
    let theme = Theme.standard
    let dataDirectory: URL
    let assetsDirectory = Fixtures.packageRoot.appendingPathComponent("Assets")
    let deckDirectory = Fixtures.packageRoot.appendingPathComponent("Assets/Decks")
    let root = WindowRoot(metrics: FixedMetrics())
    var clipboard: String?
    var logs: [String] = []
    private let lock = NSLock()
    private var posted: [() -> Void] = []
    private let postedSignal = DispatchSemaphore(value: 0)

    init(dataDirectory: URL) { self.dataDirectory = dataDirectory; root.resize(to: Size(1280, 800)) }

    func setNeedsDisplay() {}
    func schedule(afterMilliseconds ms: Int, repeats: Bool, _ body: @escaping () -> Void) -> TimerToken { TimerToken() }
    func openScene(kind: String, parameters: [String: JSONValue]) {}
    func presentPopover(_ content: View, preferredSize: Size, from anchor: Rect, source: String, permittedDirections: Set<ArrowDirection>) -> Popover? {
        let p = Popover(content: content, preferredSize: preferredSize, anchor: anchor, source: source, permitted: permittedDirections)
        return root.present(p) ? p : nil
    }
    func presentActionSheet(_ sheet: ActionSheet, from anchor: Rect, source: String) { root.presentActionSheet(sheet, from: anchor, source: source) }
    func setClipboard(_ text: String) { clipboard = text }
    func log(_ message: String) { logs.append(message) }
    func runOnMain(_ body: @escaping () -> Void) {
        lock.lock(); posted.append(body); lock.unlock()
        postedSignal.signal()
    }

    /// Waits (up to 5 s) for work posted from another thread, then runs all of it here.
    func waitAndDrain() {
        _ = postedSignal.wait(timeout: .now() + 5)
        lock.lock(); let work = posted; posted.removeAll(); lock.unlock()
        work.forEach { $0() }
    }
}

/// A provider whose answers the test releases by hand, from a background thread as URLSession does.
final class ScriptedProvider: SearchProvider {
    let name: String
    var pending: [(query: String, completion: (Result<[SearchResult], SearchError>) -> Void)] = []
    var cancelled: [String] = []
    init(name: String) { self.name = name }

    final class Task: SearchTask {
        let onCancel: () -> Void
        init(_ c: @escaping () -> Void) { onCancel = c }
        func cancel() { onCancel() }
    }

    func search(_ query: String, limit: Int, completion: @escaping (Result<[SearchResult], SearchError>) -> Void) -> SearchTask {
        pending.append((query, completion))
        return Task { [weak self] in self?.cancelled.append(query) }
    }
    func document(for result: SearchResult, completion: @escaping (Result<ReaderDocument, SearchError>) -> Void) -> SearchTask {
        let box = Box(completion)
        Thread { box.body(.success(ReaderDocument(title: result.title, blocks: [.paragraph("From the wiki.")], url: "https://wiki.example/\(result.title)"))) }.start()
        return Task {}
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
