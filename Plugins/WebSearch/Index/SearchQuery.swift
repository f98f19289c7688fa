import Foundation

/// Turns what the presenter typed into an FTS5 MATCH expression. User text is never passed to
/// FTS5 as syntax: each word becomes a quoted phrase (quotes doubled), so `AND`, `NEAR`, `*`,
/// `:` and stray quotes are just text. The last word also matches as a prefix, so "Sig" finds
/// "Sigur" and "五月" finds "五月天".
public enum SearchQuery {
    /// The words of `text`: runs of letters, digits and marks (Unicode-aware, any script).
    public static func words(_ text: String) -> [String] {
        var out: [String] = []
        var cur = ""
        for ch in text {
            if ch.isLetter || ch.isNumber || ch.unicodeScalars.allSatisfy({ $0.properties.generalCategory == .nonspacingMark }) { cur.append(ch) }
            else if !cur.isEmpty { out.append(cur); cur = "" }
        }
        if !cur.isEmpty { out.append(cur) }
        return out
    }

    /// All words required (`conjunction` true) or any word (false); nil when there are no words.
    public static func match(_ text: String, conjunction: Bool = true) -> String? {
        let ws = words(text)
        guard !ws.isEmpty else { return nil }
        let terms = ws.enumerated().map { i, w in
            "\"" + w.replacingOccurrences(of: "\"", with: "\"\"") + "\"" + (i == ws.count - 1 ? "*" : "")
        }
        return terms.joined(separator: conjunction ? " " : " OR ")
    }
}
