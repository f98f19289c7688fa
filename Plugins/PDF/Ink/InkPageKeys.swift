import CPoppler
import FoundationEssentials
import Glibc
import PodiumKit

/// What the drawing layer keys a page's strokes by: a fingerprint of the page's content, so
/// strokes follow their slide when slides are inserted or removed and a replaced PDF never
/// shows them on another slide.
///
/// A key is FNV-1a 64 of poppler's text of the page and its size (points, two decimals), as 16
/// hex digits; the second, third … page with the same fingerprint (blank or picture-only pages
/// of one size) gets `.2`, `.3` …. The page label is left out: a talk without `/PageLabels` (and
/// Beamer's frame numbers) labels by position, which changes for every slide after an insertion.
enum InkPageKeys {
    /// The keys of every page of `document`, in page order.
    static func keys(of document: PDFDocument) -> [String] {
        keys(texts: texts(of: document), sizes: document.pageSizes)
    }

    /// Poppler's text of every page of `document`, in page order.
    static func texts(of document: PDFDocument) -> [String] {
        (0..<document.pageCount).map { i in document.withPage(i) { PDFDocument.take(poppler_page_get_text($0)) ?? "" } ?? "" }
    }

    /// The keys of pages with `texts` of `sizes` (as many), in page order.
    static func keys(texts: [String], sizes: [Size]) -> [String] {
        var seen: [String: Int] = [:]
        return zip(texts, sizes).map { text, size in
            let base = key(text: text, size: size)
            seen[base, default: 0] += 1
            let n = seen[base]!
            return n == 1 ? base : "\(base).\(n)"
        }
    }

    /// `text` without its digits, for a looser fingerprint (`PDFDocument.loosePageKeys`).
    static func loose(_ text: String) -> String { String(text.unicodeScalars.filter { $0.properties.generalCategory != .decimalNumber }.map(Character.init)) }

    /// The fingerprint of a page with `text` of `size` points.
    static func key(text: String, size: Size) -> String {
        let hash = fnv1a64(Array((text + "\u{0}" + String(cFormat: "%.2fx%.2f", size.width, size.height)).utf8))
        let hex = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }

    /// FNV-1a, 64 bits.
    static func fnv1a64(_ bytes: [UInt8]) -> UInt64 {
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        for b in bytes { h = (h ^ UInt64(b)) &* 0x0000_0100_0000_01b3 }
        return h
    }

    /// Whether `key` is a page key (what `keys(of:)` gives).
    static func isPageKey(_ key: Substring) -> Bool {
        let parts = key.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count <= 2, parts[0].count == 16, parts[0].allSatisfy(\.isHexDigit) else { return false }
        return parts.count == 1 || (parts[1].count <= 6 && Int(parts[1]).map { $0 >= 2 } == true)
    }
}
