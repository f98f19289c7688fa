import Foundation
import PodiumKit

/// The band list as JSON: the seed file in `Assets/Bands/`, and `podium bands export|import`.
///
/// A JSON array of objects with `name` (required, not blank), `notes`, `rating` (integer 0–10),
/// `touring` ("On Tour", "Off Tour", "Disbanded"), `seenLive` (boolean) and `image` (path,
/// relative to the file). Unknown fields are errors, so a typo is not silently dropped. Names
/// follow the band list's rule (`BandListModel.named`): trimmed, and two names that differ only
/// in case or spacing are refused.
public enum BandJSON {
    /// Problems in a band file, one line each: every line names the file, the record (index and
    /// name when known) and the field, e.g. `bands.json: [3] "Queen": rating: expected an integer
    /// 0–10, found 11`. `description` is the lines joined by newlines.
    public struct Error: Swift.Error, CustomStringConvertible {
        public var lines: [String]
        public var description: String { lines.joined(separator: "\n") }
        public init(description: String) { lines = [description] }
        public init(lines: [String]) { self.lines = lines }
    }

    /// Largest import file read, in bytes.
    static let maxBytes = 64 << 20
    static let fields = ["name", "notes", "rating", "touring", "seenLive", "image"]

    /// Reads and validates every record; throws `Error` listing every problem of every record
    /// (a speaker fixes the file once, not one record per run). Ids are left 0.
    public static func load(_ url: URL) throws -> [Band] {
        let data: Data
        do { data = try InputFile.read(url.path, maxBytes: maxBytes) } catch { throw Error(description: "\(error)") }
        return try decode(data, file: url.path, baseDirectory: url.deletingLastPathComponent())
    }

    public static func decode(_ data: Data, file: String, baseDirectory: URL) throws -> [Band] {
        let root: JSONValue
        do { root = try JSONValue.parse(data) } catch { throw Error(description: "\(file): not valid JSON: \(error)") }
        guard let items = root.array else { throw Error(description: "\(file): expected an array of bands, found \(root.typeName)") }
        var problems: [String] = []
        // The band list's name rule (`BandListModel.named`): names trimmed, and a name the file
        // already has but for case and spacing refused, as the form refuses it.
        var firstOfName: [String: String] = [:]   // `sameNameKey` → the record that has it, `“Radiohead” ([1])`
        let bands = items.enumerated().compactMap { i, v in
            let label = v["name"]?.string.map { "[\(i)] \(SafeText.quote($0))" } ?? "[\(i)]"
            let before = problems.count
            var b = record(v, label: "\(file): \(label)", baseDirectory: baseDirectory) { problems.append($0) }
            // Every record with a name, sound or not: all of a file's problems in one run.
            if !b.name.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
                do {
                    b = try BandListModel.named(b, in: "file") { firstOfName[$0] }
                    firstOfName[BandListModel.sameNameKey(b.name)] = "“\(b.name)” ([\(i)])"
                } catch { problems.append("\(file): \(label): \(error)") }
            }
            return problems.count == before ? b : nil
        }
        guard problems.isEmpty else { throw Error(lines: problems) }
        return bands
    }

    /// One record, with every problem of it handed to `problem` (`prefix: field: message`).
    private static func record(_ v: JSONValue, label prefix: String, baseDirectory: URL, problem: (String) -> Void) -> Band {
        func fail(_ field: String, _ m: String) { problem("\(prefix): \(field): \(m)") }
        guard let o = v.object else { problem("\(prefix): expected an object, found \(v.typeName)"); return Band(name: "") }
        for unknown in o.keys.sorted() where !fields.contains(unknown) {
            fail(unknown, "unknown field (expected \(fields.joined(separator: ", ")))")
        }
        var b = Band(name: "")
        if let nameValue = o["name"] {
            if let name = nameValue.string { b.name = name }   // trimmed by `decode`, as the form trims it
            else { fail("name", "expected string, found \(nameValue.typeName)") }
        } else { fail("name", "required") }
        if let n = o["notes"] { if let s = n.string { b.notes = s } else { fail("notes", "expected string, found \(n.typeName)") } }
        if let r = o["rating"] {
            do { b.rating = try r.integer(at: "rating", in: 0...10) } catch let e as JSONPathError { fail("rating", e.message) } catch { fail("rating", "\(error)") }
        }
        if let t = o["touring"] {
            if let s = t.string, let st = Band.TouringStatus(rawValue: s) { b.touringStatus = st }
            else { fail("touring", "expected one of \(Band.TouringStatus.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")), found \(t.found)") }
        }
        if let s = o["seenLive"] { if let v = s.bool { b.seenLive = v } else { fail("seenLive", "expected true or false, found \(s.found)") } }
        if let im = o["image"], im != .null {
            if let s = im.string, !s.isEmpty { b.imagePath = s.hasPrefix("/") ? s : baseDirectory.appendingPathComponent(s).standardizedFileURL.path }
            else { fail("image", "expected a file path, found \(im.found)") }
        }
        // A blank name (a name of the wrong type or none was said above).
        if o["name"]?.string != nil { do { try b.validate() } catch let e as Band.ValidationError { fail(e.field, e.message) } catch { fail("name", "\(error)") } }
        return b
    }

    /// Pretty-printed JSON of `bands` in the same format `decode` reads (image paths absolute).
    public static func encode(_ bands: [Band]) -> Data {
        let items: [JSONValue] = bands.map { b in
            var o: [String: JSONValue] = ["name": .string(b.name), "notes": .string(b.notes), "rating": .number(Double(b.rating)),
                                          "touring": .string(b.touringStatus.rawValue), "seenLive": .bool(b.seenLive)]
            if let p = b.imagePath { o["image"] = .string(p) }
            return .object(o)
        }
        let e = JSONEncoder()
        e.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return (try? e.encode(JSONValue.array(items))) ?? Data("[]".utf8)
    }
}
