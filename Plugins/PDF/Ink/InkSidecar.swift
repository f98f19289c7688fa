import Foundation
import PodiumKit

/// Podium's own file for the drawings on a PDF, beside it: `talk.pdf` → `talk.drawings.json`.
/// Podium writes only this file: never the PDF, the speaker's notes sidecar (`talk.notes.json`,
/// which is theirs to edit and which a change to reloads the talk) nor pdfpc's `talk.pdfpc`.
///
/// ```json
/// { "podium": "drawings", "version": 1,
///   "pages": { "3": [ { "tool": "pen", "color": "#e01e1e", "width": 3.2, "points": [[120.5, 80], [131, 84.25]] } ] } }
/// ```
///
/// Keys of `pages` are 1-based page numbers; points and widths are page points (origin top-left).
struct InkSidecar {
    let path: String

    init(pdf: String) {
        path = URL(fileURLWithPath: pdf).deletingPathExtension().appendingPathExtension("drawings.json").path
    }

    /// Strokes by 0-based page; none when the file does not exist. Throws `JSONPathError` whose
    /// path names the file and the field (bad JSON, a key that is no page number, a bad stroke).
    func load() throws -> [Int: [InkStroke]] {
        let data: Data
        do { data = try InputFile.read(path, maxBytes: 64 << 20) }
        catch let e as InputFileError where e.reason == .missing { return [:] }
        catch let e as InputFileError { throw JSONPathError(path: SafeText.escape(path), message: e.problem) }
        let root: JSONValue
        do { root = try JSONValue.parse(data) } catch { throw JSONPathError(path: SafeText.escape(path), message: "not valid JSON: \(error)") }
        guard root["podium"]?.string == "drawings" else {
            throw JSONPathError(path: SafeText.escape(path), message: "expected an object with \"podium\": \"drawings\", found \(root.object == nil ? root.typeName : "another object")")
        }
        guard let pages = root["pages"]?.object else { throw JSONPathError(path: "\(SafeText.escape(path)): pages", message: "expected an object of page number → strokes, found \(root["pages"]?.typeName ?? "nothing")") }
        var out: [Int: [InkStroke]] = [:]
        for (key, value) in pages {
            let at = "\(SafeText.escape(path)): pages.\(SafeText.quote(key))"
            guard key.count <= 7, let n = Int(key), n >= 1 else { throw JSONPathError(path: at, message: "expected a page number 1, 2, …") }
            guard let list = value.array else { throw JSONPathError(path: at, message: "expected an array of strokes, found \(value.typeName)") }
            out[n - 1] = try list.enumerated().map { try InkStroke(json: $0.element, path: "\(at)[\($0.offset)]") }
        }
        return out
    }

    /// Writes `pages` (empty pages left out) atomically: a crash mid-write leaves the old file.
    /// With no strokes at all and no file yet, writes nothing. Throws the file system's error.
    func save(_ pages: [Int: [InkStroke]]) throws {
        let kept = pages.filter { !$0.value.isEmpty }
        if kept.isEmpty && !FileManager.default.fileExists(atPath: path) { return }
        let body: JSONValue = ["podium": "drawings", "version": 1,
                               "pages": .object(Dictionary(uniqueKeysWithValues: kept.map { ("\($0.key + 1)", .array($0.value.map(\.json))) }))]
        try Data(body.jsonString.utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
    }
}
