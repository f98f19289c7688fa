import CICU

/// A thin wrapper over one ICU collator (Debian's libicu): the locale's ordering with digit runs
/// compared as numbers (`UCOL_NUMERIC_COLLATION`), and binary sort keys so sorting 10,000 names
/// compares bytes instead of calling into ICU 140,000 times.
final class ICUCollator {
    private let collator: UnsafeMutableRawPointer
    /// The locale ICU actually uses after fallback ("en_001" → "en", unknown → "root").
    let actualLocale: String

    /// - Parameter locale: an ICU / POSIX locale id such as "sv_SE" or "en_US". ICU falls back
    ///   to a parent or the root collation for ids it does not know; it fails only when out of
    ///   memory, which traps.
    init(locale: String) {
        collator = podium_collator_open(locale)!
        actualLocale = String(cString: podium_collator_locale(collator))
    }
    deinit { podium_collator_close(collator) }

    /// -1, 0 or 1 as `a` sorts before, with or after `b`.
    func compare(_ a: String, _ b: String) -> Int {
        let ua = Array(a.utf16), ub = Array(b.utf16)
        return Int(podium_collator_compare(collator, ua, Int32(ua.count), ub, Int32(ub.count)))
    }

    /// The sort key of `s`: comparing keys bytewise orders strings as `compare` does.
    func sortKey(_ s: String) -> [UInt8] {
        let u = Array(s.utf16)
        var key = [UInt8](repeating: 0, count: 4 * u.count + 16)
        var n = Int(podium_collator_sort_key(collator, u, Int32(u.count), &key, Int32(key.count)))
        if n > key.count {
            key = [UInt8](repeating: 0, count: n)
            n = Int(podium_collator_sort_key(collator, u, Int32(u.count), &key, Int32(key.count)))
        }
        return Array(key.prefix(n))
    }
}
