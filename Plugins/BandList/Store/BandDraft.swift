import Foundation
import PodiumKit

/// The band form's unsaved edits, kept next to the store (`<store>.draft.json`) at every edit,
/// so a quit, SIGTERM or crash before Save loses no typing: the next time the scene is made
/// the form comes back with them, still unsaved. Written to a temporary file and renamed over
/// the draft (a crash mid-write leaves the old draft or the new one). The file holds every band
/// with unsaved edits: the one in the form last, before it those the speaker moved away from
/// by picking another band (a click elsewhere never saves). Save and discarding remove a
/// band's draft. A band added with + Add and not yet saved is kept the same way with id 0 when
/// it is in the form, and with its list key below zero when the speaker moved away from it:
/// only Save puts it in the store.
struct BandDraft {
    let file: URL
    init(storePath: String) { file = URL(fileURLWithPath: storePath + ".draft.json") }

    /// Whether writing is refused: the file could not be read as a draft and could not be moved
    /// aside either, so the next edit would overwrite what the speaker had.
    private(set) var isBlocked = false

    /// A draft file that could not be read, and where it went (`DamagedFile`; nil: left in place).
    struct Damaged: Equatable { var reason: String; var keptAt: URL? }

    private struct Record: Codable {
        var id: Int64, name: String, notes: String, rating: Int, touring: String, seenLive: Bool, image: String?
    }

    /// Keeps `band` alone (its id names the stored band it edits; 0 for a new band). Throws when the folder cannot be written.
    func save(_ band: Band) throws { try save([band]) }

    /// Keeps `bands` (the form's last); none removes the file. Throws when the folder cannot be written.
    func save(_ bands: [Band]) throws {
        guard !isBlocked else {
            throw CocoaError(.fileWriteNoPermission, userInfo: [NSFilePathErrorKey: file.path, NSLocalizedDescriptionKey:
                "\(file.path) could not be read as unsaved band edits nor moved aside; move it away to keep edits again"])
        }
        guard !bands.isEmpty else { remove(); return }
        let rs = bands.map { Record(id: $0.id, name: $0.name, notes: $0.notes, rating: $0.rating, touring: $0.touringStatus.rawValue,
                                    seenLive: $0.seenLive, image: $0.imagePath) }
        let temp = file.deletingLastPathComponent().appendingPathComponent(".\(file.lastPathComponent).\(getpid()).tmp")
        do {
            try JSONEncoder().encode(rs).write(to: temp)
            guard rename(temp.path, file.path) == 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        } catch {
            try? FileManager.default.removeItem(at: temp)
            throw error
        }
    }

    /// The form's kept edits (the last kept band), nil when there are none.
    func read() -> Band? { readAll().last }

    /// Every kept band, the form's last; empty when there are none. A file from before several
    /// were kept holds one record.
    func readAll() -> [Band] { (try? decode()) ?? [] }

    /// Every kept band, as `readAll`; a file that is there but not a draft (damaged: trial 20 m9,
    /// it was ignored without a word, then overwritten by the first key typed) is moved aside
    /// (`DamagedFile`) and returned as `damaged`; when it cannot be moved, writing is refused.
    mutating func load() -> (bands: [Band], damaged: Damaged?) {
        guard FileManager.default.fileExists(atPath: file.path) else { return ([], nil) }
        do { return (try decode(), nil) } catch {
            let keptAt = DamagedFile.keepAside(file)
            if keptAt == nil { isBlocked = true }
            let why = error is DecodingError ? "not band edits as Podium writes them" : "\(error)"
            return ([], Damaged(reason: "\(file.lastPathComponent) cannot be read (\(why))", keptAt: keptAt))
        }
    }

    /// The file's bands; throws when it cannot be read or is not a draft.
    private func decode() throws -> [Band] {
        guard FileManager.default.fileExists(atPath: file.path) else { return [] }
        let data = try InputFile.read(file.path, maxBytes: 1 << 20)
        let rs: [Record]
        if let all = try? JSONDecoder().decode([Record].self, from: data) { rs = all }
        else { rs = [try JSONDecoder().decode(Record.self, from: data)] }
        return rs.map { r in
            Band(id: r.id, name: r.name, notes: r.notes, rating: min(max(0, r.rating), 10),
                 touringStatus: Band.TouringStatus(rawValue: r.touring) ?? .offTour, seenLive: r.seenLive, imagePath: r.image)
        }
    }

    func remove() { try? FileManager.default.removeItem(at: file) }
}
