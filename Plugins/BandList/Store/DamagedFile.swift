import Foundation

/// A file of the speaker's that cannot be read as what it should be is moved aside, never
/// overwritten: to `<name>.corrupt-<UTC time>.json` beside it (`-2`, `-3` … when taken), the
/// name and rule of the Links plugin's store (`LinkStore.keepAside`; that plugin is built out of
/// this tree, so the few lines are repeated rather than shared).
enum DamagedFile {
    /// Moves `file` aside; the new place, nil when it could not be moved (then it is left as it is).
    static func keepAside(_ file: URL, now: Date = Date()) -> URL? {
        let stamp = ISO8601DateFormatter.string(from: now, timeZone: TimeZone(identifier: "UTC")!,
                                                formatOptions: [.withYear, .withMonth, .withDay, .withTime])
        let base = file.deletingPathExtension().lastPathComponent, dir = file.deletingLastPathComponent()
        var aside = dir.appendingPathComponent("\(base).corrupt-\(stamp).json")
        var n = 2
        while FileManager.default.fileExists(atPath: aside.path) {
            aside = dir.appendingPathComponent("\(base).corrupt-\(stamp)-\(n).json"); n += 1
        }
        return (try? FileManager.default.moveItem(at: file, to: aside)) != nil ? aside : nil
    }
}
