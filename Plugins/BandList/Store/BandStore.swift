import CSQLite
import PodiumSQLite
import Foundation

/// The band catalogue on disk: one SQLite file in WAL mode, schema versioned with
/// `PRAGMA user_version` and migrated forward on open.
///
/// Durability: every edit is its own transaction with `synchronous=FULL`, so once a call returns
/// the edit survives SIGKILL (and power loss), and another process opening the file sees it.
/// A file that is not a band store (not SQLite, damaged, another program's database, or a newer
/// schema) is refused with an error naming it, and is never written.
public final class BandStore {
    public struct Error: Swift.Error, CustomStringConvertible, Equatable {
        public var path: String
        public var message: String
        public var description: String { "\(path): \(message)" }
    }

    /// Schema migrations: entry `i` takes the store from version `i` to `i + 1`. Append only;
    /// never edit a shipped entry (stores in the field are at every version).
    static let migrations: [String] = [
        // 1: the catalogue.
        """
        CREATE TABLE band (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            name TEXT NOT NULL CHECK (length(trim(name)) > 0),
            notes TEXT NOT NULL DEFAULT '',
            rating INTEGER NOT NULL DEFAULT 0 CHECK (rating BETWEEN 0 AND 10),
            touring TEXT NOT NULL DEFAULT 'Off Tour' CHECK (touring IN ('On Tour', 'Off Tour', 'Disbanded')),
            seen_live INTEGER NOT NULL DEFAULT 0 CHECK (seen_live IN (0, 1))
        );
        """,
        // 2: an optional image per band.
        "ALTER TABLE band ADD COLUMN image_path TEXT;",
    ]
    public static var schemaVersion: Int { migrations.count }
    /// File name of the store inside a plugin's data directory.
    public static let defaultFileName = "bands.sqlite"

    public let path: String
    let db: SQLiteDatabase
    /// Why the store can be read but not written (the file or its folder is not writable by
    /// this user, or it is on a read-only medium), or nil when edits are saved. A read-only
    /// store is shown, searched and exported; every edit fails with `readOnlyMessage`.
    public let readOnlyReason: String?
    public var isReadOnly: Bool { readOnlyReason != nil }

    /// Opens the store at `path`, creating it when absent and migrating it to the current schema.
    /// A new store is filled from `seed` (called only then) in the same transaction as its schema,
    /// so a crash during the first run leaves an empty file that the next run seeds again.
    /// - Throws: `BandStore.Error` naming the file for anything unreadable or foreign; whatever
    ///   `seed` throws.
    /// - Parameter readOnly: open for reading only (`podium bands export`), as when the file
    ///   cannot be written; the store must then exist.
    public init(path: String, seed: (() throws -> [Band])? = nil, readOnly: Bool = false) throws {
        self.path = path
        var isDir: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDir), isDir.boolValue {
            throw Error(path: path, message: "is a directory, not a band store")
        }
        // A bare file name ("x.sqlite") is in the current folder: its folder part is "", which
        // `access` and `createDirectory` refuse (trial 21 m2: "read-only", or a raw Foundation error).
        let parent = (path as NSString).deletingLastPathComponent
        let folder = parent.isEmpty ? "." : parent
        readOnlyReason = readOnly ? "opened for reading only" : Self.readOnlyReason(path: path, folder: folder)
        if readOnlyReason != nil, !FileManager.default.fileExists(atPath: path) {
            throw Error(path: path, message: "no such band store (\(readOnlyReason!), so it cannot be created)")
        }
        if readOnlyReason == nil {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        }
        do {
            // Read-only: SQLite's WAL needs a `-shm` file next to the store; when the folder is
            // not writable either, read the file as immutable (no locks; nothing writes it here).
            let mode: SQLiteDatabase.Mode = readOnlyReason == nil ? .readWrite(create: true)
                : access(folder, W_OK) == 0 || FileManager.default.fileExists(atPath: path + "-shm") ? .readOnly : .immutable
            db = try SQLiteDatabase(path: path, mode: mode, busyTimeout: 5000)
        } catch let e as SQLiteDatabase.Error { throw Error(path: path, message: e.message) }
        // Reads come first: SQLite validates the header on the first statement, before any write.
        var (version, tables) = try readHeader()
        // A store another process is creating reads as empty until that process commits its
        // schema: a read-only opening waits for it as a writer would (up to 5 s), but only for
        // a file changed in the last 5 s, so an old empty file never stalls a scene.
        let modified = (try? FileManager.default.attributesOfItem(atPath: path)[.modificationDate]) as? Date
        let beingCreated = modified.map { -$0.timeIntervalSinceNow < 5 } ?? false
        for _ in 0..<100 where readOnlyReason != nil && beingCreated && version == 0 && tables.isEmpty {
            usleep(50_000)
            (version, tables) = try readHeader()
        }
        if version > Self.schemaVersion {
            throw Error(path: path, message: "written by a newer Podium (schema \(version); this build knows up to \(Self.schemaVersion)); it was left untouched")
        }
        if version == 0 && !tables.isEmpty {
            throw Error(path: path, message: "is another program's SQLite database (tables: \(tables.joined(separator: ", "))), not a band store; it was left untouched")
        }
        if let why = readOnlyReason {
            // Nothing can be set up or upgraded in a store that cannot be written.
            guard version == Self.schemaVersion else {
                throw Error(path: path, message: "is read-only (\(why)) and \(version == 0 ? "empty" : "needs an upgrade to schema \(Self.schemaVersion)"); open it once where it can be written")
            }
            return
        }
        do {
            try db.enableWAL(synchronous: "FULL")
            // The version is read again under the write lock: another process opening the same
            // new store at the same moment may have migrated (and seeded) it while we waited.
            if version < Self.schemaVersion {
                try db.migrate(Self.migrations) { from in
                    if from == 0, let seed { for b in try seed() { try insertRow(b) } }
                }
            }
        } catch let e as SQLiteDatabase.Error { throw Error(path: path, message: e.message) }
    }

    /// The schema version and table names, after an integrity check. One read transaction, so
    /// both are the same snapshot even while another process is creating this store.
    private func readHeader() throws -> (Int, [String]) {
        do {
            return try db.read {
                let check = try db.rows("PRAGMA quick_check").compactMap { $0.first?.string }
                if check != ["ok"] { throw Error(path: path, message: "the store is damaged (\(check.prefix(2).joined(separator: "; "))); it was left untouched — move it away to start afresh") }
                return (try db.userVersion(),
                        try db.rows("SELECT name FROM sqlite_master WHERE type = 'table'").compactMap { $0.first?.string })
            }
        } catch let e as SQLiteDatabase.Error {
            if e.code == SQLITE_CANTOPEN || e.code == SQLITE_PERM || e.code == SQLITE_READONLY {
                throw Error(path: path, message: "cannot be read (\(e.message.components(separatedBy: ": ").last ?? e.message)); check its permissions")
            }
            throw Error(path: path, message: "not a readable band store (\(e.message.components(separatedBy: ": ").last ?? e.message)); it was left untouched — move it away to start afresh")
        }
    }

    /// Every band, in insertion (id) order.
    public func all() throws -> [Band] {
        try wrap { try db.rows("SELECT id, name, notes, rating, touring, seen_live, image_path FROM band ORDER BY id").map(band) }
    }

    public func band(id: Int64) throws -> Band? {
        try wrap { try db.rows("SELECT id, name, notes, rating, touring, seen_live, image_path FROM band WHERE id = ?", [.integer(id)]).first.map(band) }
    }

    /// Adds `band` (its `id` is ignored) and returns it as stored: with the id the store gave
    /// it and its image the store's copy (`keepingImage`).
    /// - Throws: `Band.ValidationError` for a blank name or a rating outside 0…10;
    ///   `BandStore.Error` naming an image file that cannot be read.
    @discardableResult
    public func insert(_ band: Band) throws -> Band {
        try band.validate()
        var b = try keepingImage(band)
        b.id = try wrap { try insertRow(b) }
        return b
    }

    /// Saves every field of `band` (matched by id) and returns it as stored (its image the
    /// store's copy, `keepingImage`). Throws when no band has that id, or naming an image file
    /// that cannot be read (nothing is saved then).
    @discardableResult
    public func update(_ band: Band) throws -> Band {
        try band.validate()
        guard let old = try self.band(id: band.id) else { throw Error(path: path, message: "no band with id \(band.id) to update") }
        let b = try keepingImage(band, unchanged: Set([old.imagePath].compactMap { $0 }))
        try wrap {
            try db.rows("UPDATE band SET name = ?, notes = ?, rating = ?, touring = ?, seen_live = ?, image_path = ? WHERE id = ?",
                         columns(b) + [.integer(b.id)])
        }
        guard try self.band(id: b.id) != nil else { throw Error(path: path, message: "no band with id \(b.id) to update") }
        return b
    }

    public func delete(id: Int64) throws {
        try wrap { try db.rows("DELETE FROM band WHERE id = ?", [.integer(id)]) }
    }

    /// Replaces the whole catalogue with `bands` in one transaction: all or nothing. Their images
    /// are copied in first (`keepingImage`). A band whose image file cannot be read (an export
    /// naming an old row's file deleted since, trial 22 m6) is stored without its image and
    /// returned, so one lost file does not refuse the rest.
    /// - Throws: `Band.ValidationError`, or `BandStore.Error` when the store is read-only, full or
    ///   a copy cannot be written: the catalogue is then as it was.
    @discardableResult
    public func replaceAll(with bands: [Band]) throws -> [UnreadableImage] {
        for b in bands { try b.validate() }
        var unreadable: [UnreadableImage] = []
        let bands = try bands.enumerated().map { i, b in
            try keepingImage(b) { unreadable.append(UnreadableImage(index: i, name: b.name, path: b.imagePath ?? "", reason: $0)) }
        }
        try wrap {
            try db.transaction {
                try db.execute("DELETE FROM band")
                for b in bands { try insertRow(b) }
            }
        }
        return unreadable
    }

    /// SQLite's `PRAGMA data_version`: changes when another connection (another process, or
    /// `podium bands import`) commits to the file, and only then.
    public func dataVersion() throws -> Int64 { try wrap { try db.scalar("PRAGMA data_version")?.int ?? 0 } }

    public func count() throws -> Int { try wrap { Int(try db.scalar("SELECT count(*) FROM band")?.int ?? 0) } }

    // MARK: Rows

    @discardableResult
    private func insertRow(_ b: Band) throws -> Int64 {
        try db.rows("INSERT INTO band (name, notes, rating, touring, seen_live, image_path) VALUES (?, ?, ?, ?, ?, ?)", columns(b))
        return db.lastInsertRowID
    }

    private func columns(_ b: Band) -> [SQLiteDatabase.Value] {
        [.text(b.name.trimmingCharacters(in: .whitespacesAndNewlines)), .text(b.notes), .integer(Int64(b.rating)),
         .text(b.touringStatus.rawValue), .integer(b.seenLive ? 1 : 0), b.imagePath.map { .text(storedImagePath($0)) } ?? .null]
    }

    private func band(_ r: [SQLiteDatabase.Value]) -> Band {
        Band(id: r[0].int ?? 0, name: r[1].string ?? "", notes: r[2].string ?? "", rating: Int(r[3].int ?? 0),
             touringStatus: Band.TouringStatus(rawValue: r[4].string ?? "") ?? .offTour, seenLive: r[5].int == 1,
             imagePath: r[6].string.map { imagePath(stored: $0) })
    }

    /// The message of an edit refused because the store is read-only.
    public var readOnlyMessage: String { "is read-only (\(readOnlyReason ?? "not writable")); the change was not saved" }

    @discardableResult
    private func wrap<T>(_ body: () throws -> T) throws -> T {
        do { return try body() } catch let e as SQLiteDatabase.Error {
            switch e.code {
            case SQLITE_FULL:
                // The edit's transaction was rolled back; everything committed before is intact.
                throw Error(path: path, message: "the disk is full; this change was not saved (everything saved before is kept). Free some space and try again")
            case SQLITE_READONLY:
                throw Error(path: path, message: readOnlyMessage)
            case SQLITE_IOERR:
                throw Error(path: path, message: "could not be written (\(e.message.components(separatedBy: ": ").last ?? e.message)); this change was not saved, everything saved before is kept")
            default:
                throw Error(path: path, message: e.message)
            }
        }
    }

    /// Whether this user may write the store, checked before opening (nil: writable).
    private static func readOnlyReason(path: String, folder: String) -> String? {
        var vfs = statvfs()
        if statvfs(FileManager.default.fileExists(atPath: path) ? path : folder, &vfs) == 0, vfs.f_flag & UInt(ST_RDONLY) != 0 {
            return "on a read-only file system"
        }
        if FileManager.default.fileExists(atPath: path) {
            if access(path, W_OK) != 0 { return "the file is not writable by you" }
            // SQLite writes its journal next to the store: the folder must be writable too,
            // unless the WAL files already exist and are writable.
            if access(folder, W_OK) != 0, access(path + "-wal", W_OK) != 0 || access(path + "-shm", W_OK) != 0 {
                return "its folder is not writable by you"
            }
        }
        return nil
    }
}

extension BandStore {
    /// The store a scene uses: `store` from the deck (relative to the deck's folder) or
    /// `bands.sqlite` in the plugin's data directory.
    public static func location(parameter: String?, deckDirectory: URL, dataDirectory: URL) -> URL {
        guard let p = parameter else { return dataDirectory.appendingPathComponent(defaultFileName) }
        return p.hasPrefix("/") ? URL(fileURLWithPath: p) : deckDirectory.appendingPathComponent(p)
    }
}
