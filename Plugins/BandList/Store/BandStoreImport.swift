import Foundation

extension BandStore {
    /// `podium bands import`: the store at `path` with its catalogue replaced by `bands`
    /// (`replaceAll`). A store that is not there is created empty, not seeded: the import
    /// replaces the catalogue anyway, and "replacing 12" named demo bands the user never had
    /// (trial 22 m6). A refused import leaves no store behind: one it created is removed again
    /// (`removeRefusedNewStore`).
    /// - Returns: how many bands were replaced (nil: the store is new) and the bands stored
    ///   without their image (`replaceAll`).
    /// - Throws: what `init(path:)` and `replaceAll` throw; the catalogue is then as it was.
    public static func importing(_ bands: [Band], into path: String) throws -> (replaced: Int?, unreadable: [UnreadableImage]) {
        let isNew = !FileManager.default.fileExists(atPath: path)
        let images = URL(fileURLWithPath: path).standardizedFileURL.path + ".images"
        let hadImages = FileManager.default.fileExists(atPath: images)
        var store: BandStore?
        do {
            let s = try BandStore(path: path)
            store = s
            let before = try s.count()
            return (isNew ? nil : before, try s.replaceAll(with: bands))
        } catch {
            guard isNew else { throw error }
            // Bands in it now were put there by another process (a scene opening the same new
            // store meanwhile): that store is theirs and stays.
            let filled = ((try? store?.count()) ?? nil).map { $0 > 0 } ?? false
            store = nil   // closed before its files go
            if !filled { removeRefusedNewStore(path, images: hadImages ? nil : images) }
            throw error
        }
    }

    /// Removes a store a refused import created: the file, SQLite's WAL and journal files
    /// beside it, and `images` (the image copies the import made) when given.
    private static func removeRefusedNewStore(_ path: String, images: String?) {
        for f in [path, path + "-wal", path + "-shm", path + "-journal"] + [images].compactMap({ $0 }) {
            try? FileManager.default.removeItem(atPath: f)
        }
    }
}
