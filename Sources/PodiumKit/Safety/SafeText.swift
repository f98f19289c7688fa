import FoundationEssentials
import Glibc

/// Text from outside (deck values, file contents, server answers, paths) made safe to show in an
/// error message, in the terminal and in the UI: cut short, and with the characters that could
/// rewrite the terminal or reorder the line made visible.
public enum SafeText {
    /// How many characters of a bad value a message quotes.
    public static let quoteLimit = 80

    /// `value` in double quotes, escaped, at most `limit` characters of it; when cut, the total
    /// length follows: `"AAAA…" (10,000,000 characters)`.
    public static func quote(_ value: String, limit: Int = SafeText.quoteLimit) -> String {
        let shown = value.prefix(limit)
        let cut = shown.endIndex != value.endIndex
        let count = cut ? value.count : 0
        return "\"" + escape(String(shown), keepNewlines: false) + (cut ? "…\" (\(grouped(count)) characters)" : "\"")
    }

    /// Prose from outside (a server's error text) for a message: escaped like `escape`, on one
    /// line, cut to `limit` characters with "…"; no quotes added.
    public static func excerpt(_ text: String, limit: Int = 200) -> String {
        let head = text.prefix(limit)
        return escape(String(head), keepNewlines: false) + (head.endIndex == text.endIndex ? "" : "…")
    }

    /// Writes `line` and a newline to standard error with `write(2)`, ignoring failures: a
    /// terminal that went away (a closed pipe) must not end the talk, as FileHandle's exception
    /// would. Control and bidi characters are escaped first.
    public static func log(_ line: String) {
        var bytes = Array((escape(line) + "\n").utf8)
        var done = 0
        while done < bytes.count {
            let n = bytes.withUnsafeMutableBytes { Glibc.write(2, $0.baseAddress! + done, $0.count - done) }
            if n <= 0 { if n < 0 && errno == EINTR { continue }; return }
            done += n
        }
    }

    /// Escapes control characters (C0, DEL, C1, including ESC), bidirectional overrides and
    /// isolates (U+202A–U+202E, U+2066–U+2069, U+200E/F, U+061C) and line/paragraph separators
    /// as `\u{1b}`-style text; `\n` is kept when `keepNewlines` (multi-line messages).
    public static func escape(_ text: String, keepNewlines: Bool = true) -> String {
        guard text.unicodeScalars.contains(where: { isUnsafe($0, keepNewlines) }) else { return text }
        var out = String.UnicodeScalarView()
        for s in text.unicodeScalars {
            if isUnsafe(s, keepNewlines) { out.append(contentsOf: "\\u{\(String(s.value, radix: 16))}".unicodeScalars) } else { out.append(s) }
        }
        return String(out)
    }

    static func isUnsafe(_ s: Unicode.Scalar, _ keepNewlines: Bool) -> Bool {
        switch s.value {
        case 0x0A: !keepNewlines
        case 0x09: false
        case 0x00...0x1F, 0x7F...0x9F: true
        case 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069, 0x061C, 0x2028, 0x2029: true
        default: false
        }
    }

    /// 10000000 → "10,000,000".
    static func grouped(_ n: Int) -> String {
        let digits = Array(String(n))
        var out = ""
        for (i, d) in digits.enumerated() {
            if i > 0, (digits.count - i) % 3 == 0 { out.append(",") }
            out.append(d)
        }
        return out
    }
}
