import FoundationEssentials
import Glibc
import PodiumKit

/// What a scene was made from, to tell after a reload whether the new deck asks for the very same
/// scene: its deck entry's kind, title and parameters, the deck's folder (relative paths), and the
/// file its `file` parameter names as it was on disk then (a PDF rewritten under the same name
/// must be made again). Notes and planned time are the console's, not the scene's.
struct SceneOrigin {
    let kind: String
    let title: String?
    let parameters: [String: JSONValue]
    let directory: URL
    let file: String?
    let fileSignature: FileSignature?
    /// The scene's context, re-pointed at its new index when the scene is kept.
    let context: HostContext?

    init(_ entry: DeckScene, directory: URL, context: HostContext?) {
        kind = entry.kind; title = entry.title; parameters = entry.parameters.values
        self.directory = directory; self.context = context
        file = Self.file(of: entry, directory: directory)
        fileSignature = file.map(FileSignature.of)
    }

    /// The path a scene's `file` parameter names (relative to the deck), nil without one.
    static func file(of entry: DeckScene, directory: URL) -> String? {
        guard let f = entry.parameters.values["file"]?.string else { return nil }
        return f.hasPrefix("/") ? f : directory.appendingPathComponent(f).standardizedFileURL.path
    }

    /// True when `entry` of a deck in `directory` would make the same scene.
    func matches(_ entry: DeckScene, directory: URL) -> Bool {
        guard entry.kind == kind, entry.title == title, entry.parameters.values == parameters, directory == self.directory else { return false }
        guard let file else { return true }
        return FileSignature.of(file) == fileSignature
    }
}

enum SceneKeeping {
    /// For each index of `new` whose scene can be kept, the old index it comes from. Each old
    /// scene is used once: first where it stands at the same index, then the nearest unused
    /// match in deck order (a scene inserted before it moves it on by one).
    static func plan(old: [Int: SceneOrigin], new: [DeckScene], directory: URL) -> [Int: Int] {
        var out: [Int: Int] = [:], used = Set<Int>()
        for (j, e) in new.enumerated() where old[j]?.matches(e, directory: directory) == true {
            out[j] = j; used.insert(j)
        }
        for (j, e) in new.enumerated() where out[j] == nil {
            let candidates = old.keys.filter { !used.contains($0) && old[$0]!.matches(e, directory: directory) }
            if let i = candidates.min(by: { abs($0 - j) < abs($1 - j) || (abs($0 - j) == abs($1 - j) && $0 < $1) }) {
                out[j] = i; used.insert(i)
            }
        }
        return out
    }
}
