import FoundationEssentials
import Glibc
import PodiumKit

/// Presenter notes from a sidecar file next to the PDF: `talk.pdf` → `talk.notes.json`.
///
/// The file is one JSON object; each key is a page label (as the PDF viewer shows it, e.g.
/// `"iv"`) or a 1-based page number, each value the notes, a string or an array of strings (lines):
///
/// ```json
/// { "1": "Welcome; say who I am.", "2": ["Numbers are from 2024.", "Pause here."], "A-1": "Backup.", "#4": "Only on page 4." }
/// ```
///
/// A label names every page with that label (all overlays of a Beamer frame); a number that is no
/// label of the PDF, or `#N`, names page N alone. A page named both ways gets the label's notes
/// first, then its own.
///
/// Notes are secondary to the slides: a file with a typo never stops a talk. What cannot be read
/// is marked missing on the pages it was for, and each problem is named (`problems`) for the
/// presenter's banner and `podium check`; a later reload with a typo keeps the last good version.
public enum PDFNotes {
    /// The sidecar path for a PDF: same folder and stem, extension `.notes.json`.
    public static func sidecarPath(for pdf: String) -> String {
        let u = URL(fileURLWithPath: pdf)
        return u.deletingPathExtension().appendingPathExtension("notes.json").path
    }

    /// What was read: notes by 0-based page, and one line per problem naming the file, the key
    /// and the value (`talk.notes.json: "1": expected a string or an array of strings, found number 5`).
    public struct Reading: Equatable, Sendable {
        public var notes: [Int: String] = [:]
        public var problems: [String] = []
    }

    /// The last sidecar read without a problem, by path, in this process: a reload whose file has
    /// a typo (saved mid-edit) keeps these notes rather than marking them missing.
    nonisolated(unsafe) private static var lastGood: [String: Data] = [:]
    private static let lock = ThreadLock()

    /// Notes for the PDF at `pdf` whose pages carry `labels`. An absent sidecar gives none. A
    /// problem (unreadable file, invalid JSON, a key that is neither a page number nor a label, a
    /// value that is not text) never throws: if this process read the file well before, those
    /// notes stay and each problem says so; otherwise the notes that could not be read are marked
    /// missing on their pages (all pages when the whole file is unreadable).
    public static func read(for pdf: String, labels: [String]) -> Reading {
        let path = sidecarPath(for: pdf)
        let data: Data
        do { data = try InputFile.read(path, maxBytes: 16 << 20) }
        catch let e as InputFileError where e.reason == .missing {
            lock.withLock { lastGood[path] = nil }
            PDFLastGoodCopy.forget(.notes, for: pdf)
            return Reading()
        } catch {
            let why = (error as? InputFileError)?.problem ?? "\(error)"
            return keepingLastGood(path, pdf: pdf, labels: labels, failed: parse(nil, path: path, labels: labels, unreadable: why))
        }
        let reading = parse(data, path: path, labels: labels)
        guard reading.problems.isEmpty else { return keepingLastGood(path, pdf: pdf, labels: labels, failed: reading) }
        if lock.withLock({ lastGood.updateValue(data, forKey: path) }) != data { PDFLastGoodCopy.keep(data, as: .notes, for: pdf) }
        return reading
    }

    /// `failed`, or the last good version's notes (read against today's labels) with `failed`'s
    /// problems saying they were kept.
    /// (After a crash restart: what the talk before read, kept on disk, `PDFLastGoodCopy`.)
    private static func keepingLastGood(_ path: String, pdf: String, labels: [String], failed: Reading) -> Reading {
        guard let old = lock.withLock({ lastGood[path] }) ?? PDFLastGoodCopy.kept(.notes, for: pdf) else {
            PDFLastGoodCopy.forget(.notes, for: pdf)
            return failed
        }
        let kept = parse(old, path: path, labels: labels)
        guard kept.problems.isEmpty else { return failed }
        return Reading(notes: kept.notes, problems: failed.problems.map { $0 + " (the notes read before are kept)" })
    }

    /// The notes in `data` (nil: the file could not be read, `unreadable` says why). Every page
    /// whose notes are lost gets `missing(…)` instead.
    private static func parse(_ data: Data?, path: String, labels: [String], unreadable: String = "") -> Reading {
        let name = path.pathLastComponent
        func everyPageMissing(_ why: String) -> Reading {
            Reading(notes: Dictionary(uniqueKeysWithValues: labels.indices.map { ($0, missing(name, why)) }), problems: ["\(SafeText.escape(path)): \(why)"])
        }
        guard let data else { return everyPageMissing(unreadable) }
        let root: JSONValue
        do { root = try JSONValue.parse(data) } catch { return everyPageMissing("not valid JSON: \(error)") }
        guard let object = root.object else { return everyPageMissing("expected an object of page → notes, found \(root.typeName)") }
        var byLabel: [Int: String] = [:], byPage: [Int: String] = [:], problems: [String] = []
        for key in object.keys.sorted() {
            let value = object[key]!
            let labelled = key.hasPrefix("#") ? [] : labels.indices.filter { labels[$0] == key }
            let number = key.hasPrefix("#") ? String(key.dropFirst()) : key
            let pages: [Int]
            if !labelled.isEmpty { pages = labelled }
            else if number.count <= 7, let n = Int(number), n >= 1, n <= labels.count { pages = [n - 1] }
            else {
                problems.append("\(SafeText.escape(path)): \(SafeText.quote(key)): not a page number (1…\(labels.count)) or page label of the PDF; left out")
                continue
            }
            let text: String
            if let s = value.string { text = s }
            else if let a = value.array, a.allSatisfy({ $0.string != nil }) { text = a.compactMap(\.string).joined(separator: "\n") }
            else {
                let why = "\(SafeText.quote(key)): expected a string or an array of strings, found \(shown(value))"
                problems.append("\(SafeText.escape(path)): \(why)")
                text = missing(name, why)
            }
            for p in pages { if labelled.isEmpty { byPage[p] = text } else { byLabel[p] = text } }
        }
        return Reading(notes: byLabel.merging(byPage) { label, page in label + "\n\n" + page }, problems: problems)
    }

    /// A wrong value as a message shows it: `number 5`, `true`, `array ["a",1]` (cut short).
    private static func shown(_ v: JSONValue) -> String {
        if v.array != nil || v.object != nil { return "\(v.typeName) \(SafeText.quote(String(v.jsonString.prefix(80))))" }
        if v.number != nil { return "number \(v.found)" }
        return v.string != nil ? v.found : v.jsonString
    }

    /// The line a page's notes show when they could not be read: the speaker must not think the
    /// page has none.
    static func missing(_ file: String, _ why: String) -> String {
        "**Notes missing**: \(file) could not be read (\(why))."
    }
}
