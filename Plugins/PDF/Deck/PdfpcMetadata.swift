import CLibXML2
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

    /// pdfpc.sty's namespace (hyperxmp's schema of it).
    static let namespace = "https://github.com/pdfpc/pdfpc"

    /// libxml2's global state, set up once before the first parse (its first use is not
    /// thread-safe in 2.9).
    private static let parserReady: Void = { xmlInitParser() }()

    /// The text of each element in pdfpc's namespace (or, from a writer that declares none, named
    /// `pdfpc:…`), by local name, in document order: its own text, at most 200 characters;
    /// empty for XML that does not parse, a packet with a DOCTYPE, or one over 1 MB.
    static func entries(_ xmp: String) -> [(String, String)] {
        let bytes = Array(xmp.utf8)
        guard bytes.count <= 1 << 20, !xmp.contains("<!DOCTYPE") else { return [] }
        _ = parserReady
        let options = Int32(XML_PARSE_NONET.rawValue | XML_PARSE_NOERROR.rawValue | XML_PARSE_NOWARNING.rawValue)
        guard !bytes.isEmpty, let doc = bytes.withUnsafeBufferPointer({ b in
            b.withMemoryRebound(to: CChar.self) { xmlReadMemory($0.baseAddress, Int32(clamping: $0.count), nil, "UTF-8", options) }
        }) else { return [] }
        defer { xmlFreeDoc(doc) }
        var out: [(String, String)] = []
        func walk(_ first: xmlNodePtr?) {
            var node = first
            while let n = node {
                if n.pointee.type == XML_ELEMENT_NODE, let raw = n.pointee.name {
                    let name = String(cString: raw)
                    let href = n.pointee.ns?.pointee.href.map { String(cString: $0) }
                    if href == namespace { out.append((name, text(n))) }
                    else if href == nil, name.hasPrefix("pdfpc:") { out.append((String(name.dropFirst(6)), text(n))) }
                    else { walk(n.pointee.children) }
                }
                node = n.pointee.next
            }
        }
        walk(xmlDocGetRootElement(doc))
        return out
    }

    /// `element`'s own text and CDATA children (never entity references expanded), at most 200
    /// characters.
    private static func text(_ element: xmlNodePtr) -> String {
        var out = ""
        var child = element.pointee.children
        while let c = child, out.count < 200 {
            if c.pointee.type == XML_TEXT_NODE || c.pointee.type == XML_CDATA_SECTION_NODE, let t = c.pointee.content { out += String(cString: t) }
            child = c.pointee.next
        }
        return String(out.prefix(200))
    }
}
