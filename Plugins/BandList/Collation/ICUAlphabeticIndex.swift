import CICU
import Glibc

/// A thin wrapper over ICU's AlphabeticIndex (Debian's libicu, through the C++ shim in CICU):
/// the index letters an address book shows for a locale, and which letter a name files under.
final class ICUAlphabeticIndex {
    private let index: UnsafeMutableRawPointer

    /// - Parameters:
    ///   - locale: whose index letters and collation to use ("sv_SE" adds Å, Ä, Ö after Z).
    ///   - alphabets: further locales whose letters are added, for names in other scripts.
    ///   ICU falls back to the root locale for ids it does not know; it fails only when out of
    ///   memory, which traps.
    init(locale: String, alphabets: [String]) {
        let cStrings = alphabets.map { strdup($0) }
        defer { cStrings.forEach { free($0) } }
        let pointers = cStrings.map { UnsafePointer<CChar>($0) }
        index = pointers.withUnsafeBufferPointer { podium_index_open(locale, $0.baseAddress, Int32($0.count)) }!
    }
    deinit { podium_index_close(index) }

    /// The index letter `s` files under, or nil when it sorts before the first letter (digits,
    /// symbols), after the last, or in a script none of the alphabets has.
    func label(for s: String) -> String? {
        let u = Array(s.utf16)
        var out = [UInt16](repeating: 0, count: 32)
        let n = podium_index_label(index, u, Int32(u.count), &out, Int32(out.count))
        return n < 0 ? nil : String(decoding: out.prefix(Int(n)), as: UTF16.self)
    }
}
