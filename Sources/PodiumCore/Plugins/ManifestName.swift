/// The shape of a name in a plugin manifest (id, scene kind, C symbol, command, file extension,
/// option): an optional fixed prefix, then one ASCII character of `first`, then any number of
/// `rest`. Checked byte by byte rather than with `NSRegularExpression`, whose first use (ICU's
/// regex set-up and a compile per check) cost every launch ~2 ms of CPU while the built-in
/// manifests were read (issue 19).
struct ManifestName: Sendable {
    var prefix = ""
    let first: @Sendable (UInt8) -> Bool
    let rest: @Sendable (UInt8) -> Bool

    /// True when all of `s` has this shape (a trailing newline does not).
    func matches(_ s: String) -> Bool {
        guard s.hasPrefix(prefix) else { return false }
        let u = s.utf8.dropFirst(prefix.utf8.count)
        guard let c = u.first, first(c) else { return false }
        return u.dropFirst().allSatisfy(rest)
    }

    private static func lower(_ c: UInt8) -> Bool { c >= 0x61 && c <= 0x7A }
    private static func upper(_ c: UInt8) -> Bool { c >= 0x41 && c <= 0x5A }
    private static func digit(_ c: UInt8) -> Bool { c >= 0x30 && c <= 0x39 }
    private static func alnum(_ c: UInt8) -> Bool { lower(c) || upper(c) || digit(c) }

    /// `[A-Za-z0-9][A-Za-z0-9._-]*`, e.g. "org.example.hello".
    static let id = ManifestName(first: alnum, rest: { alnum($0) || $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "_") || $0 == UInt8(ascii: "-") })
    /// `[a-z0-9][a-z0-9-]*`, e.g. "band-list".
    static let kind = ManifestName(first: { lower($0) || digit($0) }, rest: { lower($0) || digit($0) || $0 == UInt8(ascii: "-") })
    /// `[A-Za-z_][A-Za-z0-9_]*`, e.g. "podium_plugin_entry".
    static let symbol = ManifestName(first: { lower($0) || upper($0) || $0 == UInt8(ascii: "_") }, rest: { alnum($0) || $0 == UInt8(ascii: "_") })
    /// `[a-z][a-z0-9-]*`, e.g. "bands".
    static let command = ManifestName(first: lower, rest: { lower($0) || digit($0) || $0 == UInt8(ascii: "-") })
    /// `[A-Za-z0-9]+`, e.g. "pdf".
    static let fileExtension = ManifestName(first: alnum, rest: alnum)
    /// `--[a-z0-9][a-z0-9-]*`, e.g. "--no-grouping".
    static let option = ManifestName(prefix: "--", first: { lower($0) || digit($0) }, rest: { lower($0) || digit($0) || $0 == UInt8(ascii: "-") })
}
