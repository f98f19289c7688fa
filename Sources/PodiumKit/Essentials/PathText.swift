// NSString's path methods (`lastPathComponent`, `deletingLastPathComponent`, `pathExtension`,
// `appendingPathComponent`) as plain string functions: FoundationEssentials has no NSString.
// Same results as swift-corelibs-foundation's for the paths Podium handles (trailing slashes
// dropped, "/" kept as the root).

extension String {
    // Paths are split at their "/" bytes: the UTF-8 view, not Characters, whose count and search
    // walk grapheme breaks (the PDF scene's status names its file on every advance).
    private static let slash = UInt8(ascii: "/")

    /// The path without its trailing slashes (the root "/" stays).
    private var withoutTrailingSlashes: Substring { Self.droppingTrailingSlashes(self[...]) }

    private static func droppingTrailingSlashes(_ s: Substring) -> Substring {
        let u = s.utf8
        var end = u.endIndex
        while u.distance(from: u.startIndex, to: end) > 1, u[u.index(before: end)] == slash { end = u.index(before: end) }
        return s[..<end]
    }

    /// "/a/b.pdf" → "b.pdf"; "/a/b/" → "b"; "/" → "/"; "" → "".
    public var pathLastComponent: String {
        let s = withoutTrailingSlashes
        if s == "/" { return "/" }
        guard let slash = s.utf8.lastIndex(of: Self.slash) else { return String(s) }
        return String(s[s.utf8.index(after: slash)...])
    }

    /// "/a/b.pdf" → "/a"; "/a" → "/"; "b.pdf" → ""; "/" → "/".
    public var pathDeletingLastComponent: String {
        let s = withoutTrailingSlashes
        if s == "/" { return "/" }
        guard let slash = s.utf8.lastIndex(of: Self.slash) else { return "" }
        if slash == s.startIndex { return "/" }
        return String(Self.droppingTrailingSlashes(s[..<slash]))
    }

    /// "talk.PDF" → "PDF"; ".bashrc", "talk", "talk." → "" (the last component's text after its
    /// last dot, when the dot neither starts nor ends it).
    public var pathExtensionText: String {
        let name = pathLastComponent
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return "" }
        return String(name[name.index(after: dot)...])
    }

    /// "/a" + "b" → "/a/b"; "" + "b" → "b"; "/a/" + "b" → "/a/b".
    public func pathAppending(_ component: String) -> String {
        if isEmpty { return component }
        if component.isEmpty { return self }
        return (hasSuffix("/") ? String(dropLast()) : self) + (component.hasPrefix("/") ? component : "/" + component)
    }
}
