import Foundation
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
public enum PDFNotes {
    /// The sidecar path for a PDF: same folder and stem, extension `.notes.json`.
    public static func sidecarPath(for pdf: String) -> String {
        let u = URL(fileURLWithPath: pdf)
        return u.deletingPathExtension().appendingPathExtension("notes.json").path
    }

    /// Notes by 0-based page. An absent sidecar gives none. Throws `SceneParameterError` whose
    /// path names the sidecar file and key for invalid JSON, a key that is neither a page number
    /// nor a label, or a value that is not text.
    public static func load(for pdf: String, labels: [String]) throws -> [Int: String] {
        let path = sidecarPath(for: pdf)
        let data: Data
        do { data = try InputFile.read(path, maxBytes: 16 << 20) }
        catch let e as InputFileError where e.reason == .missing { return [:] }
        catch let e as InputFileError { throw SceneParameterError(path: SafeText.escape(path), message: e.problem) }
        let root: JSONValue
        do { root = try JSONValue.parse(data) } catch { throw SceneParameterError(path: path, message: "not valid JSON: \(error)") }
        guard let object = root.object else { throw SceneParameterError(path: path, message: "expected an object of page → notes, found \(root.typeName)") }
        var byLabel: [Int: String] = [:], byPage: [Int: String] = [:]
        for (key, value) in object {
            let text: String
            if let s = value.string { text = s }
            else if let a = value.array, a.allSatisfy({ $0.string != nil }) { text = a.compactMap(\.string).joined(separator: "\n") }
            else { throw SceneParameterError(path: "\(path): \(SafeText.quote(key))", message: "expected a string or an array of strings, found \(value.typeName)") }
            let labelled = key.hasPrefix("#") ? [] : labels.indices.filter { labels[$0] == key }
            if !labelled.isEmpty { for p in labelled { byLabel[p] = text }; continue }
            let number = key.hasPrefix("#") ? String(key.dropFirst()) : key
            guard number.count <= 7, let n = Int(number), (1...labels.count).contains(n) else {
                throw SceneParameterError(path: "\(path): \(SafeText.quote(key))", message: "not a page number (1…\(labels.count)) or page label of the PDF")
            }
            byPage[n - 1] = text
        }
        return byLabel.merging(byPage) { label, page in label + "\n\n" + page }
    }
}
