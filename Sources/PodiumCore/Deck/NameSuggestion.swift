import PodiumKit

/// "Did you mean …?" for a misspelt name: a scene's parameter (`headng`), a key-map action
/// (`blakout`). One place, so every error suggests the same way.
enum NameSuggestion {
    /// `; did you mean "heading"?` for the known name nearest `name` (case-insensitive edit
    /// distance), or "" when none is near: only a typo (at most 2 edits, or a third of the
    /// name) is suggested, never an unrelated name ("colour" is not a typo of "heading", trial 16 m8).
    static func didYouMean(_ name: String, among known: [String]) -> String {
        known.filter { distance(name, $0) <= max(2, name.count / 3) }
            .min { distance(name, $0) < distance(name, $1) }.map { "; did you mean \(SafeText.quote($0))?" } ?? ""
    }

    /// Levenshtein distance over characters, case-insensitive (`Heading` is one step from nothing).
    static func distance(_ a: String, _ b: String) -> Int {
        let x = Array(a.lowercased()), y = Array(b.lowercased())
        guard !x.isEmpty, !y.isEmpty else { return max(x.count, y.count) }
        var row = Array(0...y.count)
        for i in 1...x.count {
            var prev = row[0]; row[0] = i
            for j in 1...y.count {
                let cur = row[j]
                row[j] = min(row[j] + 1, row[j - 1] + 1, prev + (x[i - 1] == y[j - 1] ? 0 : 1))
                prev = cur
            }
        }
        return row[y.count]
    }
}

extension Deck {
    /// `unknown scene kind "helo"; did you mean "hello"? (available: hello, pdf, title)`: a deck's
    /// kind no plugin supplies, with the nearest of the `available` kinds, as for parameters
    /// (only a typo: a kind of a plugin not installed, "example", is not one of "title").
    public static func unknownKindMessage(_ kind: String, available: [String]) -> String {
        "unknown scene kind \(SafeText.quote(kind))\(NameSuggestion.didYouMean(kind, among: available)) (available: \(available.joined(separator: ", ")))"
    }
}
