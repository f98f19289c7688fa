import CLibXML2
import FoundationEssentials
import PodiumKit

/// pdfpc's settings stored in the PDF itself: pdfpc.sty's `\pdfpcsetup{duration=20,
/// lastminutes=5, enduserslide=4, notesposition=left}` writes them into the PDF's XMP metadata
/// (`<pdfpc:Duration>20</pdfpc:Duration>`, namespace `https://github.com/pdfpc/pdfpc`), which
/// pdfpc 4.5 and later read (its `metadata_from_document`, src/classes/metadata/pdf.vala).
/// Read with the same meanings as `talk.pdfpc`'s fields: `Duration` and `LastMinutes` in
/// minutes, `EndTime` "HH:MM", `EndUserSlide` counted from 0 as pdfpc counts it (pdfpc reads it
/// into the same `end_user_slide` as the file's `endSlide`), `NotesPosition` right, left, top or
/// bottom; "none" (pdfpc.sty writes it when loaded before Beamer's notes option, trial 29 m2)
/// and empty values say nothing. Other entries (`StartTime`, `DisableMarkdown`,
/// `DefaultTransition`) are not used.
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
                guard let n = Int(value), n >= 0, n < 1_000_000 else { unusable(key, value, "is not a slide number (from 0)"); continue }
                out.endSlide = n + 1
            case "NotesPosition":
                if value == "none" { continue }
                guard let l = NotesLayout(rawValue: value) else { unusable(key, value, "is not right, left, top or bottom"); continue }
                out.notesPosition = l
            default: continue
            }
        }
        return out
    }

    /// The text of each element in pdfpc's namespace (or, from a writer that names no namespace,
    /// with the prefix `pdfpc`), by local name, in document order; empty for XML that does not parse.
    static func entries(_ xmp: String) -> [(String, String)] {
        let bytes = Array(xmp.utf8)
        let options = Int32(XML_PARSE_NONET.rawValue | XML_PARSE_NOERROR.rawValue | XML_PARSE_NOWARNING.rawValue)
        guard !bytes.isEmpty, let doc = bytes.withUnsafeBufferPointer({ b in
            b.withMemoryRebound(to: CChar.self) { xmlReadMemory($0.baseAddress, Int32(clamping: $0.count), nil, "UTF-8", options) }
        }) else { return [] }
        defer { xmlFreeDoc(doc) }
        var out: [(String, String)] = []
        func walk(_ first: xmlNodePtr?) {
            var node = first
            while let n = node {
                if n.pointee.type == XML_ELEMENT_NODE {
                    let ns = n.pointee.ns.map { ($0.pointee.href.map { String(cString: $0) } ?? "", $0.pointee.prefix.map { String(cString: $0) } ?? "") }
                    if let ns, ns.0.contains("pdfpc") || ns.1 == "pdfpc", let name = n.pointee.name {
                        let text = xmlNodeGetContent(n)
                        out.append((String(cString: name), text.map { String(cString: $0) } ?? ""))
                        if let text { podium_xml_free(text) }
                    } else {
                        walk(n.pointee.children)
                    }
                }
                node = n.pointee.next
            }
        }
        walk(xmlDocGetRootElement(doc))
        return out
    }
}
