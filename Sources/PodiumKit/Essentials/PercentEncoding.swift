// `addingPercentEncoding(withAllowedCharacters:)` and `removingPercentEncoding` without
// Foundation's CharacterSet (FoundationEssentials has neither).

/// Percent-encoding (RFC 3986 `%XX`) of UTF-8 text, as Foundation's `addingPercentEncoding` and
/// `removingPercentEncoding` do, for builds with FoundationEssentials alone.
public enum PercentEncoding {
    /// `text` with every UTF-8 byte other than ASCII letters, digits and `alsoAllowed` written
    /// as `%XX` (upper-case hex). Foundation's sets as `alsoAllowed`: `urlUserAllowed`
    /// `!$&'()*+,-.;=_~`; `urlQueryAllowed` `!$&'()*+,-./:;=?@_~`; `urlPathAllowed` `!$&'()*+,-./:=@_~`.
    public static func encode<S: StringProtocol>(_ text: S, alsoAllowed: String) -> String {
        let allowed = Set(alsoAllowed.utf8)
        let hex = Array("0123456789ABCDEF".utf8)
        var out: [UInt8] = []
        for b in text.utf8 {
            if (b >= 0x30 && b <= 0x39) || (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A) || allowed.contains(b) { out.append(b) }
            else { out += [0x25, hex[Int(b >> 4)], hex[Int(b & 15)]] }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// `text` with each `%XX` turned back into its byte; nil when a `%` is not followed by two
    /// hex digits or the bytes are not UTF-8 (as `removingPercentEncoding`).
    public static func decode<S: StringProtocol>(_ text: S) -> String? {
        var out: [UInt8] = [], bytes = Array(text.utf8)[...]
        func digit(_ c: UInt8) -> UInt8? {
            switch c { case 0x30...0x39: c - 0x30; case 0x41...0x46: c - 0x37; case 0x61...0x66: c - 0x57; default: nil }
        }
        while let b = bytes.popFirst() {
            guard b == 0x25 else { out.append(b); continue }
            guard bytes.count >= 2, let hi = digit(bytes[bytes.startIndex]), let lo = digit(bytes[bytes.startIndex + 1]) else { return nil }
            out.append(hi << 4 | lo); bytes = bytes.dropFirst(2)
        }
        return String(validating: out, as: UTF8.self)
    }
}
