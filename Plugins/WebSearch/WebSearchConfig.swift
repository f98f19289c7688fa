import Foundation
import PodiumKit

/// The `web-search` scene's deck parameters, validated with errors naming the JSON path.
///
/// | parameter | type | default | meaning |
/// |---|---|---|---|
/// | `provider` | `"offline"` or `"online"` | `"offline"` | where results come from |
/// | `api` | http(s) URL | `https://en.wikipedia.org/w/api.php` | the MediaWiki `api.php` for `online` |
/// | `documents` | path | `Assets/WebSearch` | folder of .md/.html/.txt pages for `offline` and the fallback |
/// | `fallback` | boolean | `true` | when online fails, say so and show offline results |
/// | `query` | string | none | searched when the scene first shows |
/// | `timeout` | number, seconds, 1…60 | 8 | deadline for each online request, whole transfer |
/// | `limit` | integer 1…50 | 10 | results per search |
/// | `contact` | string | "a Podium presenter" | contact put into the User-Agent (Wikimedia asks for one) |
struct WebSearchConfig: Equatable {
    enum ProviderChoice: String, CaseIterable { case offline, online }
    var provider: ProviderChoice = .offline
    var api = "https://en.wikipedia.org/w/api.php"
    var documents: String?
    var fallback = true
    var query: String?
    var timeout = 8.0
    var limit = 10
    var contact = "a Podium presenter"

    init(_ p: SceneParameters) throws {
        func fail(_ key: String, _ m: String) -> SceneParameterError { SceneParameterError(path: "\(p.path).\(key)", message: m) }
        if let s = try p.string("provider") {
            guard let c = ProviderChoice(rawValue: s) else {
                throw fail("provider", "expected one of \(ProviderChoice.allCases.map { "\(SafeText.quote($0.rawValue))" }.joined(separator: ", ")), found \(SafeText.quote(s))")
            }
            provider = c
        }
        if let a = try p.string("api") {
            do { _ = try MediaWikiAPI(endpoint: a) } catch { throw fail("api", "\(error)") }
            api = a
        }
        documents = try p.string("documents")
        fallback = try p.bool("fallback") ?? true
        query = try p.string("query")
        if let t = try p.number("timeout") {
            guard (1...60).contains(t) else { throw fail("timeout", "expected seconds between 1 and 60, found \(t)") }
            timeout = t
        }
        if let l = try p.number("limit") {
            guard l == l.rounded(), (1...50).contains(l) else { throw fail("limit", "expected an integer between 1 and 50, found \(l)") }
            limit = Int(l)
        }
        contact = try p.string("contact") ?? contact
    }

    /// The documents folder: absolute, relative to the deck, or the shipped band pages.
    func documentsFolder(deck: URL, assets: URL) -> URL {
        guard let d = documents else { return assets.appendingPathComponent("WebSearch") }
        return d.hasPrefix("/") ? URL(fileURLWithPath: d) : deck.appendingPathComponent(d)
    }
}

/// Past queries, newest first, without repeats; kept in the plugin's data directory.
struct SearchHistory: Equatable {
    private(set) var queries: [String] = []
    static let limit = 30

    mutating func record(_ q: String) {
        let t = q.trimmingCharacters(in: .whitespaces)
        guard !t.isEmpty else { return }
        queries.removeAll { $0 == t }
        queries.insert(t, at: 0)
        if queries.count > Self.limit { queries.removeLast(queries.count - Self.limit) }
    }

    /// Reads a JSON array of strings; a missing or unreadable file is an empty history.
    static func load(_ url: URL) -> SearchHistory {
        guard let d = try? Data(contentsOf: url), let a = try? JSONDecoder().decode([String].self, from: d) else { return SearchHistory() }
        var h = SearchHistory()
        for q in a.prefix(limit).reversed() { h.record(q) }
        return h
    }

    func save(_ url: URL) throws { try JSONEncoder().encode(queries).write(to: url, options: .atomic) }
}
