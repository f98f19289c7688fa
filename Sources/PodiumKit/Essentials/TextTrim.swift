// `trimmingCharacters(in: .whitespaces)` and `.whitespacesAndNewlines` without Foundation's
// CharacterSet (FoundationEssentials has neither), scalar by scalar as Foundation trims.

extension StringProtocol {
    /// Without leading and trailing spaces and tabs (Foundation's `.whitespaces`: Unicode
    /// category Zs, U+0009, and U+200B ZERO WIDTH SPACE, which Foundation's tables still count).
    public func trimmingSpaces() -> String {
        trimmingScalars { $0 == "\t" || $0 == "\u{200B}" || $0.properties.generalCategory == .spaceSeparator }
    }

    /// Without leading and trailing white space and line breaks (Foundation's
    /// `.whitespacesAndNewlines`: categories Z*, U+000A–U+000D and U+0085, which is Unicode's
    /// White_Space property, and U+200B as in `trimmingSpaces`).
    public func trimmingWhitespace() -> String {
        trimmingScalars { $0 == "\u{200B}" || $0.properties.isWhitespace }
    }

    private func trimmingScalars(_ drop: (Unicode.Scalar) -> Bool) -> String {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !drop($0) }) else { return "" }
        let last = scalars.lastIndex(where: { !drop($0) })!
        return String(String.UnicodeScalarView(scalars[first...last]))
    }
}
