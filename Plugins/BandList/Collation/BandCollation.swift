import Foundation

/// Locale-aware section letters and ordering for band names, the way an address book does it.
///
/// Ordering is ICU collation for the locale (Debian's libicu through `ICUCollator`): `sv_SE`
/// puts "Ä" after "Z", `ru_RU` puts Cyrillic before Latin, `zh_CN` orders Han by pinyin. Digit
/// runs compare numerically ("2 Unlimited" before "10cc"). Names are sorted by ICU sort keys,
/// computed once per name. (Foundation's `compare(_:options:range:locale:)` reaches ICU too on
/// Linux, but only one comparison at a time: sorting 10,000 names that way took over a second.)
///
/// Section letters (ICU's AlphabeticIndex has no C API, so this follows its rules by hand):
/// - Leading punctuation and spaces are skipped; a name starting with a digit, a symbol or
///   nothing at all goes in "#", which is always the last section.
/// - Latin, Greek and Cyrillic letters go under the letter of their alphabet that the locale's
///   collation puts them with: "Ärzte" under "A" in English and German, but under its own "Ä"
///   (after "Z") in Swedish; "Ø" under "O" in English; "Ёлка" under "Е"; "Йога" under "Й", a
///   letter of its own in every Cyrillic alphabet.
/// - Han, Hangul and kana, which have no small alphabet to index by, go under the first letter
///   of their ICU Latin transliteration (Foundation's `applyingTransform(.toLatin…)`) (pinyin for Chinese: "五月天" → "wǔ yuè tiān" → "W";
///   "乐" → "lè" → "L") and sort by that transliteration within the section.
/// - Any other letter (Arabic, Hebrew, Thai…) is its own section, diacritics removed.
///
/// Results per first character are cached, so sectioning 10,000 names costs little more than
/// reading them.
public final class BandCollation {
    public let locale: Locale
    private let collator: ICUCollator
    private var letterCache: [String: String] = [:]
    private var labelOrder: [String: Int] = [:]

    /// - Parameter locale: whose collation to follow; `nil` means the user's (`Locale.current`).
    public init(locale: Locale? = nil) {
        self.locale = locale ?? Locale.current
        collator = ICUCollator(locale: self.locale.identifier)
    }

    static let latinLetters = (UInt8(ascii: "A")...UInt8(ascii: "Z")).map { String(UnicodeScalar($0)) }
    static let greekLetters = "ΑΒΓΔΕΖΗΘΙΚΛΜΝΞΟΠΡΣΤΥΦΧΨΩ".map(String.init)
    static let cyrillicLetters = "АБВГДЕЖЗИЙКЛМНОПРСТУФХЦЧШЩЪЫЬЭЮЯ".map(String.init)

    /// The alphabet whose Unicode blocks hold `scalar` (Basic and Extended Latin, Greek,
    /// Cyrillic), so "Ø" or "Ł" find "O" or "L" even without a canonical decomposition.
    static func alphabet(of scalar: Unicode.Scalar) -> [String]? {
        switch scalar.value {
        case 0x41...0x24F, 0x1E00...0x1EFF: latinLetters
        case 0x370...0x3FF, 0x1F00...0x1FFF: greekLetters
        case 0x400...0x4FF: cyrillicLetters
        default: nil
        }
    }

    /// The locale ICU collates with after fallback ("en_001" → "en"; "root" when it knows none).
    public var collationLocale: String { collator.actualLocale }

    /// The section title for `name`: one upper-case letter, or "#".
    public func section(for name: String) -> String {
        guard let c = Self.firstSignificant(name), c.isLetter else { return "#" }
        let key = String(c)
        if let s = letterCache[key] { return s }
        let s: String
        if Self.needsTransliteration(c) {
            s = Self.firstSignificant(Self.latin(name)).map { letter(String($0)) } ?? key
        } else {
            s = letter(key)
        }
        letterCache[key] = s
        return s
    }

    /// What names are ordered by within a section: the name itself, or its Latin transliteration
    /// when its section came from one.
    public func sortText(for name: String) -> String {
        guard let c = Self.firstSignificant(name), Self.needsTransliteration(c) else { return name }
        return Self.latin(name)
    }

    /// ICU's sort key of `sortText(for: name)`: bytewise order of keys is the locale's order.
    public func sortKey(for name: String) -> [UInt8] { collator.sortKey(sortText(for: name)) }

    /// ICU order for the locale, digits numerically.
    public func compare(_ a: String, _ b: String) -> ComparisonResult {
        switch collator.compare(a, b) {
        case ..<0: .orderedAscending
        case 0: .orderedSame
        default: .orderedDescending
        }
    }

    /// Section order: by the locale's collation of the titles, "#" last.
    public func labelPrecedes(_ a: String, _ b: String) -> Bool {
        if a == b { return false }
        if a == "#" || b == "#" { return b == "#" }
        if let i = labelOrder[a], let j = labelOrder[b] { return i < j }
        let r = compare(a, b)
        return r == .orderedSame ? a < b : r == .orderedAscending
    }

    /// Remembers the order of `labels` so later `labelPrecedes` calls skip ICU.
    func cacheOrder(of labels: Set<String>) {
        let sorted = labels.sorted(by: labelPrecedes)
        labelOrder = Dictionary(uniqueKeysWithValues: sorted.enumerated().map { ($1, $0) })
    }

    // MARK: Letters

    /// The alphabet letter a single letter `c` is indexed under.
    private func letter(_ c: String) -> String {
        let upper = c.uppercased()
        guard let scalar = upper.unicodeScalars.first else { return "#" }
        guard let alphabet = Self.alphabet(of: scalar) else { return Self.stripped(upper) }
        if alphabet.contains(upper) { return upper }
        // A letter the locale sorts after the whole alphabet is a letter of its own (sv "Ä").
        if compare(upper, alphabet.last!) == .orderedDescending { return upper }
        // Otherwise the last alphabet letter at or before it ("Ä" → "A", "Ø" → "O", "Ё" → "Е").
        var lo = 0, hi = alphabet.count - 1
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if compare(alphabet[mid], upper) != .orderedDescending { lo = mid } else { hi = mid - 1 }
        }
        return compare(alphabet[lo], upper) == .orderedDescending ? Self.stripped(upper) : alphabet[lo]
    }

    static func firstSignificant(_ s: String) -> Character? { s.first { $0.isLetter || $0.isNumber } }

    /// Han, Hangul, Hiragana, Katakana (and their half-width forms).
    static func needsTransliteration(_ c: Character) -> Bool {
        guard let s = c.unicodeScalars.first else { return false }
        if s.properties.isIdeographic { return true }
        let v = s.value
        return (0x1100...0x11FF).contains(v) || (0x3040...0x30FF).contains(v) || (0x3130...0x318F).contains(v)
            || (0xAC00...0xD7AF).contains(v) || (0xFF66...0xFF9F).contains(v)
    }

    /// ICU's Any-Latin transliteration ("五月天" → "wǔ yuè tiān"), or the name when it fails.
    static func latin(_ s: String) -> String { s.applyingTransform(.toLatin, reverse: false) ?? s }

    /// Canonical decomposition without the combining marks: "Ä" → "A", "Й" → "И".
    static func stripped(_ s: String) -> String {
        var out = String.UnicodeScalarView()
        for u in s.decomposedStringWithCanonicalMapping.unicodeScalars where u.properties.generalCategory != .nonspacingMark {
            out.append(u)
        }
        return String(out)
    }
}
