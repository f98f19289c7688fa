import Foundation
import PodiumKit

/// pdfpc's per-talk file, `talk.pdfpc` beside `talk.pdf` (pdfpc 4.5 and later write JSON,
/// `"pdfpcFormat": 2`), read so a pdfpc user's talk comes over with its notes and timing.
/// Podium never writes it (its own changes go to its own sidecar).
///
/// ```json
/// { "pdfpcFormat": 2, "duration": 20, "endTime": "10:30", "lastMinutes": 3, "endSlide": 7,
///   "notesPosition": "right",
///   "pages": [ { "idx": 0, "label": "1", "overlay": 0, "note": "Hello." },
///              { "idx": 4, "label": "3", "forcedOverlay": true, "hidden": false } ] }
/// ```
///
/// `idx` is the 0-based page; `forcedOverlay` makes a page an overlay of the one before it
/// (whatever its label); `hidden` pages are left out of the talk. Other fields pdfpc writes
/// (`savedSlide`, `noteFontSize`, `disableMarkdown`, transitions) are ignored.
public struct PdfpcFile: Equatable, Sendable {
    public var durationMinutes: Double?
    /// "HH:MM" (24 h), when the talk should end (wins over `durationMinutes`).
    public var endTime: String?
    /// Minutes before the end from which the countdown warns.
    public var lastMinutes: Double?
    /// 1-based slide where the talk ends (for the timer and the End key).
    public var endSlide: Int?
    public var notesPosition: NotesLayout?
    /// Notes by 0-based page.
    public var notes: [Int: String] = [:]
    /// 0-based pages pdfpc skips.
    public var hidden: Set<Int> = []
    /// 0-based pages that are overlays of the page before them.
    public var forcedOverlays: Set<Int> = []
    /// Entries left out, one line each naming the entry and why: a page past the PDF's end (the
    /// slides were cut since pdfpc wrote the file; pdfpc itself ignores them too).
    public var ignored: [String] = []

    /// `talk.pdf` → `talk.pdfpc`.
    public static func path(for pdf: String) -> String {
        URL(fileURLWithPath: pdf).deletingPathExtension().appendingPathExtension("pdfpc").path
    }

    /// The file beside `pdf`, nil when there is none. Throws `SceneParameterError` whose path
    /// names the file and field for anything it cannot use (not JSON, the old `[notes]` text
    /// format, a wrong type, a negative or fractional page index, a bad time or position). An
    /// entry for a page past `pageCount` is left out and named in `ignored`.
    public static func load(for pdf: String, pageCount: Int) throws -> PdfpcFile? {
        let path = path(for: pdf)
        guard let data = FileManager.default.contents(atPath: path) else { return nil }
        return try parse(data, file: path, pageCount: pageCount)
    }

    public static func parse(_ data: Data, file: String, pageCount: Int) throws -> PdfpcFile {
        func fail(_ field: String, _ message: String) -> SceneParameterError {
            SceneParameterError(path: field.isEmpty ? file : "\(file): \(field)", message: message)
        }
        let root: JSONValue
        do { root = try JSONValue.parse(data) } catch {
            let start = String(decoding: data.prefix(80), as: UTF8.self)
            if start.hasPrefix("[") && !start.hasPrefix("[{") && !start.hasPrefix("[ ") {
                throw fail("", "pdfpc's old text format ([file], [notes] …) is not read; open and save the talk in pdfpc 4.5 or later for its JSON format")
            }
            throw fail("", "not valid JSON: \(error)")
        }
        guard let o = root.object else { throw fail("", "expected a JSON object, found \(root.typeName)") }
        var out = PdfpcFile()
        func number(_ key: String, min: Double) throws -> Double? {
            guard let v = o[key], v != .null else { return nil }
            guard let n = v.number, n >= min, n < 1e6 else { throw fail(key, "expected a number ≥ \(Int(min)), found \(v.jsonString.prefix(80))") }
            return n
        }
        out.durationMinutes = try number("duration", min: 0).flatMap { $0 > 0 ? $0 : nil }
        out.lastMinutes = try number("lastMinutes", min: 0)
        out.endSlide = try number("endSlide", min: 0).flatMap { $0 >= 1 ? Int($0) : nil }
        if let v = o["endTime"], v != .null {
            guard let s = v.string, ClockTime(s) != nil else { throw fail("endTime", "expected a time \"HH:MM\", found \(v.jsonString.prefix(80))") }
            out.endTime = s
        }
        if let v = o["notesPosition"], v != .null {
            guard let s = v.string, let l = NotesLayout(rawValue: s) else { throw fail("notesPosition", "expected right, left, top, bottom or none, found \(v.jsonString.prefix(80))") }
            out.notesPosition = l
        }
        if let v = o["pages"] {
            guard let pages = v.array else { throw fail("pages", "expected an array, found \(v.typeName)") }
            for (i, p) in pages.enumerated() {
                guard let page = p.object else { throw fail("pages[\(i)]", "expected an object, found \(p.typeName)") }
                guard let n = page["idx"]?.number, n == n.rounded(), n >= 0, n < 1e9 else {
                    throw fail("pages[\(i)].idx", "expected a page index 0…\(pageCount - 1), found \(page["idx"]?.jsonString.prefix(80) ?? "nothing")")
                }
                // A page the PDF no longer has (slides cut since): its entry is left out, not the talk.
                guard Int(n) < pageCount else {
                    out.ignored.append("pages[\(i)] is for page index \(Int(n)), past the PDF's \(pageCount) pages: left out")
                    continue
                }
                let idx = Int(n)
                if let note = page["note"], note != .null {
                    guard let s = note.string else { throw fail("pages[\(i)].note", "expected a string, found \(note.typeName)") }
                    if !s.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty { out.notes[idx] = s }
                }
                for (key, set) in [("hidden", \PdfpcFile.hidden), ("forcedOverlay", \PdfpcFile.forcedOverlays)] {
                    guard let b = page[key], b != .null else { continue }
                    guard let flag = b.bool else { throw fail("pages[\(i)].\(key)", "expected true or false, found \(b.typeName)") }
                    if flag { out[keyPath: set].insert(idx) }
                }
            }
        }
        return out
    }
}
