import Foundation

extension BandStore {
    /// `podium bands import`: the store at `path` with its catalogue replaced by `bands`
    /// (`replaceAll`). A store that is not there is created empty, not seeded: the import
    /// replaces the catalogue anyway, and "replacing 12" named demo bands the user never had
    /// (trial 22 m6).
    /// - Returns: how many bands were replaced (nil: the store is new) and the bands stored
    ///   without their image (`replaceAll`).
    /// - Throws: what `init(path:)` and `replaceAll` throw; the catalogue is then as it was.
    public static func importing(_ bands: [Band], into path: String) throws -> (replaced: Int?, unreadable: [UnreadableImage]) {
        let isNew = !FileManager.default.fileExists(atPath: path)
        let store = try BandStore(path: path)
        let before = try store.count()
        return (isNew ? nil : before, try store.replaceAll(with: bands))
    }
}
