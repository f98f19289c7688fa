import Foundation

/// Turns what the presenter typed into an FTS5 MATCH expression. User text is never passed to
/// FTS5 as syntax: each term becomes a quoted phrase (quotes doubled), so `AND`, `NEAR`, `*`,
/// `:` and stray quotes are just text. The last term also matches as a prefix, so "Sig" finds
/// "Sigur" and "五月" finds "五月天".
///
/// FTS5's `unicode61` tokenizer has no stop words and splits "city's" into "city" and "s", so the
/// terms are chosen here: a possessive "'s" (or "’s") is no term, and neither is an English stop
/// word while the query has other terms ("the", "of" and "and" are on nearly every page, so they
/// would match and highlight everything). A query of stop words only ("The The") is searched as
/// the phrase it is, in order.
public enum SearchQuery {
    /// Lucene's English stop words (`EnglishAnalyzer.ENGLISH_STOP_WORDS_SET`): short and
    /// conservative, so a band's real word ("who", "doors") stays a term.
    static let stopWords: Set<String> = [
        "a", "an", "and", "are", "as", "at", "be", "but", "by", "for", "if", "in", "into", "is", "it", "no", "not",
        "of", "on", "or", "such", "that", "the", "their", "then", "there", "these", "they", "this", "to", "was",
        "will", "with",
    ]

    /// The words of `text`: runs of letters, digits and marks (Unicode-aware, any script), but
    /// the "s" of a possessive ("Robert's", "Robert’s").
    public static func words(_ text: String) -> [String] {
        var out: [String] = []
        var cur = ""
        // True while `cur` began right after a word and an apostrophe.
        var afterApostrophe = false, previous: Character = " "
        func end() {
            if !cur.isEmpty && !(afterApostrophe && cur.lowercased() == "s") { out.append(cur) }
            cur = ""; afterApostrophe = false
        }
        for ch in text {
            if ch.isLetter || ch.isNumber || ch.unicodeScalars.allSatisfy({ $0.properties.generalCategory == .nonspacingMark }) {
                if cur.isEmpty { afterApostrophe = previous == "'" || previous == "’" }
                cur.append(ch)
            } else {
                // An apostrophe ends a word; the next run is a possessive only if a word came right before it.
                let apostropheAfterWord = (ch == "'" || ch == "’") && !cur.isEmpty
                end()
                previous = apostropheAfterWord ? ch : " "
                continue
            }
            previous = ch
        }
        end()
        return out
    }

    /// The terms searched for: `words` without the stop words, or all of them when they are all
    /// stop words.
    public static func terms(_ text: String) -> [String] {
        let ws = words(text)
        let kept = ws.filter { !stopWords.contains($0.lowercased()) }
        return kept.isEmpty ? ws : kept
    }

    /// All terms required (`conjunction` true) or any term (false); nil when there are no words.
    /// A query of stop words only is one phrase.
    public static func match(_ text: String, conjunction: Bool = true) -> String? {
        func quoted(_ w: String) -> String { "\"" + w.replacingOccurrences(of: "\"", with: "\"\"") + "\"" }
        let ws = words(text), ts = terms(text)
        guard !ts.isEmpty else { return nil }
        if ws.count > 1 && ws.allSatisfy({ stopWords.contains($0.lowercased()) }) {
            return quoted(ws.joined(separator: " "))
        }
        let phrases = ts.enumerated().map { i, w in quoted(w) + (i == ts.count - 1 ? "*" : "") }
        return phrases.joined(separator: conjunction ? " " : " OR ")
    }
}
