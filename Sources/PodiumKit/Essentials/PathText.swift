// NSString's path methods (`lastPathComponent`, `deletingLastPathComponent`, `pathExtension`,
// `appendingPathComponent`) as plain string functions: FoundationEssentials has no NSString.
// Same results as swift-corelibs-foundation's for the paths Podium handles (trailing slashes
// dropped, "/" kept as the root).

extension String {
    /// The path without its trailing slashes (the root "/" stays).
    private var withoutTrailingSlashes: Substring {
        var s = Substring(self)
        while s.count > 1, s.hasSuffix("/") { s = s.dropLast() }
        return s
    }

    /// "/a/b.pdf" → "b.pdf"; "/a/b/" → "b"; "/" → "/"; "" → "".
    public var pathLastComponent: String {
        let s = withoutTrailingSlashes
        if s == "/" { return "/" }
        guard let slash = s.lastIndex(of: "/") else { return String(s) }
        return String(s[s.index(after: slash)...])
    }

    /// "/a/b.pdf" → "/a"; "/a" → "/"; "b.pdf" → ""; "/" → "/".
    public var pathDeletingLastComponent: String {
        let s = withoutTrailingSlashes
        if s == "/" { return "/" }
        guard let slash = s.lastIndex(of: "/") else { return "" }
        if slash == s.startIndex { return "/" }
        var head = s[..<slash]
        while head.count > 1, head.hasSuffix("/") { head = head.dropLast() }
        return String(head)
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
