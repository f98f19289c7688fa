import Foundation

/// Text with some runs highlighted: a search snippet whose matches stand out. Made from the
/// index's marked snippets or from MediaWiki's `<span class="searchmatch">` HTML.
public struct HighlightedText: Equatable, Sendable {
    public struct Run: Equatable, Sendable {
        public var text: String
        public var highlighted: Bool
        public init(_ text: String, highlighted: Bool) { self.text = text; self.highlighted = highlighted }
    }
    public var runs: [Run]
    public init(runs: [Run]) { self.runs = runs.filter { !$0.text.isEmpty } }

    /// Markers the index puts around matches (control characters never found in documents).
    public static let openMarker = "\u{2}", closeMarker = "\u{3}"

    /// Splits text marked with `openMarker`/`closeMarker`; newlines become spaces.
    public init(marked: String) {
        var runs: [Run] = []
        var highlighted = false
        var current = ""
        for ch in marked.replacingOccurrences(of: "\n", with: " ") {
            let s = String(ch)
            if s == Self.openMarker || s == Self.closeMarker {
                runs.append(Run(current, highlighted: highlighted)); current = ""
                highlighted = s == Self.openMarker
            } else { current.append(ch) }
        }
        runs.append(Run(current, highlighted: highlighted))
        self.init(runs: Self.merge(runs))
    }

    /// MediaWiki snippet HTML (parsed by libxml2): `<span class="searchmatch">` marks matches;
    /// other tags are dropped and entities decoded.
    public init(mediaWikiSnippet html: String) {
        var runs: [Run] = []
        func walk(_ nodes: [HTMLNode], highlighted: Bool) {
            for node in nodes {
                switch node {
                case let .text(t): runs.append(Run(t.replacingOccurrences(of: "\n", with: " "), highlighted: highlighted))
                case let .element(name, attributes, children):
                    let match = name == "span" && (attributes["class"] ?? "").split(separator: " ").contains("searchmatch")
                    walk(children, highlighted: highlighted || match)
                }
            }
        }
        walk(HTMLNode.parse(html), highlighted: false)
        self.init(runs: Self.merge(runs))
    }

    /// The text without highlighting.
    public var plain: String { runs.map(\.text).joined() }
    /// The highlighted fragments, in order.
    public var matches: [String] { runs.filter(\.highlighted).map(\.text) }

    private static func merge(_ runs: [Run]) -> [Run] {
        var out: [Run] = []
        for r in runs where !r.text.isEmpty {
            if let last = out.last, last.highlighted == r.highlighted { out[out.count - 1].text += r.text } else { out.append(r) }
        }
        return out
    }
}
