import CXMP
import FoundationEssentials
import PodiumKit

/// pdfpc's settings stored in the PDF itself: pdfpc.sty's `\pdfpcsetup{duration=20,
/// lastminutes=5, enduserslide=4, notesposition=left}` writes them into the PDF's XMP metadata
/// (`<pdfpc:Duration>20</pdfpc:Duration>`, namespace `https://github.com/pdfpc/pdfpc`), which
/// pdfpc 4.5 and later read (its `metadata_from_document`, src/classes/metadata/pdf.vala, which
/// lets them override talk.pdfpc's). Read as pdfpc reads them: `Duration` and `LastMinutes` in
/// minutes, `EndTime` "HH:MM", `EndUserSlide` the end slide counted from 1 (pdfpc subtracts 1;
/// only talk.pdfpc's `endSlide` counts from 0), `NotesPosition` right, left, top or bottom;
/// "none" (pdfpc.sty writes it when loaded before Beamer's notes option, trial 29 m2) and empty
/// values say nothing. Other entries (`StartTime`, `DisableMarkdown`, `DefaultTransition`) are
/// not used. The packet comes from any PDF opened: one with a DOCTYPE (which XMP forbids, and
/// which alone could declare entities to expand) or over 1 MB is not read.
enum PdfpcMetadata {
    /// The settings in `xmp` (the PDF's XMP packet) as a `PdfpcFile` without pages; a value
    /// that cannot be used is left out and named in `ignored` ("pdfpc:Duration "twenty" in the
    /// PDF's metadata is not a number of minutes: not used"). Nil when `xmp` holds no pdfpc entry.
    static func read(xmp: String) -> PdfpcFile? {
        let entries = self.entries(xmp)
        guard !entries.isEmpty else { return nil }
        var out = PdfpcFile()
        func unusable(_ key: String, _ value: String, _ why: String) {
            out.ignored.append("pdfpc:\(key) \(SafeText.quote(value, limit: 40)) in the PDF's metadata \(why): not used")
        }
        for (key, raw) in entries {
            let value = raw.trimmingWhitespace()
            guard !value.isEmpty else { continue }
            switch key {
            case "Duration", "LastMinutes":
                guard let n = Double(value), n >= 0, n < 1e6 else { unusable(key, value, "is not a number of minutes"); continue }
                if key == "Duration" { out.durationMinutes = n > 0 ? n : nil } else { out.lastMinutes = n }
            case "EndTime":
                guard ClockTime(value) != nil else { unusable(key, value, "is not a time HH:MM"); continue }
                out.endTime = value
            case "EndUserSlide":
                guard let n = Int(value), n >= 1, n < 1_000_000 else { unusable(key, value, "is not a slide number (from 1)"); continue }
                out.endSlide = n
            case "NotesPosition":
                if value == "none" { continue }
                guard let l = NotesLayout(rawValue: value) else { unusable(key, value, "is not right, left, top or bottom"); continue }
                out.notesPosition = l
            default: continue
            }
        }
        return out
    }

    /// The text of each element in pdfpc's namespace (or, from a writer that declares none, named
    /// `pdfpc:…`), by local name, in document order: its own text, at most 200 bytes
    /// (`podium_xmp_pdfpc_entries`, libxml2 opened on first use); empty for XML that does not
    /// parse, a packet that names no pdfpc entry (libxml2 is then never opened), one with a
    /// DOCTYPE, or one over 1 MB.
    static func entries(_ xmp: String) -> [(String, String)] {
        let bytes = Array(xmp.utf8)
        guard !bytes.isEmpty, bytes.count <= 1 << 20, xmp.contains("pdfpc"), !xmp.contains("<!DOCTYPE") else { return [] }
        var out = [CChar](repeating: 0, count: 16 << 10), error = [CChar](repeating: 0, count: 512)
        let n = bytes.withUnsafeBufferPointer { b in
            b.withMemoryRebound(to: CChar.self) { podium_xmp_pdfpc_entries($0.baseAddress, Int32(b.count), &out, out.count, &error, error.count) }
        }
        guard n > 0 else { return [] }
        let text = String(decoding: out.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return text.split(separator: "\n").compactMap { line -> (String, String)? in
            let parts = line.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            return parts.count == 2 ? (String(parts[0]), String(parts[1])) : nil
        }
    }
}
