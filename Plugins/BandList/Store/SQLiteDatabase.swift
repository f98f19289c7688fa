import CSQLite
import Foundation

/// A thin wrapper over one SQLite connection (Debian's libsqlite3): open, run statements, bind
/// and read columns. Every error names the database file and carries SQLite's own message.
final class SQLiteDatabase {
    struct Error: Swift.Error, CustomStringConvertible {
        var path: String
        /// SQLite's primary result code (`SQLITE_NOTADB`, `SQLITE_CORRUPT`, …).
        var code: Int32
        var message: String
        var description: String { "\(path): \(message)" }
    }

    let path: String
    private var handle: OpaquePointer?

    /// How a database is opened without writing: `readOnly` takes SQLite's locks as usual (and
    /// needs the WAL's `-shm` file to exist or be creatable); `immutable` takes none, for a file
    /// on a read-only medium or in a folder this user cannot write.
    enum ReadMode { case readWrite, readOnly, immutable }

    /// Opens (creating when `create` and `mode` is `.readWrite`) the database at `path`. Nothing
    /// is read or written yet: SQLite checks the file header on the first statement.
    init(path: String, create: Bool, mode: ReadMode = .readWrite) throws {
        self.path = path
        var flags = SQLITE_OPEN_FULLMUTEX | SQLITE_OPEN_URI
        flags |= mode == .readWrite ? SQLITE_OPEN_READWRITE | (create ? SQLITE_OPEN_CREATE : 0) : SQLITE_OPEN_READONLY
        // A URI, so the read-only modes can say so; the path is percent-encoded into it.
        var allowed = CharacterSet.urlPathAllowed; allowed.remove(charactersIn: "?#%")
        let encoded = path.addingPercentEncoding(withAllowedCharacters: allowed) ?? path
        let uri = "file:" + encoded + (mode == .readOnly ? "?mode=ro" : mode == .immutable ? "?mode=ro&immutable=1" : "")
        let rc = sqlite3_open_v2(uri, &handle, flags, nil)
        if rc != SQLITE_OK {
            let msg = handle.map { String(cString: sqlite3_errmsg($0)) } ?? "cannot open"
            sqlite3_close_v2(handle)
            throw Error(path: path, code: rc & 0xFF, message: "cannot open: \(msg)")
        }
        sqlite3_extended_result_codes(handle, 0)
    }

    deinit { sqlite3_close_v2(handle) }

    private func fail(_ rc: Int32, _ context: String) -> Error {
        Error(path: path, code: rc & 0xFF, message: "\(context): \(String(cString: sqlite3_errmsg(handle)))")
    }

    /// Runs one or more statements that return no rows.
    func execute(_ sql: String) throws {
        var err: UnsafeMutablePointer<CChar>?
        let rc = sqlite3_exec(handle, sql, nil, nil, &err)
        if rc != SQLITE_OK {
            let msg = err.map { String(cString: $0) } ?? "error \(rc)"
            sqlite3_free(err)
            throw Error(path: path, code: rc & 0xFF, message: msg)
        }
    }

    /// Runs `sql` with `arguments` bound to `?` in order and returns every row.
    @discardableResult
    func query(_ sql: String, _ arguments: [Value] = []) throws -> [[Value]] {
        var stmt: OpaquePointer?
        var rc = sqlite3_prepare_v2(handle, sql, -1, &stmt, nil)
        guard rc == SQLITE_OK else { throw fail(rc, "prepare \"\(sql.prefix(60))\"") }
        defer { sqlite3_finalize(stmt) }
        for (i, a) in arguments.enumerated() {
            let n = Int32(i + 1)
            switch a {
            case .null: rc = sqlite3_bind_null(stmt, n)
            case let .integer(v): rc = sqlite3_bind_int64(stmt, n, v)
            case let .text(s): rc = sqlite3_bind_text(stmt, n, s, -1, podium_sqlite_transient())
            }
            guard rc == SQLITE_OK else { throw fail(rc, "bind") }
        }
        var rows: [[Value]] = []
        while true {
            rc = sqlite3_step(stmt)
            if rc == SQLITE_DONE { return rows }
            guard rc == SQLITE_ROW else { throw fail(rc, "step") }
            rows.append((0..<sqlite3_column_count(stmt)).map { c in
                switch sqlite3_column_type(stmt, c) {
                case SQLITE_NULL: return .null
                case SQLITE_INTEGER: return .integer(sqlite3_column_int64(stmt, c))
                default: return .text(String(cString: sqlite3_column_text(stmt, c)))
                }
            })
        }
    }

    /// Runs `body` in an immediate transaction: committed when it returns, rolled back when it
    /// throws (so a failed import leaves the store as it was).
    func transaction<T>(_ body: () throws -> T) throws -> T {
        try execute("BEGIN IMMEDIATE")
        do {
            let r = try body()
            try execute("COMMIT")
            return r
        } catch {
            try? execute("ROLLBACK")
            throw error
        }
    }

    /// Runs `body` in a read transaction: every query in it sees one snapshot of the file.
    func read<T>(_ body: () throws -> T) throws -> T {
        try execute("BEGIN")
        defer { try? execute("COMMIT") }
        return try body()
    }

    var lastInsertRowID: Int64 { sqlite3_last_insert_rowid(handle) }

    /// A bound argument or a column value.
    enum Value: Equatable {
        case null, integer(Int64), text(String)
        var int: Int64? { if case let .integer(v) = self { v } else { nil } }
        var string: String? { if case let .text(s) = self { s } else { nil } }
    }
}
