import FoundationEssentials
import Glibc
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
/// (whatever its label); `hidden` pages are left out of the talk; `beamerNotePosition` (as pdfpc
/// writes it, "RIGHT") is read as `notesPosition`. Other fields pdfpc writes
/// (`savedSlide`, `noteFontSize`, `disableMarkdown`, transitions) are ignored.
public struct PdfpcFile: Equatable, Sendable {
    public var durationMinutes: Double?
    /// "HH:MM" (24 h), when the talk should end (wins over `durationMinutes`).
    public var endTime: String?
    /// Minutes before the end from which the countdown warns.
    public var lastMinutes: Double?
    /// 1-based slide where the talk ends (for the timer and the End key). The file's `endSlide`
    /// counts from 0, as pdfpc writes it (its `end_user_slide`: 0 is the first slide).
    public var endSlide: Int?
    public var notesPosition: NotesLayout?
    /// Notes by 0-based page.
    public var notes: [Int: String] = [:]
    /// 0-based pages pdfpc skips.
    public var hidden: Set<Int> = []
    /// 0-based pages that are overlays of the page before them.
    public var forcedOverlays: Set<Int> = []
    /// Whether any entry goes by page number (notes, hidden pages, forced overlays): what moves
    /// to another page when the PDF changes under the file.
    public var hasPageEntries: Bool { !(notes.isEmpty && hidden.isEmpty && forcedOverlays.isEmpty) }
    /// Warnings, one line each naming the entry or field and why: a page entry past the PDF's
    /// end, left out (the slides were cut since pdfpc wrote the file; pdfpc itself ignores them
    /// too); a `pdfpcFormat` newer than 2 (read as 2; pdfpc refuses it).
    public var ignored: [String] = []
    /// What could not be used (`readable`), one error each naming the file and field: the whole
    /// file (not JSON, pdfpc's old text format) or one field or page entry, left out.
    public var problems: [SceneParameterError] = []
    /// Whether what `problems` name was taken from the version read before (`keeping`), not left out.
    public var keptBefore = false

    /// This reading with what it could not read taken from `before` (the file as read before, a
    /// typo saved mid-talk; trial 18 F2): a field's value, or every page entry (hidden pages,
    /// notes, forced overlays) when a page entry is bad; the whole of `before` when the file is
    /// not a JSON object. `problems` stay (the banner names them), `keptBefore` says so.
    func keeping(_ before: PdfpcFile) -> PdfpcFile {
        var out = self
        out.keptBefore = !problems.isEmpty
        for p in problems {
            // "…/talk.pdfpc: pages[2].idx" → "pages"; the file alone → the whole of `before`.
            guard let colon = p.path.ranges(of: ".pdfpc: ").last else { return before.withProblems(problems) }
            switch p.path[colon.upperBound...].prefix(while: { $0.isLetter }) {
            case "duration": out.durationMinutes = before.durationMinutes
            case "endTime": out.endTime = before.endTime
            case "lastMinutes": out.lastMinutes = before.lastMinutes
            case "endSlide": out.endSlide = before.endSlide
            case "notesPosition", "beamerNotePosition": out.notesPosition = before.notesPosition
            default: out.notes = before.notes; out.hidden = before.hidden; out.forcedOverlays = before.forcedOverlays
            }
        }
        return out
    }

    /// This reading, said to have `problems` whose parts were kept from it (`keeping`).
    func withProblems(_ problems: [SceneParameterError]) -> PdfpcFile {
        var out = self
        out.problems = problems
        out.keptBefore = true
        return out
    }

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

    /// The file read strictly (`podium check`): throws the first of `problems`.
    public static func parse(_ data: Data, file: String, pageCount: Int) throws -> PdfpcFile {
        let out = readable(data, file: file, pageCount: pageCount)
        if let first = out.problems.first { throw first }
        return out
    }

    /// What can be used of the file (a talk starts with it, trial 11 F8: the PDF is fine and the
    /// file is another program's optional extra): a field or page entry Podium cannot read is
    /// left out, the whole file when it is not JSON (pdfpc's old text format); each is named in
    /// `problems`.
    public static func readable(_ data: Data, file: String, pageCount: Int) -> PdfpcFile {
        var out = PdfpcFile()
        func fail(_ field: String, _ message: String) -> SceneParameterError {
            SceneParameterError(path: field.isEmpty ? file : "\(file): \(field)", message: message)
        }
        let root: JSONValue
        do { root = try JSONValue.parse(data) } catch {
            let start = String(decoding: data.prefix(80), as: UTF8.self)
            if start.hasPrefix("[") && !start.hasPrefix("[{") && !start.hasPrefix("[ ") {
                out.problems.append(fail("", "pdfpc's old text format ([file], [notes] …) is not read; open and save the talk in pdfpc 4.5 or later for its JSON format"))
            } else { out.problems.append(fail("", "not valid JSON: \(error)")) }
            return out
        }
        guard let o = root.object else { out.problems.append(fail("", "expected a JSON object, found \(root.typeName)")); return out }
        func number(_ key: String, min: Double) -> Double? {
            guard let v = o[key], v != .null else { return nil }
            guard let n = v.number, n >= min, n < 1e6 else { out.problems.append(fail(key, "expected a number ≥ \(Int(min)), found \(v.jsonString.prefix(80))")); return nil }
            return n
        }
        out.durationMinutes = number("duration", min: 0).flatMap { $0 > 0 ? $0 : nil }
        out.lastMinutes = number("lastMinutes", min: 0)
        // pdfpc writes its 0-based end slide (trial 20 #12: "endSlide": 0, the first slide, was
        // dropped without a word; every other value was read one slide late).
        if let v = o["endSlide"], v != .null {
            if let n = v.number, n >= 0, n < 1e6, n == n.rounded() { out.endSlide = Int(n) + 1 }
            else { out.problems.append(fail("endSlide", "expected a slide number ≥ 0 (pdfpc counts from 0: 0 is the first slide), found \(v.jsonString.prefix(80))")) }
        }
        if let v = o["pdfpcFormat"], v != .null, !(v.number.map { $0 >= 1 && $0 <= 2 && $0 == $0.rounded() } ?? false) {
            out.ignored.append("pdfpcFormat \(v.jsonString.prefix(80)) is not a format version Podium knows (2, written by pdfpc 4.5 and later): read as version 2")
        }
        if let v = o["endTime"], v != .null {
            if let s = v.string, ClockTime(s) != nil { out.endTime = s }
            else { out.problems.append(fail("endTime", "expected a time \"HH:MM\", found \(v.jsonString.prefix(80))")) }
        }
        // pdfpc writes `beamerNotePosition` ("RIGHT": it reads any case); `notesPosition` as
        // Podium read it before.
        let notesKey = o["notesPosition"] != nil ? "notesPosition" : "beamerNotePosition"
        if let v = o[notesKey], v != .null {
            if let s = v.string, let l = NotesLayout(rawValue: s.lowercased()) { out.notesPosition = l }
            else { out.problems.append(fail(notesKey, "expected right, left, top, bottom or none, found \(v.jsonString.prefix(80))")) }
        }
        if let v = o["pages"] {
            guard let pages = v.array else { out.problems.append(fail("pages", "expected an array, found \(v.typeName)")); return out }
            for (i, p) in pages.enumerated() {
                guard let page = p.object else { out.problems.append(fail("pages[\(i)]", "expected an object, found \(p.typeName)")); continue }
                guard let n = page["idx"]?.number, n == n.rounded(), n >= 0, n < 1e9 else {
                    out.problems.append(fail("pages[\(i)].idx", "expected a page index 0…\(pageCount - 1), found \(page["idx"]?.jsonString.prefix(80) ?? "nothing")"))
                    continue
                }
                // A page the PDF no longer has (slides cut since): its entry is left out, not the talk.
                guard Int(n) < pageCount else {
                    out.ignored.append("pages[\(i)] is for page index \(Int(n)), past the PDF's \(pageCount) pages: left out")
                    continue
                }
                let idx = Int(n)
                if let note = page["note"], note != .null {
                    if let s = note.string { if !s.trimmingWhitespace().isEmpty { out.notes[idx] = s } }
                    else { out.problems.append(fail("pages[\(i)].note", "expected a string, found \(note.typeName)")) }
                }
                for (key, set) in [("hidden", \PdfpcFile.hidden), ("forcedOverlay", \PdfpcFile.forcedOverlays)] {
                    guard let b = page[key], b != .null else { continue }
                    guard let flag = b.bool else { out.problems.append(fail("pages[\(i)].\(key)", "expected true or false, found \(b.typeName)")); continue }
                    if flag { out[keyPath: set].insert(idx) }
                }
            }
        }
        return out
    }
}
