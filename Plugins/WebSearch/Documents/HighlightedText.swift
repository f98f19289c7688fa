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

    /// MediaWiki snippet HTML: `<span class="searchmatch">` marks matches; other tags are dropped
    /// and entities decoded.
    public init(mediaWikiSnippet html: String) {
        var marked = ""
        var i = html.startIndex
        var spanStack: [Bool] = []
        while i < html.endIndex {
            if html[i] == "<", let gt = html[i...].firstIndex(of: ">") {
                let tag = html[html.index(after: i)..<gt].lowercased()
                if tag.hasPrefix("span") {
                    let match = tag.contains("searchmatch")
                    spanStack.append(match)
                    if match { marked += Self.openMarker }
                } else if tag.hasPrefix("/span") {
                    if spanStack.popLast() == true { marked += Self.closeMarker }
                }
                i = html.index(after: gt); continue
            }
            marked.append(html[i]); i = html.index(after: i)
        }
        self.init(marked: HTMLText.decodeEntities(marked))
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
