import Foundation
import PodiumKit

/// The speaker's list of links, saved as JSON (`{"links": [{"title", "url"}, …]}`) in the
/// plugin's data directory. Writes go to a temporary file that is then renamed over the old
/// one, so a crash mid-write leaves the previous list whole. A file that cannot be read as a
/// list is moved aside (never overwritten) and the caller is told where it went.
struct LinkStore {
    let file: URL

    enum Loaded: Equatable {
        /// No saved list yet: the deck's `links` seed it.
        case missing
        case links([Link])
        /// The file was unreadable; it now lives at `keptAt` (nil when even moving it failed, in
        /// which case it is still at `file` and the store will not write over it).
        case corrupt(reason: String, keptAt: URL?)
    }

    struct Failure: Error, CustomStringConvertible { var description: String }

    /// Whether saving is refused because an unreadable file could not be moved aside.
    private(set) var isBlocked = false

    init(file: URL) { self.file = file }

    /// A list of links is a few kilobytes; anything much larger is not one.
    static let maxFileSize = 4 << 20

    mutating func load() -> Loaded {
        // Look before reading: a FIFO would block the talk, a huge file would fill memory.
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: file.path) else { return .missing }
        if attributes[.type] as? FileAttributeType != .typeRegular {
            return keepAside(reason: "\(file.path) is not a regular file")
        }
        if let size = attributes[.size] as? Int, size > Self.maxFileSize {
            return keepAside(reason: "\(file.path) is \(size) bytes, more than a list of links can be (\(Self.maxFileSize))")
        }
        let data: Data
        do { data = try Data(contentsOf: file) } catch {
            if !FileManager.default.fileExists(atPath: file.path) { return .missing }
            return keepAside(reason: "cannot read \(file.path): \((error as NSError).localizedDescription)")
        }
        do {
            let value = try JSONValue.parse(data)
            guard let links = value["links"] else {
                throw SceneParameterError(path: "links", message: "missing: expected {\"links\": [{\"title\", \"url\"}, …]}")
            }
            return .links(try Link.list(from: links, path: "links"))
        } catch {
            return keepAside(reason: "\(file.lastPathComponent) is not a list of links (\(String("\(error)".prefix(160))))")
        }
    }

    /// Moves the unreadable file to `<name>.corrupt-<UTC time>.json` beside it.
    private mutating func keepAside(reason: String) -> Loaded {
        let stamp = ISO8601DateFormatter.string(from: Date(), timeZone: TimeZone(identifier: "UTC")!,
                                                formatOptions: [.withYear, .withMonth, .withDay, .withTime])
        let base = file.deletingPathExtension().lastPathComponent
        var aside = file.deletingLastPathComponent().appendingPathComponent("\(base).corrupt-\(stamp).json")
        var n = 2
        while FileManager.default.fileExists(atPath: aside.path) {
            aside = file.deletingLastPathComponent().appendingPathComponent("\(base).corrupt-\(stamp)-\(n).json"); n += 1
        }
        do {
            try FileManager.default.moveItem(at: file, to: aside)
            return .corrupt(reason: reason, keptAt: aside)
        } catch {
            isBlocked = true
            return .corrupt(reason: reason, keptAt: nil)
        }
    }

    /// Writes `links` atomically (temporary file in the same folder, flushed, then renamed).
    /// Throws a `Failure` naming the file when the folder is not writable or the disk is full.
    func save(_ links: [Link]) throws {
        guard !isBlocked else {
            throw Failure(description: "Not saved: \(file.path) is unreadable and could not be moved aside; move it away to save again")
        }
        let data = Data(JSONValue.object(["links": .array(links.map(\.json))]).jsonString.utf8)
        let dir = file.deletingLastPathComponent()
        let temp = dir.appendingPathComponent(".\(file.lastPathComponent).\(getpid()).tmp")
        do {
            try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
            guard FileManager.default.createFile(atPath: temp.path, contents: nil) else {
                throw Failure(description: "cannot create \(temp.path)")
            }
            let h = try FileHandle(forWritingTo: temp)
            do { try h.write(contentsOf: data); try h.synchronize(); try h.close() } catch { try? h.close(); throw error }
            guard rename(temp.path, file.path) == 0 else {
                throw Failure(description: "cannot rename \(temp.lastPathComponent) to \(file.lastPathComponent): \(String(cString: strerror(errno)))")
            }
        } catch {
            try? FileManager.default.removeItem(at: temp)
            if let f = error as? Failure { throw Failure(description: "Not saved to \(file.path): \(f.description)") }
            throw Failure(description: "Not saved to \(file.path): \((error as NSError).localizedDescription)")
        }
    }
}
