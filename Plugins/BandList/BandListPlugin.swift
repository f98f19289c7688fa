import Foundation
import PodiumKit

/// The `band-list` scene: a catalogue of bands, master–detail for the presenter, the selected
/// band large for the room.
///
/// Parameters: `seed` (path of a JSON array of bands; default `Assets/Bands/bands.json`),
/// `select` (name of the band selected at start).
public enum BandListPlugin {
    public static func descriptor() -> PluginDescriptor {
        PluginDescriptor(id: "org.podium.band-list", name: "Band List", version: "1.0.0", sceneKinds: [
            SceneKind(name: "band-list", summary: "Bands with notes, rating and touring status", validate: { p in
                _ = try p.string("seed"); _ = try p.string("select")
            }, make: { p, ctx in try BandListScene(p, context: ctx) }),
        ])
    }
}

/// Reads a seed file: a JSON array of objects with `name` (required), `notes`, `rating` (0–10),
/// `touring` ("On Tour", "Off Tour", "Disbanded"), `seenLive`, `image` (path relative to the file).
/// Errors name the file, the record index and the field.
public enum BandSeed {
    public struct Error: Swift.Error, CustomStringConvertible { public var description: String }

    public static func load(_ url: URL) throws -> [Band] {
        let data: Data
        do { data = try Data(contentsOf: url) } catch { throw Error(description: "\(url.path): cannot read file") }
        let root: JSONValue
        do { root = try JSONValue.parse(data) } catch { throw Error(description: "\(url.path): not valid JSON: \(error)") }
        guard let items = root.array else { throw Error(description: "\(url.path): expected an array of bands, found \(root.typeName)") }
        return try items.enumerated().map { i, v in
            func fail(_ field: String, _ m: String) -> Error { Error(description: "\(url.path): [\(i)].\(field): \(m)") }
            guard let o = v.object else { throw fail("", "expected object, found \(v.typeName)") }
            guard let name = o["name"]?.string?.trimmingCharacters(in: .whitespacesAndNewlines), !name.isEmpty else {
                throw fail("name", "required, non-empty string")
            }
            var b = Band(name: name)
            if let n = o["notes"] { guard let s = n.string else { throw fail("notes", "expected string") }; b.notes = s }
            if let r = o["rating"] {
                guard let n = r.int, (0...10).contains(n) else { throw fail("rating", "expected an integer 0–10, found \(r.jsonString)") }
                b.rating = n
            }
            if let t = o["touring"] {
                guard let s = t.string, let st = Band.TouringStatus(rawValue: s) else {
                    throw fail("touring", "expected one of \(Band.TouringStatus.allCases.map(\.rawValue)), found \(t.jsonString)")
                }
                b.touringStatus = st
            }
            if let s = o["seenLive"] { guard let v = s.bool else { throw fail("seenLive", "expected true or false") }; b.seenLive = v }
            if let im = o["image"] {
                guard let s = im.string else { throw fail("image", "expected string") }
                b.imagePath = s.hasPrefix("/") ? s : url.deletingLastPathComponent().appendingPathComponent(s).path
            }
            b.id = Int64(i + 1)
            return b
        }
    }
}
