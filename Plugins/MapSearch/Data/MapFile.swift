import Foundation
import PodiumKit
import PodiumSQLite

/// Opening a map or MBTiles file (SQLite, read only).
enum MapFile {
    /// Opens `path` for reading. SQLite takes a path, so it is checked first: a FIFO would block
    /// the open, a directory or /proc file would fail obscurely. Map files can be large, hence
    /// the generous limit.
    /// - Throws: a message naming the file (missing, unreadable, not a regular file).
    static func open(_ path: String) throws -> SQLiteDatabase {
        do { try InputFile.check(path, maxBytes: 1 << 36) }
        catch let e as InputFileError { throw MapFileError(description: e.reason == .missing ? "\(SafeText.escape(path)): no such file" : e.description) }
        return try SQLiteDatabase(path: path, mode: .readOnly)
    }
}

struct MapFileError: Swift.Error, CustomStringConvertible { var description: String }
