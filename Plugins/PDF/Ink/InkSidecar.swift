import FoundationEssentials
import Glibc
import PodiumKit

/// Podium's own file for the drawings on a PDF, beside it: `talk.pdf` → `talk.drawings.json`.
/// Podium writes only this file: never the PDF, the speaker's notes sidecar (`talk.notes.json`,
/// which is theirs to edit and which a change to reloads the talk) nor pdfpc's `talk.pdfpc`.
///
/// ```json
/// { "podium": "drawings", "version": 2,
///   "pages": { "9f0c3a2b4d5e6f70": [ { "tool": "pen", "color": "#e01e1e", "width": 3.2, "points": [[120.5, 80], [131, 84.25]] } ] },
///   "version1Pages": { "3": [ … ] } }
/// ```
///
/// Keys of `pages` are page keys (`InkPageKeys`: a fingerprint of the page's content), so strokes
/// follow their slide when the PDF changes; strokes of a page no longer in the PDF stay in the
/// file. `version1Pages` holds strokes of a version 1 file (keyed by 1-based page number) that
/// could not be matched to a page (`InkSession`); absent when there are none. Points and widths
/// are page points (origin top-left).
struct InkSidecar {
    let path: String
    /// The in-memory key of a version 1 page number `n` (1-based) not matched to a page.
    static func version1Key(_ n: Int) -> String { "v1:\(n)" }

    init(pdf: String) {
        path = URL(fileURLWithPath: pdf).deletingPathExtension().appendingPathExtension("drawings.json").path
    }

    /// Strokes by page key, and `version1Key`s for a version 1 file's pages; none when the file
    /// does not exist. Throws `JSONPathError` whose path names the file and the field (bad JSON,
    /// an unknown version, a key that is no page key or page number, a bad stroke).
    func load() throws -> [String: [InkStroke]] {
        let data: Data
        do { data = try InputFile.read(path, maxBytes: 64 << 20) }
        catch let e as InputFileError where e.reason == .missing { return [:] }
        catch let e as InputFileError { throw JSONPathError(path: SafeText.escape(path), message: e.problem) }
        let root: JSONValue
        do { root = try JSONValue.parse(data) } catch { throw JSONPathError(path: SafeText.escape(path), message: "not valid JSON: \(error)") }
        let file = SafeText.escape(path)
        guard root["podium"]?.string == "drawings" else {
            throw JSONPathError(path: file, message: "expected an object with \"podium\": \"drawings\", found \(root.object == nil ? root.typeName : "another object")")
        }
        let version = root["version"]?.number ?? 1
        guard version == 1 || version == 2 else {
            throw JSONPathError(path: "\(file): version", message: "expected 1 or 2, found \(root["version"]?.found ?? "nothing") (written by a newer Podium?)")
        }
        guard let pages = root["pages"]?.object else { throw JSONPathError(path: "\(file): pages", message: "expected an object of page → strokes, found \(root["pages"]?.typeName ?? "nothing")") }
        var out: [String: [InkStroke]] = [:]
        if version == 1 {
            try Self.read(numbered: pages, field: "\(file): pages", into: &out)
            return out
        }
        for (key, value) in pages {
            let at = "\(file): pages.\(SafeText.quote(key))"
            guard InkPageKeys.isPageKey(Substring(key)) else { throw JSONPathError(path: at, message: "expected a page key of 16 hex digits (and .2, .3 … for a repeated page)") }
            out[key] = try Self.strokes(value, at: at)
        }
        if let old = root["version1Pages"] {
            guard let o = old.object else { throw JSONPathError(path: "\(file): version1Pages", message: "expected an object of page number → strokes, found \(old.typeName)") }
            try Self.read(numbered: o, field: "\(file): version1Pages", into: &out)
        }
        return out
    }

    /// Pages keyed by 1-based page number (a version 1 file), as `version1Key`s.
    private static func read(numbered pages: [String: JSONValue], field: String, into out: inout [String: [InkStroke]]) throws {
        for (key, value) in pages {
            let at = "\(field).\(SafeText.quote(key))"
            guard key.count <= 7, let n = Int(key), n >= 1 else { throw JSONPathError(path: at, message: "expected a page number 1, 2, …") }
            out[version1Key(n)] = try strokes(value, at: at)
        }
    }

    private static func strokes(_ value: JSONValue, at: String) throws -> [InkStroke] {
        guard let list = value.array else { throw JSONPathError(path: at, message: "expected an array of strokes, found \(value.typeName)") }
        return try list.enumerated().map { try InkStroke(json: $0.element, path: "\(at)[\($0.offset)]") }
    }

    /// Writes `pages` (empty pages left out) as version 2, atomically: a crash mid-write leaves
    /// the old file. With no strokes at all and no file yet, writes nothing. Throws the file
    /// system's error.
    func save(_ pages: [String: [InkStroke]]) throws {
        let kept = pages.filter { !$0.value.isEmpty }
        if kept.isEmpty && !FileManager.default.fileExists(atPath: path) { return }
        let prefix = Self.version1Key(0).dropLast()
        func json(_ list: [(String, [InkStroke])]) -> JSONValue {
            .object(Dictionary(uniqueKeysWithValues: list.map { ($0.0, .array($0.1.map(\.json))) }))
        }
        let current = kept.filter { !$0.key.hasPrefix(prefix) }.map { ($0.key, $0.value) }
        let old = kept.filter { $0.key.hasPrefix(prefix) }.map { (String($0.key.dropFirst(prefix.count)), $0.value) }
        var body: [String: JSONValue] = ["podium": "drawings", "version": 2, "pages": json(current)]
        if !old.isEmpty { body["version1Pages"] = json(old) }
        try Data(JSONValue.object(body).jsonString.utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
    }
}
