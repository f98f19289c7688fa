import Foundation
import PodiumKit

/// The band form's unsaved edits, kept next to the store (`<store>.draft.json`) at every edit,
/// so a quit, SIGTERM or crash before Save loses no typing: the next time the scene is made
/// the form comes back with them, still unsaved. Written to a temporary file and renamed over
/// the draft (a crash mid-write leaves the old draft or the new one). Save, moving to another
/// band (which saves) and discarding remove it. A band added with + Add and not yet saved is
/// kept the same way with id 0: only Save puts it in the store.
struct BandDraft {
    let file: URL
    init(storePath: String) { file = URL(fileURLWithPath: storePath + ".draft.json") }

    private struct Record: Codable {
        var id: Int64, name: String, notes: String, rating: Int, touring: String, seenLive: Bool, image: String?
    }

    /// Keeps `band` (its id names the stored band it edits; 0 for a new band). Throws when the folder cannot be written.
    func save(_ band: Band) throws {
        let r = Record(id: band.id, name: band.name, notes: band.notes, rating: band.rating, touring: band.touringStatus.rawValue,
                       seenLive: band.seenLive, image: band.imagePath)
        let temp = file.deletingLastPathComponent().appendingPathComponent(".\(file.lastPathComponent).\(getpid()).tmp")
        do {
            try JSONEncoder().encode(r).write(to: temp)
            guard rename(temp.path, file.path) == 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        } catch {
            try? FileManager.default.removeItem(at: temp)
            throw error
        }
    }

    /// The kept edits, nil when there are none or the file is not a draft (then it is left alone).
    func read() -> Band? {
        guard FileManager.default.fileExists(atPath: file.path), let data = try? InputFile.read(file.path, maxBytes: 1 << 20), let r = try? JSONDecoder().decode(Record.self, from: data) else { return nil }
        return Band(id: r.id, name: r.name, notes: r.notes, rating: min(max(0, r.rating), 10),
                    touringStatus: Band.TouringStatus(rawValue: r.touring) ?? .offTour, seenLive: r.seenLive, imagePath: r.image)
    }

    func remove() { try? FileManager.default.removeItem(at: file) }
}
