import Foundation
import PodiumKit

/// A band's image is kept by the store, not only named by it (trial 21 m4: an image set from a
/// file later deleted was gone after a restart although the form had said "Saved."). Saving a
/// band whose image is a file elsewhere copies that file into `<store>.images/` beside the store
/// (as the unsaved-edits draft is beside it), under a new name, before the row is written: a
/// row never names a copy that is not on disk. The row names the copy relative to the store's
/// folder, so the store and its images move together; `Band.imagePath` is always absolute.
/// A band `BandStore.replaceAll` stored without its image because the image file could not be
/// read: `index` is the band's place in the list given, `reason` e.g. "file not found".
public struct UnreadableImage: Equatable, Sendable {
    public var index: Int
    public var name: String
    public var path: String
    public var reason: String
}

extension BandStore {
    /// The folder of the store's image copies: `bands.sqlite.images` beside `bands.sqlite`.
    public var imagesFolder: String { absolutePath + ".images" }

    /// The store's path made absolute (a bare or relative `--store` is in the current folder).
    var absolutePath: String { URL(fileURLWithPath: path).standardizedFileURL.path }
    var storeFolder: String { (absolutePath as NSString).deletingLastPathComponent }

    /// `band` with its image kept by the store: a file outside `imagesFolder` is copied in and
    /// the band names the copy. A path in `unchanged` (what the rows already had) that cannot be
    /// read is left as it is: an image lost before stores kept copies does not refuse every edit
    /// of that band; one that can be read is copied now. Any other file that cannot be read
    /// refuses the save, unless `dropUnreadable` is given: it is then handed the reason (e.g.
    /// "file not found") and the band is returned without an image (import, trial 22 m6).
    /// - Throws: `BandStore.Error` naming the image file when it cannot be read ("the band was
    ///   not saved"), or the store when it is read-only or the copy cannot be written.
    func keepingImage(_ band: Band, unchanged: Set<String> = [], dropUnreadable: ((String) -> Void)? = nil) throws -> Band {
        guard let source = band.imagePath, !source.hasPrefix(imagesFolder + "/") else { return band }
        if isReadOnly { throw Error(path: path, message: readOnlyMessage) }
        let data: Data
        // The renderer's limit for an image file (`BandImageFile.check` read it through the same).
        do { data = try InputFile.read(source, maxBytes: 64 << 20) } catch {
            if unchanged.contains(source) { return band }
            let why = (error as? InputFileError)?.problem ?? DiskErrorText.reason(error)
            if let dropUnreadable {
                dropUnreadable(why)
                var b = band
                b.imagePath = nil
                return b
            }
            throw Error(path: source, message: "the image cannot be read (\(why)); nothing was saved")
        }
        let ext = (source as NSString).pathExtension.lowercased()
        let copy = imagesFolder + "/" + UUID().uuidString.lowercased() + (ext.isEmpty || ext.count > 5 ? "" : "." + ext)
        do {
            try FileManager.default.createDirectory(atPath: imagesFolder, withIntermediateDirectories: true)
            try OutputFile.replace(copy, with: [UInt8](data))   // flushed to disk before the row is written
        } catch {
            throw Error(path: path, message: "could not keep a copy of the image \((source as NSString).lastPathComponent) in \((imagesFolder as NSString).lastPathComponent) (\(DiskErrorText.reason(error))); this change was not saved")
        }
        var b = band
        b.imagePath = copy
        return b
    }

    /// The `image_path` column for `path`: a copy the store keeps, relative to its folder.
    func storedImagePath(_ path: String) -> String {
        guard path.hasPrefix(imagesFolder + "/") else { return path }
        return (imagesFolder as NSString).lastPathComponent + "/" + path.dropFirst(imagesFolder.count + 1)
    }

    /// The absolute path of a stored `image_path` (relative ones are in the store's folder).
    func imagePath(stored: String) -> String {
        stored.hasPrefix("/") ? stored : storeFolder + "/" + stored
    }
}
