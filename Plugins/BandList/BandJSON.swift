import Foundation
import PodiumKit

/// The band list as JSON: the seed file in `Assets/Bands/`, and `podium bands export|import`.
///
/// A JSON array of objects with `name` (required, not blank), `notes`, `rating` (integer 0–10),
/// `touring` ("On Tour", "Off Tour", "Disbanded"), `seenLive` (boolean) and `image` (path,
/// relative to the file). Unknown fields are errors, so a typo is not silently dropped.
public enum BandJSON {
    /// A problem in a band file: `description` names the file, the record (index and name when
    /// known) and the field, e.g. `bands.json: [3] "Queen": rating: expected an integer 0–10, found 11`.
    public struct Error: Swift.Error, CustomStringConvertible {
        public var description: String
        public init(description: String) { self.description = description }
    }

    /// Largest import file read, in bytes.
    static let maxBytes = 64 << 20
    static let fields = ["name", "notes", "rating", "touring", "seenLive", "image"]

    /// Reads and validates every record; throws on the first bad one. Ids are left 0.
    public static func load(_ url: URL) throws -> [Band] {
        let data: Data
        do { data = try InputFile.read(url.path, maxBytes: maxBytes) } catch { throw Error(description: "\(error)") }
        return try decode(data, file: url.path, baseDirectory: url.deletingLastPathComponent())
    }

    public static func decode(_ data: Data, file: String, baseDirectory: URL) throws -> [Band] {
        let root: JSONValue
        do { root = try JSONValue.parse(data) } catch { throw Error(description: "\(file): not valid JSON: \(error)") }
        guard let items = root.array else { throw Error(description: "\(file): expected an array of bands, found \(root.typeName)") }
        return try items.enumerated().map { i, v in
            let label = v["name"]?.string.map { "[\(i)] \(SafeText.quote($0))" } ?? "[\(i)]"
            func fail(_ field: String, _ m: String) -> Error { Error(description: "\(file): \(label): \(field): \(m)") }
            guard let o = v.object else { throw Error(description: "\(file): \(label): expected an object, found \(v.typeName)") }
            if let unknown = o.keys.sorted().first(where: { !fields.contains($0) }) {
                throw fail(unknown, "unknown field (expected \(fields.joined(separator: ", ")))")
            }
            guard let nameValue = o["name"] else { throw fail("name", "required") }
            guard let name = nameValue.string else { throw fail("name", "expected string, found \(nameValue.typeName)") }
            var b = Band(name: name.trimmingCharacters(in: .whitespacesAndNewlines))
            if let n = o["notes"] { guard let s = n.string else { throw fail("notes", "expected string, found \(n.typeName)") }; b.notes = s }
            if let r = o["rating"] {
                do { b.rating = try r.integer(at: "rating", in: 0...10) } catch let e as JSONPathError { throw fail("rating", e.message) }
            }
            if let t = o["touring"] {
                guard let s = t.string, let st = Band.TouringStatus(rawValue: s) else {
                    throw fail("touring", "expected one of \(Band.TouringStatus.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")), found \(t.found)")
                }
                b.touringStatus = st
            }
            if let s = o["seenLive"] { guard let v = s.bool else { throw fail("seenLive", "expected true or false, found \(s.found)") }; b.seenLive = v }
            if let im = o["image"], im != .null {
                guard let s = im.string, !s.isEmpty else { throw fail("image", "expected a file path, found \(im.found)") }
                b.imagePath = s.hasPrefix("/") ? s : baseDirectory.appendingPathComponent(s).standardizedFileURL.path
            }
            do { try b.validate() } catch let e as Band.ValidationError { throw fail(e.field, e.message) }
            return b
        }
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
